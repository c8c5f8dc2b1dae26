"""Illustrated actor characters, drawn with Pillow from a ``Look``.

Why draw instead of shipping photos: the catalog must carry no third-party
likeness, and a character described by parameters can be drawn again at any
size and split into parts (background, head, body, eye states, mouth shapes)
that the talking-actor renderer moves and swaps inside ffmpeg.  Every part is
drawn once per size and cached by the caller; nothing here runs per frame.
Coordinates are head units around the face centre (see ``sketch``).
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image

from .hair import hair_back, hair_front
from .look import Look, Palette
from .sketch import RGB, Point, Sketch, arc, bezier, mix, shade, steps, superellipse

PORTRAIT_SIZE = 512

# (half width, cranium height, chin depth, jaw squareness exponent, chin taper)
_FACES: dict[str, tuple[float, float, float, float, float]] = {
    "oval": (0.5, 0.62, 0.68, 2.0, 0.22),
    "round": (0.52, 0.6, 0.6, 2.0, 0.1),
    "square": (0.5, 0.6, 0.63, 3.2, 0.12),
    "long": (0.47, 0.66, 0.74, 2.2, 0.18),
    "heart": (0.51, 0.62, 0.68, 1.7, 0.34),
}
INK: RGB = (43, 31, 32)           # line colour of lids, lashes and mouth lines
MOUTH_DARK: RGB = (74, 26, 33)
TEETH: RGB = (250, 248, 242)
TONGUE: RGB = (214, 98, 106)


def face_outline(shape: str, n: int = 96) -> list[Point]:
    """The face: an elliptical cranium above a jaw that is rounder, squarer or more tapered by shape."""
    a, top, chin, jaw, taper = _FACES[shape]
    pts: list[Point] = []
    for i in range(n):
        t = 2 * math.pi * i / n
        c, s = math.cos(t), math.sin(t)
        if s <= 0:
            pts.append((a * c, top * s))
            continue
        e = 2 / jaw
        x = a * math.copysign(abs(c) ** e, c) * (1 - taper * s ** 2)
        pts.append((x, chin * s ** e))
    return pts


def bust_geometry(width: int, height: int) -> tuple[float, float, float]:
    """Where a bust sits in a frame: face centre (x, y) and head unit, all in pixels."""
    unit = min(width * 0.5, height * 0.4)
    return width / 2, height / 2 - 0.15 * unit, unit


# ---- head parts ---------------------------------------------------------------------------------

_NECK = [(-0.2, 0.3), (0.2, 0.3), (0.24, 0.84), (0.3, 1.0), (0.42, 1.25), (0.45, 1.6), (-0.45, 1.6),
         (-0.42, 1.25), (-0.3, 1.0), (-0.24, 0.84)]


def _neck(s: Sketch, pal: Palette) -> None:
    """The neck and the shadow under the jaw, the shadow clipped to the neck.

    Unclipped, its blur reached past the neck's sides and left a faint
    skin-coloured halo on the hair behind.
    """
    s.polygon(_NECK, pal.skin_shadow)
    s.clipped(lambda m: m.polygon(_NECK, pal.skin_shadow),
              lambda t: t.soft(lambda u: u.polygon([(-0.22, 0.5), (0.22, 0.5), (0.2, 0.72), (-0.2, 0.72)],
                                                   pal.skin_deep), 0.05, 0.6))


def _ears(s: Sketch, look: Look, pal: Palette) -> None:
    for side in (-1, 1):
        s.ellipse(side * 0.49, 0.04, 0.085, 0.13, pal.skin)
        s.ellipse(side * 0.5, 0.045, 0.045, 0.08, pal.skin_shadow)
        if look.has("earrings"):
            s.ellipse(side * 0.505, 0.17, 0.024, 0.024, (236, 196, 92))
        if look.has("hoops"):
            s.ring(side * 0.505, 0.23, 0.055, 0.06, (226, 184, 80), 0.014)


def _face(s: Sketch, look: Look, pal: Palette) -> None:
    s.polygon(face_outline(look.face), pal.skin)


def _features(s: Sketch, look: Look, pal: Palette) -> None:
    """Nose, cheeks and lines: what stays still while brows, eyes and mouth act."""
    if look.has("blush"):
        def cheeks(t: Sketch) -> None:
            for side in (-1, 1):
                t.ellipse(side * 0.27, 0.2, 0.09, 0.055, (236, 120, 120))

        s.soft(cheeks, 0.035, 0.45)
    if look.has("freckles"):
        dots = [(-0.3, 0.14), (-0.24, 0.18), (-0.32, 0.21), (-0.19, 0.13), (-0.26, 0.24)]
        for x, y in dots + [(-x, y + 0.01) for x, y in dots]:
            s.ellipse(x, y, 0.011, 0.011, pal.skin_deep)
    if look.has("wrinkles"):
        for side in (-1, 1):
            s.line([(side * 0.33, 0.0), (side * 0.37, -0.015)], pal.skin_deep, 0.008)
            s.line([(side * 0.33, 0.03), (side * 0.37, 0.045)], pal.skin_deep, 0.008)
            s.line([(side * 0.1, 0.22), (side * 0.17, 0.3), (side * 0.2, 0.39)], pal.skin_deep, 0.01)
        for y in (-0.32, -0.27):
            s.line(arc(0, y + 0.08, 0.16, 0.05, 235, 305, 8), pal.skin_shadow, 0.008)
    # nose: a soft tip, two nostrils, one side of the bridge
    s.soft(lambda t: t.ellipse(0, 0.195, 0.065, 0.04, pal.skin_deep), 0.02, 0.55)
    s.line([(0.045, 0.05), (0.055, 0.15), (0.04, 0.2)], pal.skin_shadow, 0.014)
    for side in (-1, 1):
        s.ellipse(side * 0.028, 0.21, 0.016, 0.01, pal.skin_deep)
    if look.has("beard"):
        jaw = [(x * 1.05, y * 1.04 + 0.01) for x, y in face_outline(look.face) if y > 0.12]
        jaw.sort(key=lambda p: p[0])
        inner = [(0.2, 0.22), (0.12, 0.27), (0.0, 0.28), (-0.12, 0.27), (-0.2, 0.22)]
        s.polygon([*jaw[::-1], *inner[::-1]][::-1], pal.beard)
    elif look.has("stubble"):
        jaw = [(x, y) for x, y in face_outline(look.face) if y > 0.16]
        jaw.sort(key=lambda p: p[0])
        s.soft(lambda t: t.polygon([*jaw, (0.2, 0.25), (-0.2, 0.25)], shade(pal.beard, 0.6)), 0.012, 0.28)
    if look.has("goatee"):
        chin = face_outline(look.face)
        low = max(y for _, y in chin)
        s.polygon([(-0.06, 0.445), (0.06, 0.445), (0.1, low - 0.09), (0.07, low - 0.02), (0.0, low + 0.01),
                   (-0.07, low - 0.02), (-0.1, low - 0.09)], pal.beard)


def _headwear(s: Sketch, look: Look, pal: Palette) -> None:
    if look.has("beanie"):
        s.polygon([*arc(0, -0.18, 0.58, 0.62, 180, 360, 36), (0.58, -0.18)], pal.accent)
        s.polygon(superellipse(0, -0.26, 1.2, 0.18, 3.5), shade(pal.accent, 0.85))
        for x in steps(-0.5, 0.5, 10):
            s.line([(x, -0.33), (x, -0.19)], shade(pal.accent, 0.75), 0.01)
    if look.has("headband"):
        s.line(arc(0, -0.08, 0.53, 0.4, 190, 350, 24), pal.accent, 0.07)


def draw_head(s: Sketch, look: Look) -> None:
    """Everything that moves with the head except eyes and mouth (drawn by their own sprites)."""
    pal = Palette.of(look)
    hair_back(s, look, pal)
    _neck(s, pal)
    _ears(s, look, pal)
    _face(s, look, pal)
    _features(s, look, pal)
    hair_front(s, look, pal)
    _headwear(s, look, pal)


# ---- eyes ---------------------------------------------------------------------------------------

EYE_Y = 0.03
EYE_X = 0.2


# pose -> (inner end, peak, outer end of the right brow as (x, y), in head units; the left mirrors it,
#          how far the upper lid comes down over an open eye (0: not at all), how wide the eye opens)
BROW_POSES: dict[str, tuple[Point, Point, Point, float, float]] = {
    "neutral": ((0.09, -0.115), (0.18, -0.165), (0.3, -0.125), 0.0, 1.0),
    "raised": ((0.09, -0.165), (0.18, -0.235), (0.3, -0.185), 0.0, 1.22),     # interest, surprise, a stress
    "soft": ((0.09, -0.1), (0.18, -0.13), (0.3, -0.108), 0.38, 1.0),        # calm: low easy brows, eased lids
    "knit": ((0.07, -0.085), (0.17, -0.14), (0.3, -0.15), 0.25, 0.95),       # anger, drama: drawn down and in
}
POSES = tuple(BROW_POSES)


def draw_brows(s: Sketch, look: Look, pose: str = "neutral") -> None:
    """Both brows in ``pose`` (see ``BROW_POSES``)."""
    pal = Palette.of(look)
    inner, peak, outer, _, _ = BROW_POSES[pose]
    thick = 0.045 if look.has("beard", "stubble", "goatee", "moustache") else 0.034
    for side in (-1, 1):
        s.line(bezier((side * inner[0], inner[1]), (side * peak[0], peak[1]), (side * outer[0], outer[1])),
               pal.brows, thick)


def draw_eyes(s: Sketch, look: Look, state: str, pose: str = "neutral") -> None:
    """Both eyes in ``state`` (open, half, closed) under brows in ``pose``, with glasses on top when the look
    has them: one sprite, so the brows act with the eyes."""
    pal = Palette.of(look)
    lash = look.has("lashes")
    _, _, _, lid_drop, opening = BROW_POSES[pose]
    draw_brows(s, look, pose)
    for side in (-1, 1):
        cx = side * EYE_X
        if state == "closed":
            s.line(arc(cx, EYE_Y - 0.01, 0.075, 0.04, 20, 160, 12), INK, 0.018)
            if lash:
                s.line([(cx + side * 0.07, EYE_Y + 0.005), (cx + side * 0.1, EYE_Y + 0.02)], INK, 0.012)
            continue
        rx, ry = 0.08, 0.058 * opening
        white = [*arc(cx, EYE_Y, rx, ry, 180, 360, 16), *arc(cx, EYE_Y - 0.005, rx, ry * 0.8, 0, 180, 16)]

        def sclera(t: Sketch, shape: list[Point] = white) -> None:
            t.polygon(shape, (255, 255, 255))

        def iris(t: Sketch, x: float = cx) -> None:
            t.ellipse(x, EYE_Y + 0.008, 0.048, 0.048, pal.eyes)
            t.ellipse(x, EYE_Y + 0.008, 0.024, 0.024, (24, 18, 20))
            t.ellipse(x + 0.016, EYE_Y - 0.01, 0.012, 0.012, (255, 255, 255))

        s.polygon(white, (255, 255, 255))
        s.clipped(sclera, iris)
        lid = arc(cx, EYE_Y, rx * 1.04, ry * 1.05, 185, 355, 16)
        if state == "half":
            s.polygon([*arc(cx, EYE_Y, rx * 1.06, ry * 1.1, 180, 360, 16), (cx + rx, EYE_Y + 0.005),
                       (cx - rx, EYE_Y + 0.005)], pal.skin_shadow)
            lid = [(cx - rx * 1.04, EYE_Y + 0.003), (cx, EYE_Y + 0.012), (cx + rx * 1.04, EYE_Y + 0.003)]
        if state == "open" and lid_drop:  # an eased lid: skin over the top of the eye, the lash line on it
            low = EYE_Y - ry * (1 - 2 * lid_drop)
            s.polygon([*arc(cx, EYE_Y, rx * 1.06, ry * 1.1, 180, 360, 16), (cx + rx * 1.06, low),
                       (cx - rx * 1.06, low)], pal.skin_shadow)
            lid = [(cx - rx * 1.04, EYE_Y - 0.003), (cx, low), (cx + rx * 1.04, EYE_Y - 0.003)]
        s.line(lid, INK, 0.02 if lash else 0.014)
        if lash:
            end = lid[-1] if side > 0 else lid[0]
            s.line([end, (end[0] + side * 0.03, end[1] - 0.025)], INK, 0.012)
    if look.has("glasses"):
        for side in (-1, 1):
            lens = superellipse(side * EYE_X, EYE_Y + 0.005, 0.25, 0.18, 4.0)
            s.glaze(lens, (255, 255, 255), 0.15)
            s.line([*lens, lens[0]], (40, 36, 40), 0.022)
        s.line([(-0.075, EYE_Y - 0.01), (0.0, EYE_Y - 0.03), (0.075, EYE_Y - 0.01)], (40, 36, 40), 0.02)
    if look.has("round-glasses"):
        frame = (176, 128, 60)
        for side in (-1, 1):
            s.glaze(superellipse(side * EYE_X, EYE_Y + 0.005, 0.23, 0.21, 2.0), (255, 255, 255), 0.15)
            s.ring(side * EYE_X, EYE_Y + 0.005, 0.115, 0.105, frame, 0.016)
        s.line([(-0.085, EYE_Y - 0.02), (0.0, EYE_Y - 0.04), (0.085, EYE_Y - 0.02)], frame, 0.016)


# ---- mouth --------------------------------------------------------------------------------------

MOUTH_Y = 0.37

# viseme -> (width, opening, squareness, upper teeth, lower teeth, tongue, lip thickness)
MOUTH_SHAPES: dict[str, tuple[float, float, float, bool, bool, bool, float]] = {
    "aa": (0.25, 0.16, 2.2, True, False, True, 0.03),
    "eh": (0.26, 0.095, 2.5, True, False, True, 0.028),
    "ee": (0.29, 0.06, 3.2, True, True, False, 0.024),
    "oh": (0.17, 0.14, 2.0, True, False, True, 0.034),
    "oo": (0.12, 0.075, 2.0, False, False, False, 0.04),
    "l_th": (0.24, 0.085, 2.4, True, False, True, 0.028),
    "etc": (0.26, 0.04, 3.2, True, True, False, 0.024),
}


def draw_mouth(s: Sketch, look: Look, viseme: str) -> None:
    """One mouth shape (see ``visemes.VISEMES``), with a moustache on top when the look has one."""
    pal = Palette.of(look)
    if viseme in ("rest", "mbp"):
        width = 0.23 if viseme == "rest" else 0.2
        smile = 0.025 if viseme == "rest" else 0.008
        lower = superellipse(0, MOUTH_Y + 0.022, width * 0.8, 0.04 if viseme == "rest" else 0.028, 2.0, smile)
        s.polygon(lower, pal.lips)
        s.line([(-width / 2, MOUTH_Y - smile), (-width / 4, MOUTH_Y - smile * 0.1), (0, MOUTH_Y),
                (width / 4, MOUTH_Y - smile * 0.1), (width / 2, MOUTH_Y - smile)], shade(pal.lips, 0.6), 0.016)
    elif viseme == "fv":
        s.polygon(superellipse(0, MOUTH_Y + 0.028, 0.22, 0.05, 2.2), pal.lips)
        s.polygon(superellipse(0, MOUTH_Y + 0.004, 0.17, 0.03, 3.0), TEETH)
        s.line([(-0.12, MOUTH_Y - 0.01), (0, MOUTH_Y - 0.018), (0.12, MOUTH_Y - 0.01)], shade(pal.lips, 0.75),
               0.02)
    else:
        w, h, n, top, bottom, tongue, lip = MOUTH_SHAPES[viseme]
        cy = MOUTH_Y + h * 0.35  # the jaw drops: the opening grows downwards
        smile = 0.012 if viseme in ("ee", "etc", "eh") else 0.004
        inner = superellipse(0, cy, w, h, n, smile)
        s.polygon(superellipse(0, cy, w + lip * 1.2, h + lip * 2, n, smile), pal.lips)
        s.polygon(inner, MOUTH_DARK)

        def hole(t: Sketch) -> None:
            t.polygon(inner, MOUTH_DARK)

        def insides(t: Sketch) -> None:
            if tongue:
                t.ellipse(0, cy + h * (0.05 if viseme == "l_th" else 0.42), w * 0.32, h * 0.32, TONGUE)
            if top:
                t.polygon([(-w, cy - h), (w, cy - h), (w, cy - h / 2 + 0.018), (-w, cy - h / 2 + 0.018)], TEETH)
            if bottom:
                t.polygon([(-w, cy + h), (w, cy + h), (w, cy + h / 2 - 0.014), (-w, cy + h / 2 - 0.014)], TEETH)

        s.clipped(hole, insides)
    if look.has("moustache"):
        s.polygon([(-0.15, MOUTH_Y - 0.005), (-0.11, MOUTH_Y - 0.05), (-0.03, MOUTH_Y - 0.065),
                   (0.0, MOUTH_Y - 0.055), (0.03, MOUTH_Y - 0.065), (0.11, MOUTH_Y - 0.05),
                   (0.15, MOUTH_Y - 0.005), (0.07, MOUTH_Y - 0.03), (0.0, MOUTH_Y - 0.025),
                   (-0.07, MOUTH_Y - 0.03)], pal.beard)


# ---- body and background ------------------------------------------------------------------------

_BOTTOM = 6.0  # far below any frame: clothing runs off the bottom edge


def _shoulders() -> list[Point]:
    top = arc(0, 1.58, 1.22, 0.64, 180, 360, 48)
    return [(-1.22, _BOTTOM), *top, (1.22, _BOTTOM)]


def draw_body(s: Sketch, look: Look) -> None:
    """Shoulders and clothing, with the neckline cut out so the neck drawn with the head shows through."""
    pal = Palette.of(look)
    o, od, acc = pal.outfit, pal.outfit_shadow, pal.accent
    outfit = look.outfit
    s.polygon(_shoulders(), o)
    for side in (-1, 1):  # where the arms meet the chest
        s.line([(side * 0.82, 1.45), (side * 0.86, 1.9), (side * 0.88, 2.6)], od, 0.02)
    crew = arc(0, 0.95, 0.25, 0.13, 0, 180, 20)
    if outfit in ("tee", "sweater", "polo", "cardigan"):
        if outfit == "cardigan":
            s.polygon([(-0.3, 0.97), (0.3, 0.97), (0.34, _BOTTOM), (-0.34, _BOTTOM)], acc)
            for side in (-1, 1):
                s.line([(side * 0.3, 0.97), (side * 0.34, 2.6)], od, 0.03)
        rim = 0.05 if outfit == "sweater" else 0.03
        s.polygon(arc(0, 0.95, 0.25 + rim, 0.13 + rim, 0, 180, 20), od if outfit != "cardigan" else shade(acc, 0.85))
        s.erase([*crew, (-0.25, 0.7), (0.25, 0.7)])
        if outfit == "sweater":
            for x in steps(-0.26, 0.26, 9):
                s.line([(x, 1.0 + 0.12 * (1 - (x / 0.3) ** 2) ** 0.5), (x * 1.05, 1.05 + 0.15 * (1 - (x / 0.3) ** 2)
                                                                         ** 0.5)], shade(o, 0.7), 0.008)
            s.polygon([(-1.3, 1.75), (1.3, 1.75), (1.3, 1.85), (-1.3, 1.85)], acc)
        if outfit == "polo":
            for side in (-1, 1):
                s.polygon([(side * 0.02, 1.02), (side * 0.27, 0.86), (side * 0.34, 1.02), (side * 0.12, 1.12)], o)
                s.line([(side * 0.02, 1.02), (side * 0.12, 1.12), (side * 0.34, 1.02)], od, 0.012)
            s.line([(0, 1.05), (0, 1.35)], od, 0.012)
            for y in (1.15, 1.28):
                s.ellipse(0.03, y, 0.014, 0.014, acc)
    elif outfit == "vneck":
        s.polygon([(-0.3, 0.86), (0.3, 0.86), (0, 1.32)], od)
        s.erase([(-0.25, 0.8), (0.25, 0.8), (0, 1.26)])
    elif outfit in ("shirt", "blazer"):
        if outfit == "blazer":
            s.polygon([(-0.36, 0.94), (0.36, 0.94), (0.16, 2.4), (-0.16, 2.4)], acc)
        else:
            s.line([(0.0, 1.08), (0.0, 2.6)], od, 0.012)
            for y in (1.3, 1.6, 1.9):
                s.ellipse(0.0, y, 0.016, 0.016, shade(o, 1.2))
        s.erase([(-0.2, 0.8), (0.2, 0.8), (0.16, 0.93), (0, 1.1), (-0.16, 0.93)])
        collar = acc if outfit == "blazer" else o
        for side in (-1, 1):
            s.polygon([(side * 0.01, 1.1), (side * 0.23, 0.84), (side * 0.33, 0.99), (side * 0.16, 1.18)], collar)
            s.line([(side * 0.01, 1.1), (side * 0.16, 1.18), (side * 0.33, 0.99)], shade(collar, 0.75), 0.012)
        if outfit == "blazer":
            for side in (-1, 1):
                s.polygon([(side * 0.34, 0.95), (side * 0.5, 0.98), (side * 0.46, 1.3), (side * 0.26, 1.42),
                           (side * 0.12, 2.4), (side * 0.2, 2.4)], od)
                s.polygon([(side * 0.33, 0.96), (side * 0.16, 1.3), (side * 0.19, 1.36), (side * 0.46, 1.3)], o)
    elif outfit == "hoodie":
        s.polygon([*arc(0, 0.95, 0.42, 0.09, 180, 360, 24), *arc(0, 0.95, 0.42, 0.22, 0, 180, 24)], shade(o, 0.72))
        s.erase([*crew, (-0.25, 0.7), (0.25, 0.7)])
        for side in (-1, 1):
            s.line([(side * 0.1, 1.06), (side * 0.12, 1.5)], acc, 0.022)
            s.ellipse(side * 0.12, 1.52, 0.02, 0.03, shade(acc, 0.85))
    elif outfit == "turtleneck":
        s.polygon(superellipse(0, 0.92, 0.5, 0.28, 3.0), od)
        for x in steps(-0.2, 0.2, 7):
            s.line([(x, 0.8), (x, 1.03)], shade(o, 0.68), 0.008)
    if look.has("necklace"):
        s.line(arc(0, 0.95, 0.22, 0.17, 10, 170, 16), (222, 182, 90), 0.012)
        s.ellipse(0, 1.125, 0.025, 0.03, (222, 182, 90))


def draw_background(s: Sketch, look: Look, width_u: float, height_u: float) -> None:
    """A flat colour with a soft halo behind the head and a few confetti dots: friendly, not busy."""
    pal = Palette.of(look)
    bg = pal.background
    s.polygon([(-width_u, -height_u), (width_u, -height_u), (width_u, height_u), (-width_u, height_u)], bg)
    s.ellipse(0, 0.05, 1.05, 1.05, mix(bg, (255, 255, 255), 0.22))
    dots = mix(bg, pal.outfit, 0.35)
    for x, y, r in ((-0.95, -0.7, 0.06), (0.92, -0.5, 0.045), (-0.82, 0.55, 0.035), (1.0, 0.25, 0.07),
                    (0.7, -0.95, 0.03), (-0.6, -1.05, 0.04)):
        s.ellipse(x, y, r, r, dots)


# ---- whole portrait -----------------------------------------------------------------------------

def portrait(look: Look, size: int = PORTRAIT_SIZE) -> Image.Image:
    """The catalog portrait: the character at rest (eyes open, closed smile), ``size`` x ``size``, RGB."""
    ox, oy, unit = bust_geometry(size, size)
    s = Sketch((size, size), (ox, oy), unit)
    draw_background(s, look, ox / unit + 1, oy / unit + 2)
    draw_head(s, look)
    draw_eyes(s, look, "open")
    draw_mouth(s, look, "rest")
    body = s.blank()  # its own layer: the neckline cut-out must show the neck, not erase it
    draw_body(body, look)
    s.img.alpha_composite(body.img)
    return s.image().convert("RGB")


def write_catalog_portraits() -> list[Path]:
    """Redraw every bundled actor's portrait into ``presets/actors/`` (after editing a look)."""
    from .catalog import bundled_actors, portrait_folder

    folder = portrait_folder()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for actor in bundled_actors():
        if actor.look is not None:
            portrait(actor.look, PORTRAIT_SIZE).save(actor.portrait_path, optimize=True)
            written.append(actor.portrait_path)
    return written
