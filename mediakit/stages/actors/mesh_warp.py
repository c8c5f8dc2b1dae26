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
    The inverse map is worked out every ``step`` pixels and interpolated
    between: each triangle's map is linear, so this is exact inside a
    triangle and rounds off only its creases, at a sixteenth of the cost.
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
    nx, ny = (x1 - x0 - 1) // step + 2, (y1 - y0 - 1) // step + 2
    owner = np.full((ny, nx), -1, dtype=np.int32)
    affines = np.empty((len(changing), 2, 3), dtype=np.float64)
    scale = (1 << SUBPIXEL_BITS) / step
    for k, tri in enumerate(changing):
        dst, src = posed[tri].astype(np.float32), rest[tri].astype(np.float32)
        affines[k] = cv2.getAffineTransform(dst, src)
        at = np.round((dst - (x0, y0)) * scale).astype(np.int32)
        cv2.fillConvexPoly(owner, at, k, lineType=cv2.LINE_8, shift=SUBPIXEL_BITS)
    sx, sy = (g.astype(np.float32) for g in np.meshgrid(x0 + step * np.arange(nx), y0 + step * np.arange(ny)))
    ys, xs = np.nonzero(owner >= 0)
    a = affines[owner[ys, xs]]
    px, py = sx[ys, xs], sy[ys, xs]
    coarse_x, coarse_y = sx.copy(), sy.copy()
    coarse_x[ys, xs] = a[:, 0, 0] * px + a[:, 0, 1] * py + a[:, 0, 2]
    coarse_y[ys, xs] = a[:, 1, 0] * px + a[:, 1, 1] * py + a[:, 1, 2]
    u, v = np.meshgrid(np.arange(x1 - x0, dtype=np.float32) / step, np.arange(y1 - y0, dtype=np.float32) / step)
    map_x = cv2.remap(coarse_x, u, v, cv2.INTER_LINEAR)
    map_y = cv2.remap(coarse_y, u, v, cv2.INTER_LINEAR)
    out[y0:y1, x0:x1] = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out
