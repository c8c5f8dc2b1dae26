"""Word timings for subtitles: the one entry point the subtitle generator calls.

With a transcript the words are the transcript's, exactly as written, timed
by forced alignment; without one they are what the recognition engine hears
(Whisper by default), timed by the same aligner.
The audio is decoded once, at the 16 kHz the acoustic model expects.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ..errors import AlignmentError, MediaError, ValidationError
from ..media_io import decode_audio
from ..progress import ProgressCallback
from ..words import Word
from .align import FRAME_MS, SAMPLE_RATE, Token, align, load_aligner, speech_mask, transcript_tokens
from .engines import recognizer
from .transcribe import Transcription, transcribe

# The bundled acoustic model is US English; "en-GB" and the like are still English speech.
LANGUAGE = "en"
# Loud stretches shorter than this are clicks or breaths, not the start of speech.
MIN_SPEECH_FRAMES = 5


def word_timings(media: str | Path, transcript: str | None = None, *, allow_unaligned: bool = False,
                 language: str = "en", asr: str | None = None, asr_model: str | None = None) -> list[Word]:
    """When each word of ``media``'s speech is said.

    With ``transcript``: its tokens as written, force-aligned; if the
    transcript does not match the audio, ``AlignmentError`` - or, with
    ``allow_unaligned``, the tokens spread over the speech in proportion to
    their length, so a video still gets subtitles.  Without: the words the
    recognition engine ``asr`` hears (see :func:`heard_words`).
    ``MediaError`` when the media has no audio stream.
    """
    if transcript is None:
        return list(heard_words(media, asr=asr, asr_model=asr_model, language=language).words)
    if language.lower().split("-")[0] != LANGUAGE:
        raise ValidationError("language", language, "must be English ('en') with a transcript: the forced "
                              "aligner's model is US English")
    if not transcript.strip():
        raise ValidationError("transcript", transcript, "must not be empty")
    samples = decode_loading(media, load_aligner)
    result = align(samples, transcript)
    if result.matches:
        return result.words
    if allow_unaligned:
        return spread_evenly(transcript_tokens(transcript), samples)
    raise AlignmentError(f"transcript does not match the audio of {Path(media).name!r}: {result.problem}")


def heard_words(media: str | Path, *, asr: str | None = None, asr_model: str | None = None,
                language: str | None = None, progress: ProgressCallback | None = None) -> Transcription:
    """The words spoken in ``media``, recognised by engine ``asr`` (default whisper) and force-aligned.

    ``AlignmentError`` "no speech found" when nobody speaks (silence, music
    alone), rather than captions of invented words.  ``progress`` moves as
    the recogniser works through the audio.
    """
    engine = recognizer(asr, model=asr_model)
    samples = decode_loading(media, engine.load, *([load_aligner] if engine.aligns else []))
    result = transcribe(samples, engine, language=language, progress=progress)
    if not result.words:
        raise AlignmentError(f"no speech found in {Path(media).name!r}; pass a transcript or a words JSON "
                             "if it has words to caption")
    return result


def decode_loading(media: str | Path, *loaders: Callable[[], None]) -> np.ndarray:
    """``media``'s audio at 16 kHz, decoded while ``loaders`` load their models in threads.

    ffmpeg decodes in its own process, so the model loads (about 0.5 s for
    Whisper with its imports, 0.1 s for the aligner) run on the other core
    instead of after the decode.  A load error is raised after the decode's
    own errors (no audio stream first).
    """
    with ThreadPoolExecutor(max_workers=len(loaders)) as pool:
        loading = [pool.submit(load) for load in loaders]
        samples = decode_audio(media, rate=SAMPLE_RATE)
        for load in loading:
            load.result()
    return samples


def transcript_text(value: str) -> str:
    """The transcript itself: ``value`` read as a UTF-8 file if one exists there, else ``value``.

    Lets a CLI option take either a path or the words, without a second flag.
    """
    path = Path(value)
    try:
        is_file = path.is_file()
    except (OSError, ValueError):  # a long or odd text is not a path
        is_file = False
    if not is_file:
        return value
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise MediaError(path, f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except OSError as exc:
        raise MediaError(path, f"cannot be read ({exc.strerror})") from exc


def spread_evenly(tokens: list[Token], samples: np.ndarray) -> list[Word]:
    """Tokens laid end to end over the detected speech, each as long as its share of characters.

    A last resort that keeps the words in order and on screen while they
    are roughly being said; without detectable speech it uses the whole audio.
    """
    if not tokens:
        return []
    start_ms, end_ms = speech_span(samples)
    total = sum(len(t.text) for t in tokens)
    words = []
    done = 0
    for token in tokens:
        begin = start_ms + (end_ms - start_ms) * done // total
        done += len(token.text)
        words.append(Word(token.text, begin, start_ms + (end_ms - start_ms) * done // total))
    return words


def speech_span(samples: np.ndarray) -> tuple[int, int]:
    """Start and end (ms) of speech by energy, ignoring blips; the whole audio if none."""
    mask = speech_mask(samples)
    runs = _runs(mask)
    long_runs = [(a, b) for a, b in runs if b - a >= MIN_SPEECH_FRAMES] or runs
    if not long_runs:
        return 0, round(len(samples) * 1000 / SAMPLE_RATE)
    return long_runs[0][0] * FRAME_MS, long_runs[-1][1] * FRAME_MS


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """``(start, end)`` frame ranges (end exclusive) where ``mask`` is True."""
    edges = np.diff(np.concatenate(([0], mask.astype(np.int8), [0])))
    return list(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist(), strict=True))
