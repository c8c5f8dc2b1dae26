"""Locating the ffmpeg binary: the wheel's own, found without starting a process."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import imageio_ffmpeg
import pytest

from mediakit.errors import RenderError
from mediakit.ffmpeg import ffmpeg_exe


@pytest.fixture(autouse=True)
def fresh_lookup(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("MEDIAKIT_FFMPEG", raising=False)
    monkeypatch.delenv("IMAGEIO_FFMPEG_EXE", raising=False)
    ffmpeg_exe.cache_clear()
    yield
    ffmpeg_exe.cache_clear()


def test_the_wheels_binary_is_found_without_running_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError("locating ffmpeg started a process")

    imageio_ffmpeg._utils._get_ffmpeg_exe.cache_clear()  # its own search runs `ffmpeg -version` once per process
    monkeypatch.setattr(subprocess.Popen, "__init__", no_process)
    found = Path(ffmpeg_exe())
    assert found.parent == Path(imageio_ffmpeg.__file__).parent / "binaries"
    assert found.name.startswith("ffmpeg-")


@pytest.mark.slow
def test_it_is_the_binary_imageio_ffmpeg_would_choose() -> None:
    assert ffmpeg_exe() == imageio_ffmpeg.get_ffmpeg_exe()


def test_imageio_ffmpegs_own_override_is_kept(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("IMAGEIO_FFMPEG_EXE", str(tmp_path / "my-ffmpeg"))
    assert ffmpeg_exe() == str(tmp_path / "my-ffmpeg")


def test_mediakit_ffmpeg_must_name_an_executable(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MEDIAKIT_FFMPEG", str(tmp_path / "missing"))
    with pytest.raises(RenderError, match="MEDIAKIT_FFMPEG"):
        ffmpeg_exe()
