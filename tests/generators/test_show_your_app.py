"""show_your_app: its request's rules, pacing that raises the duration it bills and renders, and captions placed
clear of the phone and the presenter's face."""

from __future__ import annotations

from typing import Any

import pytest
from request_errors import parse_fails

from mediakit.captions import get_style
from mediakit.captions.caption_metrics import CaptionMetrics
from mediakit.generation.request import parse_request
from mediakit.generators.show_your_app import ShowYourAppRequest, caption_centre
from mediakit.stages.layouts.phone import ACTOR_PIP, phone_shot
from mediakit.stages.pip import pip_box
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import Canvas

APP = {"app_screenshot_url": "shot.png", "script": "Look at this app."}


@pytest.mark.parametrize(("field", "good", "bad"), [
    ("script", "x" * 5, "x" * 4),
    ("duration", 15, 20),
    ("subtitle_style", "none", "karaoke"),
    ("actor_slug", "maya-chen", "m" * 101),
])
def test_show_your_app_field_rules(field: str, good: Any, bad: Any) -> None:
    parse_request(ShowYourAppRequest, {**APP, field: good})
    assert parse_fails(ShowYourAppRequest, {**APP, field: bad}).details[0]["field"] == field


def test_required_fields_and_defaults() -> None:
    assert {d["field"] for d in parse_fails(ShowYourAppRequest, {}).details} == {"app_screenshot_url", "script"}
    app = parse_request(ShowYourAppRequest, APP)
    assert (app.duration, app.subtitle_style, app.actor_slug) == (5, "hormozi", None)


@pytest.mark.parametrize("size", [(1080, 1920), (270, 480)])
def test_show_your_app_captions_clear_the_phone_and_the_face(size: tuple[int, int]) -> None:
    """The hormozi page centred where show_your_app puts it stays off the phone, the PiP face and the UI bands."""
    canvas = Canvas(*size)
    layout = CaptionMetrics(get_style("hormozi"), *size)
    half = (layout.style.line_height * layout.em + layout.cap + layout.descent + 2 * layout.reach_y) / 2
    centre = caption_centre(canvas)
    top, bottom = centre - half, centre + half
    phone = phone_shot(canvas).body
    pip = pip_box(ACTOR_PIP, canvas)
    face_top, face_bottom = (pip.y + edge for edge in face_band(pip.w, pip.h))
    assert 0.10 * size[1] <= top and bottom <= phone.y                 # under the top UI band, above the phone
    assert bottom <= face_top or top >= face_bottom                    # never across the actor's face


