"""Filling the bucket: the cta said last, the speed measured and nudged, the rest as pauses (any voice's rate)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import MediaError
from mediakit.generation import fill
from mediakit.generation.fill import (
    CLAUSE_PAUSE_MS,
    END_BREATH_MS,
    LEAD_IN_MS,
    SENTENCE_PAUSE_MS,
    cta_words,
    share,
    speak_to_fill,
    spoken_text,
    with_pauses,
)
from mediakit.stages.voice import Speech, SpeechRequest, prepare
from mediakit.words import Word

RATE = 16000


def fake_voice(word_ms: int, spoken: list[tuple[str, float]]):  # type: ignore[no-untyped-def]
    """A voice that says each word in ``word_ms / speed`` (plus a quarter of that between words); records takes."""

    def speak(request: SpeechRequest) -> Speech:
        spoken.append((request.text, request.speed))
        step = round(word_ms / request.speed)
        words, at = [], 0
        for text in request.text.split():
            words.append(Word(text, at, at + step))
            at += step + step // 4
        samples = np.zeros(round(at * RATE / 1000), dtype=np.float32)
        for w in words:
            samples[round(w.start_ms * RATE / 1000):round(w.end_ms * RATE / 1000)] = 0.3
        return Speech(samples, RATE, tuple(words), (), "fake", text=request.text)

    return speak


@pytest.fixture
def request_for():  # type: ignore[no-untyped-def]
    return lambda text: prepare(text)


def test_the_cta_is_said_last_once() -> None:
    assert spoken_text("It works. Try it.", "Get 20% off at brew.co") == "It works. Try it. Get 20% off at brew.co."
    assert spoken_text("It works", "Buy now!") == "It works. Buy now!"
    assert spoken_text("It works. Start free at ledgerly.app.", "Start free at ledgerly.app") == \
        "It works. Start free at ledgerly.app."                     # a written script that already ends with it
    assert spoken_text("It works.", None) == "It works."


def test_the_cta_is_found_at_the_end_of_the_words_however_the_engine_split_them() -> None:
    words = [Word(t, i * 100, i * 100 + 50) for i, t in enumerate("Try it. Get 20% off at brew.co.".split())]
    assert cta_words(words, "Get 20% off at brew.co") == 5
    assert cta_words(words, "Visit us") == 0 and cta_words(words, None) == 0


def test_share_fills_evenly_up_to_each_cap() -> None:
    assert share(900, [300, 300, 300]) == [300, 300, 300]
    assert share(500, [100, 700, 700]) == [100, 200, 200]
    assert sum(share(5000, [250, 700])) == 950                          # never over the caps
    assert share(0, [300]) == [0]


def test_pauses_go_before_the_first_word_and_after_sentences_and_clauses() -> None:
    words = (Word("Hi,", 0, 300), Word("you.", 400, 700), Word("Go", 800, 1000))
    speech = Speech(np.full(RATE, 0.3, dtype=np.float32), RATE, words, (), "fake")
    longer = with_pauses(speech, 10_000)
    added = LEAD_IN_MS + CLAUSE_PAUSE_MS + SENTENCE_PAUSE_MS
    assert longer.duration_ms == 1000 + added                             # capped: the rest stays unfilled
    assert [w.start_ms for w in longer.words] == [LEAD_IN_MS, 400 + LEAD_IN_MS + CLAUSE_PAUSE_MS, 800 + added]
    head = longer.samples[: LEAD_IN_MS * RATE // 1000]
    assert not head.any() and longer.samples[round(longer.words[0].start_ms * RATE / 1000) + 10] == pytest.approx(0.3)
    assert with_pauses(speech, 0) is speech


def test_a_fast_voice_is_slowed_and_paused_to_fill_the_bucket(request_for, monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """Whatever the engine's rate: measured, re-spoken slower within the natural range, then paused; the last
    word ends within a second of the end."""
    takes: list[tuple[str, float]] = []
    monkeypatch.setattr(fill, "speak", fake_voice(200, takes))          # 4 words per second: quick
    script = ("I tried this cold brew for a week and it changed my mornings. It is smooth, never bitter, and ready "
              "in seconds.")
    _, words, speech_ms = speak_to_fill(request_for(spoken_text(script, "Grab yours")), None, script, 10_000,
                                        workdir=tmp_path)
    assert [t for t, _ in takes] == [script + " Grab yours."] * 2 and takes[1][1] < 1.0
    assert " ".join(w.text for w in words[-2:]) == "Grab yours."
    assert 10_000 - 1000 <= words[-1].end_ms <= 10_000 - END_BREATH_MS and speech_ms <= 10_000


def test_a_slow_voice_is_sped_up_and_a_cta_that_cannot_fit_is_left_to_the_card(
        request_for, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    takes: list[tuple[str, float]] = []
    monkeypatch.setattr(fill, "speak", fake_voice(500, takes))          # 1.6 words per second: slow
    script = "One two three four five six seven eight."
    _, words, speech_ms = speak_to_fill(request_for(spoken_text(script, "Visit our shop today")), None, script,
                                        5000, workdir=tmp_path)
    assert takes[0][0].endswith("today.") and takes[-1][0] == script and takes[-1][1] > 1.0
    assert words[-1].text == "eight." and words[-1].end_ms <= 5000 - END_BREATH_MS and speech_ms <= 5000


def uneven_voice(word_ms: int, spoken: list[tuple[str, float]], pace: dict[float, float]):  # type: ignore[no-untyped-def]
    """``fake_voice`` whose words last ``pace[speed]`` times longer than the speed says (a neural voice's noise)."""
    even = fake_voice(word_ms, [])

    def speak(request: SpeechRequest) -> Speech:
        took = replace(request, speed=request.speed / pace.get(round(request.speed, 3), 1.0))
        spoken.append((request.text, request.speed))
        return replace(even(took), text=request.text)

    return speak


def test_a_slowed_take_that_overruns_the_bucket_gives_way_to_the_first_take(
        request_for, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The sample batch's ugc job failed: Kokoro slowed to 0.92x came out 5% long, past the video's end."""
    takes: list[tuple[str, float]] = []
    script = "One two three four five six seven eight."          # 8 words x 500 ms + gaps: 4.875 s at 1.0
    monkeypatch.setattr(fill, "speak", uneven_voice(500, takes, {}))
    first = fill.fitted(request_for(script), 5700)
    slowed = takes[-1][1]
    assert slowed < 1.0 and fill.said_to(first) <= 5700
    takes.clear()
    monkeypatch.setattr(fill, "speak", uneven_voice(500, takes, {slowed: 1.2}))   # the slowed take runs long
    take = fill.fitted(request_for(script), 5700)
    assert [s for _, s in takes] == [1.0, slowed] and fill.said_to(take) == 4875


def test_a_sped_up_take_that_still_overruns_is_taken_once_more_faster(
        request_for, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    takes: list[tuple[str, float]] = []
    script = "One two three four five six seven eight."
    monkeypatch.setattr(fill, "speak", uneven_voice(500, takes, {}))
    fill.fitted(request_for(script), 4000)
    quicker = takes[-1][1]
    takes.clear()
    monkeypatch.setattr(fill, "speak", uneven_voice(500, takes, {quicker: 1.1}))
    take = fill.fitted(request_for(script), 4000)
    assert len(takes) == 3 and takes[2][1] > quicker and fill.said_to(take) <= 4000


def test_a_script_too_long_even_fast_is_refused_naming_script(request_for, monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    monkeypatch.setattr(fill, "speak", fake_voice(800, []))
    script = " ".join(["word"] * 12)
    with pytest.raises(MediaError) as info:
        speak_to_fill(request_for(script), None, script, 5000, workdir=tmp_path)
    assert info.value.details[0]["field"] == "script"


def test_an_engine_speed_range_bounds_the_nudge(request_for, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    takes: list[tuple[str, float]] = []
    monkeypatch.setattr(fill, "speak", fake_voice(100, takes))          # absurdly fast: slowed only so far
    slow = replace(request_for("Hello there friend."), speed=0.8)
    speak_to_fill(slow, None, "Hello there friend.", 15_000, workdir=tmp_path)
    assert takes[-1][1] == pytest.approx(0.7)                            # the engines' floor, not 0.8 * 0.8


def test_an_engine_trailing_silence_past_the_video_is_dropped(request_for, monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """The last word fits, the engine's silence after it does not: the take is cut at the video's end."""
    def speak(request: SpeechRequest) -> Speech:
        samples = np.zeros(RATE * 6, dtype=np.float32)   # 6 s of take for a 5 s video
        return Speech(samples, RATE, (Word("Hello.", 100, 4500),), (), "fake", text=request.text)

    monkeypatch.setattr(fill, "speak", speak)
    _, words, speech_ms = speak_to_fill(request_for("Hello."), None, "Hello.", 5000, workdir=tmp_path)
    assert speech_ms == 5000 and words[-1].end_ms == 4500


def test_a_voice_fast_at_its_own_pace_may_slow_past_the_nudge_to_a_natural_rate(
        request_for, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """5 words per second at speed 1 (measured, not assumed): 0.8x would still be rushed, so it slows further."""
    takes: list[tuple[str, float]] = []
    monkeypatch.setattr(fill, "speak", fake_voice(160, takes))
    script = " ".join(["word"] * 20) + "."
    speak_to_fill(request_for(script), None, script, 10_000, workdir=tmp_path)
    assert takes[-1][1] == pytest.approx(0.7)      # under 0.8, at the engines' floor
    eased: list[tuple[str, float]] = []
    monkeypatch.setattr(fill, "speak", fake_voice(300, eased))   # 2.7 words per second: the usual nudge
    speak_to_fill(request_for(script), None, script, 15_000, workdir=tmp_path)
    assert eased[-1][1] == pytest.approx(0.8)
