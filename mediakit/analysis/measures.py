"""The measures that need no model: the salient subject, text-dense regions, and brightness and texture per cell.

All work on small frames (about 480 px on the long side) in numpy:

- **subject**: spectral-residual saliency (Hou & Zhang 2007) plus each
  pixel's colour distance from the frame's mean colour, with a mild centre
  bias; the box spans the middle 80% of the salient mass.
- **text**: cells where sharp strokes alternate with flat ground several
  times along a row (letters on a screen or a page), joined into regions;
  foliage has sharp edges but no flat ground, an object's outline has flat
  ground but one edge per row.
- **brightness**: WCAG relative luminance averaged per cell (what the
  caption contrast is measured against); **texture**: the spread of luma;
  **saliency**: the saliency map averaged per cell (what a PiP keeps off).
"""

from __future__ import annotations

import numpy as np

from .regions import GRID, Region, merged

SALIENCY_SIDE = 64
CELL = 16          # px of a text cell on the analysis frame
SHARP, FLAT = 48, 6  # luma steps (0..255) that count as a stroke edge / as flat ground
MIN_STROKES = 2.0  # sharp edges per cell row, on average, for a text cell
MIN_FLAT = 0.3     # share of flat pixels in a text cell
MIN_CELLS = 3      # cells (and columns) of a text region


def luma(rgb: np.ndarray) -> np.ndarray:
    """Rec. 601 luma, 0..255, as float32."""
    f = rgb.astype(np.float32)
    return 0.299 * f[..., 0] + 0.587 * f[..., 1] + 0.114 * f[..., 2]


def relative_luminance(rgb: np.ndarray) -> np.ndarray:
    """WCAG 2 relative luminance (0..1) of sRGB pixels (uint8, last axis RGB)."""
    c = rgb.astype(np.float32) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * lin[..., 0] + 0.7152 * lin[..., 1] + 0.0722 * lin[..., 2]


def cells(values: np.ndarray, grid: int = GRID) -> np.ndarray:
    """``values`` (H x W) averaged over a ``grid`` x ``grid`` grid of cells."""
    h, w = values.shape
    ys = np.linspace(0, h, grid + 1).astype(int)
    xs = np.linspace(0, w, grid + 1).astype(int)
    return np.array([[values[ys[i]:max(ys[i + 1], ys[i] + 1), xs[j]:max(xs[j + 1], xs[j] + 1)].mean()
                      for j in range(grid)] for i in range(grid)], dtype=np.float32)


def brightness_grid(rgb: np.ndarray) -> np.ndarray:
    return cells(relative_luminance(rgb))


def texture_grid(rgb: np.ndarray) -> np.ndarray:
    y = luma(rgb) / 255.0
    return np.sqrt(np.maximum(cells(y * y) - cells(y) ** 2, 0.0))


def _box_blur(a: np.ndarray, r: int) -> np.ndarray:
    """A (2r+1)-square mean filter with edge padding (separable cumulative sums)."""
    k = 2 * r + 1
    p = np.pad(a, r, mode="edge")
    c = np.cumsum(np.pad(p, ((1, 0), (0, 0))), axis=0)
    p = (c[k:] - c[:-k]) / k
    c = np.cumsum(np.pad(p, ((0, 0), (1, 0))), axis=1)
    return np.asarray((c[:, k:] - c[:, :-k]) / k)


def _resample(a: np.ndarray, h: int, w: int) -> np.ndarray:
    """Nearest-neighbour resize of a 2-D or 3-D array (good enough to measure, and dependency-free)."""
    ys = (np.arange(h) * a.shape[0] / h).astype(int)
    xs = (np.arange(w) * a.shape[1] / w).astype(int)
    return a[ys][:, xs]


def saliency_map(rgb: np.ndarray) -> np.ndarray:
    """A SALIENCY_SIDE-square map (0..1) of how much each part of the frame stands out."""
    small = _resample(rgb, SALIENCY_SIDE, SALIENCY_SIDE).astype(np.float32)
    gray = luma(small)
    spectrum = np.fft.fft2(gray)
    log_amp = np.log(np.abs(spectrum) + 1e-6)
    residual = log_amp - _box_blur(log_amp, 1)
    spectral = np.abs(np.fft.ifft2(np.exp(residual + 1j * np.angle(spectrum)))) ** 2
    spectral = _box_blur(_box_blur(spectral, 2), 2)
    colour = np.linalg.norm(_box_blur_rgb(small, 2) - small.reshape(-1, 3).mean(axis=0), axis=-1)
    yy, xx = np.mgrid[0:SALIENCY_SIDE, 0:SALIENCY_SIDE] / (SALIENCY_SIDE - 1) - 0.5
    centre = 1.0 - 0.8 * (xx ** 2 + yy ** 2)
    return np.asarray((_norm(spectral) + _norm(colour)) * centre / 2)


def _box_blur_rgb(a: np.ndarray, r: int) -> np.ndarray:
    return np.stack([_box_blur(a[..., c], r) for c in range(3)], axis=-1)


def _norm(a: np.ndarray) -> np.ndarray:
    lo, hi = float(a.min()), float(a.max())
    return (a - lo) / (hi - lo) if hi > lo else np.zeros_like(a)


def subject_box(saliency: np.ndarray) -> Region | None:
    """The box over the middle 80% of the salient mass (cells above the map's mean), None for a flat map."""
    mass = np.where(saliency > saliency.mean(), saliency, 0.0)
    total = float(mass.sum())
    if total <= 0:
        return None
    side = saliency.shape[0]

    def span(profile: np.ndarray) -> tuple[float, float]:
        cum = np.cumsum(profile) / total
        return float(np.searchsorted(cum, 0.1)) / side, float(np.searchsorted(cum, 0.9) + 1) / side

    x0, x1 = span(mass.sum(axis=0))
    y0, y1 = span(mass.sum(axis=1))
    return Region(round(x0, 4), round(y0, 4), round(min(x1, 1.0) - x0, 4), round(min(y1, 1.0) - y0, 4))


def text_regions(rgb: np.ndarray) -> tuple[Region, ...]:
    """Regions dense with lettering: cells of sharp strokes on flat ground, joined where they touch."""
    y = luma(rgb)
    h, w = y.shape
    rows, cols = h // CELL, w // CELL
    if rows < 1 or cols < 1:
        return ()
    y = y[:rows * CELL, :cols * CELL]
    step = np.abs(np.diff(y, axis=1))
    step = np.pad(step, ((0, 0), (0, 1)))
    sharp = (step > SHARP).reshape(rows, CELL, cols, CELL)
    flat = (step < FLAT).reshape(rows, CELL, cols, CELL)
    strokes = sharp.sum(axis=3).mean(axis=1)          # sharp edges per row of each cell
    flat_share = flat.mean(axis=(1, 3))
    mask = (strokes >= MIN_STROKES) & (flat_share >= MIN_FLAT)
    boxes = []
    for group in _components(mask):
        rs, cs = zip(*group, strict=True)
        if len(group) < MIN_CELLS or max(cs) - min(cs) + 1 < MIN_CELLS:
            continue  # a line of lettering runs across several cells; a lone busy patch is texture
        top, bottom = max(0, min(rs) - 1), min(rows, max(rs) + 2)  # a cell more each way: ascenders, descenders
        boxes.append(Region(round(min(cs) / cols, 4), round(top / rows, 4),
                            round((max(cs) + 1 - min(cs)) / cols, 4), round((bottom - top) / rows, 4)))
    return merged(boxes)


def _components(mask: np.ndarray) -> list[list[tuple[int, int]]]:
    """The 8-connected groups of True cells in ``mask``."""
    seen = np.zeros_like(mask, dtype=bool)
    groups = []
    for start in zip(*np.nonzero(mask), strict=True):
        if seen[start]:
            continue
        stack, group = [start], []
        seen[start] = True
        while stack:
            r, c = stack.pop()
            group.append((int(r), int(c)))
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < mask.shape[0] and 0 <= nc < mask.shape[1] and mask[nr, nc] and not seen[nr, nc]:
                        seen[nr, nc] = True
                        stack.append((nr, nc))
        groups.append(group)
    return groups
