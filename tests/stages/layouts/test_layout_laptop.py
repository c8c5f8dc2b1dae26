"""laptop_ugc: script split, screen input rules, scene timing, the warped screen, a rendered frame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import MediaError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.actors.query import get_actor
from mediakit.stages.layouts.devices import SCREEN_ASPECT, laptop_frame
from mediakit.stages.layouts.laptop import (
    FACE,
    ScreenInput,
    check_screen_input,
    close_up,
    laptop_overlay,
    laptop_track,
    scene_times,
    screen_broll,
    scrolled_text,
    split_script,
    sticky_band,
)
from mediakit.stages.layouts.limbs import Limbs
from mediakit.stages.subtitles.placement import face_band
from mediakit.timeline import Canvas, ColorLayer, ImageLayer, KenBurns, PuppetLayer, SequenceLayer, Timeline, VideoLayer

CANVAS = Canvas(180, 320)


@pytest.mark.parametrize(("text", "first", "second"), [
    ("I was drowning in tabs. Then I found this app. It sorts everything. Now I relax.",
     "I was drowning in tabs. Then I found this app.", "It sorts everything. Now I relax."),
    # the boundary nearest the middle by word count wins, even if it makes unequal halves
    ("Short one. This second sentence is quite a bit longer than the first one was!",
     "Short one.", "This second sentence is quite a bit longer than the first one was!"),
    ("No full stop here, but a comma splits it nicely in the middle somewhere",
     "No full stop here,", "but a comma splits it nicely in the middle somewhere"),
    ("one two three four five six", "one two three", "four five six"),
    ('She said "wow." Then we left? Yes.', 'She said "wow."', "Then we left? Yes."),
])
def test_split_script(text: str, first: str, second: str) -> None:
    assert split_script(text) == (first, second)


def test_split_script_needs_two_words() -> None:
    with pytest.raises(ValidationError, match="two words"):
        split_script("Hello.")


@pytest.mark.slow
def test_screen_input_rules(tiny_video: Path, tmp_path: Path) -> None:
    img = tmp_path / "screen.png"
    Image.new("RGB", (320, 200), "white").save(img)
    assert check_screen_input(image=img).kind == "image"
    assert check_screen_input(recording=tiny_video).kind == "recording"
    with pytest.raises(ValidationError, match="not both or neither"):
        check_screen_input(recording=tiny_video, image=img)
    with pytest.raises(ValidationError, match="not both or neither"):
        check_screen_input()
    with pytest.raises(ValidationError, match="mp4 or mov"):
        check_screen_input(recording=img)
    with pytest.raises(ValidationError, match="png, jpeg or webp"):
        check_screen_input(image=tiny_video)
    big = tmp_path / "big.png"
    Image.frombytes("RGB", (1800, 1200), np.random.default_rng(1).integers(0, 255, 1800 * 1200 * 3,
                                                                             dtype=np.uint8).tobytes()).save(big)
    with pytest.raises(ValidationError, match="at most 5 MB"):
        check_screen_input(image=big)
    broken = tmp_path / "broken.webp"
    broken.write_bytes(b"nope")
    with pytest.raises(MediaError):
        check_screen_input(image=broken)


@pytest.mark.slow
def test_recording_longer_than_ten_seconds_is_rejected(tmp_path: Path) -> None:
    long = tmp_path / "long.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=5:d=11", "-c:v", "libx264", "-preset", "ultrafast",
                "-y", str(long)], what="making a long clip")
    with pytest.raises(ValidationError, match="at most 10 seconds"):
        check_screen_input(recording=long)


def test_scene_times() -> None:
    assert scene_times(7000, 20000) == (7000, 5000, 8000)
    assert scene_times(6000, 15000) == (6000, 3600, 5400)
    assert scene_times(6000, 15000, broll_ms=9000) == (6000, 7500, 1500)
    with pytest.raises(ValidationError, match="inside the video"):
        scene_times(0, 15000)
    with pytest.raises(ValidationError, match="too little time"):
        scene_times(14000, 15000)


@pytest.mark.slow
def test_laptop_geometry_is_a_true_perspective_screen(tmp_path: Path) -> None:
    png, geo = laptop_frame(600, folder=tmp_path)
    tl, tr, br, bl = geo.screen
    assert tl[0] < tr[0] and bl[0] < br[0] and tl[1] < bl[1] and tr[1] < br[1]
    # 3/4 view, turned right side towards us: the nearer right edge looks taller than the far left one
    assert (br[1] - tr[1]) > (bl[1] - tl[1]) * 1.05
    with Image.open(png) as im:
        a = np.asarray(im.getchannel("A"))
        cx, cy = (tl[0] + br[0]) / 2, (tl[1] + br[1]) / 2
        assert a[round(cy), round(cx)] < 40                       # the display is see-through (faint glare)
        assert im.size == geo.size
    quad = geo.screen_quad(10, 20, flat_width=960)
    assert (quad.width, quad.height) == (960, round(960 / SCREEN_ASPECT))


def test_track_has_three_scenes_and_a_warped_screen(layout_media: Path, tmp_path: Path) -> None:
    img = tmp_path / "desk.png"
    Image.new("RGB", (320, 200), (40, 200, 120)).save(img)
    track = laptop_track(layout_media / "actor.png", check_screen_input(image=img), CANVAS, split_ms=3000,
                         duration_ms=8000, cache_dir=tmp_path)
    assert track.duration_ms == 8000 and track.audio == ()
    seq, screen, laptop = track.layers
    assert isinstance(seq, SequenceLayer) and [s.duration_ms for s in seq.scenes] == [3000, 2500, 2500]
    assert seq.scenes[2].crop is not None                                  # the face close-up
    assert isinstance(screen, ImageLayer) and screen.warp is not None and screen.exit.kind == "fade"
    assert isinstance(laptop, ImageLayer) and laptop.duration_ms == screen.duration_ms == 3200
    g = compile_timeline(Timeline(CANVAS, track.duration_ms, layers=track.layers)).graph
    assert "perspective=" in g and g.count("overlay=format=yuv420[base_x") == 2  # two crossfades
    video = laptop_track(Path("actor.mp4"), check_screen_input(image=img), CANVAS, split_ms=3000,
                         duration_ms=8000, cache_dir=tmp_path)
    close = video.layers[0].scenes[2]  # type: ignore[union-attr]
    assert isinstance(close, VideoLayer) and close.trim_start_ms == 5500


def test_a_drawn_actor_is_cropped_to_the_face_inside_the_final_graph(
        tmp_path: Path, stand_in_actor: Callable[..., PuppetLayer]) -> None:
    img = tmp_path / "desk.png"
    Image.new("RGB", (320, 200), (40, 200, 120)).save(img)
    actor = stand_in_actor((180, 320), box=CANVAS.box, duration_ms=8000)
    track = laptop_track(actor, check_screen_input(image=img), CANVAS, split_ms=3000, duration_ms=8000,
                         cache_dir=tmp_path)
    talking, _, close = track.layers[0].scenes  # type: ignore[union-attr]
    assert isinstance(talking, PuppetLayer) and (talking.box, talking.duration_ms, talking.trim_start_ms) == (
        None, 3000, 0)
    assert isinstance(close, PuppetLayer) and (close.duration_ms, close.trim_start_ms) == (2500, 5500)
    assert close.crop == FACE and close.motion == KenBurns(1.0, 1.06)
    g = compile_timeline(Timeline(CANVAS, track.duration_ms, layers=track.layers)).graph
    assert "crop=w=iw*0.7200:h=ih*0.7200:x=iw*0.1400:y=ih*0.1200,scale=192:340:" in g  # the face, pushed in 6%


def test_screen_broll_scrolls_tall_and_shows_wide_whole(tmp_path: Path) -> None:
    from mediakit.stages.layouts.laptop import ScreenInput
    tall, wide = tmp_path / "tall.png", tmp_path / "wide.png"
    Image.new("RGB", (200, 900), "white").save(tall)
    Image.new("RGB", (900, 500), "white").save(wide)
    t = screen_broll(ScreenInput(tall, "image"), 3000, CANVAS)
    w = screen_broll(ScreenInput(wide, "image"), 3000, CANVAS)
    assert t.motion is not None and (t.motion.pan_from, t.motion.pan_to) == ((0.5, 0.0), (0.5, 1.0))  # type: ignore[union-attr]
    # a landscape dashboard fits whole (every card) on its blurred self, not a 2x-tall slice panned across
    assert w.motion is None and w.fit == "blur"  # type: ignore[union-attr]


def test_a_scrolling_capture_starts_below_the_captions_on_its_header_colour(tmp_path: Path) -> None:
    from mediakit.stages.layouts.laptop import ScreenInput
    tall = tmp_path / "tall.png"
    image = Image.new("RGB", (200, 900), "white")
    image.paste((90, 70, 220), (0, 0, 200, 120))  # a purple header band
    image.save(tall)
    layer = screen_broll(ScreenInput(tall, "image"), 3000, CANVAS, sticky=(0, 80), cache_dir=tmp_path)
    padded = Image.open(layer.path)  # type: ignore[union-attr]
    pad = round(80 * 200 / CANVAS.width)
    assert padded.size == (200, 900 + pad) and pad == 89  # a quarter of the 9:16 frame at the capture's width
    assert padded.getpixel((100, 0)) == padded.getpixel((100, pad + 60)) == (90, 70, 220)
    assert padded.getpixel((100, pad + 200)) == (255, 255, 255)
    assert layer.motion is not None and layer.motion.pan_from == (0.5, 0.0)  # type: ignore[union-attr]


@pytest.mark.slow
def test_rendered_laptop_shot_shows_the_screen_in_the_quad(layout_media: Path, tmp_path: Path) -> None:
    img = tmp_path / "green.png"
    Image.new("RGB", (320, 200), (40, 200, 120)).save(img)
    track = laptop_track(layout_media / "actor.png", check_screen_input(image=img), CANVAS, split_ms=2000,
                         duration_ms=5000, cache_dir=tmp_path)
    tl = Timeline(CANVAS, track.duration_ms, layers=track.layers)
    still = render(tl, tmp_path / "laptop.png", profile=StillProfile(1000))
    im = np.asarray(Image.open(still).convert("RGB")).astype(int)
    quad = tl.layers[1].warp  # type: ignore[union-attr]
    xs = [p[0] for p in quad.points]
    ys = [p[1] for p in quad.points]
    centre = im[sum(ys) // 4, sum(xs) // 4]
    assert abs(centre[1] - 200) < 40 and centre[0] < 100                 # the green screen content
    assert np.abs(im[20, 90] - (120, 170, 220)).max() < 30                # the actor's backdrop above it


def test_face_close_up_keeps_hair_and_chin() -> None:
    """The close-up crop holds the drawn actor's whole head (hair top to chin), not a slice of it."""
    from mediakit.stages.layouts.laptop import FACE
    from mediakit.stages.subtitles.placement import face_band

    top, bottom = face_band(1080, 1920)
    assert FACE.y <= top / 1920 - 0.05 and FACE.y + FACE.h >= bottom / 1920 + 0.05


@pytest.mark.parametrize("canvas", [Canvas(1080, 1920), Canvas(1080, 1080), Canvas(1920, 1080)])
def test_the_laptop_lid_stops_below_the_chin(canvas: Canvas, tmp_path: Path) -> None:
    """The issue's case: the lid covered the presenter's chin and mouth on 9:16."""
    img = tmp_path / "desk.png"
    Image.new("RGB", (320, 200), (40, 200, 120)).save(img)
    _, laptop = laptop_overlay(check_screen_input(image=img), canvas, 3000, tmp_path)
    assert isinstance(laptop, ImageLayer) and laptop.box is not None
    alpha = np.asarray(Image.open(laptop.path).convert("RGBA"))[..., 3]
    lid_top = laptop.box.y + int(np.argmax(alpha.max(axis=1) > 128))   # the drawing's first solid row
    _, face_y, unit = bust_geometry(canvas.width, canvas.height)
    assert lid_top >= face_y + 0.55 * unit, "the lid reaches the chin"


def _rows_capture(path: Path) -> Path:
    """A tall capture: a purple header, then dark lettering-like rows (strokes on white) all the way down."""
    image = Image.new("RGB", (200, 900), "white")
    image.paste((90, 70, 220), (0, 0, 200, 100))
    pixels = np.asarray(image).copy()
    for top in range(140, 880, 60):
        for x in range(20, 180, 6):
            pixels[top:top + 14, x:x + 2] = 20       # letters: thin dark strokes on flat white
    Image.fromarray(pixels).save(path)
    return path


def test_the_scrolling_capture_s_text_moves_up_the_frame(tmp_path: Path) -> None:
    screen = ScreenInput(_rows_capture(tmp_path / "tall.png"), "image")
    start, end = scrolled_text(screen, CANVAS, 4000, [0]), scrolled_text(screen, CANVAS, 4000, [4000])
    assert start and end and min(a for a, _ in start) > min(a for a, _ in end)
    assert min(a for a, _ in start) > 30                       # at first the rows start under the header


def test_a_sticky_header_in_the_capture_s_colour_covers_the_captions_while_it_scrolls(tmp_path: Path) -> None:
    screen = ScreenInput(_rows_capture(tmp_path / "tall.png"), "image")
    track = laptop_track(Path("actor.mp4"), screen, CANVAS, split_ms=3000, duration_ms=8000, sticky=(0, 60),
                         cache_dir=tmp_path)
    sticky = track.layers[-1]
    assert isinstance(sticky, ColorLayer) and sticky.color == "#5a46dc" and sticky.box is not None
    assert (sticky.box.y, sticky.box.h) == (0, 60) and sticky.start_ms == 2800 and sticky.duration_ms == 2900
    plain = laptop_track(Path("actor.mp4"), screen, CANVAS, split_ms=3000, duration_ms=8000, cache_dir=tmp_path)
    assert not any(isinstance(layer, ColorLayer) for layer in plain.layers)


@pytest.mark.parametrize("clear_to", [40.0, 60.0, 90.0])
def test_the_close_up_frames_the_head_below_the_captions(clear_to: float) -> None:
    crop = close_up(CANVAS, (clear_to - 50, clear_to))
    top, _ = face_band(CANVAS.width, CANVAS.height)
    head_top = ((top - crop.y * CANVAS.height) / crop.h - CANVAS.height / 2) * 1.06 + CANVAS.height / 2
    assert head_top >= clear_to - 0.5 or crop.y == 0
    assert crop.y <= FACE.y and (crop.x, crop.w, crop.h) == (FACE.x, FACE.w, FACE.h)


@pytest.mark.slow
def test_a_drawn_actor_has_arms_and_hands_at_the_keyboard(layout_media: Path, tmp_path: Path) -> None:
    img = tmp_path / "desk.png"
    Image.new("RGB", (320, 200), (40, 200, 120)).save(img)
    look = replace(get_actor("maya-chen").look, outfit_color="#2e8b57")
    screen = check_screen_input(image=img)
    assert len(laptop_overlay(screen, CANVAS, 3000, tmp_path)) == 2, "no look (a photo, a clip): no drawn arms"
    track = laptop_track(layout_media / "actor.png", screen, CANVAS, split_ms=3000, duration_ms=8000,
                         look=look, cache_dir=tmp_path)
    _, _, laptop, hands = track.layers
    assert isinstance(hands, ImageLayer) and isinstance(laptop, ImageLayer) and laptop.box is not None
    assert (hands.duration_ms, hands.exit) == (laptop.duration_ms, laptop.exit), "they leave with the laptop"
    im = np.asarray(Image.open(render(Timeline(CANVAS, 8000, layers=track.layers), tmp_path / "hands.png",
                                      profile=StillProfile(1000))).convert("RGB"), dtype=np.int16)
    limbs = Limbs.of(look)
    deck = im[laptop.box.y + laptop.box.h // 2:]                       # the keyboard's half of the laptop
    skin = np.abs(deck - np.array(limbs.skin[:3])).sum(axis=2) < 30
    for half in (skin[:, :CANVAS.width // 2], skin[:, CANVAS.width // 2:]):
        assert half.mean() > 0.02, "a hand on each side of the keyboard"
    sleeves = np.abs(im - np.array(limbs.sleeve[:3])).sum(axis=2) < 30
    assert sleeves.mean() > 0.01, "the arms in the outfit's sleeves"


@pytest.mark.parametrize("size", [(512, 640), (640, 640)])
def test_the_close_up_keeps_the_chin_above_captions_under_it(size: tuple[int, int]) -> None:
    """4:5 and 1:1: the head fills the frame's height, the captions sit under the chin; the close-up must
    not push the face down onto them (it put the mouth under the page)."""
    canvas = Canvas(*size)
    page = (473.0, 547.0)
    crop = close_up(canvas, page)
    _, chin = face_band(*size)
    half = canvas.height / 2
    chin_at = ((chin - crop.y * canvas.height) / crop.h - half) * 1.06 + half
    assert chin_at <= page[0] + 0.5 and crop.y >= FACE.y


@pytest.mark.parametrize(("page", "band"), [((40.0, 90.0), (0.0, 90.0)), ((480.0, 540.0), (480.0, 640.0))])
def test_the_sticky_band_is_a_header_over_top_captions_and_a_footer_under_low_ones(
        page: tuple[float, float], band: tuple[float, float], tmp_path: Path) -> None:
    canvas = Canvas(512, 640)
    assert sticky_band(canvas, page) == band
    screen = ScreenInput(_rows_capture(tmp_path / "tall.png"), "image")
    track = laptop_track(Path("actor.mp4"), screen, canvas, split_ms=3000, duration_ms=8000, sticky=band,
                         cache_dir=tmp_path)
    sticky = track.layers[-1]
    assert isinstance(sticky, ColorLayer) and sticky.box is not None
    assert (sticky.box.y, sticky.box.y + sticky.box.h) == band
    assert sticky.color == ("#5a46dc" if band[0] == 0 else "#ffffff")       # the header's colour, the page's
