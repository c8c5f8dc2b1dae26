"""Phonemes (eSpeak and ARPAbet) to mouth shapes, and the cleaned viseme track."""

from __future__ import annotations

import wave
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import ValidationError
from mediakit.stages.actors.visemes import (
    VISEMES,
    detect_alphabet,
    speech_visemes,
    split_espeak,
    to_visemes,
    viseme_track,
)


def test_silence_closes_the_mouth_and_ah_opens_it() -> None:
    for pause in ("_", "_:", "", "sil", "sp", "pau"):
        assert to_visemes(pause) == ("rest",)
    assert to_visemes("ɑː") == ("aa",) and to_visemes("A:", "espeak") == ("aa",) and to_visemes("'a") == ("aa",)
    assert to_visemes("AA1", "arpabet") == ("aa",) and to_visemes("AH0", "arpabet") == ("eh",)


@pytest.mark.parametrize(("ipa", "espeak", "arpabet", "viseme"), [
    ("m", "m", "M", "mbp"), ("b", "b", "B", "mbp"), ("p", "p", "P", "mbp"), ("f", "f", "F", "fv"),
    ("v", "v", "V", "fv"), ("iː", "i:", "IY", "ee"), ("uː", "u:", "UW", "oo"), ("w", "w", "W", "oo"),
    ("ɔː", "O:", "AO", "oh"), ("l", "l", "L", "l_th"), ("θ", "T", "TH", "l_th"), ("ð", "D", "DH", "l_th"),
    ("s", "s", "S", "etc"), ("tʃ", "tS", "CH", "etc"), ("ɛ", "E", "EH", "eh"), ("ə", "@", "AH0", "eh")])
def test_all_alphabets_agree(ipa: str, espeak: str, arpabet: str, viseme: str) -> None:
    assert to_visemes(ipa, "ipa") == (viseme,)
    assert to_visemes(espeak, "espeak") == (viseme,)
    assert to_visemes(arpabet, "arpabet") == (viseme,)


def test_diphthongs_glide_between_two_shapes() -> None:
    assert to_visemes("aɪ") == ("aa", "ee") and to_visemes("aI", "espeak") == ("aa", "ee")
    assert to_visemes("AY2", "arpabet") == ("aa", "ee") and to_visemes("oʊ") == ("oh", "oo")
    assert to_visemes("ˈɑːɹ") == ("aa", "oo"), "r-coloured vowels are read symbol by symbol"
    track = viseme_track([("aɪ", 0, 200)], 200)
    assert [(v.viseme, v.start_ms, v.end_ms) for v in track] == [("aa", 0, 110), ("ee", 110, 200)]


def test_alphabet_detection() -> None:
    assert detect_alphabet(["HH", "AH0", "L", "OW1", "sil"]) == "arpabet"
    assert detect_alphabet(["h", "@", "l", "oU"]) == "espeak"
    assert detect_alphabet(["h", "ə", "l", "oʊ"]) == "ipa"
    assert split_espeak("h@l'oU w'3:ld") == ["h", "@", "l", "oU", "w", "3:", "l", "d"]


def test_track_tiles_the_duration_with_rest_in_silence() -> None:
    track = viseme_track([("h", 100, 150), ("ə", 150, 250), ("_", 250, 600), ("m", 600, 615), ("ɑː", 615, 800)],
                         1000)
    assert track[0].start_ms == 0 and track[-1].end_ms == 1000
    assert all(a.end_ms == b.start_ms for a, b in pairwise(track))
    assert all(a.viseme != b.viseme for a, b in pairwise(track))
    assert all(v.viseme in VISEMES for v in track)
    shape_at = {t: next(v.viseme for v in track if v.start_ms <= t < v.end_ms) for t in (50, 200, 400, 605, 700, 900)}
    assert shape_at == {50: "rest", 200: "eh", 400: "rest", 605: "mbp", 700: "aa", 900: "rest"}
    closure = next(v for v in track if v.viseme == "mbp")
    assert closure.end_ms - closure.start_ms >= 40, "a 15 ms 'm' is stretched so it shows"


def test_flickers_merge_and_short_gaps_hold() -> None:
    track = viseme_track([("ɑː", 0, 200), ("t", 200, 210), ("ɑː", 210, 400), ("iː", 450, 600)], 600)
    assert [v.viseme for v in track] == ["aa", "ee"], "a 10 ms 't' and a 50 ms gap do not flicker"


def test_bad_arguments() -> None:
    with pytest.raises(ValidationError):
        viseme_track([], 0)
    with pytest.raises(ValidationError):
        viseme_track([], 100, alphabet="sampa")
    assert [v.viseme for v in viseme_track([], 100)] == ["rest"]


def test_silence_in_the_audio_closes_the_mouth_the_phonemes_hold_open(tmp_path: Path) -> None:
    """A voice may hold the last sound before a pause through it (Kokoro does): the silence is rest anyway."""
    rate = 16000
    t = np.arange(rate) / rate
    tone = (0.5 * np.sin(2 * np.pi * 220 * t)).astype(np.float32)
    tone[int(0.4 * rate):int(0.7 * rate)] = 0.0  # 300 ms of silence inside the held "ɑː"
    audio = tmp_path / "speech.wav"
    with wave.open(str(audio), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes((tone * 32767).astype("<i2").tobytes())
    phonemes = [("m", 0, 100), ("ɑː", 100, 800), ("m", 800, 900), ("iː", 900, 1000)]
    assert [v.viseme for v in viseme_track(phonemes, 1000)] == ["mbp", "aa", "mbp", "ee"]
    track = speech_visemes(phonemes, [], audio, 1000)
    shape_at = {ms: next(v.viseme for v in track if v.start_ms <= ms < v.end_ms) for ms in (50, 300, 550, 750, 850)}
    assert shape_at == {50: "mbp", 300: "aa", 550: "rest", 750: "aa", 850: "mbp"}
    assert all(a.end_ms == b.start_ms for a, b in pairwise(track)) and track[-1].end_ms == 1000
