"""The clip and image cache: a file is made once per parameters, and cached PNGs are quick to write."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from mediakit.cache import CACHE_PNG_LEVEL, cached_png


def _noise() -> Image.Image:
    return Image.fromarray(np.random.default_rng(7).integers(0, 64, (64, 64, 3), dtype=np.uint8))


def test_a_png_is_drawn_once_per_parameters(tmp_path: Path) -> None:
    drawn: list[int] = []

    def draw() -> Image.Image:
        drawn.append(1)
        return _noise()

    first = cached_png("card", ("a", 64), draw, tmp_path)
    assert cached_png("card", ("a", 64), draw, tmp_path) == first
    assert cached_png("card", ("b", 64), draw, tmp_path) != first
    assert len(drawn) == 2


def test_cached_pngs_are_written_at_the_fast_zlib_level_with_the_same_pixels(tmp_path: Path) -> None:
    path = cached_png("card", "noise", _noise, tmp_path)
    data = path.read_bytes()
    # the zlib stream of the first IDAT chunk: its header's FLEVEL bits say which level wrote it
    idat = data.index(b"IDAT") + 4
    assert CACHE_PNG_LEVEL == 1
    assert data[idat + 1] >> 6 == 0  # FLEVEL 0: fastest (levels 0-1); the default level 6 writes 2
    with Image.open(path) as im:
        assert np.array_equal(np.asarray(im), np.asarray(_noise()))
