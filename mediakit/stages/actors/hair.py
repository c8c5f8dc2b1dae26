"""Hair: the part behind the head (and neck), and the hairline, fringe or parting over the forehead."""

from __future__ import annotations

import math
from collections.abc import Iterable

from .look import Look, Palette
from .sketch import RGB, Point, Sketch, arc, mix, steps, superellipse


def _cap(cx: float = 0.0, cy: float = -0.04, rx: float = 0.56, ry: float = 0.72, bottom: float = -0.02) -> list[Point]:
    """Upper half of an ellipse around the cranium, closed at ``bottom``."""
    pts = arc(cx, cy, rx, ry, 180, 360, 40)
    return [(pts[0][0], bottom), *pts, (pts[-1][0], bottom)]


def _cloud(s: Sketch, centres: Iterable[Point], r: float, color: RGB) -> None:
    for x, y in centres:
        s.ellipse(x, y, r, r, color)


def hair_back(s: Sketch, look: Look, pal: Palette) -> None:
    """Hair that lies behind the face and neck."""
    h, hs = pal.hair, pal.hair_shadow
    style = look.hair
    if style in ("short", "side_part", "pixie", "receding"):
        s.polygon(_cap(rx=0.56, ry=0.74 if style == "side_part" else 0.72), h)
    elif style == "buzz":
        s.polygon(_cap(rx=0.53, ry=0.67), mix(h, pal.skin, 0.25))
    elif style == "bald":
        for side in (-1, 1):
            s.polygon(superellipse(side * 0.46, -0.08, 0.12, 0.3, 2.0), h)
    elif style in ("curly", "afro"):
        big = style == "afro"
        rx, ry, cy = (0.8, 0.74, -0.22) if big else (0.6, 0.7, -0.12)
        s.ellipse(0, cy, rx - 0.08, ry - 0.08, h)
        _cloud(s, arc(0, cy, rx - 0.06, ry - 0.06, 150, 390, 16), 0.15 if big else 0.12, h)
        if not big:
            _cloud(s, [(-0.5, 0.12), (0.5, 0.12), (-0.52, 0.26), (0.52, 0.26)], 0.11, h)
    elif style == "bob":
        pts = arc(0, -0.02, 0.63, 0.76, 180, 360, 40)
        s.polygon([(-0.64, 0.5), *pts, (0.64, 0.5), (0.5, 0.56), (-0.5, 0.56)], h)
    elif style in ("long", "wavy", "braids"):
        top = arc(0, -0.02, 0.62, 0.76, 180, 360, 40)
        if style == "wavy":
            right = [(0.64 + 0.05 * math.sin(y * 9 + 1), y) for y in steps(0.0, 1.42, 14)]
            left = [(-0.64 - 0.05 * math.sin(y * 9), y) for y in steps(1.42, 0.0, 14)]
        else:
            right = [(0.63 + 0.08 * y, y) for y in steps(0.0, 1.45, 6)]
            left = [(-0.63 - 0.08 * y, y) for y in steps(1.45, 0.0, 6)]
        s.polygon([*top, *right, *left], h)
        if style == "braids":
            for side in (-1, 1):
                for k in range(7):
                    y = 0.35 + k * 0.15
                    s.ellipse(side * (0.6 + 0.05 * y), y, 0.09, 0.085, hs)
                    s.ellipse(side * (0.6 + 0.05 * y), y, 0.07, 0.06, h)
    elif style == "ponytail":
        s.polygon(_cap(rx=0.55, ry=0.71), h)
        s.polygon([(0.38, -0.35), (0.62, -0.3), (0.78, 0.05), (0.76, 0.55), (0.62, 0.9), (0.58, 0.45),
                   (0.5, 0.0)], h)
        s.line([(0.66, -0.2), (0.72, 0.3), (0.64, 0.75)], hs, 0.02)
    elif style == "bun":
        s.polygon(_cap(rx=0.54, ry=0.7), h)
        s.ellipse(0, -0.8, 0.22, 0.19, h)
        s.line(arc(0, -0.8, 0.13, 0.1, 200, 340, 8), hs, 0.02)


def hair_front(s: Sketch, look: Look, pal: Palette) -> None:
    """Hair over the forehead: the hairline, fringe or parting that gives each style its face."""
    h, hs = pal.hair, pal.hair_shadow
    style = look.hair
    outer = arc(0, -0.04, 0.56, 0.72, 185, 355, 36)
    if style == "short":
        line = [(0.5, -0.1), (0.45, -0.28), (0.3, -0.38), (0.08, -0.43), (-0.18, -0.41), (-0.38, -0.33),
                (-0.5, -0.12)]
        s.polygon([*outer, *line], h)
        s.line([(-0.12, -0.42), (0.04, -0.5), (0.22, -0.52)], hs, 0.018)
    elif style == "buzz":
        line = [(0.5, -0.12), (0.42, -0.33), (0.2, -0.44), (-0.2, -0.44), (-0.42, -0.33), (-0.5, -0.12)]
        s.polygon([*arc(0, -0.04, 0.53, 0.67, 185, 355, 36), *line], mix(h, pal.skin, 0.25))
    elif style == "receding":
        line = [(0.5, -0.12), (0.44, -0.4), (0.3, -0.44), (0.15, -0.54), (0.0, -0.56), (-0.15, -0.54),
                (-0.3, -0.44), (-0.44, -0.4), (-0.5, -0.12)]
        s.polygon([*outer, *line], h)
    elif style == "side_part":
        out = arc(0, -0.04, 0.57, 0.76, 185, 355, 36)
        line = [(0.5, -0.1), (0.46, -0.3), (0.3, -0.4), (0.05, -0.44), (-0.16, -0.48), (-0.24, -0.56),
                (-0.3, -0.44), (-0.44, -0.32), (-0.5, -0.12)]
        s.polygon([*out, *line], h)
        s.line([(-0.2, -0.56), (0.1, -0.66), (0.38, -0.6)], hs, 0.02)
    elif style == "pixie":
        line = [(0.5, -0.12), (0.46, -0.3), (0.34, -0.22), (0.12, -0.26), (-0.1, -0.3), (-0.3, -0.32),
                (-0.42, -0.24), (-0.5, -0.1)]
        s.polygon([*outer, *line], h)
        s.line([(-0.3, -0.42), (0.05, -0.38), (0.3, -0.3)], hs, 0.018)
    elif style in ("curly", "afro"):
        big = style == "afro"
        cy = -0.22 if big else -0.12
        line = arc(0, -0.05, 0.44, 0.38 if big else 0.36, 195, 345, 10)
        s.polygon([*arc(0, cy, (0.72 if big else 0.52), (0.66 if big else 0.62), 185, 355, 30), *line[::-1]], h)
        _cloud(s, line, 0.07 if big else 0.065, h)
        for x, y in arc(0, cy, 0.45 if big else 0.34, 0.4 if big else 0.36, 200, 340, 6):
            s.line(arc(x, y, 0.05, 0.04, 180, 330, 6), hs, 0.014)
    elif style == "bob":
        out = arc(0, -0.02, 0.63, 0.76, 185, 355, 36)
        line = [(0.56, 0.2), (0.5, -0.1), (0.44, -0.24), (0.2, -0.26), (-0.2, -0.26), (-0.44, -0.24),
                (-0.5, -0.1), (-0.56, 0.2)]
        s.polygon([(-0.63, 0.2), *out, (0.63, 0.2), *line], h)
        for x in (-0.3, -0.1, 0.1, 0.3):
            s.line([(x * 1.1, -0.52), (x, -0.28)], hs, 0.014)
    elif style in ("long", "wavy", "braids"):
        out = arc(0, -0.02, 0.62, 0.76, 185, 355, 36)
        part = 0.0 if style != "wavy" else -0.12
        right = [(0.62, 0.55), (0.52, 0.5), (0.5, 0.1), (0.46, -0.2), (0.3, -0.4), (part + 0.05, -0.52)]
        left = [(part - 0.05, -0.52), (-0.3, -0.38), (-0.46, -0.18), (-0.5, 0.1), (-0.52, 0.5), (-0.62, 0.55)]
        s.polygon([(-0.63, 0.55), *out, *right, (part, -0.6), *left], h)
        s.line([(part, -0.62), (part - 0.02, -0.74)], hs, 0.016)
    elif style == "ponytail":
        line = [(0.5, -0.12), (0.44, -0.34), (0.22, -0.46), (0.0, -0.48), (-0.22, -0.46), (-0.44, -0.34),
                (-0.5, -0.12)]
        s.polygon([*arc(0, -0.04, 0.55, 0.71, 185, 355, 36), *line], h)
        for x in (-0.2, 0.0, 0.2):
            s.line([(x, -0.47), (x * 0.7 + 0.12, -0.7)], hs, 0.014)
    elif style == "bun":
        line = [(0.5, -0.12), (0.44, -0.34), (0.22, -0.47), (0.0, -0.49), (-0.22, -0.47), (-0.44, -0.34),
                (-0.5, -0.12)]
        s.polygon([*arc(0, -0.04, 0.54, 0.7, 185, 355, 36), *line], h)
        for x in (-0.24, 0.0, 0.24):
            s.line([(x, -0.48), (x * 0.4, -0.72)], hs, 0.014)
