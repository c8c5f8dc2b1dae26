"""Punch-ins on an animated actor: its tight framing drawn once, switched to inside the one render graph.

A punch-in scaled per frame in the graph (a crop of the composed actor,
scaled back to the frame) cost 1.275x the render's CPU.  Here every part of
a ``PuppetLayer`` (the backdrop, the head and its mask, the eyes and mouth
strips, the body) is resampled once, ``zoom`` times larger about the chin,
and added to its strip as more cells; the render then only crops another
cell of the same held images during a punch-in span, which costs about what
the wide framing costs.

Each sprite's cell covers the wide box and the tight one (both in the
frame), so its position never changes: the wide cell is the part pasted
where it was, the tight cell the same continuous mapping resampled, so the
eyes and mouth still sit on the head to the pixel.  The motion (sway, nods)
keeps its wide amplitudes: 12% of a few pixels is not seen.

A video backdrop has no tight framing drawn once (it would be scaled per
frame); such a layer is returned without punch-ins.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from PIL import Image

from ...cache import cached_file, file_signature
from ...media_io import image_size, open_image, write_pam
from ...timeline import ColorLayer, ImageLayer, Punch, PuppetLayer, Sprite

TIGHT_VERSION = "1"
CHIN = 0.75   # the zoom's fixed point, down the head's part: about the chin, so the face grows up and the
              # captions' band under it stays as wide as the wide framing left it
Rect = tuple[int, int, int, int]   # x, y, w, h in the frame


def punched(layer: PuppetLayer, spans: Sequence[tuple[int, int]], zoom: float) -> PuppetLayer:
    """``layer`` cutting to a framing ``zoom`` times closer over ``spans`` (ms on its clock), about its chin."""
    if not spans or not isinstance(layer.backdrop, ImageLayer | ColorLayer):
        return layer
    head_w, head_h = _cell_size(layer.head)
    centre = (layer.head.x + head_w / 2, layer.head.y + head_h * CHIN)
    lens = _Lens(zoom, centre)
    head, head_box = lens.sprite(layer.head, (0, 0))
    mask = None if layer.head_mask is None else lens.still(layer.head_mask, (layer.head.x, layer.head.y), head_box)
    backdrop = None
    if isinstance(layer.backdrop, ImageLayer):
        backdrop = lens.backdrop(layer.backdrop.path, layer.size)
    body = None if layer.body is None else lens.sprite(layer.body, (0, 0))[0]
    origin = (layer.head.x, layer.head.y)
    return replace(
        layer, head=head, head_mask=mask, body=body,
        eyes=lens.sprite(layer.eyes, origin, head_box)[0], mouth=lens.sprite(layer.mouth, origin, head_box)[0],
        punch=Punch(tuple(spans), zoom, centre, backdrop))


def _cell_size(sprite: Sprite) -> tuple[int, int]:
    width, height = image_size(sprite.path)
    return width // sprite.cells, height


class _Lens:
    """The tight framing's mapping: a frame point ``p`` shows, tight, at ``centre + (p - centre) * zoom``."""

    def __init__(self, zoom: float, centre: tuple[float, float]) -> None:
        self.zoom, self.centre = zoom, centre

    def box(self, rect: Rect) -> Rect:
        """The even-sized box (frame px) covering ``rect`` wide and tight, an even number of pixels up and left
        of it: the render places yuv420 overlays on even pixels, so the wide cell lands where the part did."""
        x, y, w, h = rect
        (cx, cy), z = self.centre, self.zoom
        left = x - math.ceil(max(0, x - (cx + (x - cx) * z)) / 2) * 2
        top = y - math.ceil(max(0, y - (cy + (y - cy) * z)) / 2) * 2
        right = math.ceil(max(x + w, cx + (x + w - cx) * z))
        bottom = math.ceil(max(y + h, cy + (y + h - cy) * z))
        return left, top, _even(right - left), _even(bottom - top)

    def cells(self, image: Image.Image, at: tuple[int, int], box: Rect) -> tuple[Image.Image, Image.Image]:
        """One cell placed at ``at`` (frame px) as the wide and the tight cell of ``box``."""
        mode = "RGBa" if image.mode == "RGBA" else image.mode   # premultiplied, so edges never darken
        wide = Image.new(image.mode, box[2:], 0)
        wide.paste(image, (at[0] - box[0], at[1] - box[1]))
        (cx, cy), z = self.centre, self.zoom
        # an output point u of the box is the frame point box + u, tight: the cell's point below
        data = (1 / z, 0, (box[0] - cx) / z + cx - at[0], 0, 1 / z, (box[1] - cy) / z + cy - at[1])
        tight = image.convert(mode).transform(box[2:], Image.Transform.AFFINE, data,
                                              Image.Resampling.BICUBIC).convert(image.mode)
        return wide, tight

    def sprite(self, sprite: Sprite, parent: tuple[int, int], parent_box: Rect | None = None) -> tuple[Sprite, Rect]:
        """``sprite`` (placed in a part at frame ``parent``) with its tight cells after its wide ones, placed in
        the part's new box (``parent_box``; the frame for a top-level part); and its own new box."""
        w, h = _cell_size(sprite)
        at = (parent[0] + sprite.x, parent[1] + sprite.y)
        box = self.box((*at, w, h))

        def draw(tmp: Path) -> None:   # decoded only when not cached: a photo's mouth strip is tens of MB
            image = open_image(sprite.path)
            image = image if image.mode in ("RGBA", "L") else image.convert("RGBA")
            halves: list[list[Image.Image]] = [[], []]
            for n in range(sprite.cells):
                for half, cell in zip(halves, self.cells(image.crop((n * w, 0, n * w + w, h)), at, box), strict=True):
                    half.append(cell)
            write_pam(tmp, np.concatenate([np.asarray(c) for c in (*halves[0], *halves[1])], axis=1))

        path = cached_file("actor-tight", (TIGHT_VERSION, file_signature(sprite.path), sprite.cells, at,
                                           self.zoom, self.centre), ".pam", draw)
        px, py = (0, 0) if parent_box is None else parent_box[:2]
        return Sprite(path, box[0] - px, box[1] - py, 2 * sprite.cells, sprite.schedule), box

    def still(self, path: Path, at: tuple[int, int], box: Rect) -> Path:
        """A single still placed at ``at`` (the head's mask) as two cells of ``box``, wide then tight."""
        def draw(tmp: Path) -> None:
            wide, tight = self.cells(open_image(path), at, box)
            write_pam(tmp, np.concatenate([np.asarray(wide), np.asarray(tight)], axis=1))

        return cached_file("actor-tight", (TIGHT_VERSION, file_signature(path), at, box, self.zoom, self.centre),
                           ".pam", draw)

    def backdrop(self, path: Path, size: tuple[int, int]) -> Path:
        """The backdrop image fitted to cover ``size`` (as the render fits it), wide then tight."""
        def draw(tmp: Path) -> None:
            image = open_image(path).convert("RGB")
            scale = max(size[0] / image.width, size[1] / image.height)
            sw, sh = max(size[0], round(image.width * scale)), max(size[1], round(image.height * scale))
            left, top = (sw - size[0]) // 2, (sh - size[1]) // 2
            fitted = image if (sw, sh) == size else image.resize((sw, sh), Image.Resampling.BICUBIC).crop(
                (left, top, left + size[0], top + size[1]))
            wide, tight = self.cells(fitted, (0, 0), (0, 0, *size))
            write_pam(tmp, np.concatenate([np.asarray(wide), np.asarray(tight)], axis=1))

        return cached_file("actor-tight", (TIGHT_VERSION, file_signature(path), size, self.zoom, self.centre),
                           ".pam", draw)


def _even(n: int) -> int:
    return max(2, n + n % 2)
