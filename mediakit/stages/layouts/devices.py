"""Device frames drawn with Pillow: a phone (front-on) and a laptop (3/4 view), each with a see-through screen.

Each drawing is a PNG with a transparent screen hole, cached by its
parameters, plus the screen's geometry so the layout can place the content
under it: a box and corner radius for the phone, four corners for the
laptop (the graph warps the content into them with ffmpeg's perspective
filter).  The laptop is a small 3-D model projected through a pinhole
camera, so the screen quad is a true perspective rectangle and the warp is
exact, not a guess.  Shapes are drawn at ``SS`` times the size and reduced,
which anti-aliases Pillow's hard polygon edges.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from ...cache import cached_png
from ...timeline import Box, Quad

SS = 3
RGB = tuple[int, int, int]
PointF = tuple[float, float]

PHONE_ASPECT = 0.486          # body width / height of a current 6.1" phone
PHONE_COLORS: dict[str, tuple[RGB, RGB]] = {  # frame metal, highlight
    "graphite": ((58, 60, 64), (150, 153, 160)),
    "silver": ((196, 198, 202), (245, 246, 248)),
    "blue": ((62, 78, 104), (150, 168, 196)),
}


# ---- phone --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PhoneGeometry:
    """Where things are inside the phone PNG (pixels, PNG origin)."""

    size: tuple[int, int]
    body: Box
    screen: Box
    screen_radius: int


def phone_geometry(body_height: int) -> PhoneGeometry:
    """Geometry of a phone whose body is ``body_height`` pixels tall (margins hold buttons and shadow)."""
    bw = round(body_height * PHONE_ASPECT / 2) * 2
    bh = body_height // 2 * 2
    margin = max(4, round(bw * 0.09) // 2 * 2)
    bezel = max(2, round(bw * 0.036))
    radius = round(bw * 0.15)
    body = Box(margin, margin, bw, bh)
    screen = Box(margin + bezel, margin + bezel, bw - 2 * bezel, bh - 2 * bezel)
    return PhoneGeometry((bw + 2 * margin, bh + 2 * margin), body, screen, max(2, radius - bezel))


def phone_frame(body_height: int, color: str = "graphite", folder: Path | None = None) -> tuple[Path, PhoneGeometry]:
    """The cached phone PNG (transparent screen) and its geometry."""
    if color not in PHONE_COLORS:
        from ...errors import ValidationError
        raise ValidationError("phone.color", color, f"must be one of {', '.join(PHONE_COLORS)}")
    geo = phone_geometry(body_height)
    return cached_png("phone", (body_height, color), lambda: draw_phone(geo, color), folder), geo


def draw_phone(geo: PhoneGeometry, color: str = "graphite") -> Image.Image:
    """Body with a metal rim, black glass bezel, side buttons, dynamic island and a soft shadow."""
    metal, shine = PHONE_COLORS[color]
    w, h = geo.size[0] * SS, geo.size[1] * SS
    b, s = _scaled(geo.body), _scaled(geo.screen)
    bw = b[2] - b[0]
    radius = bw * 0.15
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    # soft shadow of the body, a little below it
    shadow = Image.new("L", (w, h), 0)
    ImageDraw.Draw(shadow).rounded_rectangle(_shift(b, 0, bw * 0.03), radius=radius, fill=120)
    shadow = shadow.filter(ImageFilter.GaussianBlur(bw * 0.035))
    img.paste(Image.new("RGBA", (w, h), (0, 0, 0, 255)), mask=shadow)
    d = ImageDraw.Draw(img)
    # side buttons, behind the body so only their outer edge shows
    nub = bw * 0.012
    bh = b[3] - b[1]
    for side, y0, y1 in (("l", 0.17, 0.215), ("l", 0.25, 0.32), ("l", 0.345, 0.415), ("r", 0.27, 0.38)):
        x0, x1 = (b[0] - nub, b[0] + nub) if side == "l" else (b[2] - nub, b[2] + nub)
        d.rounded_rectangle((x0, b[1] + bh * y0, x1, b[1] + bh * y1), radius=nub, fill=(*metal, 255))
    # metal rim with a highlight line, then the black glass front
    d.rounded_rectangle(b, radius=radius, fill=(*metal, 255))
    rim = bw * 0.008
    d.rounded_rectangle(_inset(b, rim * 0.5), radius=radius - rim * 0.5, outline=(*shine, 150),
                        width=max(1, round(rim * 0.6)))
    d.rounded_rectangle(_inset(b, rim * 1.6), radius=radius - rim * 1.6, fill=(10, 10, 12, 255))
    # screen hole
    hole = Image.new("L", (w, h), 0)
    s_radius = geo.screen_radius * SS
    ImageDraw.Draw(hole).rounded_rectangle(s, radius=s_radius, fill=255)
    img.putalpha(ImageChops.subtract(img.getchannel("A"), hole))
    # dynamic island, drawn over the screen content
    sw, sh = s[2] - s[0], s[3] - s[1]
    iw, ih = sw * 0.3, sh * 0.036
    ix0, iy0 = s[0] + (sw - iw) / 2, s[1] + sh * 0.016
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((ix0, iy0, ix0 + iw, iy0 + ih), radius=ih / 2, fill=(4, 4, 5, 255))
    lens = ih * 0.26
    cx, cy = ix0 + iw - ih * 0.62, iy0 + ih / 2
    d.ellipse((cx - lens, cy - lens, cx + lens, cy + lens), fill=(22, 26, 40, 255))
    return img.resize(geo.size, Image.Resampling.LANCZOS)


def _scaled(box: Box) -> tuple[float, float, float, float]:
    return (box.x * SS, box.y * SS, (box.x + box.w) * SS - 1, (box.y + box.h) * SS - 1)


def _inset(r: Sequence[float], by: float) -> tuple[float, float, float, float]:
    return (r[0] + by, r[1] + by, r[2] - by, r[3] - by)


def _shift(r: Sequence[float], dx: float, dy: float) -> tuple[float, float, float, float]:
    return (r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy)


# ---- laptop -------------------------------------------------------------------------------------------------

SCREEN_ASPECT = 16 / 10
# model units: the display is 1.0 wide; lid and base a little wider
_LID_W, _BEZEL_X, _BEZEL_TOP, _BEZEL_BOTTOM = 1.08, 0.04, 0.045, 0.035
_LID_H = _BEZEL_BOTTOM + 1 / SCREEN_ASPECT + _BEZEL_TOP
_BASE_D, _BASE_T = 0.74, 0.03
_OPEN_DEG = 108.0
Vec = tuple[float, float, float]


@dataclass(frozen=True)
class LaptopGeometry:
    """The laptop PNG's size and where the display's corners are in it (tl, tr, br, bl)."""

    size: tuple[int, int]
    screen: tuple[PointF, PointF, PointF, PointF]

    def screen_quad(self, x: int, y: int, scale: float = 1.0, flat_width: int = 960) -> Quad:
        """The display as a ``Quad`` on the canvas when the PNG is drawn at (x, y), ``scale`` times its size."""
        pts = [(round(x + px * scale), round(y + py * scale)) for px, py in self.screen]
        return Quad(pts[0], pts[1], pts[2], pts[3], flat_width, round(flat_width / SCREEN_ASPECT))


class _Camera:
    """Yaw about the vertical axis, pitch down, then a pinhole projection (image y grows downward)."""

    def __init__(self, yaw_deg: float, pitch_deg: float, distance: float = 3.4, focal: float = 3.0) -> None:
        self.ya, self.pa = math.radians(yaw_deg), math.radians(pitch_deg)
        self.distance, self.focal = distance, focal

    def project(self, p: Vec) -> PointF:
        x, y, z = p[0], p[1], p[2] - _BASE_D / 2  # turn about the middle of the base
        x, z = x * math.cos(self.ya) + z * math.sin(self.ya), -x * math.sin(self.ya) + z * math.cos(self.ya)
        y, z = y * math.cos(self.pa) - z * math.sin(self.pa), y * math.sin(self.pa) + z * math.cos(self.pa)
        depth = self.distance - z
        return (self.focal * x / depth, -self.focal * y / depth)


def _lid(x: float, s: float) -> Vec:
    """Point on the lid plane: ``x`` across, ``s`` up from the hinge."""
    a = math.radians(_OPEN_DEG)
    return (x, s * math.sin(a), s * math.cos(a))


def _shadow_corners() -> list[Vec]:
    """Footprint of the contact shadow, a little larger than the base."""
    half = _LID_W / 2
    return [(-half - 0.03, -_BASE_T, -0.02), (half + 0.03, -_BASE_T, -0.02), (half + 0.05, -_BASE_T, _BASE_D + 0.06),
            (-half - 0.05, -_BASE_T, _BASE_D + 0.06)]


def _rounded_outline(w: float, h: float, r: float, n: int = 6) -> list[tuple[float, float]]:
    """Outline of a w x h rounded rectangle centred on x = 0, from s = 0 up (plane coordinates)."""
    pts: list[tuple[float, float]] = []
    for cx, cs, a0 in ((w / 2 - r, h - r, 0), (-w / 2 + r, h - r, 90), (-w / 2 + r, r, 180), (w / 2 - r, r, 270)):
        for k in range(n + 1):
            a = math.radians(a0 + 90 * k / n)
            pts.append((cx + r * math.cos(a), cs + r * math.sin(a)))
    return pts


def laptop_frame(width: int, yaw_deg: float = -26.0, pitch_deg: float = 16.0,
                 folder: Path | None = None) -> tuple[Path, LaptopGeometry]:
    """The cached laptop PNG (transparent display) about ``width`` pixels wide, and its geometry."""
    geo, draw = _laptop(width, yaw_deg, pitch_deg)
    return cached_png("laptop", (width, yaw_deg, pitch_deg), draw, folder), geo


def _laptop(width: int, yaw_deg: float, pitch_deg: float) -> tuple[LaptopGeometry, _LaptopDrawing]:
    cam = _Camera(yaw_deg, pitch_deg)
    half = _LID_W / 2
    corners = [*_shadow_corners(), _lid(-half, _LID_H), _lid(half, _LID_H)]
    flat = [cam.project(p) for p in corners]
    x0, y0 = min(p[0] for p in flat), min(p[1] for p in flat)
    x1, y1 = max(p[0] for p in flat), max(p[1] for p in flat)
    margin = 0.05 * (x1 - x0)  # room for the shadow's blur
    scale = width / (x1 - x0 + 2 * margin)
    size = (width // 2 * 2, math.ceil((y1 - y0 + 2 * margin) * scale / 2) * 2)

    def to_px(p: Vec) -> PointF:
        u, v = cam.project(p)
        return ((u - x0 + margin) * scale, (v - y0 + margin) * scale)

    sx0, sx1 = -0.5, 0.5
    s0, s1 = _BEZEL_BOTTOM, _BEZEL_BOTTOM + 1 / SCREEN_ASPECT
    screen = (to_px(_lid(sx0, s1)), to_px(_lid(sx1, s1)), to_px(_lid(sx1, s0)), to_px(_lid(sx0, s0)))
    return LaptopGeometry(size, screen), _LaptopDrawing(size, to_px, screen)


class _LaptopDrawing:
    """Paints the projected model back to front; callable so the cache can draw it on demand."""

    BODY: RGB = (200, 203, 208)
    EDGE: RGB = (150, 153, 159)
    KEYS: RGB = (38, 39, 43)

    def __init__(self, size: tuple[int, int], to_px: Callable[[Vec], PointF], screen: Sequence[PointF]) -> None:
        self.size = size
        self.to_px = to_px
        self.screen = screen

    def px(self, p: Vec) -> PointF:
        x, y = self.to_px(p)
        return (x * SS, y * SS)

    def poly(self, d: ImageDraw.ImageDraw, pts: Sequence[Vec], fill: tuple[int, ...], cull: bool = False) -> None:
        flat = [self.px(p) for p in pts]
        if cull and _signed_area(flat) > 0:
            return
        d.polygon(flat, fill=fill)

    def __call__(self) -> Image.Image:
        w, h = self.size[0] * SS, self.size[1] * SS
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        half, t, dz = _LID_W / 2, _BASE_T, _BASE_D
        # contact shadow under the base
        shadow = Image.new("L", (w, h), 0)
        ImageDraw.Draw(shadow).polygon([self.px(p) for p in _shadow_corners()], fill=140)
        shadow = shadow.filter(ImageFilter.GaussianBlur(w * 0.012))
        img.paste(Image.new("RGBA", (w, h), (0, 0, 0, 255)), mask=shadow)
        d = ImageDraw.Draw(img)
        # base: the two side faces (only the one facing us survives culling), front face, top
        for x in (-half, half):
            face = [(x, 0, 0), (x, 0, dz), (x, -t, dz), (x, -t, 0)]
            self.poly(d, face if x > 0 else face[::-1], (*self.EDGE, 255), cull=True)
        self.poly(d, [(-half, 0, dz), (half, 0, dz), (half, -t, dz), (-half, -t, dz)], (*_shade(self.EDGE, 0.9), 255))
        self.poly(d, [(-half, 0, 0), (half, 0, 0), (half, 0, dz), (-half, 0, dz)], (*self.BODY, 255))
        # keyboard well and keys, trackpad
        well = (*_shade(self.BODY, 0.8), 255)
        self.poly(d, [(-0.47, 0, 0.07), (0.47, 0, 0.07), (0.47, 0, 0.40), (-0.47, 0, 0.40)], well)
        rows, cols = 6, 14
        kw, kd, gap = 0.92 / cols, 0.31 / rows, 0.008
        for row in range(rows):
            z0 = 0.085 + row * kd
            for c in range(cols):
                x = -0.46 + c * kw
                self.poly(d, [(x + gap, 0, z0 + gap), (x + kw - gap, 0, z0 + gap), (x + kw - gap, 0, z0 + kd - gap),
                              (x + gap, 0, z0 + kd - gap)], (*self.KEYS, 255))
        pad = (*_shade(self.BODY, 0.93), 255)
        self.poly(d, [(-0.21, 0, 0.45), (0.21, 0, 0.45), (0.21, 0, 0.70), (-0.21, 0, 0.70)], pad)
        # hinge, lid rim and glass
        self.poly(d, [(-half + 0.06, 0, 0), (half - 0.06, 0, 0), _lid(half - 0.06, 0.02), _lid(-half + 0.06, 0.02)],
                  (30, 31, 34, 255))
        rim = [_lid(x, s) for x, s in _rounded_outline(_LID_W, _LID_H, 0.035)]
        self.poly(d, rim, (*self.EDGE, 255))
        glass = [_lid(x, s) for x, s in _rounded_outline(_LID_W - 0.014, _LID_H - 0.014, 0.03)]
        self.poly(d, glass, (12, 12, 14, 255))
        cam_x, cam_s = 0.0, _LID_H - _BEZEL_TOP / 2
        cx, cy = self.px(_lid(cam_x, cam_s))
        r = w * 0.0025
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(40, 44, 60, 255))
        # the display: a transparent hole, with a faint glare drawn over it
        hole = Image.new("L", (w, h), 0)
        ImageDraw.Draw(hole).polygon([(x * SS, y * SS) for x, y in self.screen], fill=255)
        img.putalpha(ImageChops.subtract(img.getchannel("A"), hole))
        glare = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        (tlx, tly), (trx, try_), (brx, bry), (blx, bly) = [(x * SS, y * SS) for x, y in self.screen]
        ImageDraw.Draw(glare).polygon([(tlx, tly), (tlx + (trx - tlx) * 0.45, tly + (try_ - tly) * 0.45),
                                       (blx + (brx - blx) * 0.15, bly + (bry - bly) * 0.15)], fill=(255, 255, 255, 16))
        img.alpha_composite(glare)
        return img.resize(self.size, Image.Resampling.LANCZOS)


def _signed_area(pts: Sequence[PointF]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, [*pts[1:], pts[0]], strict=True))


def _shade(c: RGB, f: float) -> RGB:
    return (round(c[0] * f), round(c[1] * f), round(c[2] * f))
