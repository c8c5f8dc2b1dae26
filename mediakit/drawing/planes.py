"""Settings drawn as planes, not stickers: a lake, a river, a field, a canyon, a desert, polar ice.

A prompt's place is often a stretch of ground or water that no emoji shows
as a thing ("a boat on a calm lake", "a fox crossing a river", "a horse in a
field"): drawn as a sticker it would float in front of the sky; drawn as the
coarse setting (``motifs.SETTINGS``: sea, land, city) a lake becomes an open
sea and a field a mountain range.  Each plane here is layered shapes under
the scene's sky, lit by the time of day, and says where things stand
(``ground``) and where boats float (``water``).
"""

from __future__ import annotations

import math
import random

from .motifs import RGB, Canvas, Palette, mix

# plane -> the words that name it; the first the prompt names wins over the coarse setting
PLANES: dict[str, tuple[str, ...]] = {
    "lake": ("lake", "lakes", "pond", "ponds", "lagoon", "reservoir", "lakeside", "loch"),
    "river": ("river", "rivers", "stream", "streams", "creek", "brook", "canal", "riverbank", "riverside"),
    "field": ("field", "fields", "meadow", "meadows", "pasture", "pastures", "farmland", "prairie", "savanna",
              "savannah", "grassland", "grasslands", "lawn", "park", "countryside", "farm", "orchard"),
    "canyon": ("canyon", "canyons", "gorge", "ravine", "valley", "valleys", "mesa"),
    "desert": ("desert", "deserts", "dunes", "dune", "sahara"),
    "ice": ("iceberg", "icebergs", "glacier", "glaciers", "arctic", "antarctic", "antarctica", "polar", "tundra",
            "floe", "floes", "icefield"),
}
# plane -> (the ground line things stand on, the water line boats float on), fractions of the height
LINES: dict[str, tuple[float, float | None]] = {
    "lake": (0.95, 0.8), "river": (0.93, 0.76), "field": (0.86, None), "canyon": (0.88, None),
    "desert": (0.86, None), "ice": (0.93, 0.8),
}
_INDEX = {word: plane for plane, words in PLANES.items() for word in words}


def plane_for(words: list[str]) -> str | None:
    """The plane the first of ``words`` that names one names, else None."""
    return next((_INDEX[w] for w in words if w in _INDEX), None)


def draw_plane(plane: str, c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """Draw ``plane`` on ``c`` (under a sky already drawn)."""
    drawers = {"lake": _lake, "river": _river, "field": _field, "canyon": _canyon, "desert": _desert, "ice": _ice}
    drawers[plane](c, pal, rng, sun)


def lit(colour: RGB, pal: Palette) -> RGB:
    """``colour`` in the scene's light: tinted by it, and darkened as the sky darkens (night, dusk)."""
    top = pal.mid
    dark = max(0.0, 0.62 - (0.3 * top[0] + 0.59 * top[1] + 0.11 * top[2]) / 255)
    return mix(mix(colour, pal.light, 0.18), (8, 10, 30), dark)


def _hills(c: Canvas, pal: Palette, rng: random.Random, base: float, colour: RGB) -> None:
    """Low rolling hills along ``base``, hazed toward the sky."""
    phase = rng.uniform(0, math.tau)
    points = [(x / 30, base - 0.03 - 0.025 * (1 + math.sin(phase + x / 30 * math.tau * 1.3))) for x in range(31)]
    c.poly([(0.0, 1.0), *points, (1.0, 1.0)], fill=(*mix(lit(colour, pal), pal.bottom, 0.45), 255))


def _treeline(c: Canvas, pal: Palette, rng: random.Random, y: float) -> None:
    """A far line of tree crowns along ``y``."""
    green = mix(lit((52, 98, 60), pal), pal.bottom, 0.25)
    x = -0.02
    while x < 1.02:
        r = rng.uniform(0.018, 0.032)
        c.ellipse(x, y - r * 0.5, r, r * 1.2, fill=(*green, 255))
        x += r * 1.3
    c.rect(0.0, y - 0.004, 1.0, y + 0.02, fill=(*green, 255))


def _water(c: Canvas, pal: Palette, rng: random.Random, y0: float, y1: float) -> None:
    """Calm water between ``y0`` and ``y1``: the sky's colours mirrored, and soft ripples of light."""
    steps = 8
    for k in range(steps):
        t = k / steps
        colour = mix(mix(pal.bottom, pal.top, t), (40, 90, 130), 0.35)
        c.rect(0.0, y0 + (y1 - y0) * t, 1.0, y0 + (y1 - y0) * (t + 1 / steps) + 0.002, fill=(*colour, 255))
    for _ in range(14):
        x, y = rng.uniform(0.05, 0.95), rng.uniform(y0 + 0.01, y1 - 0.01)
        half = rng.uniform(0.03, 0.09)
        c.rect(x - half, y, x + half, y + 0.003, fill=(*pal.light, 110), radius=0.0015)


def _lake(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """A calm lake held by land: hills and a wooded far shore, the water, a grassy near bank."""
    c.ellipse(sun[0], sun[1], 0.09, 0.09, fill=(*pal.light, 230))
    _hills(c, pal, rng, 0.56, (84, 120, 96))
    _treeline(c, pal, rng, 0.58)
    _water(c, pal, rng, 0.595, 0.9)
    bank = lit((98, 150, 78), pal)
    points = [(x / 20, 0.895 + 0.012 * math.sin(x / 20 * math.tau + 1.0)) for x in range(21)]
    c.poly([(0.0, 1.0), *points, (1.0, 1.0)], fill=(*bank, 255))


def _river(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """A river across the land: hills, a far meadow, the band of water curving across, the near bank."""
    c.ellipse(sun[0], sun[1], 0.09, 0.09, fill=(*pal.light, 230))
    _hills(c, pal, rng, 0.56, (84, 120, 96))
    c.rect(0.0, 0.56, 1.0, 1.0, fill=(*lit((112, 160, 84), pal), 255))
    _treeline(c, pal, rng, 0.6)
    top = [(x / 30, 0.68 + 0.02 * math.sin(x / 30 * math.tau * 0.8)) for x in range(31)]
    bottom = [(x / 30, 0.79 + 0.025 * math.sin(x / 30 * math.tau * 0.8 + 0.4)) for x in range(30, -1, -1)]
    c.poly([*top, *bottom], fill=(*mix(mix(pal.top, pal.bottom, 0.5), (40, 96, 140), 0.45), 255))
    for x in (0.12, 0.38, 0.62, 0.86):  # the current's light
        y = 0.735 + 0.02 * math.sin(x * math.tau * 0.8)
        c.rect(x - 0.06, y, x + 0.06, y + 0.004, fill=(*pal.light, 120), radius=0.002)
    c.poly([*[(x, y + 0.006) for x, y in reversed(bottom)], (1.0, 1.0), (0.0, 1.0)],
           fill=(*lit((96, 148, 72), pal), 255))


def _field(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """Open grass land: far hills and trees, the field in two greens, strokes of grass in front."""
    c.ellipse(sun[0], sun[1], 0.1, 0.1, fill=(*pal.light, 230))
    _hills(c, pal, rng, 0.6, (96, 136, 92))
    _treeline(c, pal, rng, 0.62)
    grass, near = lit((126, 176, 82), pal), lit((100, 156, 66), pal)
    c.rect(0.0, 0.625, 1.0, 1.0, fill=(*grass, 255))
    points = [(x / 20, 0.74 + 0.02 * math.sin(x / 20 * math.tau * 0.6 + 2.0)) for x in range(21)]
    c.poly([(0.0, 1.0), *points, (1.0, 1.0)], fill=(*near, 255))
    blade = mix(near, (40, 80, 30), 0.35)
    for _ in range(90):
        x, y = rng.uniform(0, 1), rng.uniform(0.76, 1.0)
        tall = 0.01 + 0.02 * (y - 0.76) / 0.24
        c.poly([(x - 0.003, y), (x + rng.uniform(-0.008, 0.008), y - tall), (x + 0.003, y)], fill=(*blade, 255))


def _canyon(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """A canyon: a far mesa, two banded red-rock walls rising at the sides, a sandy floor between them."""
    rock, shade = lit((196, 104, 64), pal), lit((150, 70, 48), pal)
    c.poly([(0.25, 0.62), (0.32, 0.5), (0.6, 0.49), (0.68, 0.62)], fill=(*mix(rock, pal.bottom, 0.4), 255))
    c.rect(0.0, 0.62, 1.0, 1.0, fill=(*lit((222, 170, 112), pal), 255))
    for side in (0, 1):
        def x(v: float, side: int = side) -> float:
            return v if side == 0 else 1.0 - v
        wall = [(x(0.0), 0.22), (x(0.2), 0.26), (x(0.24), 0.44), (x(0.3), 0.5), (x(0.33), 0.74), (x(0.4), 0.8),
                (x(0.4), 1.0), (x(0.0), 1.0)]
        c.poly(wall, fill=(*(rock if side else shade), 255))
        for k in range(6):  # strata
            y = 0.3 + k * 0.11
            c.rect(min(x(0.0), x(0.22 + 0.02 * k)), y, max(x(0.0), x(0.22 + 0.02 * k)), y + 0.008,
                   fill=(*mix(shade, (60, 30, 30), 0.3), 140))


def _desert(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """Sand dunes in the sun, lit on one side."""
    c.ellipse(sun[0], sun[1], 0.12, 0.12, fill=(*pal.light, 240))
    for layer in range(3):
        base = 0.6 + layer * 0.11
        sand = lit(mix((236, 196, 130), (196, 140, 84), layer / 2), pal)
        phase = rng.uniform(0, math.tau)
        points = [(x / 30, base - 0.04 * abs(math.sin(phase + x / 30 * math.pi * 2))) for x in range(31)]
        c.poly([(0.0, 1.0), *points, (1.0, 1.0)], fill=(*sand, 255))


def _ice(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """Polar ice: a cold sea to the horizon with far icebergs, and a shelf of snow and ice in front."""
    c.rect(0.0, 0.58, 1.0, 1.0, fill=(*mix(lit((40, 84, 120), pal), pal.bottom, 0.3), 255))
    ice, shade = lit((236, 244, 250), pal), lit((170, 206, 228), pal)
    for x, w, h in ((0.2, 0.16, 0.1), (0.62, 0.22, 0.14), (0.9, 0.1, 0.06)):  # far bergs, lit on the left
        c.poly([(x - w / 2, 0.585), (x - w / 5, 0.585 - h), (x + w / 6, 0.585 - h * 0.8), (x + w / 2, 0.585)],
               fill=(*ice, 255))
        c.poly([(x, 0.585 - h * 0.9), (x + w / 6, 0.585 - h * 0.8), (x + w / 2, 0.585), (x + w / 10, 0.585)],
               fill=(*shade, 255))
    for _ in range(8):  # floes
        x, y = rng.uniform(0.05, 0.95), rng.uniform(0.64, 0.76)
        c.ellipse(x, y, rng.uniform(0.03, 0.07), 0.008, fill=(*ice, 220))
    points = [(x / 20, 0.82 + 0.02 * math.sin(x / 20 * math.tau * 1.5 + 0.7)) for x in range(21)]
    c.poly([(0.0, 1.0), *points, (1.0, 1.0)], fill=(*ice, 255))
    c.poly([*points, *[(x, y + 0.025) for x, y in reversed(points)]], fill=(*shade, 255))
