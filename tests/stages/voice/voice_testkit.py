"""Measures for the voice tests (pitch, loudness) and the 30-word script; a module so tests can import it."""

from __future__ import annotations

import numpy as np

SCRIPT_30 = ("I tried this new coffee maker for a whole week and honestly it changed my mornings. "
             "It is quiet, fast and easy to clean, so I finally stop running late.")


def median_f0(samples: np.ndarray, sr: int, fmin: float = 70.0, fmax: float = 400.0) -> float:
    """Median fundamental frequency (Hz) of the voiced 40 ms frames, by autocorrelation."""
    frame, hop = int(0.04 * sr), int(0.01 * sr)
    lo, hi = int(sr / fmax), int(sr / fmin)
    loud = 0.05 * float(np.abs(samples).max())
    f0s = []
    for i in range(0, len(samples) - frame, hop):
        f = samples[i:i + frame].astype(np.float64)
        if np.abs(f).max() < loud:
            continue
        f = f - f.mean()
        ac = np.correlate(f, f, "full")[frame - 1:]
        if ac[0] <= 0:
            continue
        ac = ac / ac[0]
        k = lo + int(np.argmax(ac[lo:hi]))
        if ac[k] > 0.5:
            f0s.append(sr / k)
    return float(np.median(f0s))


def rms(samples: np.ndarray) -> float:
    return float(np.sqrt(np.mean(np.square(samples, dtype=np.float64))))
