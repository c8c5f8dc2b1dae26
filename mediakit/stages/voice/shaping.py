"""What the neural engines share: session threads, level and a duration-keeping pitch shift.

onnxruntime's default thread pool spins on every core; on a busy machine (a
render running beside it, a batch in a process pool) that burns CPU for
nothing: one thread without spinning measured 0.58 instead of 0.88 CPU
seconds per second of Kokoro speech, and the pool parallelises across jobs.
So sessions run one thread unless ``SESSION_THREADS`` says otherwise: a
one-shot ``mediakit say`` has the machine to itself and nothing to wait on
but the model, so it runs one per core (still not spinning).

Neural models (Piper, Kokoro) have no pitch or volume control of their own,
so the delivery plan's semitones and volume are applied to their output here,
the same way for both; the duration is kept so the model's timings still hold.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

import numpy as np

from ...ffmpeg import run_ffmpeg
from ...media_io import pcm16

PEAK = 0.9  # each piece is normalised to this peak (as Piper itself does) before volume


SESSION_THREADS: ContextVar[int | None] = ContextVar("voice_session_threads", default=None)
"""Intra-op threads of the neural voices' sessions made in this context; unset is one."""


def session_threads() -> int:
    return max(SESSION_THREADS.get() or 1, 1)


def session_options(threads: int = 1) -> Any:
    """onnxruntime session options: ``threads`` intra-op threads that sleep rather than spin when idle."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return options


def level(audio: np.ndarray, volume: float) -> np.ndarray:
    """``audio`` peak-normalised to ``PEAK`` times ``volume``, clipped to [-1, 1]."""
    audio = np.asarray(audio, dtype=np.float32).reshape(-1)
    peak = float(np.abs(audio).max()) if len(audio) else 0.0
    if peak > 1e-6:
        audio = audio * (PEAK * volume / peak)
    return np.clip(audio, -1, 1)


def pitch_shift(audio: np.ndarray, sr: int, semitones: float) -> np.ndarray:
    """Shift pitch keeping duration (so timings hold), through ffmpeg's rubberband filter."""
    if abs(semitones) < 0.05 or not len(audio):
        return audio
    pcm = pcm16(audio).tobytes()  # clipped: samples past full scale must not wrap round to the other sign
    raw = run_ffmpeg(["-f", "s16le", "-ar", str(sr), "-ac", "1", "-i", "-",
                      "-af", f"rubberband=pitch={2 ** (semitones / 12):.5f}:formant=shifted",
                      "-f", "s16le", "-"], what="shifting the pitch of neural speech", input_bytes=pcm)
    shifted = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    out = np.zeros(len(audio), dtype=np.float32)  # rubberband may differ by a few samples
    out[:min(len(out), len(shifted))] = shifted[:len(out)]
    return out
