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
from mediakit.analysis.faces import GROW
from mediakit.fonts import fonts_dir
from mediakit.generation.aspects import plan_aspects
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


def _head_box(frame: np.ndarray, folder: Path, name: str) -> tuple[int, int, int, int]:
    """The actor's head on ``frame`` (left, top, right, bottom px), hair included: the analysis' face box (the
    detector's brows-to-chin box grown by ``GROW``), its bottom brought back to the chin, its top raised by
    another tenth of its height for hair a detector never sees."""
    path = folder / f"{name}.png"
    Image.fromarray(frame).save(path)
    faces = analyse(path).faces
    assert faces, f"{name}: the analysis finds the actor's face"
    face = max(faces, key=lambda r: r.w * r.h)
    left, top, right, bottom = GROW
    raw_h = face.h / (1 + top + bottom)
    h, w = frame.shape[:2]
    return (round(face.x * w), max(0, round((face.y - 0.1 * face.h) * h)), round(face.right * w),
            round((face.bottom - bottom * raw_h) * h))


@pytest.mark.slow
@pytest.mark.parametrize("aspect", ["4:5", "1:1"])
def test_no_caption_pixel_on_the_head_at_4x5_and_1x1(aspect: str, tmp_path: Path) -> None:
    """The head fills these frames' height, so the captions go under the chin: in the laptop shot and in the
    close-up (framed so that the chin stays above them), no caption pixel touches the head, hair included."""
    body = {"app_screen_image_url": str(app_capture(tmp_path / "app.png")), "duration": 15, "actor_slug": "maya-chen",
            "script": "I tried every habit app there is. This one stuck because the streak keeps me honest, "
                      "and twelve days in I have not missed once."}
    gen, job = plan_aspects("laptop_ugc", body, aspect, options=Options(extra={"preview_height": 320}))
    timeline = gen.build_aspects(job.plan, job.canvases, tmp_path)[aspect].timeline
    assert timeline is not None and timeline.canvas.height == 320
    seq = timeline.layers[0]
    assert isinstance(seq, SequenceLayer)
    first, second = seq.scenes[0].duration_ms, seq.scenes[1].duration_ms
    frames, ink = picture_and_ink(timeline, tmp_path)
    assert ink.any(), "captions are burnt"
    fps = 8
    shots = {"laptop shot": range(0, (first - 200) * fps // 1000),
             "close-up": range((first + second + 300) * fps // 1000, len(frames))}
    for shot, span in shots.items():
        for n in (span[0], span[-1]):      # the push-in's two ends
            x0, y0, x1, y1 = _head_box(frames[n], tmp_path, f"{shot}-{n}")
            touched = ink[span.start:span.stop, y0:y1, x0:x1].sum()
            assert touched == 0, f"{shot}, frame {n}: {touched} caption pixels on the head {(x0, y0, x1, y1)}"
