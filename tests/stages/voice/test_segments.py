"""speak_segments: the neural engines' segments laid end to end, an address read out slower."""

from __future__ import annotations

import numpy as np
import pytest

from mediakit.stages.voice.delivery import ADDRESS_RATE, Segment
from mediakit.stages.voice.segments import speak_segments


def test_the_sentence_giving_an_address_is_spoken_at_the_read_out_rate() -> None:
    rates: list[float] = []

    def speak(seg: Segment, cursor: int) -> tuple[np.ndarray, list, list]:
        rates.append(seg.prosody.rate)
        return np.zeros(100, dtype=np.float32), [], []

    speech = speak_segments("Try it free. Start free at ledgerly.app.", None, 1000, "fake", speak)
    assert rates == [1.0, pytest.approx(ADDRESS_RATE)]
    assert speech.duration_ms == 200
