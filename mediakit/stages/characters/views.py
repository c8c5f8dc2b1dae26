"""The character seen from the front, three-quarter and profile, and its expressions; no background.

The front view and the expressions are the actor renderer's own drawing
(``actors.portraits``: head, eyes in a state, a mouth shape, body), so the
character a sheet shows is the one that later talks.  The three-quarter
view turns that drawing in perspective (the far side recedes, the near side
comes forward); the profile is drawn side-on from the same look: cranium,
brow, nose, lips and chin in outline, one eye, the ear, the hair mass
behind, the neck and the shoulder in the outfit.  Everything is RGBA on
transparency so a storyboard or a video can stand the character in a scene.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from ..actors.look import Look, Palette
from ..actors.portraits import bust_geometry, draw_body, draw_eyes, draw_head, draw_mouth
from ..actors.sketch import Sketch, arc, mix, shade

# name -> (eye state, mouth shape, brow pose): the expressions a sheet shows, in order
EXPRESSIONS: dict[str, tuple[str, str, str]] = {
    "neutral": ("open", "rest", "neutral"),
    "happy": ("open", "ee", "raised"),
    "surprised": ("open", "oh", "raised"),
    "talking": ("open", "aa", "neutral"),
    "sleepy": ("half", "mbp", "soft"),
}
VIEWS = ("front", "three-quarter", "profile")
TURN = 0.4  # where the three-quarter view puts the face's centre line, as a fraction of the width


def figure(look: Look, size: tuple[int, int], expression: str = "neutral") -> Image.Image:
    """The character facing the camera, head and shoulders, in ``expression``; RGBA, transparent around."""
    eyes, mouth, pose = EXPRESSIONS[expression]
    w, h = size
    ox, oy, unit = bust_geometry(w, h)
    s = Sketch((w, h), (ox, oy), unit)
    draw_head(s, look)
    draw_eyes(s, look, eyes, pose)
    draw_mouth(s, look, mouth)
    body = s.blank()  # its own layer: the neckline cut-out must show the neck, not erase it
    draw_body(body, look)
    s.img.alpha_composite(body.img)
    return s.image()


def head(look: Look, size: int, expression: str) -> Image.Image:
    """A square close-up of the face in ``expression`` (the sheet's expression row)."""
    big = figure(look, (size, size * 2), expression)
    ox, oy, unit = bust_geometry(size, size * 2)
    top = round(oy - unit * 0.95)
    return big.crop((0, top, size, top + size))


def three_quarter(look: Look, size: tuple[int, int]) -> Image.Image:
    """The front view turned about a third of the way towards the viewer's left.

    Two warps of the front drawing: a horizontal remap that squeezes the far
    half and widens the near half (the face's centre line, eyes and mouth
    move towards the far side and the far eye narrows, as a turned head
    foreshortens), then a perspective that makes the far side a little
    shorter than the near one.
    """
    front = figure(look, size)
    w, h = size
    # output strips -> source strips: output x in [0, TURN*w] shows source [0, w/2]
    gamma = math.log(0.5) / math.log(TURN)
    strips = 48
    mesh = []
    for k in range(strips):
        x0, x1 = round(w * k / strips), round(w * (k + 1) / strips)
        s0, s1 = w * (x0 / w) ** gamma, w * (x1 / w) ** gamma
        mesh.append(((x0, 0, x1, h), (s0, 0, s0, h, s1, h, s1, 0)))
    turned = front.transform(size, Image.Transform.MESH, mesh, Image.Resampling.BICUBIC)
    squeeze = 0.18
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    dst = [(w * 0.06, squeeze * h / 2), (w * 0.94, 0.0), (w * 0.94, h), (w * 0.06, h)]
    return turned.transform(size, Image.Transform.PERSPECTIVE, _perspective(dst, src), Image.Resampling.BICUBIC)


def profile(look: Look, size: tuple[int, int]) -> Image.Image:
    """The character side-on, facing right: head outline with brow, nose, lips and chin, eye, ear, hair, body."""
    pal = Palette.of(look)
    w, h = size
    ox, oy, unit = bust_geometry(w, h)
    s = Sketch((w, h), (ox, oy), unit)
    _profile_hair_back(s, look, pal)
    # shoulder and neck
    s.polygon([(-0.75, 6.0), *arc(-0.05, 1.62, 0.72, 0.6, 180, 360, 24), (0.67, 6.0)], pal.outfit)
    s.polygon([(-0.4, 0.02), (0.1, 0.4), (0.2, 1.05), (-0.44, 1.1)], pal.skin_shadow)
    # the face seen side-on: back of the skull, forehead, brow, nose, lips, chin, jaw
    outline = [(-0.5, -0.05), *arc(-0.02, -0.05, 0.48, 0.62, 180, 300, 14), (0.3, -0.55), (0.42, -0.3),
               (0.44, -0.12), (0.47, -0.05), (0.46, 0.02), (0.5, 0.14), (0.58, 0.22), (0.52, 0.26),
               (0.47, 0.28), (0.48, 0.33), (0.5, 0.37), (0.47, 0.41), (0.48, 0.46), (0.44, 0.54),
               (0.36, 0.6), (0.18, 0.6), (0.02, 0.5), (-0.1, 0.34), (-0.22, 0.22), (-0.34, 0.14), (-0.48, 0.08)]
    s.polygon(outline, pal.skin)
    s.line([(0.47, 0.37), (0.41, 0.37)], shade(pal.lips, 0.6), 0.014)
    s.soft(lambda t: t.polygon([(0.48, 0.3), (0.5, 0.36), (0.47, 0.37), (0.44, 0.31)], pal.lips), 0.005, 0.9)
    s.ellipse(-0.12, 0.05, 0.075, 0.12, pal.skin_shadow)  # ear
    s.ellipse(-0.115, 0.055, 0.035, 0.07, pal.skin_deep)
    s.ellipse(0.3, 0.03, 0.05, 0.04, (255, 255, 255))  # eye
    s.ellipse(0.33, 0.035, 0.026, 0.03, pal.eyes)
    s.line(arc(0.3, 0.03, 0.06, 0.045, 200, 340, 8), (43, 31, 32), 0.016)
    s.line([(0.22, -0.1), (0.3, -0.13), (0.4, -0.11)], pal.brows, 0.03)
    if look.has("beard"):
        s.polygon([(-0.04, 0.12), (0.1, 0.4), (0.4, 0.46), (0.46, 0.55), (0.36, 0.64), (0.14, 0.64),
                   (-0.02, 0.5), (-0.16, 0.36)], pal.beard)
    if look.has("round-glasses"):  # a round lens stays round side-on: a ring, its arm back to the ear
        s.ring(0.32, 0.035, 0.085, 0.085, (176, 128, 60), 0.016)
        s.line([(0.235, 0.02), (-0.1, 0.0)], (176, 128, 60), 0.014)
    elif look.has("glasses"):
        s.line([(0.24, -0.02), (0.4, -0.02), (0.4, 0.09), (0.24, 0.09), (0.24, -0.02)], (40, 36, 40), 0.018)
        s.line([(0.24, 0.01), (-0.1, 0.0)], (40, 36, 40), 0.016)
    _profile_hair_top(s, look, pal)
    return s.image()


_LONG_HAIR = {"long": 1.35, "wavy": 1.35, "braids": 1.4, "bob": 0.55}


def _profile_hair_back(s: Sketch, look: Look, pal: Palette) -> None:
    """What the hair does behind the head: falls to the shoulders, a bun, a ponytail, or a curly mass."""
    style = look.hair
    if style in _LONG_HAIR:
        bottom = _LONG_HAIR[style]
        s.polygon([(-0.1, -0.3), (-0.56, -0.2), (-0.62, 0.4), (-0.6, bottom), (-0.12, bottom - 0.1),
                   (-0.02, 0.2)], pal.hair)
    elif style == "bun":
        s.ellipse(-0.52, -0.42, 0.2, 0.2, pal.hair)
    elif style == "ponytail":
        s.polygon([(-0.46, -0.3), (-0.62, -0.22), (-0.78, 0.3), (-0.7, 0.85), (-0.58, 0.3), (-0.42, -0.1)],
                  pal.hair)
    elif style in ("curly", "afro"):
        big = 0.18 if style == "afro" else 0.13
        for x, y in arc(-0.08, -0.12, 0.52 + big, 0.6 + big, 120, 300, 12):
            s.ellipse(x, y, big + 0.05, big + 0.05, pal.hair)


def _profile_hair_top(s: Sketch, look: Look, pal: Palette) -> None:
    """The hair over the skull: a cap from the nape over the crown to a hairline above the brow."""
    if look.hair == "bald":
        s.polygon([(-0.5, -0.1), (-0.36, -0.12), (-0.3, 0.12), (-0.46, 0.14)], pal.hair)
        return
    colour = mix(pal.hair, pal.skin, 0.3) if look.hair == "buzz" else pal.hair
    crown = arc(-0.03, -0.06, 0.51, 0.65, 175, 305, 18)
    hairline = [(0.36, -0.42), (0.3, -0.36), (0.16, -0.3), (0.04, -0.22), (-0.04, -0.08), (-0.02, 0.06),
                (-0.2, -0.04), (-0.36, 0.1), (-0.5, 0.12)]
    s.polygon([*crown, *hairline], colour)


def view(look: Look, name: str, size: tuple[int, int]) -> Image.Image:
    """One of ``VIEWS`` by name."""
    if name == "front":
        return figure(look, size)
    if name == "three-quarter":
        return three_quarter(look, size)
    return profile(look, size)


def _perspective(dst: Sequence[tuple[float, float]], src: Sequence[tuple[float, float]]) -> tuple[float, ...]:
    """The 8 coefficients Pillow's PERSPECTIVE transform needs to map output points ``dst`` to source ``src``."""
    import numpy as np

    rows = []
    for (x, y), (u, v) in zip(dst, src, strict=True):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    a = np.array(rows, dtype=float)
    b = np.array([c for point in src for c in point], dtype=float)
    return tuple(float(c) for c in np.linalg.solve(a, b))
