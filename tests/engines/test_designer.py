"""local-designer: the image engine's variants, sizes and refs."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.engines import ImageJob
from mediakit.engines.designer import DesignerEngine


def pixels(img: Image.Image) -> np.ndarray:
    return np.asarray(img.convert("RGB")).astype(np.int16)


def solid(path: Path, color: tuple[int, int, int], size: tuple[int, int] = (120, 90)) -> Path:
    Image.new("RGB", size, color).save(path)
    return path


@pytest.mark.slow
def test_the_engine_makes_n_distinct_variants_of_the_asked_size(tmp_path: Path) -> None:
    job = ImageJob(model="image-engine-2", mode="text-to-image", prompt="a can of cold brew on a rooftop",
                   resolution="1024x1536", width=160, height=240, n=3)
    paths = DesignerEngine().make(job, tmp_path)
    assert [p.name for p in paths] == ["image-1.png", "image-2.png", "image-3.png"]
    arrays = [pixels(Image.open(p)) for p in paths]
    assert all(a.shape == (240, 160, 3) for a in arrays)
    assert not np.array_equal(arrays[0], arrays[1]) and not np.array_equal(arrays[1], arrays[2])
    edit = ImageJob(model="image-engine-2", mode="image-edit", prompt="compose", resolution="1024x1024", width=200,
                    height=200, refs=(solid(tmp_path / "r.png", (240, 200, 0)),))
    out = pixels(Image.open(DesignerEngine().make(edit, tmp_path)[0]))
    assert (np.abs(out - np.array((240, 200, 0))).sum(axis=2) < 60).mean() > 0.3, "the ref fills the frame"
