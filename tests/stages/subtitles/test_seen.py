"""The analysis' regions followed through a layer's fit, crop and box onto the canvas."""

from __future__ import annotations

import pytest

from mediakit.analysis import PictureAnalysis, Region
from mediakit.stages.subtitles.seen import Seen, luminance_behind, on_box
from mediakit.timeline import Box, Canvas, Crop

FACE = Region(0.4, 0.2, 0.2, 0.3)


def test_cover_crops_the_sides_and_contain_letterboxes() -> None:
    box = Box(0, 0, 1080, 1920)
    # a 4:3 picture covering 9:16 is 2560 px wide, 740 px cut each side: the middle fifth stays the middle
    assert on_box(FACE, (400, 300), box, "cover") == pytest.approx((284, 384, 796, 960))
    # contain: 1080x810 in the middle (555..1365)
    assert on_box(FACE, (400, 300), box, "contain") == pytest.approx((432, 555 + 162, 648, 555 + 405))
    # a region cover cut away is gone
    assert on_box(Region(0.0, 0.0, 0.05, 0.05), (400, 300), box, "cover") is None


def test_a_letterboxed_picture_is_kept_out_after_its_faces_and_a_crop_moves_them() -> None:
    canvas = Canvas.for_aspect("9:16")
    seen = Seen()
    seen.add(PictureAnalysis(400, 300, faces=(FACE,)), "blur", canvas.box, canvas)
    assert seen.pictures == [pytest.approx((555, 1365))]
    strict, *_, lenient = seen.tries()
    assert seen.pictures[0] in strict and lenient == seen.faces
    cropped = Seen()
    cropped.add(PictureAnalysis(400, 300, faces=(FACE,)), "cover", canvas.box, canvas, Crop(0.0, 0.2, 1.0, 0.5))
    assert cropped.faces == [pytest.approx((0, 1152))]   # the face fills the top of the crop


def test_the_luminance_behind_captions_comes_from_the_cells_they_cover() -> None:
    canvas = Canvas.for_aspect("9:16")
    grid = tuple(tuple(0.9 if i < 4 else 0.1 for _ in range(8)) for i in range(8))   # bright top, dark bottom
    flat = tuple(tuple(0.0 for _ in range(8)) for _ in range(8))
    a = PictureAnalysis(400, 300, brightness=grid, texture=flat)
    assert luminance_behind(a, "cover", canvas.box, canvas, (1500, 1600)) == (0.1, 0.1)
    assert luminance_behind(a, "cover", canvas.box, canvas, (300, 400)) == (0.9, 0.9)
    assert luminance_behind(a, "contain", canvas.box, canvas, (300, 400)) == (0.0, 0.0)  # the black bar
    low, high = luminance_behind(a, "blur", canvas.box, canvas, (300, 400))             # the darkened fill
    assert high == pytest.approx(0.9 * 0.85)
