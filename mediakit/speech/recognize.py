"""The pocketsphinx recogniser (``--asr pocketsphinx``): words as heard, with acoustic times.

Uses the en-us language model bundled with pocketsphinx.  Accuracy is that
of a small offline recogniser (about one word in five misheard on real
speech, no capitals or punctuation), which is why Whisper is the default
engine (``speech.whisper``); this one stays for users who ask for it and
for listening to mediakit's own synthetic speech in tests.
"""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ValidationError
from ..words import Word
from .align import FRAME_MS, base_word, is_filler, new_decoder, pcm16, run_utterance
from .engines import Heard, Recognizer

if TYPE_CHECKING:
    from pocketsphinx import Decoder

# The second, flat-lexicon pass costs a third more time and recognised the
# real cases no better; the lattice pass is kept for its word choices.
# Capping active HMMs and scoring two Gaussians per codebook cut the CPU
# time by about 30% with the same JFK and LibriVox recall.
_DECODER_CONFIG = {"loglevel": "FATAL", "fwdflat": False, "maxhmmpf": 10000, "topn": 2}
_LOCK = threading.Lock()


def recognize(samples: np.ndarray) -> list[Word]:
    """Recognise 16 kHz mono float samples; ``[]`` when no word is heard.

    Silences, breaths and noises (``<sil>``, ``[NOISE]``...) are dropped,
    and alternate-pronunciation marks (``for(2)``) are removed.
    """
    with _LOCK:
        decoder = _recognizer()
        run_utterance(decoder, pcm16(samples))
        if decoder.hyp() is None:
            return []
        segments = [(s.word, s.start_frame, s.end_frame) for s in decoder.seg()]
    return [Word(base_word(word), start * FRAME_MS, (end + 1) * FRAME_MS)
            for word, start, end in segments if not is_filler(word)]


class PocketsphinxRecognizer(Recognizer):
    """pocketsphinx's bundled US English model: lower-case words, no punctuation, acoustically timed.

    Kept for users who ask for it (``--asr pocketsphinx``): small and fast,
    but it mishears about one word in five on real speech.
    """

    name = "pocketsphinx"
    aligns = False

    def load(self) -> None:
        _recognizer()

    def hear(self, samples: np.ndarray, *, language: str | None = None) -> list[Heard]:
        if (language or "en").lower().split("-")[0] != "en":
            raise ValidationError("language", language, "pocketsphinx knows only English; use --asr whisper with "
                                  "a multilingual --asr-model")
        words = recognize(samples)
        if not words:
            return []
        return [Heard(" ".join(w.text for w in words), words[0].start_ms, words[-1].end_ms, tuple(words))]


@functools.cache
def _recognizer() -> Decoder:
    """The process's recognition decoder (loads the 27 MB language model once)."""
    return new_decoder(**_DECODER_CONFIG)


def word_recall(reference: str, heard: Sequence[str]) -> float:
    """Share of ``reference``'s words found in ``heard`` (order ignored, each heard word used once).

    How mediakit "listens" to its own output: recognise it, then compare with
    what was meant to be said.
    """
    wanted = [re.sub(r"[^a-z']", "", w.lower()) for w in reference.split()]
    pool = Counter(w.lower() for w in heard)
    hits = 0
    for word in wanted:
        if pool[word]:
            pool[word] -= 1
            hits += 1
    return hits / len(wanted) if wanted else 0.0
