"""Piecewise affine warps: only the triangles a pose moves change, and they meet the rest without a seam."""

from __future__ import annotations

import numpy as np

from mediakit.stages.actors.mesh_warp import changed_mask, triangulate, warp


def _grid(w: int, h: int, step: int) -> np.ndarray:
    xs, ys = np.meshgrid(np.arange(0, w + 1, step), np.arange(0, h + 1, step))
    return np.stack([xs.ravel(), ys.ravel()], axis=1).astype(np.float64)


def _texture(w: int, h: int) -> np.ndarray:
    y, x = np.mgrid[0:h, 0:w]
    return np.dstack([(x * 3) % 256, (y * 5) % 256, ((x + y) * 2) % 256]).astype(np.uint8)


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
    out = warp(image, rest, posed, tris)
    mask = changed_mask(rest, [posed], tris, (60, 40))
    differs = np.abs(out.astype(int) - image.astype(int)).max(axis=2) > 0
    assert differs.any() and not (differs & (mask == 0)).any(), "nothing outside the moved triangles changes"
    assert mask[20, 30] == 255 and mask[2, 2] == 0
    assert np.array_equal(warp(image, rest, rest.copy(), tris), image), "the rest pose is the photo itself"


def test_a_warped_pixel_comes_from_where_its_triangle_was() -> None:
    image = _texture(60, 40)
    rest = _grid(60, 40, 20)
    tris = triangulate(rest, (60, 40))
    posed = rest + [0.0, 0.0]
    posed[np.all(rest == [20, 20], axis=1)] += [6, 0]
    out = warp(image, rest, posed, tris)
    assert np.array_equal(out[20, 26], image[20, 20]), "the moved corner carries its pixel"
