"""show_your_app: screenshot checks, phone geometry, and a rendered frame."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import MediaError, ValidationError
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.stages.layouts.devices import phone_frame, phone_geometry
from mediakit.stages.layouts.phone import (
    actor_pip_box,
    check_screenshot,
    phone_shot,
    phone_track,
    screen_motion,
    screen_text,
)
from mediakit.stages.pip import EDGE_GAP
from mediakit.timeline import Canvas, ImageLayer, Timeline

SCREEN_TOP = (92, 84, 240)  # the header colour of the conftest screenshot

CANVAS = Canvas(180, 320)


def test_screenshot_must_be_a_vertical_png_jpeg_or_webp(layout_media: Path) -> None:
    assert check_screenshot(layout_media / "app.png") == (300, 650)
    with pytest.raises(ValidationError, match="must be a vertical \\(portrait\\) image") as info:
        check_screenshot(layout_media / "app_landscape.png")
    assert info.value.field == "app_screenshot_url" and info.value.value == "650x300"
    with pytest.raises(MediaError, match="not an image"):
        check_screenshot(layout_media / "not_an_image.png")
    with pytest.raises(MediaError, match="does not exist"):
        check_screenshot(layout_media / "missing.png")
    with pytest.raises(ValidationError, match="PNG, JPEG or WebP"):
        check_screenshot(layout_media / "app.gif")


def test_phone_drawing_has_a_see_through_screen_and_solid_body(tmp_path: Path) -> None:
    png, geo = phone_frame(400, folder=tmp_path)
    assert geo == phone_geometry(400)
    with Image.open(png) as im:
        assert im.size == geo.size and im.mode == "RGBA"
        a = np.asarray(im.getchannel("A"))
    s, b = geo.screen, geo.body
    assert a[s.y + s.h // 2, s.x + s.w // 2] == 0                      # screen: transparent
    assert a[b.y + b.h // 2, b.x + 2] == 255                           # body edge: opaque
    assert a[s.y + round(s.h * 0.03), s.x + s.w // 2] == 255           # dynamic island over the screen top
    assert a[0, 0] < 10                                                # margin: (almost) clear
    assert 0.47 < b.w / b.h < 0.5
    assert phone_frame(400, folder=tmp_path)[0] == png                 # cached, not redrawn


def test_phone_sits_inside_the_canvas() -> None:
    for canvas in (Canvas(1080, 1920), Canvas(1080, 1080), Canvas(1920, 1080)):
        shot = phone_shot(canvas)
        f = shot.frame
        assert f.x % 2 == 0 and f.y % 2 == 0
        assert f.x >= 0 and f.y >= 0 and f.x + f.w <= canvas.width and f.y + f.h <= canvas.height
        s = shot.screen
        assert f.x < s.x and s.x + s.w < f.x + f.w


def test_track_stacks_backdrop_screen_frame_and_actor(layout_media: Path, tmp_path: Path) -> None:
    track = phone_track(layout_media / "app.png", CANVAS, 1000, actor=layout_media / "actor.png", cache_dir=tmp_path)
    assert track.duration_ms == 1000 and track.audio == ()
    backdrop, screen, frame, actor = track.layers
    assert isinstance(screen, ImageLayer) and screen.mask is not None and screen.motion is not None
    # a screenshot that fits the screen drifts from its top down, a little closer (room to drift)
    assert (screen.motion.pan_from, screen.motion.pan_to, screen.motion.zoom_to) == ((0.5, 0.0), (0.5, 1.0), 1.06)
    assert isinstance(frame, ImageLayer) and frame.box is not None and frame.box.w < CANVAS.width
    assert actor.mask is not None and actor.shadow is not None
    tall = phone_track(layout_media / "app_tall.jpg", CANVAS, 1000, cache_dir=tmp_path)
    assert tall.layers[1].motion.pan_to == (0.5, 1.0)  # type: ignore[union-attr]
    assert "alphamerge" in compile_timeline(Timeline(CANVAS, track.duration_ms, layers=track.layers)).graph


@pytest.mark.slow
def test_rendered_frame_shows_the_screenshot_inside_the_phone(layout_media: Path, tmp_path: Path) -> None:
    track = phone_track(layout_media / "app.png", CANVAS, 1000, cache_dir=tmp_path)
    tl = Timeline(CANVAS, track.duration_ms, layers=track.layers)
    still = render(tl, tmp_path / "phone.png", profile=StillProfile(900))
    im = np.asarray(Image.open(still).convert("RGB")).astype(int)
    shot = phone_shot(CANVAS)
    s = shot.screen
    header = im[s.y + round(s.h * 0.08), s.x + s.w // 4]
    assert np.abs(header - SCREEN_TOP).max() < 40                         # the app's header, top-anchored
    body = im[s.y + s.h // 2, s.x + s.w // 2]
    assert body.min() > 220                                               # its light page below
    bezel = im[s.y + s.h // 2, s.x - 2]
    assert bezel.max() < 90                                               # the black bezel beside the screen


def test_phone_front_leaves_a_caption_band_above_it_inside_the_safe_area() -> None:
    """In front of the PiP the phone's body sits in the safe area, under a band that holds a caption page."""
    from mediakit.stages.layouts.phone import CAPTION_BAND

    shot = phone_shot(Canvas(1080, 1920))
    assert (shot.body.y, shot.body.y + shot.body.h) == (442, 1536)   # 192 + 13% of 1920 .. the bottom UI band
    assert shot.body.x + shot.body.w <= 0.85 * 1080                   # clear of the right button column
    assert shot.screen.y - 192 >= CAPTION_BAND * 1920


@pytest.mark.parametrize("size", [(1080, 1920), (720, 1280), (540, 960)])
def test_front_phone_screen_is_clear_of_the_actor_pip_and_the_button_column(size: tuple[int, int]) -> None:
    canvas = Canvas(*size)
    shot, pip = phone_shot(canvas), actor_pip_box(canvas)
    assert pip.x + pip.w <= shot.screen.x, "the PiP must not hide the start of the app's lines"
    # issue 25: the PiP covered the phone's edge and buttons; it now ends short of the body and its button nubs
    nub = shot.body.w * 0.012
    assert pip.x + pip.w <= shot.body.x - nub and pip.x + pip.w <= shot.body.x - canvas.width * EDGE_GAP + 1
    assert pip.w >= 0.22 * canvas.width - 2, "the face stays large enough to read"
    assert pip.y + pip.h > shot.body.y + shot.body.h // 2, "the PiP still stands beside the phone's lower half"
    assert shot.body.x + shot.body.w <= canvas.width * 0.85, "the right button column stays off the phone"


def test_the_track_s_pip_keeps_clear_of_the_phone_s_edge(layout_media: Path, tmp_path: Path) -> None:
    canvas = Canvas(360, 640)
    track = phone_track(layout_media / "app.png", canvas, 1000, actor=layout_media / "actor.png", cache_dir=tmp_path)
    pip, body = track.layers[-1].box, phone_shot(canvas).body
    assert pip is not None and pip == actor_pip_box(canvas) and pip.x + pip.w < body.x


def test_screen_text_is_where_the_screen_shows_the_app_s_lettering() -> None:
    app = Path(__file__).parents[3] / "samples" / "app_screen.png"   # a habit tracker: headline, then cards
    screen = phone_shot(CANVAS).screen
    bands = screen_text(app, CANVAS, screen_motion(app, screen, 5000))
    assert bands and all(screen.y <= a < b <= screen.y + screen.h for a, b in bands)
    assert min(a for a, _ in bands) < screen.y + screen.h * 0.15       # the headline, near the screen's top
