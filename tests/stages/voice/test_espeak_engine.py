"""The default engine: eSpeak NG in-process, timed by its own word and phoneme events."""

from __future__ import annotations

import wave
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from voice_testkit import SCRIPT_30, median_f0, rms

from mediakit.errors import ValidationError
from mediakit.stages.voice import Speech, synthesize

LINE = "Big news, friends! This one costs $20 and it's worth every cent."


def test_words_are_the_script_as_written(default_speech: Speech) -> None:
    assert [w.text for w in default_speech.words] == SCRIPT_30.split()
    assert default_speech.engine == "espeak" and default_speech.sample_rate == 22050


def test_word_timings_are_ordered_and_inside_the_audio(default_speech: Speech) -> None:
    words = default_speech.words
    for a, b in pairwise(words):
        assert a.start_ms < b.start_ms and a.end_ms <= b.start_ms
    assert all(w.end_ms > w.start_ms for w in words)
    assert words[-1].end_ms <= default_speech.duration_ms
    # ~2.5 words per second: eSpeak's pace at the default rate
    assert 7_000 < default_speech.duration_ms < 14_000


def test_phonemes_fall_inside_their_words(default_speech: Speech) -> None:
    phonemes = default_speech.phonemes
    assert len(phonemes) > 60
    assert all(p.phoneme and "ˈ" not in p.phoneme and p.end_ms > p.start_ms for p in phonemes)
    coffee = next(w for w in default_speech.words if w.text == "coffee")
    inside = [p.phoneme for p in phonemes if coffee.start_ms <= p.start_ms < coffee.end_ms]
    assert inside[0] == "k" and "f" in inside


def test_tags_symbols_and_numbers_keep_words_as_written() -> None:
    speech = synthesize("[excited] Big news, friends! 🙂 [laughs] This one costs $20. [whispers] Shh.")
    assert [w.text for w in speech.words] == ["Big", "news,", "friends! 🙂", "This", "one", "costs", "$20.",
                                              "Shh."]
    # the laugh is heard (between "friends!" and "This") but is not a word
    gap = speech.words[3].start_ms - speech.words[2].end_ms
    assert gap > 400
    assert any(speech.words[2].end_ms <= p.start_ms < speech.words[3].start_ms for p in speech.phonemes)


def test_whisper_is_quieter() -> None:
    plain = synthesize("Do not tell anyone about this.")
    whisper = synthesize("[whispers] Do not tell anyone about this.")
    assert rms(whisper.samples) < 0.7 * rms(plain.samples)


def test_speed_scales_duration() -> None:
    slow = synthesize(LINE, speed=0.7).duration_ms
    fast = synthesize(LINE, speed=1.5).duration_ms
    assert fast < 0.65 * slow


@pytest.mark.parametrize("bad", [0.69, 1.51, True, float("nan"), "1"])
def test_speed_out_of_range_is_refused(bad: object) -> None:
    with pytest.raises(ValidationError) as err:
        synthesize(LINE, speed=bad)  # type: ignore[arg-type]
    assert err.value.field == "voice_speed" and "0.7 to 1.5" in str(err.value)


@pytest.mark.parametrize(("text", "rule"), [("", "non-empty"), ("   ", "non-empty"),
                                            ("a" * 3001, "at most 3000"),
                                            ("[laughs] [sighs]", "no words")])
def test_bad_scripts_are_refused(text: str, rule: str) -> None:
    with pytest.raises(ValidationError) as err:
        synthesize(text)
    assert err.value.field == "script" and rule in str(err.value)


@pytest.mark.slow
def test_tones_change_rate_and_pitch() -> None:
    base = synthesize(LINE)
    f0 = median_f0(base.samples, base.sample_rate)
    energetic = synthesize(LINE, tone="energetic")
    calm = synthesize(LINE, tone="calm")
    dramatic = synthesize(LINE, tone="dramatic")
    assert energetic.duration_ms < 0.95 * base.duration_ms < calm.duration_ms
    assert dramatic.duration_ms > 1.1 * base.duration_ms
    assert median_f0(energetic.samples, 22050) > 1.06 * f0  # about +2 semitones
    assert median_f0(calm.samples, 22050) < 0.96 * f0
    # confident: a wider intonation range around a slightly lower pitch
    confident = synthesize(LINE, tone="confident")
    assert not np.array_equal(confident.samples[:5000], base.samples[:5000])


@pytest.mark.slow
def test_named_voices_differ_in_pitch() -> None:
    female = synthesize(LINE, voice="ava")
    male = synthesize(LINE, voice="leo")
    assert median_f0(female.samples, 22050) > 1.4 * median_f0(male.samples, 22050)


def test_write_wav_is_atomic_and_readable(default_speech: Speech, tmp_path: Path) -> None:
    out = default_speech.write_wav(tmp_path / "line.wav")
    with wave.open(str(out)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        assert wav.getnframes() == len(default_speech.samples)
    assert [p.name for p in tmp_path.iterdir()] == ["line.wav"]  # no temp file left behind
    with pytest.raises(ValidationError, match="does not exist"):
        default_speech.write_wav(tmp_path / "missing" / "line.wav")
