"""show_your_app: its request's rules, pacing that raises the duration it bills and renders, and captions placed
clear of the phone and the presenter's face."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from caption_pixels import picture_and_ink
from request_errors import parse_fails
from test_laptop_ugc import app_capture

from mediakit.captions import get_style
from mediakit.captions.caption_metrics import CaptionMetrics
from mediakit.generation.contract import Options
from mediakit.generation.request import parse_request
from mediakit.generation.run import plan_job
from mediakit.generators.show_your_app import ShowYourAppRequest, caption_centre
from mediakit.stages.layouts.phone import actor_pip_box, phone_shot, screen_motion
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import Canvas

APP = {"app_screenshot_url": "shot.png", "script": "Look at this app."}
SAMPLE_APP = Path(__file__).parents[2] / "samples" / "app_screen.png"


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
    assert {d["field"] for d in parse_fails(ShowYourAppRequest, {}).details} == {"app_screenshot_url"}
    no_script = parse_fails(ShowYourAppRequest, {"app_screenshot_url": "shot.png"})   # footage_url says its own
    assert no_script.code == "missing_script" and no_script.details[0]["field"] == "script"
    app = parse_request(ShowYourAppRequest, APP)
    assert (app.duration, app.subtitle_style, app.actor_slug) == (5, "hormozi", None)


@pytest.mark.parametrize("size", [(1080, 1920), (270, 480)])
def test_show_your_app_captions_clear_the_phone_and_the_face(size: tuple[int, int]) -> None:
    """The hormozi page centred where show_your_app puts it stays off the phone, the PiP face and the UI bands."""
    canvas = Canvas(*size)
    layout = CaptionMetrics(get_style("hormozi"), *size)
    half = layout.tallest_page / 2
    centre = caption_centre(canvas, "hormozi", SAMPLE_APP, screen_motion(SAMPLE_APP, phone_shot(canvas).screen, 5000))
    top, bottom = centre - half, centre + half
    phone = phone_shot(canvas).body
    pip = actor_pip_box(canvas)
    face_top, face_bottom = (pip.y + edge for edge in face_band(pip.w, pip.h))
    assert 0.10 * size[1] <= top and bottom <= phone.y                 # under the top UI band, above the phone
    assert bottom <= face_top or top >= face_bottom                    # never across the actor's face




@pytest.mark.slow
def test_no_caption_pixel_on_the_face_or_the_app_s_headline(tmp_path: Path) -> None:
    """Rendered with and without captions: on every frame no caption pixel lies on the PiP's face or on the
    app's headline (red) where the phone shows it."""
    body = {"app_screenshot_url": str(app_capture(tmp_path / "app.png")), "duration": 5,
            "script": "My streak is at twelve days and the reminders fit my day."}
    gen, plan = plan_job("show_your_app", body, options=Options(extra={"preview_height": 320}))
    timeline = gen.build(plan, tmp_path).timeline
    frames, ink = picture_and_ink(timeline, tmp_path)
    assert ink.any()
    pip = actor_pip_box(timeline.canvas)
    face_top, face_bottom = (round(pip.y + edge) for edge in face_band(pip.w, pip.h))
    for frame, caption in zip(frames, ink, strict=True):
        assert not caption[face_top:face_bottom, pip.x:pip.x + pip.w].any(), "captions on the face"
        red = (frame[..., 0] > 170) & (frame[..., 1] < 90) & (frame[..., 2] < 90)
        ys, xs = np.nonzero(red)
        if ys.size:
            assert not caption[ys.min():ys.max() + 1, xs.min():xs.max() + 1].any(), "captions on the headline"
