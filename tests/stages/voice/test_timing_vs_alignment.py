"""The default engine's own word timings agree with a forced alignment of its audio.

eSpeak reports when it starts each word; the forced aligner
(``mediakit.speech.align``) finds the same words in the audio independently.
Where they disagree by more than 50 ms it is at words after a pause: the
aligner lets a word absorb the silence before it, while the audio itself
(its energy) sides with eSpeak, so a few such words are allowed.
"""

from __future__ import annotations

import numpy as np
import pytest

from mediakit.speech.align import Alignment, align
from mediakit.stages.voice import Speech

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


def test_where_they_disagree_the_audio_is_silent(default_speech: Speech, aligned: Alignment) -> None:
    """A word eSpeak starts well after the aligner does is preceded by silence in the audio."""
    sr = default_speech.sample_rate
    loud = float(np.abs(default_speech.samples).max())
    for ours, theirs in zip(default_speech.words, aligned.words, strict=True):
        if ours.start_ms - theirs.start_ms > 80:
            gap = default_speech.samples[theirs.start_ms * sr // 1000 + sr // 50: ours.start_ms * sr // 1000]
            assert float(np.abs(gap).max()) < 0.05 * loud, ours.text
