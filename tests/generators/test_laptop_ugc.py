"""laptop_ugc's request: exactly one screen input, 15 or 20 s, raised to 20 s when the script needs it."""

from __future__ import annotations

from typing import Any

import pytest
from request_errors import parse_fails

from mediakit.generation.request import parse_request
from mediakit.generators.laptop_ugc import LaptopUgcRequest

LAPTOP = {"app_screen_image_url": "screen.png", "script": "This dashboard saves me hours. Try it."}


@pytest.mark.parametrize(("field", "good", "bad"), [
    ("duration", 15, 10),
    ("subtitle_style", "hormozi", "tiktok"),
    ("script", "x" * 3000, "x" * 3001),
])
def test_laptop_ugc_field_rules(field: str, good: Any, bad: Any) -> None:
    parse_request(LaptopUgcRequest, {**LAPTOP, field: good})
    assert parse_fails(LaptopUgcRequest, {**LAPTOP, field: bad}).details[0]["field"] == field


def test_exactly_one_screen_and_the_default_duration() -> None:
    laptop = parse_request(LaptopUgcRequest, LAPTOP)
    assert laptop.duration == 20
    both = parse_fails(LaptopUgcRequest, {**LAPTOP, "app_screen_recording_url": "r.mp4"})
    assert both.details[0]["rule"] == "give app_screen_recording_url or app_screen_image_url, not both"
    assert parse_fails(LaptopUgcRequest, {"script": "hello there"}).details[0]["field"] == "app_screen_recording_url"


