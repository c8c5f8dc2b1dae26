"""Scene motifs the local designer draws from a prompt's words: a setting and a subject, in the prompt's palette.

A prompt such as "a glass serum bottle on a beach at sunset" reads as a
*setting* (sea, land, city, or a studio sweep when none is named) and a
*subject* (bottle, jar, mug, can, box, phone, laptop, person, bowl, or none).
Both are drawn as flat, layered vector shapes (the look of a poster
illustration, not an attempt at a photo), so the picture visibly answers the
prompt without pretending to be a model's output.

Shapes are drawn on a supersampled canvas and scaled down (Pillow draws
polygons without anti-aliasing); glows are drawn small and scaled up, which
is both smooth and cheap at 2K.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

RGB = tuple[int, int, int]

# setting -> words that name it; the setting named most (first on ties) wins, else "studio" (the planes of
# ``planes.py`` are drawn for the scenes; their words are here too, so the ambience and posters follow them)
SETTINGS: dict[str, tuple[str, ...]] = {
    "sea": ("ocean", "sea", "beach", "wave", "waves", "surf", "water", "lake", "island", "coast", "shore",
            "summer", "pool", "river", "harbor", "harbour", "boat", "sail", "cliff", "cliffs", "pond", "lagoon",
            "stream", "creek", "canal", "iceberg", "glacier", "arctic", "antarctic", "polar"),
    "land": ("mountain", "mountains", "hike", "hiking", "nature", "forest", "desert", "field", "valley",
             "landscape", "travel", "adventure", "camping", "hill", "hills", "sunset", "sunrise", "outdoor",
             "outdoors", "park", "garden", "countryside", "trail", "meadow", "pasture", "prairie", "savanna",
            "savannah", "grassland", "farm", "farmland", "canyon", "gorge", "ravine", "dunes", "lawn"),
    "city": ("city", "urban", "street", "night", "neon", "skyline", "downtown", "building", "buildings",
             "office", "rooftop", "traffic", "nyc", "tokyo", "london", "paris"),
}
# subject -> words that name it; the first subject the prompt names wins
SUBJECTS: dict[str, tuple[str, ...]] = {
    "bottle": ("bottle", "serum", "perfume", "skincare", "shampoo", "lotion", "oil", "wine", "fragrance",
               "dropper", "spray"),
    "jar": ("jar", "cream", "moisturizer", "balm", "candle", "honey", "jam"),
    "mug": ("coffee", "cup", "mug", "tea", "latte", "espresso", "cappuccino", "matcha"),
    "can": ("can", "soda", "drink", "energy", "beer", "juice", "beverage", "seltzer"),
    "box": ("box", "package", "gift", "parcel", "delivery", "unboxing", "product", "launch"),
    "phone": ("phone", "app", "smartphone", "mobile", "iphone", "android", "notification", "social"),
    "laptop": ("laptop", "computer", "software", "saas", "dashboard", "code", "coding", "startup", "website",
               "desk", "work"),
    "person": ("person", "woman", "man", "girl", "boy", "people", "face", "portrait", "selfie", "influencer",
               "creator", "character", "she", "he", "friend", "customer", "model"),
    "bowl": ("food", "salad", "meal", "bowl", "breakfast", "lunch", "dinner", "fruit", "recipe", "kitchen",
             "cook", "cooking", "ramen", "soup", "smoothie"),
    "watch": ("watch", "watches", "clock", "timepiece", "smartwatch", "jewelry", "jewellery", "ring", "luxury"),
}
# on a studio sweep with no subject named, an orb on the podium gives the picture its focal point
STUDIO_SUBJECT = "orb"


@dataclass(frozen=True)
class Palette:
    """The colours of one picture: sky (top/bottom), accent, and derived light, deep and ink tones."""

    top: RGB
    bottom: RGB
    accent: RGB

    @property
    def light(self) -> RGB:
        return mix(self.accent, (255, 255, 255), 0.55)

    @property
    def deep(self) -> RGB:
        return mix(self.bottom, (0, 0, 0), 0.45)

    @property
    def mid(self) -> RGB:
        return mix(self.top, self.bottom, 0.5)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def words_of(prompt: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Za-z]+", prompt)]


def setting_for(prompt: str) -> str:
    """``sea``, ``land``, ``city`` or ``studio``: the setting the prompt names most (earliest on ties)."""
    words = words_of(prompt)
    best, best_key = "studio", (0, 0)
    for name, keys in SETTINGS.items():
        hits = [i for i, w in enumerate(words) if w in keys]
        if hits and (len(hits), -hits[0]) > best_key:
            best, best_key = name, (len(hits), -hits[0])
    return best


def subject_for(prompt: str) -> str | None:
    """The first subject the prompt names, or None."""
    for word in words_of(prompt):
        for name, keys in SUBJECTS.items():
            if word in keys:
                return name
    return None


def gradient(size: tuple[int, int], top: RGB, bottom: RGB, *, angle_deg: float = 0.0) -> Image.Image:
    """A linear gradient from ``top`` to ``bottom``, tilted by ``angle_deg`` (0 = vertical)."""
    w, h = size
    diag = math.ceil(math.hypot(w, h))
    ramp = Image.linear_gradient("L").resize((diag, diag))
    if angle_deg:
        ramp = ramp.rotate(angle_deg, resample=Image.Resampling.BILINEAR, expand=False)
    ramp = ramp.crop(((diag - w) // 2, (diag - h) // 2, (diag - w) // 2 + w, (diag - h) // 2 + h))
    return Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), ramp).convert("RGBA")


def glow(size: tuple[int, int], spots: list[tuple[float, float, float, RGB, int]]) -> Image.Image:
    """Soft light: ``(cx, cy, r, colour, alpha)`` discs (fractions of the frame) blurred into each other."""
    w, h = size
    sw, sh = max(8, w // 8), max(8, h // 8)
    small = Image.new("RGBA", (sw, sh), (0, 0, 0, 0))
    d = ImageDraw.Draw(small)
    unit = min(sw, sh)
    for cx, cy, r, color, alpha in spots:
        rr = r * unit
        d.ellipse((cx * sw - rr, cy * sh - rr, cx * sw + rr, cy * sh + rr), fill=(*color, alpha))
    return small.filter(ImageFilter.GaussianBlur(unit * 0.12)).resize(size, Image.Resampling.BICUBIC)


class Canvas:
    """A supersampled RGBA drawing surface in unit coordinates (fractions of width and height)."""

    def __init__(self, size: tuple[int, int], scale: int, *, blend: bool = False) -> None:
        """``blend``: a translucent shape is laid over what is drawn below it (a shadow on a wall) instead of
        replacing it (a translucent shape on a layer of its own)."""
        self.size = size
        self.scale = scale
        self.blend = blend
        self.img = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)
        self.w, self.h = self.img.size
        self.u = min(self.w, self.h)

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return x * self.w, y * self.h

    def poly(self, points: list[tuple[float, float]], fill: tuple[int, ...]) -> None:
        self._paint("polygon", [self.xy(x, y) for x, y in points], fill=fill)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: tuple[int, ...] | None = None,
                outline: tuple[int, ...] | None = None, width: float = 0.0) -> None:
        """An ellipse centred at (cx, cy) (fractions of the frame), radii as fractions of the shorter side."""
        x, y = self.xy(cx, cy)
        self._paint("ellipse", [(x - rx * self.u, y - ry * self.u), (x + rx * self.u, y + ry * self.u)], fill=fill,
                    outline=outline, width=max(0, round(width * self.u)))

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: tuple[int, ...], radius: float = 0.0) -> None:
        self._paint("rounded_rectangle", [self.xy(x0, y0), self.xy(x1, y1)], radius=radius * self.u, fill=fill)

    def _paint(self, shape: str, points: list[tuple[float, float]], **style: Any) -> None:
        """Draw ``shape`` through ImageDraw; on a blending canvas a translucent one is drawn on a patch of its
        bounds and composited (ImageDraw replaces an RGBA image's pixels, alpha included)."""
        colours = [style.get("fill"), style.get("outline")]
        if not self.blend or all(c is None or len(c) < 4 or c[3] == 255 for c in colours):
            getattr(self.draw, shape)(points, **style)
            return
        pad = int(style.get("width", 0)) + 2
        x0, y0 = max(0, int(min(x for x, _ in points)) - pad), max(0, int(min(y for _, y in points)) - pad)
        x1, y1 = min(self.w, int(max(x for x, _ in points)) + pad), min(self.h, int(max(y for _, y in points)) + pad)
        if x1 <= x0 or y1 <= y0:
            return
        patch = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
        getattr(ImageDraw.Draw(patch), shape)([(x - x0, y - y0) for x, y in points], **style)
        self.img.alpha_composite(patch, (x0, y0))

    def result(self) -> Image.Image:
        """The drawing at its size: each ``scale`` x ``scale`` block averaged (as smooth as a Lanczos resize for
        flat shapes, at a quarter of its cost)."""
        if self.scale == 1:
            return self.img
        return self.img.reduce(self.scale)


# ---- settings ---------------------------------------------------------------------------------------------------

# a setting's painter: it draws on a canvas over the sky, in the palette, around the sun's (x, y)
Drawer = Callable[[Canvas, Palette, random.Random, tuple[float, float]], None]


def draw_setting(setting: str, size: tuple[int, int], pal: Palette, rng: random.Random,
                 drawer: Drawer | None = None) -> Image.Image:
    """The backdrop: sky gradient, light, and the setting's layered shapes (``drawer``'s when given: a plane of
    ``planes.py``); returns RGBA of ``size``."""
    img = gradient(size, pal.top, pal.bottom, angle_deg=rng.uniform(-12, 12))
    sun = (rng.uniform(0.25, 0.75), rng.uniform(0.18, 0.38))
    img.alpha_composite(glow(size, [(sun[0], sun[1], 0.55, pal.light, 150),
                                    (rng.uniform(0, 1), rng.uniform(0.5, 1), 0.7, pal.accent, 70)]))
    canvas = Canvas(size, 2 if max(size) <= 1600 else 1)
    (drawer or SETTING_DRAWERS.get(setting, _studio))(canvas, pal, rng, sun)
    img.alpha_composite(canvas.result())
    return img


def _studio(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """A studio sweep: a floor curve, a backdrop arch and a few bold geometric accents."""
    c.ellipse(0.5, 1.25, 1.1, 0.62, fill=(*mix(pal.bottom, pal.accent, 0.18), 255))
    c.ellipse(0.5, 0.5, 0.34, 0.34, fill=(*pal.light, 46))
    for _ in range(3):
        r = rng.uniform(0.04, 0.09)
        cx, cy = rng.choice((rng.uniform(0.08, 0.3), rng.uniform(0.7, 0.92))), rng.uniform(0.12, 0.6)
        if rng.random() < 0.5:
            c.ellipse(cx, cy, r, r, outline=(*pal.light, 150), width=0.008)
        else:
            c.rect(cx - r, cy - r * 0.35, cx + r, cy + r * 0.35, fill=(*pal.accent, 120), radius=r * 0.35)
    for i in range(5):  # a dotted grid accent
        for j in range(3):
            c.ellipse(0.08 + i * 0.03, 0.82 + j * 0.03, 0.004, 0.004, fill=(*pal.light, 120))


def _land(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """Sun disc and three ridges of mountains fading into the distance (aerial perspective)."""
    c.ellipse(sun[0], sun[1], 0.11, 0.11, fill=(*pal.light, 235))
    for layer in range(3):
        base = 0.55 + layer * 0.12
        color = mix(pal.mid, pal.deep, 0.3 + layer * 0.3)
        points = [(0.0, 1.0), (0.0, base)]
        x = 0.0
        while x < 1.0:
            x = min(1.0, x + rng.uniform(0.12, 0.28))
            peak = base - rng.uniform(0.08, 0.22) * (1.0 - layer * 0.25)
            points += [(x - rng.uniform(0.05, 0.1), peak), (x, base - rng.uniform(0.0, 0.05))]
        points += [(1.0, base), (1.0, 1.0)]
        c.poly(points, fill=(*color, 255))


def _sea(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """Sun over a horizon, its reflection as broken stripes, and rolling swells in front."""
    horizon = 0.58
    c.ellipse(sun[0], horizon - 0.1, 0.12, 0.12, fill=(*pal.light, 240))
    c.rect(0.0, horizon, 1.0, 1.0, fill=(*mix(pal.bottom, pal.deep, 0.3), 255))
    for k in range(9):  # glitter path under the sun
        y = horizon + 0.015 + k * 0.03
        half = 0.09 * (1 - k / 12) * rng.uniform(0.6, 1.0)
        c.rect(sun[0] - half, y, sun[0] + half, y + 0.008, fill=(*pal.light, 170 - k * 12), radius=0.004)
    for layer in range(3):
        y0 = 0.74 + layer * 0.09
        color = mix(pal.mid, pal.deep, 0.15 + layer * 0.3)
        phase, amp = rng.uniform(0, math.tau), 0.015 + layer * 0.006
        points = [(0.0, 1.0)] + [(x / 40, y0 + amp * math.sin(phase + x / 40 * math.tau * 2.2)) for x in range(41)]
        c.poly([*points, (1.0, 1.0)], fill=(*color, 255))


def _city(c: Canvas, pal: Palette, rng: random.Random, sun: tuple[float, float]) -> None:
    """A moon, two rows of towers and lit windows in the accent colour."""
    c.ellipse(sun[0], sun[1] * 0.8, 0.07, 0.07, fill=(*pal.light, 220))
    for row, (base, shade) in enumerate(((0.5, 0.35), (0.62, 0.7))):
        x = -0.02
        while x < 1.0:
            bw = rng.uniform(0.06, 0.13)
            top = base - rng.uniform(0.05, 0.3) + row * 0.06
            color = mix(pal.mid, pal.deep, shade)
            c.rect(x, top, x + bw - 0.006, 1.0, fill=(*color, 255))
            if row == 1:
                for wy in range(int((1.0 - top) / 0.035)):
                    for wx in range(int(bw / 0.03)):
                        if rng.random() < 0.35:
                            px, py = x + 0.012 + wx * 0.03, top + 0.02 + wy * 0.035
                            c.rect(px, py, px + 0.012, py + 0.014, fill=(*pal.accent, 210))
            x += bw
    c.rect(0.0, 0.9, 1.0, 1.0, fill=(*pal.deep, 255))


SETTING_DRAWERS: dict[str, Drawer] = {
    "studio": _studio, "land": _land, "sea": _sea, "city": _city}


# ---- subjects ---------------------------------------------------------------------------------------------------

def draw_subject(subject: str, size: tuple[int, int], pal: Palette, *, cx: float, base: float,
                 height: float, podium: bool) -> Image.Image:
    """The subject standing at (cx, base) and ``height`` tall (fractions of the frame's shorter side), with
    a soft contact shadow, a podium under it on a studio sweep, and a rim highlight."""
    c = Canvas(size, 2 if max(size) <= 1600 else 1)
    s = height
    at = _units(c, cx, base, s)
    if podium:
        side, front = mix(pal.light, pal.deep, 0.45), mix(pal.light, pal.mid, 0.35)
        for dy, color in ((-0.32, side), (None, side), (-0.02, front)):
            if dy is None:
                _box(c, at, -0.48, -0.32, 0.48, -0.02, (*color, 255), 0.0, s)
            else:
                x, y = at(0.0, dy)
                c.ellipse(x, y, 0.48 * s, 0.1 * s, fill=(*color, 255))
    x, y = at(0.0, 0.0)
    c.ellipse(x, y, 0.3 * s, 0.04 * s, fill=(0, 0, 0, 70))
    SUBJECT_DRAWERS[subject](c, pal, cx, base, s)
    return c.result()


def _units(c: Canvas, cx: float, base: float, s: float) -> Callable[[float, float], tuple[float, float]]:
    """Subject coordinates: (dx, dy) in units of the subject's height, origin at its base centre."""
    def at(dx: float, dy: float) -> tuple[float, float]:
        return cx + dx * s * c.u / c.w, base - dy * s * c.u / c.h
    return at


def _box(c: Canvas, at: Callable[[float, float], tuple[float, float]], x0: float, y0: float, x1: float,
         y1: float, fill: tuple[int, ...], radius: float, s: float) -> None:
    (ax, ay), (bx, by) = at(x0, y1), at(x1, y0)
    c.rect(ax, ay, bx, by, fill=fill, radius=radius * s)


def _bottle(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    body, cap = mix(pal.accent, pal.deep, 0.15), mix(pal.deep, (0, 0, 0), 0.3)
    _box(c, at, -0.17, 0.0, 0.17, 0.62, (*body, 255), 0.06, s)
    _box(c, at, -0.06, 0.6, 0.06, 0.74, (*body, 255), 0.02, s)
    _box(c, at, -0.08, 0.72, 0.08, 1.0, (*cap, 255), 0.03, s)
    _box(c, at, -0.13, 0.16, 0.13, 0.4, (*pal.light, 235), 0.015, s)  # label
    _box(c, at, -0.135, 0.05, -0.105, 0.56, (255, 255, 255, 90), 0.015, s)  # highlight


def _jar(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    _box(c, at, -0.3, 0.0, 0.3, 0.45, (*mix(pal.accent, pal.deep, 0.1), 255), 0.08, s)
    _box(c, at, -0.32, 0.43, 0.32, 0.62, (*mix(pal.deep, (0, 0, 0), 0.2), 255), 0.04, s)
    _box(c, at, -0.22, 0.12, 0.22, 0.3, (*pal.light, 235), 0.02, s)
    _box(c, at, -0.26, 0.05, -0.22, 0.4, (255, 255, 255, 80), 0.02, s)


def _mug(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    body = mix(pal.light, (255, 255, 255), 0.35)
    hx, hy = at(0.27, 0.3)
    c.ellipse(hx, hy, 0.12 * s, 0.13 * s, outline=(*body, 255), width=0.045 * s)
    _box(c, at, -0.28, 0.0, 0.28, 0.55, (*body, 255), 0.07, s)
    _box(c, at, -0.28, 0.45, 0.28, 0.55, (*mix(pal.deep, (60, 30, 10), 0.5), 255), 0.02, s)
    for k, dx in enumerate((-0.1, 0.05)):  # steam
        x0, y0 = at(dx, 0.65 + 0.05 * k)
        c.ellipse(x0, y0, 0.03 * s, 0.09 * s, outline=(255, 255, 255, 120), width=0.012 * s)
    _box(c, at, -0.22, 0.08, -0.18, 0.42, (*pal.accent, 90), 0.02, s)


def _can(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    _box(c, at, -0.16, 0.0, 0.16, 0.72, (*pal.accent, 255), 0.05, s)
    _box(c, at, -0.14, 0.7, 0.14, 0.76, (200, 205, 210, 255), 0.02, s)
    _box(c, at, -0.16, 0.28, 0.16, 0.44, (*pal.light, 240), 0.0, s)
    _box(c, at, -0.12, 0.04, -0.08, 0.66, (255, 255, 255, 90), 0.02, s)


def _gift(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    _box(c, at, -0.36, 0.0, 0.36, 0.52, (*pal.accent, 255), 0.03, s)
    _box(c, at, -0.4, 0.5, 0.4, 0.64, (*mix(pal.accent, pal.deep, 0.25), 255), 0.03, s)
    _box(c, at, -0.05, 0.0, 0.05, 0.64, (*pal.light, 255), 0.0, s)
    for side in (-1, 1):
        x, y = at(side * 0.12, 0.7)
        c.ellipse(x, y, 0.09 * s, 0.06 * s, outline=(*pal.light, 255), width=0.03 * s)


def _phone(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    _box(c, at, -0.26, 0.0, 0.26, 1.0, (22, 24, 30, 255), 0.07, s)
    _box(c, at, -0.235, 0.025, 0.235, 0.975, (*mix(pal.top, pal.bottom, 0.3), 255), 0.055, s)
    _box(c, at, -0.07, 0.93, 0.07, 0.955, (22, 24, 30, 255), 0.01, s)
    for k in range(3):  # app cards
        y = 0.72 - k * 0.22
        _box(c, at, -0.19, y, 0.19, y + 0.17, (255, 255, 255, 215 - k * 30), 0.03, s)
        _box(c, at, -0.16, y + 0.04, -0.07, y + 0.13, (*pal.accent, 255), 0.02, s)
        _box(c, at, -0.04, y + 0.1, 0.15, y + 0.125, (*pal.deep, 160), 0.01, s)
        _box(c, at, -0.04, y + 0.05, 0.1, y + 0.07, (*pal.deep, 110), 0.01, s)


def _laptop(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    _box(c, at, -0.62, 0.06, 0.62, 0.76, (30, 32, 38, 255), 0.03, s)
    _box(c, at, -0.58, 0.1, 0.58, 0.72, (*mix(pal.top, pal.bottom, 0.3), 255), 0.015, s)
    _box(c, at, -0.72, 0.0, 0.72, 0.06, (190, 194, 200, 255), 0.02, s)
    for k, h in enumerate((0.18, 0.32, 0.24, 0.42, 0.36)):  # a bar chart on the screen
        x = -0.48 + k * 0.13
        _box(c, at, x, 0.16, x + 0.08, 0.16 + h, (*pal.accent, 235), 0.01, s)
    _box(c, at, 0.2, 0.5, 0.5, 0.64, (255, 255, 255, 200), 0.02, s)


def _person(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    """A backlit head-and-shoulders silhouette with a rim of light (faceless on purpose: no uncanny face)."""
    at = _units(c, cx, base, s)
    body, rim = mix(pal.deep, (0, 0, 0), 0.35), (*pal.light, 230)
    for grow, color in ((0.012, rim), (0.0, (*body, 255))):
        x, y = at(0.0, 0.0)
        c.ellipse(x, y, (0.42 + grow) * s, (0.42 + grow) * s, fill=color)  # shoulders (cut by the frame)
        _box(c, at, -0.06 - grow, 0.3, 0.06 + grow, 0.46, color, 0.0, s)  # neck
        x, y = at(0.0, 0.6)
        c.ellipse(x, y, (0.17 + grow) * s, (0.21 + grow) * s, fill=color)  # head
        x, y = at(0.03, 0.7)
        c.ellipse(x, y, (0.19 + grow) * s, (0.14 + grow) * s, fill=color)  # hair


def _bowl(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    at = _units(c, cx, base, s)
    for dx, r, col in ((-0.2, 0.12, pal.accent), (0.05, 0.14, mix(pal.accent, (60, 160, 80), 0.6)),
                       (0.25, 0.11, pal.light), (-0.02, 0.1, mix(pal.accent, (230, 60, 60), 0.5))):
        x, y = at(dx, 0.36)
        c.ellipse(x, y, r * s, r * s, fill=(*col, 255))
    x, y = at(0.0, 0.3)
    c.draw.pieslice((x - 0.45 * s * c.u, y - 0.3 * s * c.u, x + 0.45 * s * c.u, y + 0.3 * s * c.u), 0, 180,
                    fill=(*mix(pal.light, (255, 255, 255), 0.5), 255))
    c.ellipse(x, y, 0.45 * s, 0.05 * s, fill=(*mix(pal.light, pal.mid, 0.3), 255))


def _watch(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    """A wristwatch standing on its strap: metal case, dark dial, hour marks and two hands."""
    at = _units(c, cx, base, s)
    strap, metal = mix(pal.deep, (0, 0, 0), 0.4), mix(pal.accent, (255, 255, 255), 0.2)
    _box(c, at, -0.12, 0.0, 0.12, 1.0, (*strap, 255), 0.05, s)
    x, y = at(0.0, 0.5)
    c.ellipse(x, y, 0.3 * s, 0.3 * s, fill=(*metal, 255))
    c.ellipse(x, y, 0.25 * s, 0.25 * s, fill=(*mix(pal.deep, (0, 0, 0), 0.6), 255))
    for k in range(12):
        angle = k * math.tau / 12
        mx, my = at(0.21 * math.sin(angle), 0.5 + 0.21 * math.cos(angle))
        c.ellipse(mx, my, 0.012 * s, 0.012 * s, fill=(*metal, 255))
    for (dx, dy), color, width in (((0.1, 0.58), (*metal, 255), 0.02), ((-0.06, 0.67), (255, 255, 255, 230), 0.012)):
        c.draw.line([c.xy(x, y), c.xy(*at(dx, dy))], fill=color, width=max(1, round(width * s * c.u)))


def _orb(c: Canvas, pal: Palette, cx: float, base: float, s: float) -> None:
    """A glossy sphere resting on the podium, lit from the top left (the studio's subject when none is named)."""
    at = _units(c, cx, base, s)
    dark, light = mix(pal.accent, pal.deep, 0.5), mix(pal.accent, (255, 255, 255), 0.4)
    for k in range(10):  # shading: smaller, lighter discs drifting toward the light
        t = k / 10
        x, y = at(-0.09 * t, 0.32 + 0.09 * t)
        c.ellipse(x, y, 0.32 * s * (1 - 0.6 * t), 0.32 * s * (1 - 0.6 * t), fill=(*mix(dark, light, t), 255))
    x, y = at(-0.12, 0.46)
    c.ellipse(x, y, 0.05 * s, 0.035 * s, fill=(255, 255, 255, 190))


SUBJECT_DRAWERS: dict[str, Callable[[Canvas, Palette, float, float, float], None]] = {
    "bottle": _bottle, "jar": _jar, "mug": _mug, "can": _can, "box": _gift, "phone": _phone, "laptop": _laptop,
    "person": _person, "bowl": _bowl, "watch": _watch, "orb": _orb}
