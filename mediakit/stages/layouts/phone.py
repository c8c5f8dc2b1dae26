"""show_your_app: the app screenshot inside a drawn phone, with the actor presenting it from a PiP.

The phone PNG (see ``devices``) has a transparent screen; the screenshot is
a layer under it, cover-fitted to the screen rectangle (never stretched)
with the screen's rounded corners as its mask.  It moves towards what
each line of the script is about (``screen_tour``): a screenshot much
taller than the screen (a full-page capture) scrolls to it, one that fits
drifts gently.  The backdrop is the
screenshot itself, blurred and darkened once with Pillow, so the frame
carries the app's colours.

The phone stands centre stage, right of centre, inside the platform's safe
area below a free band for the captions (``CAPTION_BAND``); the actor is a
rounded picture-in-picture at its lower left, clear of its edge and the
buttons on it.  (A phone held up over a full-frame actor was dropped: in
9:16 it covered the face.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageEnhance, ImageFilter, ImageOps, UnidentifiedImageError

from ...analysis import analyse
from ...cache import cached_png
from ...captions.caption_metrics import safe_area
from ...errors import MediaError, ValidationError
from ...timeline import (
    ActorLayer,
    Animation,
    Box,
    Canvas,
    ImageLayer,
    KenBurns,
    Track,
    VisualLayer,
)
from ..masks import rounded_mask
from ..pip import PipOptions, pip_box, pip_layer
from ..subtitles.placement import Band
from .devices import PHONE_ASPECT, phone_frame, phone_geometry
from .screen_tour import Span, tour

FORMATS = ("PNG", "JPEG", "WEBP")
FADE_MS = 350
# small: a medium PiP (38% of the width) hid the start of every line of the app's lower cards; this one
# narrows to end short of the phone's edge (``actor_pip_box``), and the face is still over a quarter of the width
ACTOR_PIP = PipOptions("bottom-left", "small", "slide-up", "shadow")
CAPTION_BAND = 0.13   # share of the height kept free above a ``front`` phone: one caption page (hormozi: 0.12)


@dataclass(frozen=True)
class PhoneShot:
    """Where the phone PNG, its body and its screen sit on the canvas, and the body height it was drawn for."""

    frame: Box
    body: Box
    screen: Box
    screen_radius: int
    body_height: int


def check_screenshot(path: Path, field: str = "app_screenshot_url") -> tuple[int, int]:
    """Size of a valid screenshot: a readable PNG, JPEG or WebP that is taller than wide."""
    try:
        with Image.open(path) as im:
            fmt, size = im.format, im.size
    except FileNotFoundError as exc:
        raise MediaError(path, "file does not exist") from exc
    except (UnidentifiedImageError, OSError) as exc:
        raise MediaError(path, "is not an image Pillow can read (PNG, JPEG or WebP expected)") from exc
    if fmt not in FORMATS:
        raise ValidationError(field, fmt, "must be a PNG, JPEG or WebP image")
    w, h = size
    if h <= w:
        raise ValidationError(field, f"{w}x{h}", "must be a vertical (portrait) image, taller than wide")
    return size


def phone_shot(canvas: Canvas) -> PhoneShot:
    """Phone geometry on ``canvas``: the body fills the safe area under the caption band, right of centre."""
    cw, ch = canvas.width, canvas.height
    area = safe_area(cw, ch)
    top = area.top + ch * CAPTION_BAND
    body_h = min(round(area.bottom - top), round(cw * 0.78 / PHONE_ASPECT))
    geo = phone_geometry(body_h)
    fw, _ = geo.size
    # right of centre, clear of the PiP's face and of the platform's button column
    x, y = (cw - fw) // 2 + round(cw * 0.07), math.ceil((top - geo.body.y) / 2) * 2   # even, body under the band
    x, y = x // 2 * 2, y // 2 * 2  # overlay places yuv420p layers on even pixels; keep the frame exact
    screen = Box(x + geo.screen.x, y + geo.screen.y, geo.screen.w, geo.screen.h)
    body = Box(x + geo.body.x, y + geo.body.y, geo.body.w, geo.body.h)
    return PhoneShot(Box(x, y, *geo.size), body, screen, geo.screen_radius, body_h)


def screen_motion(screenshot: Path, screen: Box, duration_ms: int, lines: Sequence[Span] = ()) -> KenBurns:
    """The screenshot's motion in the phone's ``screen``: towards the text each of ``lines`` (times on the
    track) is about -- a scroll through a full-page capture, a gentle drift over one that fits (``tour``)."""
    analysis = analyse(screenshot, field="app_screenshot_url")
    return tour((analysis.width, analysis.height), (screen.w, screen.h), lines, analysis.text, duration_ms)


def screen_text(screenshot: Path, canvas: Canvas, motion: KenBurns) -> list[Band]:
    """Where the screenshot's text (the picture analysis') sits on the canvas (top, bottom px) as the phone's
    screen shows it under ``motion``: anywhere its pan takes it."""
    analysis = analyse(screenshot, field="app_screenshot_url")
    screen = phone_shot(canvas).screen
    w, h = analysis.width, analysis.height
    scale = max(screen.w / w, screen.h / h) * motion.zoom_to
    pans = [pan[1] for _, pan in motion.path(1)]
    over = h * scale - screen.h
    bottom = screen.y + screen.h
    bands = ((screen.y + r.y * h * scale - over * max(pans), screen.y + r.bottom * h * scale - over * min(pans))
             for r in analysis.text)
    return [(max(a, screen.y), min(b, bottom)) for a, b in bands if b > screen.y and a < bottom]


def backdrop(screenshot: Path, canvas: Canvas, folder: Path | None = None) -> Path:
    """The screenshot blurred, darkened and vignetted to fill the canvas (drawn once, cached)."""
    stat = screenshot.stat()

    def draw() -> Image.Image:
        with Image.open(screenshot) as im:
            small = ImageOps.fit(im.convert("RGB"), (max(2, canvas.width // 8), max(2, canvas.height // 8)))
        small = small.filter(ImageFilter.GaussianBlur(max(2, canvas.width // 80)))
        small = ImageEnhance.Brightness(ImageEnhance.Color(small).enhance(1.2)).enhance(0.55)
        big = small.resize((canvas.width, canvas.height), Image.Resampling.BICUBIC)
        vignette = Image.new("L", big.size, 0)
        ImageDraw.Draw(vignette).ellipse((-big.width * 0.3, -big.height * 0.2, big.width * 1.3, big.height * 1.2),
                                         fill=255)
        vignette = vignette.filter(ImageFilter.GaussianBlur(big.width // 6))
        return Image.composite(big, Image.new("RGB", big.size, (8, 8, 12)), vignette)

    return cached_png("appbg", (str(screenshot.resolve()), stat.st_mtime_ns, stat.st_size, canvas.width,
                                canvas.height), draw, folder)


def actor_pip_box(canvas: Canvas) -> Box:
    """Where the presenter's PiP sits: at the phone's lower left, clear of its edge and the buttons on it."""
    return pip_box(ACTOR_PIP, canvas, clear_of=(phone_shot(canvas).body,))


def phone_track(screenshot: Path, canvas: Canvas, duration_ms: int, *, actor: Path | ActorLayer | None = None,
                motion: KenBurns | None = None, color: str = "graphite", cache_dir: Path | None = None) -> Track:
    """The show_your_app picture: backdrop, screenshot in the phone, and the actor (if given) in its PiP.

    ``canvas`` is the generator's: the phone, backdrop and PiP are sized to it.
    ``actor`` is a clip or a still, or a drawn or photo actor's layer from
    ``talking.placeable`` (animated in the final render, from time 0).  ``motion`` is the screenshot's
    (``screen_motion``; a drift when not given).
    """
    check_screenshot(screenshot)
    shot = phone_shot(canvas)
    frame_png, _ = phone_frame(shot.body_height, color, cache_dir)
    layers: list[VisualLayer] = [ImageLayer(path=backdrop(screenshot, canvas, cache_dir))]
    # the screen layer reaches 2 px under the bezel so no seam shows at the hole's anti-aliased edge
    s = shot.screen
    under = Box(s.x - 2, s.y - 2, s.w + 4, s.h + 4)
    fade = Animation("fade", FADE_MS)
    layers.append(ImageLayer(path=screenshot, box=under, motion=motion or screen_motion(screenshot, s, duration_ms),
                              enter=fade,
                             mask=rounded_mask(under.w, under.h, shot.screen_radius + 2, cache_dir)))
    layers.append(ImageLayer(path=frame_png, box=shot.frame, enter=fade))
    if actor is not None:
        layers += pip_layer(actor, ACTOR_PIP, canvas, 0, duration_ms, clear_of=(shot.body,), cache_dir=cache_dir)
    return Track(tuple(layers), duration_ms)
