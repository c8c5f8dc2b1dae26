"""A drawing surface addressed in head units, plus the colour and curve helpers the characters use.

Geometry is written in head units (1 U = face width) around the face centre,
so one description draws a 512 px catalog portrait and a 1080x1920 talking
head alike.  Shapes are drawn at ``SUPERSAMPLE`` times the size and reduced
with a Lanczos filter, which anti-aliases Pillow's hard-edged polygons.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFilter

SUPERSAMPLE = 3
RGB = tuple[int, int, int]
Point = tuple[float, float]


# ---- colours ------------------------------------------------------------------------------------

def rgb(value: str) -> RGB:
    return int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved a fraction ``t`` towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def shade(c: RGB, factor: float) -> RGB:
    return (min(255, round(c[0] * factor)), min(255, round(c[1] * factor)), min(255, round(c[2] * factor)))


# ---- curves -------------------------------------------------------------------------------------

def arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 24) -> list[Point]:
    """Points on an ellipse from angle ``a0`` to ``a1`` (degrees, 0 = right, 90 = down)."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def bezier(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    """Points on a quadratic curve from ``p0`` to ``p2`` pulled towards ``p1`` (a smooth brow or lid)."""
    return [((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
             (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]) for t in (i / n for i in range(n + 1))]


def superellipse(cx: float, cy: float, w: float, h: float, n: float, smile: float = 0.0,
                 steps: int = 48) -> list[Point]:
    """A rounded box of size ``w`` x ``h`` (``n`` = 2 ellipse, higher = squarer), corners bent up by ``smile``."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        c, s = math.cos(t), math.sin(t)
        x = w / 2 * math.copysign(abs(c) ** (2 / n), c)
        y = h / 2 * math.copysign(abs(s) ** (2 / n), s)
        pts.append((cx + x, cy + y - smile * (2 * x / w) ** 2))
    return pts


def steps(a: float, b: float, n: int) -> list[float]:
    return [a + (b - a) * i / n for i in range(n + 1)]


# ---- drawing surface ----------------------------------------------------------------------------

class Sketch:
    """An RGBA image addressed in head units, drawn supersampled and reduced on ``image()``.

    ``origin`` is where the face centre falls and ``unit`` the face width, both
    in final pixels; the surface may be a small window (an eye or mouth sprite)
    of a larger frame, placed by a negative-offset origin.
    """

    def __init__(self, size: tuple[int, int], origin: Point, unit: float, ss: int = SUPERSAMPLE) -> None:
        self.size = size
        self.ss = ss
        self.img = Image.new("RGBA", (size[0] * ss, size[1] * ss), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.img)
        self.ox, self.oy = origin[0] * ss, origin[1] * ss
        self.u = unit * ss

    def p(self, x: float, y: float) -> Point:
        return self.ox + x * self.u, self.oy + y * self.u

    def pts(self, points: Iterable[Point]) -> list[Point]:
        return [self.p(x, y) for x, y in points]

    def w(self, width_u: float) -> int:
        return max(1, round(width_u * self.u))

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: RGB | tuple[int, int, int, int],
                outline: RGB | None = None, width: float = 0.0) -> None:
        x0, y0 = self.p(cx - rx, cy - ry)
        x1, y1 = self.p(cx + rx, cy + ry)
        self.draw.ellipse((x0, y0, x1, y1), fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def ring(self, cx: float, cy: float, rx: float, ry: float, color: RGB, width: float) -> None:
        x0, y0 = self.p(cx - rx, cy - ry)
        x1, y1 = self.p(cx + rx, cy + ry)
        self.draw.ellipse((x0, y0, x1, y1), outline=color, width=self.w(width))

    def polygon(self, points: Sequence[Point], fill: RGB | tuple[int, int, int, int]) -> None:
        self.draw.polygon(self.pts(points), fill=fill)

    def line(self, points: Sequence[Point], color: RGB, width: float) -> None:
        pts = self.pts(points)
        self.draw.line(pts, fill=color, width=self.w(width), joint="curve")
        r = self.w(width) / 2  # round caps: Pillow's lines end square
        for x, y in (pts[0], pts[-1]):
            self.draw.ellipse((x - r, y - r, x + r, y + r), fill=color)

    def blank(self) -> Sketch:
        """An empty surface with the same geometry, for parts that are masked or blurred before merging."""
        twin = Sketch.__new__(Sketch)
        twin.size, twin.ss, twin.ox, twin.oy, twin.u = self.size, self.ss, self.ox, self.oy, self.u
        twin.img = Image.new("RGBA", self.img.size, (0, 0, 0, 0))
        twin.draw = ImageDraw.Draw(twin.img)
        return twin

    def clipped(self, mask_shape: Callable[[Sketch], object], paint: Callable[[Sketch], object]) -> None:
        """Draw ``paint`` only inside the shape ``mask_shape`` draws (iris in the eye, teeth in the mouth)."""
        layer, mask = self.blank(), self.blank()
        paint(layer)
        mask_shape(mask)
        box = mask.img.getbbox()
        if box is None:
            return
        part = layer.img.crop(box)
        clip = ImageChops.multiply(part.getchannel("A"), mask.img.crop(box).getchannel("A"))
        part.putalpha(clip)
        self.img.alpha_composite(part, dest=box[:2])

    def soft(self, paint: Callable[[Sketch], object], blur_u: float, opacity: float) -> None:
        """Draw ``paint`` blurred and translucent (blush, shading, lenses) over what is there.

        Pillow writes a translucent fill's alpha instead of blending it, so
        translucency always goes through a separate layer composited here.

        Only the painted area (plus the blur's reach) is blurred: blurring the
        whole supersampled surface would cost seconds on a full-frame sprite.
        """
        layer = self.blank()
        paint(layer)
        box = layer.img.getbbox()
        if box is None:
            return
        radius = blur_u * self.u
        pad = math.ceil(radius * 3)
        box = (max(0, box[0] - pad), max(0, box[1] - pad), min(self.img.width, box[2] + pad),
               min(self.img.height, box[3] + pad))
        # blurred premultiplied, so transparent pixels do not darken the edges
        part = layer.img.crop(box)
        if radius:
            part = part.convert("RGBa").filter(ImageFilter.GaussianBlur(radius)).convert("RGBA")
        part.putalpha(part.getchannel("A").point(lambda a: round(a * opacity)))
        self.img.alpha_composite(part, dest=box[:2])

    def glaze(self, points: Sequence[Point], color: RGB, opacity: float) -> None:
        """A translucent flat shape (a lens)."""
        self.soft(lambda t: t.polygon(points, color), 0.0, opacity)

    def erase(self, points: Sequence[Point]) -> None:
        """Cut a transparent hole (an open neckline shows the neck drawn underneath)."""
        self.draw.polygon(self.pts(points), fill=(0, 0, 0, 0))

    def image(self) -> Image.Image:
        if self.ss == 1:
            return self.img
        return self.img.resize(self.size, Image.Resampling.LANCZOS)
