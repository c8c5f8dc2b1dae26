"""The clip and image cache: a file is made once per parameters, and cached PNGs are quick to write."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
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


def test_a_drawing_from_older_code_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """After an update a b-roll card was served from the cache as the old code drew it (label included)."""
    import mediakit.cache as cache

    drawn: list[str] = []

    def draw() -> Image.Image:
        drawn.append("x")
        return Image.new("RGB", (8, 8))

    before = cached_png("card", "a", draw, tmp_path)
    monkeypatch.setattr(cache, "drawing_version", lambda: "the next release")
    assert cached_png("card", "a", draw, tmp_path) != before and len(drawn) == 2


def test_the_drawing_version_follows_the_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import mediakit.cache as cache

    package = tmp_path / "mediakit"
    (package / "drawing").mkdir(parents=True)
    (package / "drawing" / "card.py").write_text("RED = 1\n")
    monkeypatch.setattr(cache, "__file__", str(package / "cache.py"))
    versions = []
    for source in ("RED = 1\n", "RED = 2\n"):
        (package / "drawing" / "card.py").write_text(source)
        cache.drawing_version.cache_clear()
        versions.append(cache.drawing_version())
    cache.drawing_version.cache_clear()
    assert versions[0] != versions[1]
