"""Speak a script piece by piece, the way the neural engines do: delivery's segments, pauses between them.

``delivery.plan`` cuts a script at its emotion tags and sentence pauses into
segments, each with its own prosody (a sentence that gives an address said
slower, as it is read out: ``read_out``); a neural engine speaks one segment at a
time and this lays them end to end, with each planned pause as silence (the
soundtrack puts room tone under it), timings moved to where each piece lands.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...words import Word
from .base import PhonemeTiming, Speech
from .delivery import Segment, plan, read_out

SegmentSpeaker = Callable[[Segment, int], tuple[np.ndarray, list[Word], list[PhonemeTiming]]]


def speak_segments(text: str, tone: str | None, sample_rate: int, engine: str, speak: SegmentSpeaker) -> Speech:
    """``text`` as one :class:`Speech`: ``speak(segment, cursor)`` gives a segment's audio and its timings, already
    offset by ``cursor`` (the samples laid before it)."""
    pieces: list[np.ndarray] = []
    words: list[Word] = []
    phonemes: list[PhonemeTiming] = []
    cursor = 0
    for seg in map(read_out, plan(text, tone)):
        if seg.pause_ms:
            pieces.append(np.zeros(seg.pause_ms * sample_rate // 1000, dtype=np.float32))
            cursor += len(pieces[-1])
        if not seg.text:
            continue
        audio, seg_words, seg_phonemes = speak(seg, cursor)
        pieces.append(audio)
        words += seg_words
        phonemes += seg_phonemes
        cursor += len(audio)
    samples = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.float32)
    return Speech(samples.astype(np.float32), sample_rate, tuple(words), tuple(phonemes), engine, text=text)
