"""Picture-in-picture: option validation, geometry of all 135 combinations, and a rendered contact sheet."""

from __future__ import annotations

import itertools
import os
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from mediakit.errors import ValidationError
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.render.compile import placed_box
from mediakit.stages.pip import (
    BUBBLE_DISC,
    FRAME_STYLES,
    PIP_ANIMATIONS,
    POSITIONS,
    SIZES,
    PipOptions,
    check_composition_mode,
    clear_position,
    pip_box,
    pip_layer,
)
from mediakit.timeline import Box, Canvas, ColorLayer, ImageLayer, Timeline

SPEC_FRAMES = tuple(f for f in FRAME_STYLES if f != "bubble")  # the spec's three; the bubble is an extension
COMBOS = list(itertools.product(POSITIONS, SIZES, PIP_ANIMATIONS, SPEC_FRAMES))
CANVASES = (Canvas(1080, 1920), Canvas(1080, 1080), Canvas(1920, 1080))
PIP_COLOR = (230, 40, 150)
BG_COLOR = (20, 160, 200)


def test_there_are_135_combinations() -> None:
    assert len(COMBOS) == 135


def test_options_reject_extra_properties_and_unknown_values() -> None:
    assert PipOptions.from_dict(None) == PipOptions()
    assert PipOptions.from_dict({"position": "bottom-left", "size": "large"}).size == "large"
    with pytest.raises(ValidationError, match="unknown property; allowed: position, size, animation, frame_style"):
        PipOptions.from_dict({"position": "bottom-left", "opacity": 0.5})
    with pytest.raises(ValidationError) as info:
        PipOptions.from_dict({"position": "top-left"})
    assert "bottom-center, bottom-left, bottom-right" in str(info.value) and "'top-left'" in str(info.value)
    assert info.value.field == "pip_options.position"
    animations = "slide-up, slide-left, slide-right, fade, scale"
    for field, valid in (("size", "small, medium, large"), ("animation", animations),
                         ("frame_style", "none, rounded, shadow")):
        with pytest.raises(ValidationError, match=valid):
            PipOptions.from_dict({field: "huge"})
    with pytest.raises(ValidationError, match="must be a string"):
        PipOptions.from_dict({"size": 3})
    with pytest.raises(ValidationError, match="must be an object"):
        PipOptions.from_dict(["bottom-left"])  # type: ignore[arg-type]
    assert check_composition_mode("pip") == "pip"
    with pytest.raises(ValidationError, match="must be one of pip"):
        check_composition_mode("split")


def _overlay_xy(graph: str, label: str) -> tuple[str, str]:
    m = re.search(rf"\[{label}\]overlay=x=(.+?):y=(.+?):eof_action", graph)
    assert m, graph
    return m.group(1).strip("'"), m.group(2).strip("'")


def _eval(expr: str, t: float, w: int, h: int) -> float:
    """Evaluate an ffmpeg overlay expression (only + - * / pow min max appear in ours)."""
    return float(eval(expr, {"__builtins__": {}}, {"t": t, "w": w, "h": h, "pow": pow, "min": min, "max": max}))


@pytest.mark.slow
@pytest.mark.parametrize("canvas", CANVASES, ids=lambda c: f"{c.width}x{c.height}")
def test_every_combination_rests_inside_the_canvas_where_asked(canvas: Canvas) -> None:
    cw, ch = canvas.width, canvas.height
    for position, size, animation, frame in COMBOS:
        opts = PipOptions(position, size, animation, frame)
        box = pip_box(opts, canvas)
        # inside the canvas, above the bottom band, portrait 3:4
        assert box.x >= 0 and box.y >= 0 and box.x + box.w <= cw and box.y + box.h <= ch
        assert ch - (box.y + box.h) >= round(ch * (0.20 if ch > cw else 0.08))  # clear of the platforms' UI
        assert abs(box.h / box.w - 4 / 3) < 0.02
        assert box.w % 2 == 0 and box.h % 2 == 0
        # size is its share of the shorter side unless it had to shrink to fit
        assert box.w <= SIZES[size] * min(cw, ch) + 1
        if ch >= cw * 1.5:
            assert abs(box.w - SIZES[size] * cw) <= 2
        if position == "bottom-center":
            assert abs((box.x + box.w / 2) - cw / 2) <= 1
        elif position == "bottom-left":
            assert box.x == round(cw * 0.04)
        else:
            clear = round(cw * (0.12 if ch > cw else 0.04))
            assert cw - (box.x + box.w) == clear

        leaving = pip_layer(Path("actor.mp4"), opts, canvas, 500, 2000, leaves=True)[0]
        assert leaving.exit.kind == "fade" and 0 < leaving.exit.duration_ms <= 1000  # fades, never a one-frame cut
        layers = pip_layer(Path("actor.mp4"), opts, canvas, 500, 2000, trim_start_ms=500)
        tl = Timeline(canvas, 3000, layers=(ColorLayer(color="gray", box=canvas.box), *layers))
        graph = compile_timeline(tl).graph
        placed = placed_box(layers[0], canvas.box)
        x, y = _overlay_xy(graph, "l1")
        # at rest (after the enter animation) the overlay sits exactly on the placed box
        assert (_eval(x, 2.9, placed.w, placed.h), _eval(y, 2.9, placed.w, placed.h)) == (placed.x, placed.y)
        if animation == "slide-up":
            assert "pow(" in y and _eval(y, 0.5, placed.w, placed.h) >= ch
        elif animation == "slide-left":
            assert "pow(" in x and _eval(x, 0.5, placed.w, placed.h) >= cw
        elif animation == "slide-right":
            assert "pow(" in x and _eval(x, 0.5, placed.w, placed.h) + placed.w <= 0
        elif animation == "fade":
            assert "fade=t=in:st=0:d=0.450:alpha=1" in graph
        else:
            assert "eval=frame" in graph and "scale=w='max(2,trunc(iw*" in graph
            assert _eval(x, 0.5, 2, 2) == pytest.approx(placed.x + (placed.w - 2) / 2)
        assert ("alphamerge" in graph) == (frame != "none")
        assert ("gblur" in graph) == (frame == "shadow")
        assert "-ss" in " ".join(" ".join(i) for i in compile_timeline(tl).inputs)


def test_the_avatar_bubble_shows_the_person_on_a_disc_and_the_b_roll_outside_the_circle(real: Path,
                                                                                       tmp_path: Path) -> None:
    canvas = Canvas(270, 480)
    broll = tmp_path / "broll.png"
    im = Image.new("RGB", (270, 480), (40, 170, 90))
    for x in range(0, 270, 30):
        ImageDraw.Draw(im).rectangle((x, 0, x + 14, 480), fill=(230, 220, 40))
    im.save(broll)
    opts = PipOptions("bottom-center", "large", "fade", "bubble")
    box = pip_box(opts, canvas)
    assert box.w == box.h, "a bubble is round: its frame is square"
    layers = pip_layer(real / "lipnet-grid-swwp2s" / "face.png", opts, canvas, 0, 1000, cache_dir=tmp_path)
    out = render(Timeline(canvas, 1000, layers=(ImageLayer(path=broll), *layers)), tmp_path / "b.png",
                 profile=StillProfile(900))
    with Image.open(out) as shot, Image.open(broll) as back:
        seen, behind = np.asarray(shot.convert("RGB"), dtype=np.int16), np.asarray(back, dtype=np.int16)
    r, cx, cy = box.w / 2, box.x + box.w / 2, box.y + box.h / 2
    ys, xs = np.mgrid[0:canvas.height, 0:canvas.width]
    dist = np.hypot(xs + 0.5 - cx, ys + 0.5 - cy)
    in_box = (xs >= box.x) & (xs < box.x + box.w) & (ys >= box.y) & (ys < box.y + box.h)
    outside = in_box & (dist > r + 12) & (ys < cy)  # the frame's upper corners, past the shadow's blur
    far = np.roll(outside, -box.h - 20, axis=0)  # the same shape well above the bubble: the encode's own error
    error = np.abs(seen - behind)
    assert outside.sum() > 200 and error[outside].mean() < error[far].mean() + 1.5, "the b-roll shows outside the disc"
    disc = np.array([int(BUBBLE_DISC[i:i + 2], 16) for i in (1, 3, 5)])
    top_of_disc = (dist < r - 4) & (ys < box.y + box.h * 0.12)   # above the head: the disc, not the photo's blue
    assert top_of_disc.sum() > 50 and np.abs(seen - disc)[top_of_disc].mean() < 10
    face = seen[round(cy - r * 0.2):round(cy + r * 0.1), round(cx - r * 0.2):round(cx + r * 0.2)]
    assert face[..., 0].mean() > face[..., 2].mean() + 30, "the face (skin, not the disc or the blue) in the middle"


def test_image_source_becomes_an_image_layer(tmp_path: Path) -> None:
    layers = pip_layer(tmp_path / "face.png", PipOptions(), Canvas(180, 320), 0, 1000, cache_dir=tmp_path)
    assert type(layers[0]).__name__ == "ImageLayer"
    assert layers[0].mask is not None and layers[0].mask.exists()


def _pip_source(folder: Path) -> Path:
    """A solid magenta card with a white disc: easy to find in a rendered frame."""
    im = Image.new("RGB", (120, 160), PIP_COLOR)
    ImageDraw.Draw(im).ellipse((30, 40, 90, 100), fill="white")
    path = folder / "pip.png"
    im.save(path)
    return path


SHEET_CANVAS = Canvas(108, 192)


def contact_sheet(folder: Path, canvas: Canvas = SHEET_CANVAS) -> Path:
    """Render the resting frame of all 135 combinations and tile them, labelled, into one PNG."""
    source = _pip_source(folder)
    bg = folder / "bg.png"
    Image.new("RGB", (canvas.width, canvas.height), BG_COLOR).save(bg)
    cell_w, cell_h = canvas.width + 6, canvas.height + 26
    cols = 15
    sheet = Image.new("RGB", (cols * cell_w, (len(COMBOS) // cols) * cell_h), "white")
    draw = ImageDraw.Draw(sheet)
    from mediakit.timeline import ImageLayer

    for n, (position, size, animation, frame) in enumerate(COMBOS):
        opts = PipOptions(position, size, animation, frame)
        layers = pip_layer(source, opts, canvas, 0, 1000, cache_dir=folder)
        tl = Timeline(canvas, 1000, layers=(ImageLayer(path=bg), *layers))
        frame_png = folder / f"c{n}.png"
        render(tl, frame_png, profile=StillProfile(900))
        x, y = (n % cols) * cell_w, (n // cols) * cell_h
        with Image.open(frame_png) as im:
            sheet.paste(im.convert("RGB"), (x + 3, y + 3))
            _check_frame(im.convert("RGB"), opts, canvas)
        draw.text((x + 3, y + canvas.height + 4), f"{position[7:]} {size[0]} {animation}", fill="black")
        draw.text((x + 3, y + canvas.height + 14), frame, fill="gray")
    out = folder / "pip_contact_sheet.png"
    sheet.save(out)
    return out


def _close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(p - q) <= tol for p, q in zip(a, b, strict=False))


def _check_frame(im: Image.Image, opts: PipOptions, canvas: Canvas) -> None:
    box = pip_box(opts, canvas)
    centre = im.getpixel((box.x + box.w // 2, box.y + box.h // 6))
    assert _close(centre, PIP_COLOR), (opts, centre)
    corner = im.getpixel((box.x, box.y))
    assert _close(corner, PIP_COLOR) == (opts.frame_style == "none"), (opts, corner)
    assert _close(im.getpixel((2, 2)), BG_COLOR), opts


@pytest.mark.slow
def test_contact_sheet_of_all_combinations(tmp_path: Path) -> None:
    out = contact_sheet(tmp_path)
    keep = os.environ.get("MEDIAKIT_SHEET_DIR")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / out.name).write_bytes(out.read_bytes())
    with Image.open(out) as sheet:
        assert sheet.size == (15 * 114, 9 * 218)


def storefront(path: Path, door_x: int) -> Path:
    """A wide photo of a plain wall with a red door standing at ``door_x`` (px of 640): the salient subject."""
    image = Image.new("RGB", (640, 360), (196, 186, 170))
    ImageDraw.Draw(image).rectangle((door_x, 150, door_x + 70, 359), fill=(170, 30, 30))
    image.save(path)
    return path


@pytest.mark.parametrize(("door_x", "position"), [(330, "bottom-left"), (225, "bottom-right")])
def test_the_pip_takes_the_corner_off_the_picture_s_subject(door_x: int, position: str, tmp_path: Path) -> None:
    """The issue's storefront: the PiP sat on the shop door.  It moves to the corner the door is not in; where
    the asked corner is clear already it stays."""
    canvas = Canvas(180, 320)
    behind = [ImageLayer(path=storefront(tmp_path / "shop.png", door_x))]
    moved = clear_position(PipOptions(), canvas, behind)
    assert moved.position == position and moved.size == PipOptions().size


def test_faces_come_before_what_stands_out(monkeypatch: pytest.MonkeyPatch) -> None:
    canvas = Canvas(1080, 1920)
    right, left = pip_box(PipOptions(), canvas), pip_box(PipOptions("bottom-left"), canvas)
    face = (right.x + 10, right.y + 10, right.x + 200, right.y + 200)
    subject = (left.x, left.y, left.x + left.w, left.y + left.h)
    monkeypatch.setattr("mediakit.stages.pip.sighted", lambda layers, canvas: ([face], [(subject, 0.5)]))
    # the left corner covers the whole subject, the right and the centre the face: the face wins
    assert clear_position(PipOptions(), canvas, []).position == "bottom-left"
    monkeypatch.setattr("mediakit.stages.pip.sighted", lambda layers, canvas: ([], []))
    assert clear_position(PipOptions(), canvas, []) == PipOptions()       # nothing seen: as asked


def test_a_4_5_post_has_no_button_column_nor_reel_foot() -> None:
    """A 4:5 feed post plays with the platform's UI around it: its PiP sits as a square frame's does."""
    options = PipOptions("bottom-right", "small", "slide-up", "shadow")
    post, square = pip_box(options, Canvas(1080, 1350)), pip_box(options, Canvas(1080, 1080))
    assert post.x + post.w == square.x + square.w == 1080 - round(1080 * 0.04)
    assert post.y + post.h == 1350 - round(1350 * 0.08)


def test_a_frame_under_a_box_shrinks_to_stay_below_it() -> None:
    options = PipOptions("bottom-right", "medium", "slide-up", "shadow")
    canvas = Canvas(1080, 1920)
    free = pip_box(options, canvas)
    above = Box(300, 200, 700, free.y + 60 - 200)          # a product whose foot reaches 60 px into the frame
    box = pip_box(options, canvas, clear_of=(above,))
    assert box.y >= above.y + above.h + 0.02 * 1080 - 2 and box.y + box.h == free.y + free.h and box.w < free.w
