"""Piecewise affine warps over a triangulated point set: how a photo's face moves.

Each triangle of a Delaunay triangulation of the face's landmarks (and fixed
anchors around it) is mapped by the affine transform that takes its rest
corners to its posed corners.  Only triangles with a moved corner change
any pixel, and the outline of their union is made of unmoved edges, so the
warped region meets the untouched photo without a seam, whatever the pose.
"""

from __future__ import annotations

import cv2
import numpy as np

SUBPIXEL_BITS = 4   # corners are rasterised at 1/16 px
MAP_STEP = 4        # the inverse map is worked out on a grid this coarse, and interpolated


def triangulate(points: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """Delaunay triangles of ``points`` (N x 2, inside a ``size`` = (w, h) image) as an (M, 3) index array."""
    w, h = size
    subdiv = cv2.Subdiv2D((-1, -1, w + 2, h + 2))
    inside = np.clip(points, 0, [w, h]).astype(np.float32)
    index: dict[tuple[float, float], int] = {}
    for n, (x, y) in enumerate(inside):
        key = (float(x), float(y))
        if key not in index:
            index[key] = n
            subdiv.insert(key)
    triangles = []
    for t in np.asarray(subdiv.getTriangleList(), dtype=np.float32):
        corners = [(float(t[i]), float(t[i + 1])) for i in (0, 2, 4)]
        if all(c in index for c in corners):  # the subdivision's far-away helper corners are left out
            triangles.append([index[c] for c in corners])
    return np.array(triangles, dtype=np.int32).reshape(-1, 3)


def warp(image: np.ndarray, rest: np.ndarray, posed: np.ndarray, triangles: np.ndarray, *,
         step: int = MAP_STEP) -> np.ndarray:
    """``image`` with the mesh's points moved from ``rest`` to ``posed`` (inverse mapping, bilinear).

    Only the box around the moved triangles is resampled; the rest is copied.
    Each triangle's inverse map is linear, so it is worked out every ``step``
    pixels and interpolated between, which is exact wherever the four
    samples around a pixel lie in one triangle; the few cells that straddle
    a crease (where closed lips meet, say) are worked out pixel by pixel.
    """
    h, w = image.shape[:2]
    moved = np.abs(posed - rest).max(axis=1) > 1e-3
    changing = triangles[moved[triangles].any(axis=1)]
    out = image.copy()
    if not len(changing):
        return out
    corners = posed[changing].reshape(-1, 2)
    x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 1, 0)
    x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 2, [w, h])
    bw, bh = x1 - x0, y1 - y0
    nx, ny = (bw - 1) // step + 2, (bh - 1) // step + 2
    owner = np.full((step * (ny - 1) + 1, step * (nx - 1) + 1), -1, dtype=np.int32)
    scale = 1 << SUBPIXEL_BITS
    dsts = (posed[changing] - (x0, y0)).astype(np.float32)  # in the box's coordinates
    affines = _affines(dsts, (rest[changing] - (x0, y0)).astype(np.float32))
    for k, dst in enumerate(dsts):
        cv2.fillConvexPoly(owner, np.round(dst * scale).astype(np.int32), k, lineType=cv2.LINE_8,
                           shift=SUBPIXEL_BITS)
    sampled = owner[::step, ::step]
    sx, sy = (g.astype(np.float32) for g in np.meshgrid(step * np.arange(nx), step * np.arange(ny)))
    coarse_x, coarse_y = _mapped(sx, sy, sampled, affines)
    u, v = np.meshgrid(np.arange(bw, dtype=np.float32) / step, np.arange(bh, dtype=np.float32) / step)
    map_x = cv2.remap(coarse_x, u, v, cv2.INTER_LINEAR)
    map_y = cv2.remap(coarse_y, u, v, cv2.INTER_LINEAR)
    mixed = ((sampled[:-1, :-1] != sampled[1:, :-1]) | (sampled[:-1, :-1] != sampled[:-1, 1:])
             | (sampled[:-1, :-1] != sampled[1:, 1:]))
    ys, xs = np.nonzero(np.repeat(np.repeat(mixed, step, axis=0), step, axis=1)[:bh, :bw])
    map_x[ys, xs], map_y[ys, xs] = _mapped(xs.astype(np.float32), ys.astype(np.float32), owner[ys, xs], affines)
    map_x += x0
    map_y += y0
    out[y0:y1, x0:x1] = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out


def _affines(dst: np.ndarray, src: np.ndarray) -> np.ndarray:
    """The (M, 2, 3) affine maps taking each triangle's ``dst`` corners (M x 3 x 2) to its ``src`` ones, solved
    together (what ``cv2.getAffineTransform`` gives for one, without a call per triangle)."""
    corners = np.concatenate([dst, np.ones((*dst.shape[:2], 1), dtype=np.float32)], axis=2).astype(np.float64)
    return np.linalg.solve(corners, src.astype(np.float64)).transpose(0, 2, 1)


def _mapped(xs: np.ndarray, ys: np.ndarray, owner: np.ndarray,
            affines: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where the points (``xs``, ``ys``) come from: their owning triangle's affine map, themselves if none."""
    mx, my = xs.copy(), ys.copy()
    inside = owner >= 0
    a = affines[owner[inside]]
    px, py = xs[inside], ys[inside]
    mx[inside] = a[:, 0, 0] * px + a[:, 0, 1] * py + a[:, 0, 2]
    my[inside] = a[:, 1, 0] * px + a[:, 1, 1] * py + a[:, 1, 2]
    return mx, my
