"""How a finished soundtrack measures: loudness, digital silence and the quiet tail (issue 22's sound rules).

Viewers hear three faults that a loudness number alone hides: a drop to
digital silence in a pause (the sound "switches off"), a long quiet end after
the last word (dead air), and a level far from the platforms' -14 LUFS.  These
are measured the same way in the tests and in ``benchmarks/sound.py``:

* the short-term level is the RMS of 50 ms windows every 10 ms, in dBFS of
  the mono downmix (a window is "silent" under ``SILENCE_DB``, "quiet" under
  ``QUIET_DB``);
* ``longest_silence`` is the longest run of silent windows, ``quiet_tail``
  the time from the end of the last window that is not quiet to the end;
* loudness is ffmpeg's EBU R128 meter (``mix.measure_loudness``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..media_io import decode_audio
from .mix import Loudness, measure_loudness

RATE = 16000
WINDOW_MS = 50
HOP_MS = 10
SILENCE_DB = -60.0   # below this a pause sounds switched off (digital silence)
QUIET_DB = -45.0     # below this the end is dead air


@dataclass(frozen=True)
class Levels:
    """What ``measure_levels`` found: loudness, the longest silent run and the quiet tail (seconds)."""

    loudness: Loudness
    longest_silence_s: float
    quiet_tail_s: float
    duration_s: float


def window_db(samples: np.ndarray, rate: int = RATE) -> np.ndarray:
    """The RMS level (dBFS) of each ``WINDOW_MS`` window, one every ``HOP_MS``."""
    win, hop = rate * WINDOW_MS // 1000, rate * HOP_MS // 1000
    if len(samples) < win:
        return np.array([-120.0])
    power = np.concatenate(([0.0], np.cumsum(samples.astype(np.float64) ** 2)))
    starts = np.arange(0, len(samples) - win + 1, hop)
    rms = np.sqrt((power[starts + win] - power[starts]) / win)
    return np.asarray(20 * np.log10(rms + 1e-9))


def longest_run_below(db: np.ndarray, floor: float) -> float:
    """Seconds of the longest run of windows under ``floor`` (window hops, plus one window's length)."""
    best = run = 0
    for below in db < floor:
        run = run + 1 if below else 0
        best = max(best, run)
    return 0.0 if best == 0 else ((best - 1) * HOP_MS + WINDOW_MS) / 1000


def quiet_tail(db: np.ndarray, duration_s: float, floor: float = QUIET_DB) -> float:
    """Seconds from the end of the last window at or over ``floor`` to the end (all of it when none is)."""
    loud = np.flatnonzero(db >= floor)
    if len(loud) == 0:
        return duration_s
    return max(0.0, duration_s - (loud[-1] * HOP_MS + WINDOW_MS) / 1000)


def measure_levels(path: str | Path) -> Levels:
    """Loudness, longest digital silence and quiet tail of ``path``'s audio."""
    samples = decode_audio(path, rate=RATE)
    db = window_db(samples)
    duration = len(samples) / RATE
    return Levels(loudness=measure_loudness(path), longest_silence_s=longest_run_below(db, SILENCE_DB),
                  quiet_tail_s=quiet_tail(db, duration), duration_s=duration)
