"""Captions without a transcript: a recogniser hears the words, the forced aligner times them.

Whisper's words are right (capitals, punctuation, numbers as a person writes
them) but its own word times are not good enough for word-by-word captions
(on the JFK clip it puts "ask" a second early).  So, as WhisperX does, the
recognised text of each stretch of speech is force-aligned to that stretch's
audio with the pocketsphinx aligner; where the aligner cannot place a
stretch (a word it cannot read, a language it does not know) that stretch
keeps the recogniser's timings, and the result says so.

Stretches are grouped into pieces of at most ``PIECE_MS`` cut in the middle
of the pauses between them, so a long video is aligned in bounded pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ValidationError
from .align import SAMPLE_RATE, align
from .engines import Heard, Recognizer
from .words import Word

PIECE_MS = 30_000
ProgressCallback = Callable[[float], None]


@dataclass(frozen=True)
class Transcription:
    """The words heard and timed, and what a person should know about how (``notes``)."""

    words: tuple[Word, ...]
    notes: tuple[str, ...] = ()


def transcribe(samples: np.ndarray, engine: Recognizer, *, language: str | None = None) -> Transcription:
    """Recognise ``samples`` (16 kHz mono float) with ``engine`` and time every word.

    ``[]`` words when nobody speaks; the caller turns that into its own error.
    """
    heard = engine.hear(samples, language=language)
    if not heard:
        return Transcription(())
    if not engine.aligns:
        return Transcription(tuple(w for h in heard for w in h.words))
    if (language or "en").lower().split("-")[0] != "en":
        return Transcription(tuple(w for h in heard for w in h.words),
                             (f"the aligner knows English only: word times for {language!r} are the "
                              f"{engine.name} recogniser's own",))
    words: list[Word] = []
    notes: list[str] = []
    for start_ms, end_ms, piece in pieces(heard, len(samples) * 1000 // SAMPLE_RATE):
        clip = samples[start_ms * SAMPLE_RATE // 1000:end_ms * SAMPLE_RATE // 1000]
        text = " ".join(h.text for h in piece)
        try:
            result = align(clip, text)
        except ValidationError:  # nothing speakable: punctuation or symbols only
            result = None
        if result is not None and result.matches:
            words += [Word(w.text, w.start_ms + start_ms, w.end_ms + start_ms) for w in result.words]
        else:
            words += [w for h in piece for w in h.words]
            notes.append(f"{start_ms / 1000:.1f}-{end_ms / 1000:.1f} s: the aligner could not place "
                         f"{text!r}; {engine.name}'s own word times are used there")
    return Transcription(tuple(words), tuple(notes))


def pieces(heard: Sequence[Heard], total_ms: int) -> list[tuple[int, int, list[Heard]]]:
    """Group stretches into pieces of at most ``PIECE_MS``, each cut in the middle of a pause.

    A single stretch longer than the limit is a piece of its own.
    """
    cuts = [0] + [(a.end_ms + b.start_ms) // 2 for a, b in zip(heard, heard[1:], strict=False)] + [total_ms]
    out: list[tuple[int, int, list[Heard]]] = []
    first = 0
    for i in range(1, len(heard) + 1):
        if i == len(heard) or cuts[i + 1] - cuts[first] > PIECE_MS:
            out.append((cuts[first], cuts[i], list(heard[first:i])))
            first = i
    return out
