"""The poster frame beside every rendered video: the right moment, a PNG written quickly."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from mediakit.generation.run import POSTER_PNG_LEVEL, poster_frame


def test_the_poster_is_the_frame_at_its_moment_written_at_the_quick_zlib_level(tiny_video: Path,
                                                                               tmp_path: Path) -> None:
    poster = poster_frame(tiny_video, tmp_path / "p.png", at_ms=500)
    with Image.open(poster) as img:
        assert img.size == (180, 320)
    data = poster.read_bytes()
    idat = data.index(b"IDAT") + 4
    assert POSTER_PNG_LEVEL == 3
    assert data[idat + 1] >> 6 == 1  # zlib FLEVEL 1 (levels 2-5); ffmpeg's default level 6 writes 2
    assert [p.name for p in tmp_path.iterdir()] == ["p.png"]
