"""Forced alignment: when each word of a known transcript is spoken.

The transcript is turned into a finite-state grammar for pocketsphinx: one
state per token boundary, one path per reading of a token (see
:mod:`.lexicon`), with silences and noises allowed between words.  The
decoder's best path through that grammar gives every token a start and an
end.  Tokens keep their written form ("1455", "Americans,"); the readings
only steer the acoustic match.

Whether the transcript belongs to the audio at all is judged from the same
decoding pass (see :func:`mismatch`): the decoder scores every senone in
every frame, so the words' acoustic score is measured against the best
sound the model could have heard there, not just against the grammar's own
alternatives.

One decoder serves the whole process.  It starts with an empty dictionary
(the acoustic model alone loads in 10 ms, where parsing the whole CMU
dictionary took 0.2 s) and learns each transcript's words as they come:
their CMU pronunciations (:mod:`.cmudict`), or eSpeak's letter-to-sound for
words the dictionary lacks; learnt words stay for later calls.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import EngineError, ValidationError
from ..words import Word
from .cmudict import pronunciations
from .lexicon import Reading, letter_to_sound, spoken_forms

if TYPE_CHECKING:
    from pocketsphinx import Decoder

SAMPLE_RATE = 16000
FRAME_MS = 10
_FRAME_SAMPLES = SAMPLE_RATE * FRAME_MS // 1000

# Mismatch criterion, calibrated by benchmarks/calibrate_align.py on the real
# cases plus noisy (10 and 5 dB SNR), music-mixed, telephone-band and
# eSpeak-voiced variants, against every other case's transcript.  Scores are
# pocketsphinx log units per 10 ms frame relative to the best senone of that
# frame (0 would be a perfect fit).  Matching transcripts scored -45..-67 on
# clean and noisy human speech, down to -92 on band-limited synthetic speech;
# wrong transcripts found no path, covered little of the speech, or scored
# below -98 (-71 at 63% coverage).  Every threshold sits inside the window
# where that set has no error (floor -98..-93, weak -70..-68).
MIN_COVERAGE = 0.5      # words must account for at least half of the speech frames
FLOOR_SCORE = -95.0     # below this no transcript is believable
WEAK_SCORE = -69.0      # below this, believable only if the words cover nearly all speech
FULL_COVERAGE = 0.87
_MIN_TRIM_FRAMES = 6      # silence shorter than 60 ms at a word's edge is left alone (stops, closures)
_TRIM_MARGIN_FRAMES = 2   # keep 20 ms of the silence: onsets ramp up below the speech threshold
_EDGE_DROP_DB = 35.0      # quieter than the word's peak by this much is silence, not a soft consonant
_MIN_PAUSE_FRAMES = 20    # a pause of room noise (see _tighten) lasts at least 200 ms...
_FLOOR_MARGIN_DB = 8.0    # ...within this of the noise floor around the word...
_MIN_DROP_DB = 20.0       # ...and this far under the word's peak
_FLOOR_WINDOW_FRAMES = 300  # the noise floor is the quietest tenth of the 3 s either side of the word

# Wide beams keep the true path alive through noise; the lattice "bestpath"
# pass is off because it may end the alignment outside the grammar's final
# state (dropping the last words); every senone is scored so the acoustic
# score is absolute (see module docstring); the best Gaussian of each codebook
# keeps that affordable (a third less time than two; word starts move 3 ms on
# average).
_DECODER_CONFIG = {
    "lm": None, "loglevel": "FATAL", "bestpath": False, "compallsen": True, "topn": 1,
    "beam": 1e-100, "pbeam": 1e-100, "wbeam": 1e-80, "lpbeam": 1e-80, "lponlybeam": 1e-60,
}
_SEARCH = "mediakit-align"
_ALT_PRONUNCIATION = re.compile(r"\(\d+\)$")
# Low-level noise (about -70 dBFS) added before decoding: digital silence in
# synthetic or edited audio has no spectrum and derails the feature front end.
_DITHER = 10.0
_LOCK = threading.Lock()


@dataclass(frozen=True)
class Token:
    """A transcript token as displayed, and the word sequences it may be spoken as."""

    text: str
    readings: tuple[Reading, ...]


@dataclass(frozen=True)
class Alignment:
    """Result of aligning one transcript: the words, and how well they fit the audio.

    ``coverage`` is the share of speech frames (by energy) that fall inside
    aligned words; ``score`` the words' mean acoustic score per frame (see
    the constants above).  ``problem`` says why the transcript does not
    match the audio, or is None when it does.
    """

    words: list[Word]
    coverage: float
    score: float
    problem: str | None

    @property
    def matches(self) -> bool:
        return self.problem is None


def transcript_tokens(transcript: str) -> list[Token]:
    """Whitespace tokens with their readings; pure punctuation rides on a neighbour for display.

    "so — yes" gives two tokens, "so —" and "yes": a dash cannot be heard,
    but it must still appear on screen next to the word it follows.
    """
    tokens: list[Token] = []
    pending = ""
    for raw in transcript.split():
        readings = spoken_forms(raw)
        if readings:
            tokens.append(Token(f"{pending} {raw}".strip(), tuple(readings)))
            pending = ""
        elif tokens:
            tokens[-1] = Token(f"{tokens[-1].text} {raw}", tokens[-1].readings)
        else:
            pending = f"{pending} {raw}".strip()
    return tokens


def align(samples: np.ndarray, transcript: str) -> Alignment:
    """Align ``transcript`` to 16 kHz mono float samples in one decoding pass.

    Never raises for a mismatch: the caller decides between an error and a
    fallback from ``Alignment.problem``.  Raises ``ValidationError`` when
    the transcript has nothing speakable in it.
    """
    tokens = transcript_tokens(transcript)
    if not tokens:
        raise ValidationError("transcript", transcript, "must contain at least one word")
    with _LOCK:
        segments, n_frames = _decode(tokens, pcm16(samples))
    spans = None if segments is None else _token_spans(tokens, [s.word for s in segments])
    if segments is None or spans is None:
        return Alignment([], 0.0, float("-inf"), "no path through the whole transcript fits the audio")
    levels = frame_levels(samples)
    words = [_tighten(Word(token.text, segments[first].start_ms, segments[end - 1].end_ms), levels)
             for token, (first, end) in zip(tokens, spans, strict=True)]
    coverage = _coverage(segments, _loud_frames(levels), n_frames)
    score = sum(s.score for s in segments) / max(1, sum(s.frames for s in segments))
    return Alignment(words, coverage, score, mismatch(score, coverage))


def _tighten(word: Word, levels: np.ndarray) -> Word:
    """Trim silence the decoder let a word absorb at either edge.

    The grammar's optional silences are cheap to skip, so after a pause a word
    often starts in the quiet before it; a caption would then light up early.
    Two kinds of quiet are trimmed:

    - at least ``_MIN_TRIM_FRAMES`` frames ``_EDGE_DROP_DB`` under the word's
      loudest frame (far below fricatives and breathy onsets);
    - a pause of at least ``_MIN_PAUSE_FRAMES`` frames of room noise: within
      ``_FLOOR_MARGIN_DB`` of the noise floor around the word and
      ``_MIN_DROP_DB`` under its peak.  JFK's pause before "what" is hiss 30 dB
      under the word, and the word lit up a second early; a breathy "h" is
      as quiet but far shorter, so it stays.

    Edges never move past the word's own speech.
    """
    first, last = word.start_ms // FRAME_MS, min(len(levels), -(-word.end_ms // FRAME_MS))
    span = levels[first:last]
    if len(span) == 0:
        return word
    peak = span.max()
    floor = _percentile(np.sort(levels[max(0, first - _FLOOR_WINDOW_FRAMES):last + _FLOOR_WINDOW_FRAMES]), 10)
    lead, trail = _quiet_edges(span > peak - _EDGE_DROP_DB, _MIN_TRIM_FRAMES)
    noise = max(peak - _EDGE_DROP_DB, min(peak - _MIN_DROP_DB, floor + _FLOOR_MARGIN_DB))
    pause_lead, pause_trail = _quiet_edges(span > noise, _MIN_PAUSE_FRAMES)
    lead, trail = max(lead, pause_lead), max(trail, pause_trail)
    start = word.start_ms + (lead - _TRIM_MARGIN_FRAMES) * FRAME_MS if lead else word.start_ms
    end = word.end_ms - (trail - _TRIM_MARGIN_FRAMES) * FRAME_MS if trail else word.end_ms
    return Word(word.text, start, max(start, end))


def _quiet_edges(loud: np.ndarray, at_least: int) -> tuple[int, int]:
    """How many frames before the first and after the last loud one, each 0 when fewer than ``at_least``."""
    frames = np.flatnonzero(loud)
    lead, trail = int(frames[0]), len(loud) - 1 - int(frames[-1])
    return (lead if lead >= at_least else 0), (trail if trail >= at_least else 0)


def mismatch(score: float, coverage: float) -> str | None:
    """Why words with this fit cannot be the transcript of the audio, or None if they can.

    A transcript that is not what was said leaves speech unexplained (low
    coverage) or is forced onto sounds it does not resemble (low score);
    a poorer fit is tolerated when the words account for nearly all speech,
    as with noisy, band-limited or synthetic voices.
    """
    if coverage < MIN_COVERAGE:
        return f"its words account for only {coverage:.0%} of the speech"
    if score < FLOOR_SCORE or (score < WEAK_SCORE and coverage < FULL_COVERAGE):
        return (f"its words fit the sounds poorly (acoustic score {score:.0f} per frame, "
                f"{coverage:.0%} of the speech covered)")
    return None


def pcm16(samples: np.ndarray) -> bytes:
    """Float samples in [-1, 1] as the little-endian int16 bytes pocketsphinx reads, dithered.

    The dither is seeded, so the same audio always decodes the same way.
    """
    noise = np.random.default_rng(0).standard_normal(len(samples)) * _DITHER
    scaled = np.clip(samples.astype(np.float64) * 32767.0 + noise, -32768, 32767)
    return scaled.astype("<i2").tobytes()


def frame_levels(samples: np.ndarray) -> np.ndarray:
    """Loudness of each 10 ms frame, in dB."""
    n = len(samples) // _FRAME_SAMPLES
    frames = samples[: n * _FRAME_SAMPLES].astype(np.float64).reshape(n, _FRAME_SAMPLES)
    return 10 * np.log10(np.mean(frames**2, axis=1) + 1e-10)


def speech_mask(samples: np.ndarray) -> np.ndarray:
    """One bool per 10 ms frame: is it loud enough to be speech?

    Relative to the recording's own levels (30 dB under its loud frames,
    6 dB over its quiet ones), so gain and noise floor do not matter.
    """
    return _loud_frames(frame_levels(samples))


def _loud_frames(level: np.ndarray) -> np.ndarray:
    """:func:`speech_mask` of frame levels already measured."""
    if len(level) == 0:
        return np.zeros(0, dtype=bool)
    ordered = np.sort(level)
    threshold = max(_percentile(ordered, 95) - 30, _percentile(ordered, 10) + 6)
    return level > threshold


def _percentile(ordered: np.ndarray, q: float) -> float:
    """``np.percentile(ordered, q)`` of sorted values (linear interpolation), without importing numpy.ma (9 ms)."""
    at = q / 100 * (len(ordered) - 1)
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (at - low))


def base_word(name: str) -> str:
    """A decoded dictionary entry without its alternate-pronunciation mark: ``for(2)`` -> ``for``."""
    return _ALT_PRONUNCIATION.sub("", name)


def is_filler(name: str) -> bool:
    """Whether a decoded entry is silence or noise (``<sil>``, ``[NOISE]``...), not a word."""
    return name.startswith(("<", "["))


def run_utterance(decoder: Decoder, pcm: bytes) -> None:
    """Decode ``pcm`` as one utterance, leaving the decoder ready for the next call even on error."""
    decoder.reinit_feat()  # forget the last call's noise estimate: same audio, same answer
    decoder.start_utt()
    try:
        if pcm:
            decoder.process_raw(pcm, full_utt=True)
    finally:
        decoder.end_utt()


def new_decoder(**config: Any) -> Decoder:
    """A pocketsphinx Decoder on the bundled en-us model; ``EngineError`` if it cannot load."""
    try:
        from pocketsphinx import Decoder
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise EngineError("pocketsphinx is not installed; pip install pocketsphinx") from exc
    try:
        return Decoder(**config)
    except (RuntimeError, ValueError) as exc:  # pragma: no cover - broken install
        raise EngineError(f"pocketsphinx could not load its en-us model ({exc})") from exc


@dataclass(frozen=True)
class _Segment:
    """One aligned dictionary word: its name (alternate-pronunciation mark removed), frames, score."""

    word: str
    start_frame: int
    end_frame: int
    score: float

    @property
    def frames(self) -> int:
        return self.end_frame - self.start_frame + 1

    @property
    def start_ms(self) -> int:
        return self.start_frame * FRAME_MS

    @property
    def end_ms(self) -> int:
        return (self.end_frame + 1) * FRAME_MS


def load_aligner() -> None:
    """Load the alignment decoder now (about 10 ms), e.g. in a thread while the audio is decoded."""
    _aligner()


@functools.cache
def _aligner() -> Decoder:
    """The process's alignment decoder (no language model, an empty dictionary; grammars are added per call)."""
    return new_decoder(**_DECODER_CONFIG, dict=os.devnull)


def _decode(tokens: list[Token], pcm: bytes) -> tuple[list[_Segment] | None, int]:
    """Run the transcript grammar over the audio: word segments (None if no path) and frame count."""
    decoder = _aligner()
    _learn_words(decoder, {w for tok in tokens for reading in tok.readings for w in reading})
    transitions = _grammar(tokens)
    final = len(tokens)
    decoder.add_fsg(_SEARCH, decoder.create_fsg(_SEARCH, 0, final, transitions))
    decoder.activate_search(_SEARCH)
    run_utterance(decoder, pcm)
    n_frames = decoder.n_frames()
    if decoder.hyp() is None:
        return None, n_frames
    logmath = decoder.get_logmath()
    segments = [_Segment(base_word(s.word), s.start_frame, s.end_frame,
                         float(logmath.log(s.ascore)) if s.ascore > 0 else float("-inf"))
                for s in decoder.seg() if not is_filler(s.word)]
    return segments, n_frames


def _learn_words(decoder: Decoder, words: set[str]) -> None:
    """Add the words the decoder does not know yet: every CMU pronunciation, else eSpeak's letter-to-sound."""
    entries = []
    for word in sorted(w for w in words if decoder.lookup_word(w) is None):
        readings = pronunciations(word) or (letter_to_sound(word),)
        entries += [(word if n == 0 else f"{word}({n + 1})", phones) for n, phones in enumerate(readings)]
    for i, (name, phones) in enumerate(entries):
        try:
            decoder.add_word(name, phones, i == len(entries) - 1)
        except RuntimeError as exc:  # pragma: no cover - phones come from the model's own dictionary or MODEL_PHONES
            raise EngineError(f"pocketsphinx rejected the pronunciation {phones!r} of {name!r}") from exc


def _grammar(tokens: list[Token]) -> list[tuple[int, int, float, str]]:
    """FSG transitions: state i is "before token i"; multi-word readings get private states."""
    transitions: list[tuple[int, int, float, str]] = []
    next_state = len(tokens) + 1
    for i, token in enumerate(tokens):
        for reading in token.readings:
            src = i
            for k, word in enumerate(reading):
                dst = i + 1 if k == len(reading) - 1 else next_state
                if dst == next_state:
                    next_state += 1
                transitions.append((src, dst, 1.0, word))
                src = dst
    return transitions


def _token_spans(tokens: list[Token], words: list[str]) -> list[tuple[int, int]] | None:
    """Which decoded words belong to which token: ``(first, end)`` indices per token.

    Readings may share words ("one thousand ..." / "one thousand and ..."),
    so this walks all readings forward and backtracks once at the end.
    """
    back: list[dict[int, int]] = [{0: 0}] + [{} for _ in tokens]
    for i, token in enumerate(tokens):
        for start in back[i]:
            for reading in token.readings:
                end = start + len(reading)
                if end not in back[i + 1] and tuple(words[start:end]) == reading:
                    back[i + 1][end] = start
    end = len(words)
    if end not in back[-1]:
        return None
    spans = []
    for i in range(len(tokens), 0, -1):
        start = back[i][end]
        spans.append((start, end))
        end = start
    return spans[::-1]


def _coverage(segments: list[_Segment], mask: np.ndarray, n_frames: int) -> float:
    """Share of speech frames that lie inside some aligned word."""
    inside = np.zeros(max(n_frames, len(mask)), dtype=bool)
    for s in segments:
        inside[s.start_frame : s.end_frame + 1] = True
    speech = int(mask.sum())
    return float((mask & inside[: len(mask)]).sum() / speech) if speech else 0.0
