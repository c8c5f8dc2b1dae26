"""Product cut-outs: remove a plain background once, with numpy, into a PNG with a feathered alpha.

Detection: a studio packshot has a border of nearly one colour; a photo of a
product in a scene does not.  If at least ``UNIFORM_SHARE`` of the border
pixels lie within ``UNIFORM_DISTANCE`` of the border's median colour, the
background is plain and is removed; otherwise the image is kept whole.

Removal: pixels close to the background colour *and connected to the border*
are background (a flood fill done as repeated dilation inside the
near-colour mask), so a white label inside a product survives.  The mask is
found on a reduced copy, enlarged with bilinear filtering and blurred a
little for a feathered edge; edge pixels are then "un-mixed" from the
background colour so no white halo remains on a dark product.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageFilter, ImageOps, UnidentifiedImageError

from ...cache import cached_png
from ...errors import MediaError

WORK_SIDE = 384            # longest side of the copy the mask is found on
BORDER = 0.02              # border band, as a fraction of the side
UNIFORM_DISTANCE = 20      # colour distance (max over channels) counted as "the same colour"
UNIFORM_SHARE = 0.9
BACKGROUND_DISTANCE = 34   # distance below which a border-connected pixel is background


@dataclass(frozen=True)
class Cutout:
    """The product as a transparent PNG trimmed to its content; ``removed`` says a background was taken away."""

    path: Path
    removed: bool
    size: tuple[int, int]


def open_rgba(path: Path) -> Image.Image:
    """The image upright (EXIF rotation applied) as RGBA; ``MediaError`` if it cannot be read."""
    try:
        with Image.open(path) as im:
            return ImageOps.exif_transpose(im).convert("RGBA")
    except FileNotFoundError as exc:
        raise MediaError(path, "file does not exist") from exc
    except (UnidentifiedImageError, OSError) as exc:
        raise MediaError(path, "is not an image Pillow can read") from exc


def plain_background(rgb: np.ndarray) -> tuple[int, int, int] | None:
    """The background colour if the border is nearly uniform, else None."""
    h, w = rgb.shape[:2]
    band = max(1, round(min(h, w) * BORDER))
    border = np.concatenate([rgb[:band].reshape(-1, 3), rgb[-band:].reshape(-1, 3),
                             rgb[:, :band].reshape(-1, 3), rgb[:, -band:].reshape(-1, 3)]).astype(np.int16)
    median = np.median(border, axis=0)
    close = np.abs(border - median).max(axis=1) <= UNIFORM_DISTANCE
    if close.mean() < UNIFORM_SHARE:
        return None
    return (int(median[0]), int(median[1]), int(median[2]))


def background_mask(rgb: np.ndarray, color: tuple[int, int, int]) -> np.ndarray:
    """Boolean mask of background: near ``color`` and connected to the image border (4-neighbour)."""
    near = np.abs(rgb.astype(np.int16) - np.array(color, dtype=np.int16)).max(axis=2) <= BACKGROUND_DISTANCE
    reach = np.zeros_like(near)
    reach[0, :], reach[-1, :], reach[:, 0], reach[:, -1] = near[0, :], near[-1, :], near[:, 0], near[:, -1]
    while True:
        grown = reach.copy()
        grown[1:] |= reach[:-1]
        grown[:-1] |= reach[1:]
        grown[:, 1:] |= reach[:, :-1]
        grown[:, :-1] |= reach[:, 1:]
        grown &= near
        if np.array_equal(grown, reach):
            return reach
        reach = grown


def remove_background(image: Image.Image, color: tuple[int, int, int]) -> Image.Image:
    """``image`` with the border-connected ``color`` region made transparent, edges feathered and un-mixed."""
    w, h = image.size
    scale = min(1.0, WORK_SIDE / max(w, h))
    small = image.convert("RGB").resize((max(1, round(w * scale)), max(1, round(h * scale))),
                                        Image.Resampling.BILINEAR)
    fg = ~background_mask(np.asarray(small), color)
    alpha = Image.fromarray((fg * 255).astype(np.uint8)).resize((w, h), Image.Resampling.BILINEAR)
    alpha = alpha.filter(ImageFilter.GaussianBlur(max(0.8, 0.6 / scale)))
    a = np.asarray(alpha).astype(np.float32) / 255
    # tighten: the blurred edge straddles the boundary; keep the inner half soft, the outer half gone
    a = np.clip((a - 0.35) / 0.65, 0, 1)
    rgb = np.asarray(image.convert("RGB")).astype(np.float32)
    bg = np.array(color, dtype=np.float32)
    safe = np.maximum(a, 1e-3)[..., None]
    unmixed = np.clip((rgb - (1 - a[..., None]) * bg) / safe, 0, 255)
    rgb = np.where(a[..., None] < 0.999, unmixed, rgb)
    out = np.dstack([rgb, a * 255]).astype(np.uint8)
    return Image.fromarray(out)  # uint8 with four channels is RGBA


def trim(image: Image.Image, pad: float = 0.03) -> Image.Image:
    """Crop to the visible content plus a small transparent margin."""
    box = image.getchannel("A").point(lambda v: 255 if v > 8 else 0).getbbox()
    if box is None:
        return image
    margin = round(max(image.size) * pad)
    x0, y0, x1, y1 = box
    return image.crop((x0 - margin, y0 - margin, x1 + margin, y1 + margin))


def has_alpha(image: Image.Image) -> bool:
    """True when at least 1% of the pixels are see-through: the product is already cut out."""
    a = np.asarray(image.getchannel("A"))
    return bool((a < 250).mean() >= 0.01)


def cutout(path: Path, folder: Path | None = None) -> Cutout:
    """The product image ready to composite: background removed when plain, cached by file identity."""
    image = open_rgba(path)
    color = None if has_alpha(image) else plain_background(np.asarray(image.convert("RGB")))

    def draw() -> Image.Image:
        if color is not None:
            return trim(remove_background(image, color))
        return trim(image) if has_alpha(image) else image

    stat = path.stat()
    out = cached_png("cutout", (str(path.resolve()), stat.st_mtime_ns, stat.st_size), draw, folder)
    with Image.open(out) as im:
        size = im.size
    return Cutout(out, color is not None, size)
