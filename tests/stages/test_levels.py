"""The sound rules' meters: digital silence, the quiet tail, loudness of a file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mediakit.media_io import write_wav
from mediakit.stages.levels import RATE, longest_run_below, measure_levels, quiet_tail, window_db


def _tone(seconds: float, db: float) -> np.ndarray:
    t = np.arange(round(seconds * RATE)) / RATE
    return (10 ** (db / 20) * np.sqrt(2) * np.sin(2 * np.pi * 440 * t)).astype(np.float32)


def test_windows_read_the_level_in_dbfs() -> None:
    db = window_db(_tone(1.0, -20.0))
    assert np.allclose(db, -20.0, atol=0.2)


def test_a_gap_of_zeros_is_a_silent_run_and_room_tone_is_not() -> None:
    voice = _tone(0.5, -20.0)
    gap = np.zeros(RATE // 2, dtype=np.float32)
    db = window_db(np.concatenate([voice, gap, voice]))
    assert longest_run_below(db, -60.0) == pytest.approx(0.5, abs=0.02)
    aired = window_db(np.concatenate([voice, _tone(0.5, -50.0), voice]))
    assert longest_run_below(aired, -60.0) == 0.0


def test_the_quiet_tail_runs_from_the_last_loud_window(tmp_path: Path) -> None:
    samples = np.concatenate([_tone(1.0, -20.0), _tone(1.5, -52.0)])
    db = window_db(samples)
    assert quiet_tail(db, 2.5) == pytest.approx(1.5, abs=0.05)   # within a window of the step
    path = write_wav(tmp_path / "t.wav", samples, sample_rate=RATE)
    levels = measure_levels(path)
    assert levels.quiet_tail_s == pytest.approx(1.5, abs=0.05) and levels.longest_silence_s == 0.0
    assert levels.duration_s == pytest.approx(2.5)
    assert levels.loudness.integrated == pytest.approx(-21.0, abs=1.0)   # the quiet end is gated out
