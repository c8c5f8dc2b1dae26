"""laptop_ugc's request: exactly one screen input, 15 or 20 s, raised to 20 s when the script needs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from mediakit.errors import ValidationError
from mediakit.generation.contract import Options
from mediakit.generation.request import parse_request
from mediakit.generation.run import generate, plan_job
from mediakit.generators.laptop_ugc import LaptopUgcRequest
from mediakit.probe import probe

LAPTOP = {"app_screen_image_url": "screen.png", "script": "This dashboard saves me hours. Try it."}
TINY = Options(extra={"preview_height": 160})
# 50 words: over the 45 that 15 s allows at 3 words per second, within the 60 of 20 s
LONG = ("I was drowning in habit apps that never stuck, so I tried one more and it finally clicked. "
        "The streak counter keeps me honest, the reminders fit my busy day, and the weekly report shows "
        "where I slipped. Twelve days in I have not missed once. Try it free today.")


@pytest.fixture
def screen(tmp_path: Path) -> Path:
    path = tmp_path / "screen.png"
    Image.new("RGB", (360, 780), (246, 247, 251)).save(path)
    return path


def _fails(model: type, body: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        parse_request(model, body)
    return info.value


@pytest.mark.parametrize(("field", "good", "bad"), [
    ("duration", 15, 10),
    ("subtitle_style", "hormozi", "tiktok"),
    ("script", "x" * 3000, "x" * 3001),
])
def test_laptop_ugc_field_rules(field: str, good: Any, bad: Any) -> None:
    parse_request(LaptopUgcRequest, {**LAPTOP, field: good})
    assert _fails(LaptopUgcRequest, {**LAPTOP, field: bad}).details[0]["field"] == field


def test_exactly_one_screen_and_the_default_duration() -> None:
    laptop = parse_request(LaptopUgcRequest, LAPTOP)
    assert laptop.duration == 20
    both = _fails(LaptopUgcRequest, {**LAPTOP, "app_screen_recording_url": "r.mp4"})
    assert both.details[0]["rule"] == "give app_screen_recording_url or app_screen_image_url, not both"
    assert _fails(LaptopUgcRequest, {"script": "hello there"}).details[0]["field"] == "app_screen_recording_url"


def test_a_script_too_long_for_15_s_raises_the_duration_it_meters_to_20_s(screen: Path) -> None:
    """The warning's raised duration is the plan's: receipt, metered seconds (what the runner prices), render."""
    _, plan = plan_job("laptop_ugc", {"app_screen_image_url": str(screen), "script": LONG, "duration": 15},
                       options=TINY)
    r = plan.receipt
    assert (r.word_count, r.max_words, r.estimated_duration) == (50, 60, 20)
    assert r.pacing_warning is not None and "duration raised from 15 s to 20 s" in r.pacing_warning
    assert plan.seconds == plan.metered.seconds == 20


def test_a_script_over_the_20_s_cap_is_refused_naming_script(screen: Path) -> None:
    over = " ".join(["word"] * 61) + "."          # 20 s allows 60
    with pytest.raises(ValidationError) as info:
        plan_job("laptop_ugc", {"app_screen_image_url": str(screen), "script": over, "duration": 15}, options=TINY)
    assert info.value.details[0]["field"] == "script" and "at most 60" in info.value.details[0]["rule"]


@pytest.mark.slow
def test_a_raised_duration_is_the_rendered_length(screen: Path, tmp_path: Path) -> None:
    out = tmp_path / "ad.mp4"
    generate("laptop_ugc", {"app_screen_image_url": str(screen), "script": LONG, "duration": 15}, out, options=TINY)
    assert abs((probe(out).duration_ms or 0) - 20_000) <= 100
    receipt = json.loads((tmp_path / "ad.receipt.json").read_text())
    assert receipt["estimated_duration"] == 20 and "to 20 s" in receipt["pacing_warning"]
