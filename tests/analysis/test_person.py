"""The person's alpha on a real photo and a real clip: the person kept, the backdrop gone, made once per content."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
from PIL import Image

from mediakit.analysis.person import clip_person_alpha, person_alpha

FACE = "lipnet-grid-swwp2s/face.png"
GRID_CLIP = "lipnet-grid-swwp2s/id2_vcd_swwp2s.mpg"


def _alpha(path: Path) -> np.ndarray:
    with Image.open(path) as im:
        assert im.mode == "L"
        return np.asarray(im)


def test_the_photo_keeps_the_speaker_and_loses_the_blue_backdrop(real: Path) -> None:
    a = _alpha(person_alpha(real / FACE))
    assert a.shape == (288, 360)
    assert a[120:200, 150:210].min() == 255, "the face is whole"       # nose and cheeks (face.png, by eye)
    assert a[265:, 40:320].mean() > 240, "the shoulders are kept"
    for corner in (a[:40, :60], a[:40, -60:], a[100:160, :50], a[100:160, -50:]):
        assert corner.max() == 0, "the blue backdrop is gone"
    edge = (a > 0) & (a < 255)
    assert 0 < edge.mean() < 0.03, "a soft edge, a few pixels wide"


def test_the_same_photo_under_another_name_is_segmented_once(real: Path, tmp_path: Path) -> None:
    copy = tmp_path / "renamed.png"
    shutil.copy(real / FACE, copy)
    assert person_alpha(copy) == person_alpha(real / FACE)


def test_a_clip_gets_one_still_alpha_covering_the_person_as_they_move(real: Path) -> None:
    a = _alpha(clip_person_alpha(real / GRID_CLIP))
    assert a.shape == (288, 360)
    photo = _alpha(person_alpha(real / FACE))   # the clip's first frame
    assert a[photo == 255].min() == 255, "the person on the first frame is inside the clip's alpha"
    assert (a > 0).sum() > (photo > 0).sum(), "grown for the head's motion"
    assert a[:30, :40].max() == 0 and a[:30, -40:].max() == 0
