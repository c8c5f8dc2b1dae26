"""Seamless loops: a short real clip repeated shows no jump bigger than its own motion."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mediakit.ffmpeg import run_ffmpeg
from mediakit.stages.loops import seamless_loop


def steps(path: Path, repeats: int) -> np.ndarray:
    """Mean luma change between neighbouring frames of ``path`` played ``repeats`` more times (0..255)."""
    raw = run_ffmpeg(["-stream_loop", str(repeats), "-i", str(path), "-vf", "scale=160:90", "-f", "rawvideo",
                      "-pix_fmt", "gray", "-"], what="frames")
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 90 * 160).astype(np.int16)
    return np.asarray(np.abs(np.diff(frames, axis=0)).mean(axis=1))


@pytest.mark.slow
def test_a_short_clip_loops_without_a_jump(real: Path, tmp_path: Path) -> None:
    clip = tmp_path / "short.mp4"
    run_ffmpeg(["-ss", "2", "-t", "2.4", "-i", str(real / "moviepy-chaplin" / "chaplin.mp4"), "-an", "-c:v",
                "libx264", "-preset", "veryfast", "-y", str(clip)], what="a 2.4 s clip")
    inside = steps(clip, 0).max()
    assert steps(clip, 2).max() > 1.5 * inside, "the plain repeat jumps (what the loop fixes)"
    looped = seamless_loop(clip, 6000, tmp_path)
    assert steps(looped, 2).max() <= 1.5 * inside
    assert seamless_loop(clip, 2000, tmp_path) == clip   # long enough: played as it is
