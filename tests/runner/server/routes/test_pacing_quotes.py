"""Pacing over HTTP: a raised duration is the one charged and recorded; a script no duration fits costs nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from serving import Live, credits

from runner.pricing import quote

pytestmark = pytest.mark.slow

PRODUCT = Path(__file__).parents[3] / "data" / "real" / "skimage-coffee" / "coffee.png"
LONG = ("I could never keep a habit going until this app. Now my streak is alive and I check in every single "
        "morning.")                                   # 22 words
LAPTOP_LONG = f"{LONG} {LONG} The weekly report shows me where I slipped."   # 52 words


def _bodies(screen: Path) -> dict[str, dict[str, Any]]:
    """Each route's body with its script too long for the requested (shorter) duration."""
    return {
        "show_your_app": {"app_screenshot_url": str(screen), "script": LONG, "duration": 5},
        "laptop_ugc": {"app_screen_image_url": str(screen), "script": LAPTOP_LONG, "duration": 15},
        "product_acting_ugc": {"product_image_url": str(PRODUCT), "actor_slug": "maya-chen", "script": LONG,
                               "duration": 5},
    }


@pytest.fixture
def screen(tmp_path: Path) -> Path:
    path = tmp_path / "screen.png"
    Image.new("RGB", (360, 780), (246, 247, 251)).save(path)
    return path


@pytest.mark.parametrize(("generator", "asked", "raised"), [
    ("show_your_app", 5, 10), ("laptop_ugc", 15, 20), ("product_acting_ugc", 5, 10)])
def test_a_raised_duration_is_the_one_charged(live: Live, screen: Path, generator: str, asked: int,
                                              raised: int) -> None:
    alice = live.key("alice")
    before = credits(live, alice)
    r = live.client.post(f"/v1/generate/{generator}", json=_bodies(screen)[generator], headers=alice)
    assert r.status_code == 201, r.text
    body = r.json()
    price = quote(generator, duration=raised).credits
    assert body["estimated_duration"] == raised
    assert f"duration raised from {asked} s to {raised} s" in body["pacing_warning"]
    assert body["credits_deducted"] == price and credits(live, alice) == before - price
    job = live.client.get(f"/v1/videos/{body['job_id']}", headers=alice).json()
    assert job["credit_cost"] == price


@pytest.mark.parametrize(("generator", "allowed"), [
    ("show_your_app", 45), ("laptop_ugc", 60), ("product_acting_ugc", 37)])
def test_a_script_no_duration_fits_is_refused_before_charging(live: Live, screen: Path, generator: str,
                                                              allowed: int) -> None:
    alice = live.key("alice")
    before = credits(live, alice)
    over = " ".join(["word"] * (allowed + 1)) + "."
    r = live.client.post(f"/v1/generate/{generator}", json={**_bodies(screen)[generator], "script": over},
                         headers=alice)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "validation_error" and error["details"][0]["field"] == "script"
    assert f"at most {allowed}" in error["details"][0]["rule"]
    assert credits(live, alice) == before
    assert live.client.get("/v1/videos", headers=alice).json()["total"] == 0
