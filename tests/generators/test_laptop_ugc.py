"""laptop_ugc's request: exactly one screen input, 15 or 20 s, raised to 20 s when the script needs it."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from caption_pixels import picture_and_ink
from PIL import Image, ImageDraw, ImageFont
from request_errors import parse_fails

from mediakit.analysis import analyse
from mediakit.fonts import fonts_dir
from mediakit.generation.contract import Options
from mediakit.generation.request import parse_request
from mediakit.generation.run import plan_job
from mediakit.generators.laptop_ugc import LaptopUgcRequest
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import SequenceLayer

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




HEADLINE = (230, 30, 30)


def app_capture(path: Path) -> Path:
    """A tall capture: a purple header with a red headline, then rows of dark lettering (it scrolls)."""
    image = Image.new("RGB", (360, 1080), "white")
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 360, 150), fill=(90, 70, 220))
    headline = ImageFont.truetype(str(fonts_dir() / "Inter-Bold.otf"), 40)
    draw.text((24, 60), "Streak: 12 days", font=headline, fill=HEADLINE)
    rows = ImageFont.truetype(str(fonts_dir() / "Inter-Medium.otf"), 28)
    for i, y in enumerate(range(190, 1060, 90)):
        draw.text((24, y), f"Habit {i + 1}: drink water", font=rows, fill=(30, 30, 30))
    image.save(path)
    return path


@pytest.mark.slow
def test_captions_stay_off_the_face_and_the_scrolling_headline(tmp_path: Path) -> None:
    """The issue's case: the app's headline scrolled under the captions.  On every frame, no caption pixel
    lies on the visible headline (the app scene), nor on the face (the laptop shot and the close-up)."""
    body = {"app_screen_image_url": str(app_capture(tmp_path / "app.png")), "duration": 15,
            "script": "I tried every habit app there is. This one stuck because the streak keeps me honest, "
                      "and twelve days in I have not missed once."}
    gen, plan = plan_job("laptop_ugc", body, options=Options(extra={"preview_height": 320}))
    timeline = gen.build(plan, tmp_path).timeline
    canvas = timeline.canvas
    assert analyse(tmp_path / "app.png").text, "the analysis reads the capture's lettering"
    seq = timeline.layers[0]
    assert isinstance(seq, SequenceLayer)
    first, second = seq.scenes[0].duration_ms, seq.scenes[1].duration_ms
    frames, ink = picture_and_ink(timeline, tmp_path)
    assert ink.any(), "captions are burnt"
    top, bottom = face_band(canvas.width, canvas.height)
    crop = seq.scenes[2].crop
    assert crop is not None
    close_top = ((top - crop.y * canvas.height) / crop.h - canvas.height / 2) * 1.06 + canvas.height / 2
    fps = 8
    for i, (frame, caption) in enumerate(zip(frames, ink, strict=True)):
        ms = i * 1000 // fps
        if ms < first - 200:
            assert not caption[round(top):round(bottom)].any(), f"{ms} ms: captions on the face"
        elif first + 200 < ms < first + second - 200:
            red = (frame[..., 0] > 170) & (frame[..., 1] < 90) & (frame[..., 2] < 90)
            ys, xs = np.nonzero(red)
            if ys.size:
                assert not caption[ys.min():ys.max() + 1, xs.min():xs.max() + 1].any(), \
                    f"{ms} ms: captions on the headline"
        elif ms > first + second + 200:
            assert not caption[math.floor(close_top):].any(), f"{ms} ms: captions on the close-up's face"
