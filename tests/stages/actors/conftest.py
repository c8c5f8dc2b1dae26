"""Tiny media for the actor tests, made once per session (speech and the actor cache are in tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.ffmpeg import run_ffmpeg


@pytest.fixture(scope="session")
def green_clip(media_dir: Path) -> Path:
    """0.8 s of key green with a pink rectangle standing in for a person (shorter than the speech)."""
    out = media_dir / "greenscreen.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "color=c=0x00B140:s=180x320:r=30:d=0.8", "-vf",
                "drawbox=x=50:y=100:w=80:h=120:color=0xC03060:t=fill", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-y", str(out)], what="making green clip")
    return out


@pytest.fixture(autouse=True)
def _actor_cache(private_actor_cache: Path) -> Path:
    return private_actor_cache
