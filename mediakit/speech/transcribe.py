"""Captions without a transcript: a recogniser hears the words, the forced aligner times them.

Whisper's words are right (capitals, punctuation, numbers as a person writes
them) but its own word times are not good enough for word-by-word captions
(on the JFK clip it puts "ask" a second early).  So, as WhisperX does, the
recognised text of each stretch of speech is force-aligned to that stretch's
audio with the pocketsphinx aligner; where the aligner cannot place a
stretch (a word it cannot read, a language it does not know) that stretch
keeps the recogniser's timings, and the result says so.

Stretches are grouped into pieces of at most ``PIECE_MS`` cut in the middle
of the pauses between them, so a long video is aligned in bounded pieces;
each piece is aligned in a thread as soon as the recogniser has moved past
it, so on a long video the aligner's work hides behind the recogniser's
(Whisper's CTranslate2 releases the GIL while it computes).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from itertools import chain

import numpy as np

from ..errors import ValidationError
from ..progress import ProgressCallback
from ..words import Word
from .align import SAMPLE_RATE, align
from .engines import Heard, Recognizer

PIECE_MS = 30_000
PIECE_MARGIN_MS = 1_000  # audio kept either side of a piece's stretches (the recogniser's times may be off)
MAX_GAP_MS = 3_000       # a longer gap between stretches ends the piece
BLOCK_MS = 120_000     # the longest audio a recogniser is given at once (see _heard_in_blocks)
CUT_SEARCH_MS = 10_000  # a block ends in the quietest stretch of its last 10 s...
PAUSE_MS = 200          # ...judged over 200 ms, the length of a short pause


@dataclass(frozen=True)
class Transcription:
    """The words heard and timed, and what a person should know about how (``notes``)."""

    words: tuple[Word, ...]
    notes: tuple[str, ...] = ()


def transcribe(samples: np.ndarray, engine: Recognizer, *, language: str | None = None,
               progress: ProgressCallback | None = None) -> Transcription:
    """Recognise ``samples`` (16 kHz mono float) with ``engine`` and time every word.

    ``[]`` words when nobody speaks; the caller turns that into its own error.
    ``progress`` follows the recogniser through the audio (each stretch as it
    is heard), then reaches 1 when the last piece is aligned.
    """
    total_ms = len(samples) * 1000 // SAMPLE_RATE
    heard = _heard_in_blocks(samples, engine, language)
    if progress is not None:
        heard = _reporting(heard, total_ms, progress)
    result = _timed(samples, engine, heard, total_ms, language)
    if progress is not None:
        progress(1.0)
    return result


def _heard_in_blocks(samples: np.ndarray, engine: Recognizer, language: str | None) -> Iterator[Heard]:
    """What ``engine`` hears in each block of the audio, on the whole audio's clock.

    Whisper computes the features of all the audio it is given at once
    (about 0.75 MB a second: 2.7 GB for an hour), so a long video is heard in
    blocks of at most ``BLOCK_MS`` and memory stays that of one block.
    Blocks are heard one after the other as the stretches are asked for, so
    the aligner still works on one block's pieces while the next is heard.
    """
    for start, end in blocks(samples):
        offset = start * 1000 // SAMPLE_RATE
        for h in engine.hear(samples[start:end], language=language):
            yield Heard(h.text, h.start_ms + offset, h.end_ms + offset,
                        tuple(Word(w.text, w.start_ms + offset, w.end_ms + offset) for w in h.words))


def blocks(samples: np.ndarray) -> Iterator[tuple[int, int]]:
    """``(start, end)`` sample ranges of at most ``BLOCK_MS``, each cut at the quietest moment near its end.

    The cut is the quietest ``PAUSE_MS`` stretch of the block's last
    ``CUT_SEARCH_MS``: a pause between words, so no word is split between
    two blocks.
    """
    block, search = BLOCK_MS * SAMPLE_RATE // 1000, CUT_SEARCH_MS * SAMPLE_RATE // 1000
    pause = PAUSE_MS * SAMPLE_RATE // 1000
    start = 0
    while len(samples) - start > block:
        tail = samples[start + block - search:start + block].astype(np.float64)
        running = np.concatenate(([0.0], np.cumsum(tail**2)))
        energy = running[pause:] - running[:-pause]  # the energy of each PAUSE_MS stretch
        cut = start + block - search + int(np.argmin(energy)) + pause // 2
        yield start, cut
        start = cut
    yield start, len(samples)


def _reporting(heard: Iterable[Heard], total_ms: int, progress: ProgressCallback) -> Iterator[Heard]:
    """``heard``, reporting how far into the audio each stretch ends as the recogniser gives it."""
    for stretch in heard:
        yield stretch
        progress(min(1.0, stretch.end_ms / max(1, total_ms)))


def _timed(samples: np.ndarray, engine: Recognizer, heard: Iterable[Heard], total_ms: int,
           language: str | None) -> Transcription:
    """The heard stretches with their words re-timed by the aligner (English), or as the recogniser timed them."""
    if not engine.aligns:
        return Transcription(tuple(w for h in heard for w in h.words))
    if (language or "en").lower().split("-")[0] != "en":
        words = tuple(w for h in heard for w in h.words)
        return Transcription(words, (f"the aligner knows English only: word times for {language!r} are the "
                                     f"{engine.name} recogniser's own",) if words else ())
    with ThreadPoolExecutor(max_workers=1) as aligner:
        timed = [aligner.submit(_align_piece, samples, start_ms, end_ms, piece, engine.name)
                 for start_ms, end_ms, piece in pieces(heard, total_ms)]
        results = [t.result() for t in timed]
    return Transcription(tuple(w for words, _ in results for w in words),
                         tuple(note for _, note in results if note is not None))


def _align_piece(samples: np.ndarray, start_ms: int, end_ms: int, piece: list[Heard],
                 engine: str) -> tuple[list[Word], str | None]:
    """The words of one piece, force-aligned, or the recogniser's own times and a note saying so."""
    clip = samples[start_ms * SAMPLE_RATE // 1000:end_ms * SAMPLE_RATE // 1000]
    text = " ".join(h.text for h in piece)
    try:
        result = align(clip, text)
    except ValidationError:  # nothing speakable: punctuation or symbols only
        result = None
    if result is not None and result.matches:
        return [Word(w.text, w.start_ms + start_ms, w.end_ms + start_ms) for w in result.words], None
    return [w for h in piece for w in h.words], (f"{start_ms / 1000:.1f}-{end_ms / 1000:.1f} s: the aligner could "
                                                 f"not place {text!r}; {engine}'s own word times are used there")


def pieces(heard: Iterable[Heard], total_ms: int) -> Iterator[tuple[int, int, list[Heard]]]:
    """Group stretches into pieces of at most ``PIECE_MS``, each cut in the middle of a pause.

    A single stretch longer than the limit is a piece of its own, and a gap
    of more than ``MAX_GAP_MS`` (music, silence) always ends a piece.  Each
    piece's audio is its stretches with ``PIECE_MARGIN_MS`` either side, not
    the music or silence beyond: the aligner judges a transcript by the share
    of loud frames its words explain, and six seconds of music before "Go
    forward ten meters" made the words explain 14% of them.  Lazy: a piece is
    given as soon as the stretch after it is known, so it can be aligned
    while the recogniser works on the rest.
    """
    piece: list[Heard] = []   # the stretches of the piece being filled
    start_ms = end_ms = 0      # where it starts, and the cut after its last stretch
    pending: Heard | None = None  # the next stretch: whether it joins needs the cut after it
    for stretch in chain(heard, [None]):
        if pending is not None:
            cut = total_ms if stretch is None else (pending.end_ms + stretch.start_ms) // 2
            if piece and (cut - start_ms > PIECE_MS or pending.start_ms - piece[-1].end_ms > MAX_GAP_MS):
                yield _around(start_ms, end_ms, piece)
                piece, start_ms = [], end_ms
            piece.append(pending)
            end_ms = cut
        pending = stretch
    if piece:
        yield _around(start_ms, end_ms, piece)


def _around(start_ms: int, end_ms: int, piece: list[Heard]) -> tuple[int, int, list[Heard]]:
    """The piece between its cuts, narrowed to its stretches and ``PIECE_MARGIN_MS`` either side."""
    return (max(start_ms, piece[0].start_ms - PIECE_MARGIN_MS), min(end_ms, piece[-1].end_ms + PIECE_MARGIN_MS),
            piece)
