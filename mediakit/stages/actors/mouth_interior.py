"""The inside of an opened mouth, painted where a warped photo's lips part.

A closed mouth in a photo has nothing behind the lips to show, and
stretching the lips' own pixels apart smears them.  So the opening, the
polygon of the posed inner lips, is painted: a dark cavity (darkest at the
back), the upper teeth hanging from the upper lip (in its shadow at the
top, shaded towards the corners), and the tongue resting at the bottom.  It is drawn at 4x and
scaled down, so its outline is anti-aliased like the photo's own edges.
"""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

SUPERSAMPLE = 4
CAVITY = (58, 20, 24)
THROAT = (22, 6, 8)
TEETH = (200, 192, 176)
TONGUE = (150, 66, 72)
TEETH_H = 0.03         # visible upper teeth, in face heights
MIN_GAP = 1.0          # pixels: a narrower opening stays the lips' own
SOFTEN = 0.6           # pixels of blur over the painting, so it is no crisper than the photo around it


def paint_interior(cell: np.ndarray, upper: np.ndarray, lower: np.ndarray, face_h: float, *,
                   tongue_up: bool = False) -> np.ndarray:
    """``cell`` (RGB, H x W x 3) with the mouth between the inner lip lines ``upper`` and ``lower`` painted.

    Both lines run corner to corner (K x 2 points, in ``cell``'s pixels).
    ``tongue_up`` raises the tongue's tip behind the teeth (``l_th``).
    """
    gap = float(np.max(lower[:, 1] - upper[:, 1]))
    if gap < MIN_GAP:
        return cell
    both = np.concatenate([upper, lower])
    x0, y0 = np.maximum(np.floor(both.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.ceil(both.max(axis=0)).astype(int) + 3
    out = cell.copy()
    out[y0:y1, x0:x1] = _paint(cell[y0:y1, x0:x1], upper - (x0, y0), lower - (x0, y0), gap, face_h, tongue_up)
    return out


def _paint(cell: np.ndarray, upper: np.ndarray, lower: np.ndarray, gap: float, face_h: float,
           tongue_up: bool) -> np.ndarray:
    h, w = cell.shape[:2]
    s = SUPERSAMPLE
    size = (w * s, h * s)
    outline = [tuple(pt) for pt in np.concatenate([upper, lower[::-1]]) * s]
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).polygon(outline, fill=255)
    paint = Image.new("RGB", size, CAVITY)
    draw = ImageDraw.Draw(paint)
    cx = float(upper[:, 0].mean()) * s
    cy = float((upper[:, 1].mean() + lower[:, 1].mean()) / 2) * s
    width = float(upper[-1, 0] - upper[0, 0]) * s
    draw.ellipse((cx - width * 0.3, cy - gap * s * 0.35, cx + width * 0.3, cy + gap * s * 0.35), fill=THROAT)
    paint = paint.filter(ImageFilter.GaussianBlur(gap * s * 0.25))
    draw = ImageDraw.Draw(paint)
    tongue_h = gap * (0.55 if tongue_up else 0.4) * s
    bottom = float(lower[:, 1].max()) * s
    draw.ellipse((cx - width * 0.32, bottom - tongue_h, cx + width * 0.32, bottom + tongue_h), fill=TONGUE)
    teeth_h = min(TEETH_H * face_h, gap * 0.35) * s
    span = np.linspace(0, np.pi, len(upper))
    drop = np.sin(span) ** 0.5 * teeth_h
    teeth = np.concatenate([upper * s, (upper * s + np.stack([np.zeros_like(drop), drop], 1))[::-1]])
    draw.polygon([tuple(pt) for pt in teeth], fill=TEETH)
    paint = paint.filter(ImageFilter.GaussianBlur(SOFTEN * s))
    top = float(upper[:, 1].min()) * s
    shade = _corner_shade(size, cx, width) * _lip_shadow(size, top, max(teeth_h, 1.0))
    painted = (np.asarray(paint, dtype=np.float32) * shade[..., None])
    small = Image.fromarray(painted.clip(0, 255).astype(np.uint8)).resize((w, h), Image.Resampling.BOX)
    alpha = np.asarray(mask.resize((w, h), Image.Resampling.BOX), dtype=np.float32)[..., None] / 255
    return (cell * (1 - alpha) + np.asarray(small, dtype=np.float32) * alpha).round().astype(np.uint8)


def _lip_shadow(size: tuple[int, int], top: float, depth: float) -> np.ndarray:
    """Darker just under the upper lip, which shades the top of the teeth, reaching full light ``depth`` lower."""
    y = np.arange(size[1], dtype=np.float32)[:, None]
    return np.broadcast_to(0.7 + 0.3 * np.clip((y - top) / depth, 0, 1), (size[1], size[0]))


def _corner_shade(size: tuple[int, int], cx: float, width: float) -> np.ndarray:
    """1 in the middle of the mouth, darker towards the corners (the teeth and tongue turn away)."""
    x = np.arange(size[0], dtype=np.float32)
    e = np.clip(np.abs(x - cx) / max(width / 2, 1.0), 0, 1)
    return np.tile(1 - 0.45 * e ** 2, (size[1], 1))
