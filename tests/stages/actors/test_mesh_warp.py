"""Piecewise affine warps: only the triangles a pose moves change, and they meet the rest without a seam."""

from __future__ import annotations

import cv2
import numpy as np

from mediakit.stages.actors.mesh_warp import MAP_STEP, triangulate, warp


def _grid(w: int, h: int, step: int) -> np.ndarray:
    xs, ys = np.meshgrid(np.arange(0, w + 1, step), np.arange(0, h + 1, step))
    return np.stack([xs.ravel(), ys.ravel()], axis=1).astype(np.float64)


def _texture(w: int, h: int) -> np.ndarray:
    y, x = np.mgrid[0:h, 0:w]
    return np.dstack([(x * 3) % 256, (y * 5) % 256, ((x + y) * 2) % 256]).astype(np.uint8)


def _moved_triangles(rest: np.ndarray, posed: np.ndarray, tris: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """255 on every triangle with a moved corner, at rest and posed."""
    mask = np.zeros((size[1], size[0]), dtype=np.uint8)
    moved = np.abs(posed - rest).max(axis=1) > 0
    for tri in tris[moved[tris].any(axis=1)]:
        for corners in (rest[tri], posed[tri]):
            cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 255)
    return mask


def test_triangles_cover_the_points_once() -> None:
    pts = _grid(60, 40, 10)
    tris = triangulate(pts, (60, 40))
    assert tris.shape[1] == 3 and set(np.unique(tris)) == set(range(len(pts)))
    a, b, c = (pts[tris[:, i]] for i in range(3))
    u, v = b - a, c - a
    area = np.abs(u[:, 0] * v[:, 1] - u[:, 1] * v[:, 0]).sum() / 2
    assert abs(area - 60 * 40) < 1e-6, "the triangles tile the grid's rectangle exactly"


def test_a_moved_point_changes_only_its_triangles_and_the_rest_stays_the_photo() -> None:
    image = _texture(60, 40)
    rest = _grid(60, 40, 10)
    tris = triangulate(rest, (60, 40))
    posed = rest.copy()
    centre = int(np.argmin(np.abs(rest - [30, 20]).sum(axis=1)))
    posed[centre] += [0, 4]
    mask = _moved_triangles(rest, posed, tris, (60, 40))
    exact = warp(image, rest, posed, tris, step=1)
    differs = np.abs(exact.astype(int) - image.astype(int)).max(axis=2) > 0
    assert differs.any() and not (differs & (mask == 0)).any(), "nothing outside the moved triangles changes"
    near = cv2.dilate(mask, np.ones((2 * MAP_STEP + 1, 2 * MAP_STEP + 1), np.uint8))
    coarse = np.abs(warp(image, rest, posed, tris).astype(int) - image.astype(int)).max(axis=2) > 0
    assert not (coarse & (near == 0)).any(), "the coarse map smooths a crease by at most its step"
    assert mask[20, 30] == 255 and mask[2, 2] == 0
    assert np.array_equal(warp(image, rest, rest.copy(), tris), image), "the rest pose is the photo itself"


def test_a_warped_pixel_comes_from_where_its_triangle_was() -> None:
    image = _texture(60, 40)
    rest = _grid(60, 40, 20)
    tris = triangulate(rest, (60, 40))
    posed = rest + [0.0, 0.0]
    posed[np.all(rest == [20, 20], axis=1)] += [6, 0]
    exact = warp(image, rest, posed, tris, step=1)
    assert np.array_equal(exact[20, 26], image[20, 20]), "the moved corner carries its pixel"
    coarse = warp(image, rest, posed, tris)
    assert np.abs(coarse.astype(int) - exact.astype(int)).mean() < 1.0, "the coarse map is nearly the exact one"


def test_a_warp_away_from_the_corner_of_the_image_maps_the_same_as_one_at_it() -> None:
    image = _texture(120, 80)
    rest = _grid(120, 80, 20)
    tris = triangulate(rest, (120, 80))
    posed = rest.copy()
    posed[np.all(rest == [80, 40], axis=1)] += [3, 5]
    exact = warp(image, rest, posed, tris, step=1)
    assert np.array_equal(exact[45, 83], image[40, 80]), "the moved corner carries its pixel, far from (0, 0)"
    assert np.abs(warp(image, rest, posed, tris).astype(int) - exact.astype(int)).max() <= 1
