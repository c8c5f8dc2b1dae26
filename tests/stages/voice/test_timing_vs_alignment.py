"""The default engine's own word timings agree with a forced alignment of its audio.

eSpeak reports when it starts each word; the forced aligner
(``mediakit.speech.align``) finds the same words in the audio independently.
The aligner trims silence a word absorbed at its edges, so the two agree
after pauses too; the few words further apart than 50 ms are boundaries
inside continuous sound, where either placement is defensible.
"""

from __future__ import annotations

import numpy as np
import pytest

from mediakit.speech.align import Alignment, align
from mediakit.stages.voice import Speech

pytestmark = pytest.mark.slow

TOLERANCE_MS = 50


@pytest.fixture(scope="module")
def aligned(default_speech: Speech) -> Alignment:
    return align(default_speech.resampled(16000), default_speech.text)


def test_word_starts_and_ends_match_forced_alignment(default_speech: Speech, aligned: Alignment) -> None:
    assert aligned.matches, aligned.problem
    assert [w.text for w in aligned.words] == [w.text for w in default_speech.words]
    starts = np.array([abs(w.start_ms - a.start_ms) for w, a in zip(default_speech.words, aligned.words, strict=True)])
    ends = np.array([abs(w.end_ms - a.end_ms) for w, a in zip(default_speech.words, aligned.words, strict=True)])
    assert np.median(starts) <= 20 and np.median(ends) <= 20
    assert np.mean(starts <= TOLERANCE_MS) >= 0.85, f"start errors (ms): {starts.tolist()}"
    assert np.mean(ends <= TOLERANCE_MS) >= 0.85, f"end errors (ms): {ends.tolist()}"


def test_aligned_words_do_not_start_in_silence(default_speech: Speech, aligned: Alignment) -> None:
    """Neither timing source lights a caption up early: each word's first 60 ms hold sound."""
    sr = default_speech.sample_rate
    loud = float(np.abs(default_speech.samples).max())
    for source in (default_speech.words, aligned.words):
        for word in source:
            head = default_speech.samples[word.start_ms * sr // 1000: (word.start_ms + 60) * sr // 1000]
            assert float(np.abs(head).max()) > 0.05 * loud, word.text
