"""The default voice, spoken by its own (neural) engine, must be understood: pocketsphinx recognises >= 70%.

pocketsphinx's bundled US English model and language model stand in for a
listener.  Recall is a bag-of-words overlap (order ignored, each reference
word matched once), so a recogniser's odd word order does not count against
the voice.

Synthesis may carry state from one call to the next (eSpeak's waveform
generator does), and the recogniser is sensitive to such detail, so the
speech is made as the first synthesis of a fresh process, whatever other
tests ran before.  Issue 22's WER and DNSMOS bars are measured on the full
sample scripts by ``benchmarks/voices.py``.
"""

from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import numpy as np
import pytest
from voice_testkit import SCRIPT_30

from mediakit.speech.recognize import word_recall
from mediakit.stages.voice import Speech

MIN_RECALL = 0.70


def recognise(speech: Speech) -> list[str]:
    from pocketsphinx import Decoder

    pcm = (np.clip(speech.resampled(16000), -1, 1) * 32767).astype("<i2").tobytes()
    decoder = Decoder(loglevel="FATAL")
    decoder.start_utt()
    decoder.process_raw(pcm, full_utt=True)
    decoder.end_utt()
    hyp = decoder.hyp()
    return hyp.hypstr.split() if hyp else []




def test_recall_is_a_bag_of_words_overlap() -> None:
    assert word_recall("It is it.", ["it", "it", "was"]) == pytest.approx(2 / 3)


def first_synthesis(text: str, folder: Path) -> Speech:
    """``text`` by the default engine and voice, as the first synthesis of a new process."""
    out = folder / "first.wav"
    code = f"from mediakit.stages.voice import synthesize; synthesize({text!r}).write_wav({str(out)!r})"
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    with wave.open(str(out)) as wav:
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2").astype(np.float32) / 32768
        return Speech(samples, wav.getframerate(), (), (), "default")


@pytest.mark.slow
@pytest.mark.usefixtures("own_engines")
def test_default_voice_is_intelligible(tmp_path: Path) -> None:
    assert len(SCRIPT_30.split()) == 30
    heard = recognise(first_synthesis(SCRIPT_30, tmp_path))
    recall = word_recall(SCRIPT_30, heard)
    assert recall >= MIN_RECALL, f"recall {recall:.0%}, heard: {' '.join(heard)!r}"
