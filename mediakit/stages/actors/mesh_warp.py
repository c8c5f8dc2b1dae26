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


def warp(image: np.ndarray, rest: np.ndarray, posed: np.ndarray, triangles: np.ndarray) -> np.ndarray:
    """``image`` with the mesh's points moved from ``rest`` to ``posed`` (inverse mapping, bilinear)."""
    h, w = image.shape[:2]
    moved = np.abs(posed - rest).max(axis=1) > 1e-3
    changing = triangles[moved[triangles].any(axis=1)]
    if not len(changing):
        return image.copy()
    owner = np.full((h, w), -1, dtype=np.int32)
    affines = np.empty((len(changing), 2, 3), dtype=np.float64)
    scale = 1 << SUBPIXEL_BITS
    for k, tri in enumerate(changing):
        dst, src = posed[tri].astype(np.float32), rest[tri].astype(np.float32)
        affines[k] = cv2.getAffineTransform(dst, src)
        corners = np.round(dst * scale).astype(np.int32)
        cv2.fillConvexPoly(owner, corners, k, lineType=cv2.LINE_8, shift=SUBPIXEL_BITS)
    map_x, map_y = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    ys, xs = np.nonzero(owner >= 0)
    a = affines[owner[ys, xs]]
    map_x[ys, xs] = a[:, 0, 0] * xs + a[:, 0, 1] * ys + a[:, 0, 2]
    map_y[ys, xs] = a[:, 1, 0] * xs + a[:, 1, 1] * ys + a[:, 1, 2]
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def changed_mask(rest: np.ndarray, poses: list[np.ndarray], triangles: np.ndarray,
                 size: tuple[int, int]) -> np.ndarray:
    """A (h, w) uint8 mask, 255 on every triangle any of ``poses`` moves, at rest and posed.

    Outside it every pose shows the photo unchanged, so a part cut to it can
    be laid over the photo, or over another part, without touching the rest.
    """
    mask = np.zeros((size[1], size[0]), dtype=np.uint8)
    scale = 1 << SUBPIXEL_BITS
    for posed in poses:
        moved = np.abs(posed - rest).max(axis=1) > 1e-3
        for tri in triangles[moved[triangles].any(axis=1)]:
            for corners in (rest[tri], posed[tri]):
                cv2.fillConvexPoly(mask, np.round(corners * scale).astype(np.int32), 255, lineType=cv2.LINE_8,
                                   shift=SUBPIXEL_BITS)
    return mask
