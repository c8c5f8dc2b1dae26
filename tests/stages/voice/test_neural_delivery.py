"""tone, acting_style (a tone and a speed) and emotion tags change rate, pitch and pauses on the neural engines.

Measured on the output, as a listener would notice: seconds of speech, median
pitch, and the silence between two sentences.
"""

from __future__ import annotations

import pytest
from voice_testkit import median_f0

from mediakit.stages.voice import Speech, synthesize

LINE = "This changed my mornings. Grab yours today."


def gap_ms(speech: Speech) -> int:
    """Silence between the two sentences: from 'mornings.' ending to 'Grab' starting."""
    words = {w.text: w for w in speech.words}
    return words["Grab"].start_ms - words["mornings."].end_ms


@pytest.mark.slow
@pytest.mark.parametrize(("engine", "voice"), [("piper", "leo"), ("kokoro", "noah")])
def test_tone_and_tags_change_rate_pitch_and_pauses(engine: str, voice: str) -> None:
    def say(text: str, tone: str | None = None) -> Speech:
        return synthesize(text, voice=voice, engine=engine, tone=tone)

    calm, energetic, dramatic, plain = say(LINE, "calm"), say(LINE, "energetic"), say(LINE, "dramatic"), say(LINE)
    sr = plain.sample_rate
    assert calm.duration_ms > 1.15 * energetic.duration_ms  # rate
    assert median_f0(energetic.samples, sr) > 1.1 * median_f0(calm.samples, sr)  # pitch
    assert gap_ms(dramatic) >= gap_ms(plain) + 300  # pauses
    sad, excited = (say(f"[{tag}] This changed my mornings. [{tag}] Grab yours today.") for tag in ("sad", "excited"))
    assert sad.duration_ms > 1.12 * excited.duration_ms  # the models' own duration noise blurs the 1.35 asked
    assert median_f0(excited.samples, sr) > 1.2 * median_f0(sad.samples, sr)
