"""The speech recognition engine seam: which recogniser hears the words when there is no transcript.

Recognition gives the *words* (with rough times); the forced aligner then
times them (``speech.transcribe``).  Engines are looked up by name in
``ASR_ENGINES`` (built-ins ``whisper``, the default, and ``pocketsphinx``),
or published by other packages under the ``mediakit.asr_engines`` entry point
group::

    [project.entry-points."mediakit.asr_engines"]
    my-asr = "my_package:MyRecognizer"
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from ..errors import ValidationError
from ..registry import Registry
from ..words import Word

DEFAULT_ENGINE = "whisper"
ENV_ENGINE = "MEDIAKIT_ASR"


@dataclass(frozen=True)
class Heard:
    """One stretch of recognised speech: its text as written (capitals, punctuation) and rough word times."""

    text: str
    start_ms: int
    end_ms: int
    words: tuple[Word, ...]


class Recognizer(ABC):
    """A speech recogniser: 16 kHz mono float samples in, stretches of text out.

    ``english_only`` says whether the model only knows English (then a
    ``language`` other than English is refused before any work is done);
    ``aligns`` whether its words should be re-timed by the forced aligner
    (False for a recogniser whose times already come from the same acoustic
    model).
    """

    name: str
    aligns: bool = True

    @property
    def english_only(self) -> bool:
        return True

    def with_model(self, model: str) -> Recognizer:
        """This engine with another model; engines without a choice of model refuse."""
        raise ValidationError("asr_model", model, f"the {self.name} engine takes no model")

    def load(self) -> None:
        """Load the model now (default: nothing to load).

        Called in a thread while the audio is being decoded, so a model that
        takes a while to load does it on the second core instead of after the
        decode.
        """
        return None

    @abstractmethod
    def hear(self, samples: np.ndarray, *, language: str | None = None) -> Iterable[Heard]:
        """The speech in ``samples``, stretch by stretch in time order; empty when nobody speaks.

        May be lazy (Whisper yields each stretch as it is recognised, so the
        aligner can start on it); a bad ``language`` is refused at the call.
        """


ASR_ENGINES: Registry[Recognizer] = Registry(
    "speech recognition engine", "asr", "mediakit.asr_engines",
    {"whisper": "mediakit.speech.whisper:WhisperRecognizer",
     "pocketsphinx": "mediakit.speech.recognize:PocketsphinxRecognizer"})


def recognizer(name: str | None = None, *, model: str | None = None) -> Recognizer:
    """The engine ``name`` (else ``$MEDIAKIT_ASR``, else whisper), with ``model`` for engines that take one."""
    chosen = name or os.environ.get(ENV_ENGINE) or DEFAULT_ENGINE
    engine = ASR_ENGINES.get(chosen)
    return engine.with_model(model) if model else engine
