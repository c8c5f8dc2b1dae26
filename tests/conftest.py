"""Shared fixtures: tiny generated media (made once per session) and the real cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.ffmpeg import run_ffmpeg

REAL = Path(__file__).resolve().parent / "data" / "real"


@pytest.fixture(scope="session")
def real() -> Path:
    """The small real recordings copied into tests/data/real (with their SOURCE.md and licences)."""
    assert REAL.is_dir(), f"real cases missing at {REAL}"
    return REAL


@pytest.fixture(scope="session")
def media_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("media")


@pytest.fixture(scope="session")
def tiny_video(media_dir: Path) -> Path:
    """1.5 s, 180x320, 30 fps test pattern with a 440 Hz tone."""
    out = media_dir / "tiny.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=180x320:r=30:d=1.5", "-f", "lavfi",
                "-i", "sine=f=440:d=1.5:sample_rate=48000", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y", str(out)], what="making tiny video")
    return out


@pytest.fixture(scope="session")
def silent_video(media_dir: Path) -> Path:
    """1 s, 160x160 video with no audio stream."""
    out = media_dir / "silent.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x160:r=25:d=1", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-y", str(out)], what="making silent video")
    return out


@pytest.fixture(scope="session")
def tone_wav(media_dir: Path) -> Path:
    """1 s mono 16 kHz tone, audio only."""
    out = media_dir / "tone.wav"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=f=300:d=1:sample_rate=16000", "-y", str(out)], what="making tone")
    return out
