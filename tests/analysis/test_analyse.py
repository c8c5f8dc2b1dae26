"""The picture analysis on real media: faces, subject, text regions, grids, and its cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

import mediakit.analysis.stage as analyse_module
from mediakit.analysis import PictureAnalysis, Region, analyse, analyse_image
from mediakit.fonts import font_file

GRID_CLIP = "lipnet-grid-swwp2s/id2_vcd_swwp2s.mpg"
COFFEE = "skimage-coffee/coffee.png"


def headline_screen() -> Image.Image:
    """An app screen with a headline and a line of copy, like laptop_ugc's screenshot."""
    im = Image.new("RGB", (270, 480), (240, 244, 250))
    d = ImageDraw.Draw(im)
    d.text((30, 100), "Streak: 12 days", fill=(20, 20, 30), font=ImageFont.truetype(str(font_file("Inter", True)), 28))
    return im


@pytest.mark.slow
def test_the_talking_head_clip_has_one_face_where_the_speaker_is(real: Path) -> None:
    a = analyse(real / GRID_CLIP)
    assert (a.width, a.height) == (360, 288)
    assert len(a.faces) == 1
    face = a.faces[0]
    # the speaker's nose sits about the middle of the frame, a little low (frame 1 s in, measured by eye)
    assert face.x < 0.5 < face.right and face.y < 0.6 < face.bottom
    assert a.subject is not None and a.subject.x <= face.x and a.subject.right >= face.right
    assert not a.text


@pytest.mark.slow
def test_a_product_photo_has_a_subject_and_no_face_or_text(real: Path) -> None:
    a = analyse(real / COFFEE)
    assert a.faces == () and a.text == ()
    assert a.subject is not None and a.subject.w < 0.8   # the cup, not the whole frame
    assert len(a.brightness) == len(a.texture) == 8 and all(0 <= v <= 1 for row in a.brightness for v in row)


@pytest.mark.slow
def test_an_app_headline_is_a_text_region() -> None:
    a = analyse_image(headline_screen())
    assert len(a.text) == 1
    headline = a.text[0]
    assert headline.y <= 100 / 480 and headline.bottom >= 128 / 480 and headline.x <= 40 / 270
    assert a.faces == ()


@pytest.mark.slow
def test_the_analysis_runs_once_per_content(real: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = analyse(real / COFFEE)
    copy = tmp_path / "renamed.png"
    shutil.copy(real / COFFEE, copy)
    monkeypatch.setattr(analyse_module, "_memo", {})

    def fail(*_: object) -> PictureAnalysis:
        raise AssertionError("measured again")

    monkeypatch.setattr(analyse_module, "_measure", fail)
    assert analyse(copy) == first   # another name, the same bytes: read from the cache


def test_region_union_and_growth_stay_in_the_frame() -> None:
    a, b = Region(0.1, 0.1, 0.2, 0.2), Region(0.25, 0.0, 0.2, 0.2)
    u = a.union(b)
    assert a.overlaps(b) and (u.x, u.y, u.right, u.bottom) == pytest.approx((0.1, 0.0, 0.45, 0.3))
    grown = Region(0.0, 0.9, 0.5, 0.1).grown(0.5, 0.5, 0.5, 0.5)
    assert grown.x == 0.0 and grown.bottom == 1.0


def test_the_saliency_grid_points_at_what_stands_out_in_a_wide_subject() -> None:
    """A shop front: a sign, a window and a red door on a plain wall make one wide subject box; the grid says
    the door's cells stand out most (what a PiP keeps off)."""
    shop = Image.new("RGB", (1280, 720), (196, 186, 170))
    draw = ImageDraw.Draw(shop)
    draw.rectangle((0, 0, 1280, 140), fill=(40, 60, 90))
    draw.rectangle((300, 320, 560, 560), fill=(120, 170, 200))
    draw.rectangle((640, 300, 780, 719), fill=(150, 35, 30))
    result = analyse_image(shop)
    grid = np.array(result.saliency)
    assert grid.shape == (8, 8)
    _, col = np.unravel_index(np.argmax(grid[3:]), grid[3:].shape)
    assert col == 4                                           # the door's column, below the sign
    assert PictureAnalysis.from_dict(result.to_dict()) == result
