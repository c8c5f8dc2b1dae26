"""Phonemes to mouth shapes (visemes), and a clean viseme track for the animator.

A talking character needs far fewer mouth shapes than a language has sounds:
ten shapes, as in classic cel animation, read as speech.  Every phoneme
alphabet the pipeline meets is mapped: IPA (what the voice stage reports),
eSpeak's ASCII mnemonics and ARPAbet (what CMUdict-style aligners and most
lip-sync tools use).  Diphthongs become two shapes, so "I" (``aɪ``, ``aI``,
``AY``) opens and then widens; an IPA phoneme not in the table is read symbol
by symbol, which covers r-coloured vowels (``ɑːɹ``) and any combination.

The raw track is then cleaned for the eye: gaps are silence (mouth at rest),
repeats merge, and flickers shorter than about a frame merge into a
neighbour, except lip closures, which stay because a missing "m" or "p" is
the first thing a viewer notices.  Where the speech's audio is known, its
silences close the mouth too: a voice may hold a phoneme's span through a
pause (Kokoro lengthens the last sound before a comma or full stop by up
to a third of a second of silence), and a mouth held open in silence is
what breaks the sync.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from ...errors import ValidationError
from ...words import Word

# rest: closed, relaxed (silence) | mbp: lips pressed | aa: wide open (father, cat, cup) | eh: half open
# (bed, schwa, h) | ee: wide, teeth showing (see, y) | oh: round open (go, law) | oo: pucker (too, w, r)
# fv: lower lip under the teeth | l_th: tongue showing | etc: teeth almost closed (s, t, d, n, k, g, sh, ch)
VISEMES: tuple[str, ...] = ("rest", "mbp", "aa", "eh", "ee", "oh", "oo", "fv", "l_th", "etc")

PhonemeSpan = tuple[str, int, int]
ALPHABETS = ("auto", "ipa", "espeak", "arpabet")
SILENCE = frozenset({"", "_", "_:", "_!", "_^_", "||", "|", "sil", "sp", "spn", "pau", "SIL", "SP", "<sil>"})

# eSpeak NG English mnemonics (phsource/ph_english); stress marks and '#' variants are stripped first.
_ESPEAK: dict[str, tuple[str, ...]] = {
    "p": ("mbp",), "b": ("mbp",), "m": ("mbp",), "f": ("fv",), "v": ("fv",),
    "T": ("l_th",), "D": ("l_th",), "l": ("l_th",), "L": ("l_th",), "w": ("oo",), "r": ("oo",),
    "h": ("eh",), "j": ("ee",),
    "t": ("etc",), "d": ("etc",), "s": ("etc",), "z": ("etc",), "n": ("etc",), "N": ("etc",),
    "k": ("etc",), "g": ("etc",), "S": ("etc",), "Z": ("etc",), "tS": ("etc",), "dZ": ("etc",),
    "x": ("etc",), "?": ("etc",),
    "a": ("aa",), "aa": ("aa",), "A": ("aa",), "A:": ("aa",), "V": ("aa",),
    "@": ("eh",), "@L": ("eh", "l_th"), "3": ("eh",), "3:": ("eh",), "e": ("eh",), "E": ("eh",),
    "i": ("ee",), "i:": ("ee",), "I": ("ee",),
    "0": ("oh",), "O": ("oh",), "O:": ("oh",), "o": ("oh",),
    "u": ("oo",), "u:": ("oo",), "U": ("oo",),
    "aI": ("aa", "ee"), "aU": ("aa", "oo"), "eI": ("eh", "ee"), "oU": ("oh", "oo"), "OI": ("oh", "ee"),
    "e@": ("eh", "eh"), "i@": ("ee", "eh"), "I@": ("ee", "eh"), "U@": ("oo", "eh"), "A@": ("aa", "eh"),
    "O@": ("oh", "eh"), "o@": ("oh", "eh"), "aI@": ("aa", "ee", "eh"), "aU@": ("aa", "oo", "eh"),
}

_ARPABET: dict[str, tuple[str, ...]] = {
    "AA": ("aa",), "AE": ("aa",), "AH": ("eh",), "AO": ("oh",), "AW": ("aa", "oo"), "AY": ("aa", "ee"),
    "B": ("mbp",), "CH": ("etc",), "D": ("etc",), "DH": ("l_th",), "EH": ("eh",), "ER": ("eh",),
    "EY": ("eh", "ee"), "F": ("fv",), "G": ("etc",), "HH": ("eh",), "IH": ("ee",), "IY": ("ee",),
    "JH": ("etc",), "K": ("etc",), "L": ("l_th",), "M": ("mbp",), "N": ("etc",), "NG": ("etc",),
    "OW": ("oh", "oo"), "OY": ("oh", "ee"), "P": ("mbp",), "R": ("oo",), "S": ("etc",), "SH": ("etc",),
    "T": ("etc",), "TH": ("l_th",), "UH": ("oo",), "UW": ("oo",), "V": ("fv",), "W": ("oo",),
    "Y": ("ee",), "Z": ("etc",), "ZH": ("etc",),
}
# IPA symbols; a multi-symbol phoneme not listed is split into these, longest first.
_IPA: dict[str, tuple[str, ...]] = {
    "p": ("mbp",), "b": ("mbp",), "m": ("mbp",), "ɱ": ("mbp",), "f": ("fv",), "v": ("fv",),
    "θ": ("l_th",), "ð": ("l_th",), "l": ("l_th",), "ɫ": ("l_th",), "w": ("oo",), "ɹ": ("oo",), "r": ("oo",),
    "ɻ": ("oo",), "h": ("eh",), "j": ("ee",),
    "t": ("etc",), "d": ("etc",), "s": ("etc",), "z": ("etc",), "n": ("etc",), "ŋ": ("etc",), "k": ("etc",),
    "ɡ": ("etc",), "g": ("etc",), "ʃ": ("etc",), "ʒ": ("etc",), "tʃ": ("etc",), "dʒ": ("etc",), "x": ("etc",),
    "ʔ": ("etc",), "ɾ": ("etc",), "ç": ("etc",),
    "a": ("aa",), "ɑ": ("aa",), "æ": ("aa",), "ʌ": ("aa",), "ɐ": ("eh",), "ɒ": ("oh",),
    "ə": ("eh",), "ɚ": ("eh",), "ɜ": ("eh",), "ɝ": ("eh",), "e": ("eh",), "ɛ": ("eh",), "ᵻ": ("eh",),
    "i": ("ee",), "ɪ": ("ee",), "y": ("oo",),
    "o": ("oh",), "ɔ": ("oh",), "u": ("oo",), "ʊ": ("oo",), "ɯ": ("oo",),
}
_IPA_TOKENS = sorted(_IPA, key=len, reverse=True)
_IPA_MARKS = re.compile(r"[ːˑ̩̯̃͡‿ʰʲʷ.\-]")
_ESPEAK_TOKENS = sorted(_ESPEAK, key=len, reverse=True)
_STRESS = re.compile(r"[',%=ˈˌ]")
_ARPA_STRESS = re.compile(r"[012]$")
MIN_SPAN_MS = 40       # about one frame at 25-30 fps: anything shorter flickers
_GLIDE = {1: (), 2: (0.55,), 3: (0.4, 0.75)}  # where a diphthong moves to its next shape
HOLD_GAP_MS = 70       # a gap this short between sounds keeps the previous shape, as real lips do
SILENT_MS = 100        # a stretch of the audio this long under SILENT_LEVEL closes the mouth
SILENT_LEVEL = 0.05    # of the speech's loud RMS (its 95th percentile over 10 ms frames): about -26 dB


@dataclass(frozen=True)
class VisemeSpan:
    """One mouth shape held from ``start_ms`` to ``end_ms``."""

    viseme: str
    start_ms: int
    end_ms: int


def _clean(phoneme: str) -> str:
    return _STRESS.sub("", phoneme.strip())


def detect_alphabet(phonemes: Iterable[str]) -> str:
    """``ipa`` when any phoneme has a non-ASCII symbol, ``arpabet`` when all are ARPAbet, else ``espeak``.

    A few symbols exist in several alphabets (``D``, ``T``, ``S``...), so the
    whole sequence decides.
    """
    spoken = [p for p in (_clean(raw) for raw in phonemes) if p not in SILENCE]
    if any(not p.isascii() for p in spoken):
        return "ipa"
    if spoken and all(_ARPA_STRESS.sub("", p) in _ARPABET for p in spoken):
        return "arpabet"
    return "espeak"


def to_visemes(phoneme: str, alphabet: str = "ipa") -> tuple[str, ...]:
    """The shape(s) of one phoneme (at most 3); silence gives ``("rest",)``, unknown sounds ``("etc",)``."""
    if alphabet not in ALPHABETS[1:]:
        raise ValidationError("alphabet", alphabet, f"must be one of {', '.join(ALPHABETS[1:])}")
    p = _clean(phoneme)
    if p in SILENCE:
        return ("rest",)
    if alphabet == "arpabet":
        return _ARPABET.get(_ARPA_STRESS.sub("", p.upper()), ("etc",))
    if alphabet == "ipa":
        return _ipa_visemes(p)
    p = p.replace("#", "")
    if p in _ESPEAK:
        return _ESPEAK[p]
    return _ESPEAK.get(p.rstrip(":23"), ("etc",))


def _ipa_visemes(phoneme: str) -> tuple[str, ...]:
    """An IPA phoneme's shapes: its symbols' shapes in order, repeats merged, at most three."""
    text = _IPA_MARKS.sub("", phoneme)
    shapes: list[str] = []
    i = 0
    while i < len(text):
        token = next((t for t in _IPA_TOKENS if text.startswith(t, i)), None)
        i += len(token) if token else 1
        for shape in _IPA.get(token or "", ()):
            if not shapes or shapes[-1] != shape:
                shapes.append(shape)
    return tuple(shapes[:3]) or ("etc",)


def split_espeak(mnemonics: str) -> list[str]:
    """Split an unseparated eSpeak mnemonic string (``"h@l'oU"``) into phonemes, longest match first."""
    text = _STRESS.sub("", mnemonics).replace("#", "")
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        token = next((t for t in _ESPEAK_TOKENS if text.startswith(t, i)), None)
        if token is None:
            i += 1  # a symbol with no mouth shape of its own (length marks, tone letters)
            continue
        out.append(token)
        i += len(token)
    return out


def viseme_track(phonemes: Sequence[PhonemeSpan], duration_ms: int, *, alphabet: str = "auto",
                 min_ms: int = MIN_SPAN_MS) -> list[VisemeSpan]:
    """Mouth shapes covering ``[0, duration_ms]`` exactly, from timed phonemes.

    Untimed stretches are rest (silence closes the mouth); diphthongs split
    55/45 between their two shapes; spans shorter than ``min_ms`` merge into
    the previous shape, except lip closures, which are stretched to ``min_ms``.
    """
    if duration_ms <= 0:
        raise ValidationError("duration_ms", duration_ms, "must be > 0")
    if alphabet not in ALPHABETS:
        raise ValidationError("alphabet", alphabet, f"must be one of {', '.join(ALPHABETS)}")
    if alphabet == "auto":
        alphabet = detect_alphabet(p for p, _, _ in phonemes)
    raw: list[VisemeSpan] = []
    for phoneme, start, end in sorted(phonemes, key=lambda p: (p[1], p[2])):
        start, end = max(0, int(start)), min(duration_ms, int(end))
        if end <= start:
            continue
        shapes = to_visemes(phoneme, alphabet)
        cuts = [start, *(start + round((end - start) * f) for f in _GLIDE[len(shapes)]), end]
        raw += [VisemeSpan(v, a, b) for v, (a, b) in zip(shapes, pairwise(cuts), strict=True) if b > a]
    return _tidy(_fill(raw, duration_ms), min_ms)


def _fill(spans: list[VisemeSpan], duration_ms: int) -> list[VisemeSpan]:
    """Cover the whole duration: short gaps hold the previous shape, long ones are rest."""
    out: list[VisemeSpan] = []
    t = 0
    for span in spans:
        start = max(span.start_ms, t)
        if start >= span.end_ms:
            continue
        if start > t:
            if out and out[-1].viseme != "rest" and start - t <= HOLD_GAP_MS:
                out[-1] = VisemeSpan(out[-1].viseme, out[-1].start_ms, start)
            else:
                out.append(VisemeSpan("rest", t, start))
        out.append(VisemeSpan(span.viseme, start, span.end_ms))
        t = span.end_ms
    if t < duration_ms:
        out.append(VisemeSpan("rest", t, duration_ms))
    return out


def _push(out: list[VisemeSpan], span: VisemeSpan) -> None:
    if out and out[-1].viseme == span.viseme:
        out[-1] = VisemeSpan(span.viseme, out[-1].start_ms, span.end_ms)
    else:
        out.append(span)


def _tidy(spans: list[VisemeSpan], min_ms: int) -> list[VisemeSpan]:
    """Merge repeats and absorb flickers; the result still tiles the same time exactly."""
    out: list[VisemeSpan] = []
    for span in spans:
        if out and out[-1].end_ms - out[-1].start_ms < min_ms:
            prev = out.pop()
            if prev.viseme == "mbp":
                # keep the closure visible: it takes its time from the shape that follows
                cut = min(span.end_ms, prev.start_ms + min_ms)
                _push(out, VisemeSpan("mbp", prev.start_ms, cut))
                if cut < span.end_ms:
                    _push(out, VisemeSpan(span.viseme, cut, span.end_ms))
                continue
            if out:
                out[-1] = VisemeSpan(out[-1].viseme, out[-1].start_ms, prev.end_ms)
            else:
                span = VisemeSpan(span.viseme, prev.start_ms, span.end_ms)
        _push(out, span)
    if len(out) > 1 and out[-1].end_ms - out[-1].start_ms < min_ms:
        last = out.pop()
        out[-1] = VisemeSpan(out[-1].viseme, out[-1].start_ms, last.end_ms)
    return out


def phonemes_from_words(words: Sequence[Word], *, voice: str = "en-us") -> list[PhonemeSpan]:
    """eSpeak phonemes spread evenly over each word's time, for speech known only by its word timings."""
    from ...speech.espeak import text_to_phonemes

    out: list[PhonemeSpan] = []
    for word in words:
        start, span = word.start_ms, word.end_ms - word.start_ms
        parts = split_espeak(text_to_phonemes(word.text, voice)) if span > 0 else []
        for k, p in enumerate(parts):
            out.append((p, start + span * k // len(parts), start + span * (k + 1) // len(parts)))
    return out


def phonemes_from_audio(path: str | Path, *, frame_ms: int = 40) -> list[PhonemeSpan]:
    """Loudness-driven stand-in phonemes (ARPAbet) for speech with no transcript at all.

    Louder frames open the mouth wider; quiet frames close it.  Cruder than
    real phonemes, but the mouth moves with the voice and rests in pauses.
    """
    import numpy as np

    from ...media_io import decode_audio

    samples = decode_audio(path, rate=16000)
    hop = 16 * frame_ms
    n = len(samples) // hop
    if n == 0:
        return []
    rms = np.sqrt(np.mean(samples[: n * hop].reshape(n, hop) ** 2, axis=1))
    ref = float(np.percentile(rms, 95)) or 1.0
    level = rms / ref
    out: list[PhonemeSpan] = []
    for i, v in enumerate(level):
        symbol = "AA" if v > 0.6 else "EH" if v > 0.3 else "S" if v > 0.12 else "sil"
        out.append((symbol, i * frame_ms, (i + 1) * frame_ms))
    return out


def silences(path: str | Path, *, min_ms: int = SILENT_MS, level: float = SILENT_LEVEL) -> list[tuple[int, int]]:
    """(start, end) ms of every stretch of at least ``min_ms`` where the audio stays under ``level`` of its loud
    RMS (10 ms frames)."""
    import numpy as np

    from ...media_io import decode_audio

    samples = decode_audio(path, rate=16000)
    n = len(samples) // 160
    if n == 0:
        return []
    rms = np.sqrt(np.mean(samples[:n * 160].reshape(n, 160) ** 2, axis=1))
    quiet = np.concatenate([[False], rms < level * (float(np.percentile(rms, 95)) or 1.0), [False]])
    edges = np.flatnonzero(np.diff(quiet.astype(np.int8)))
    return [(int(a) * 10, int(b) * 10) for a, b in zip(edges[::2], edges[1::2], strict=True) if (b - a) * 10 >= min_ms]


def close_silences(track: Sequence[VisemeSpan], quiet: Sequence[tuple[int, int]]) -> list[VisemeSpan]:
    """``track`` at rest over the ``quiet`` stretches (start, end ms, sorted), except where the lips are pressed
    (a closure is silent by nature); the result still tiles the same time."""
    out: list[VisemeSpan] = []
    for span in track:
        t = span.start_ms
        if span.viseme != "mbp":
            for a, b in quiet:
                a, b = max(a, span.start_ms), min(b, span.end_ms)
                if a >= b:
                    continue
                if a > t:
                    _push(out, VisemeSpan(span.viseme, t, a))
                _push(out, VisemeSpan("rest", a, b))
                t = b
        if t < span.end_ms:
            _push(out, VisemeSpan(span.viseme, t, span.end_ms))
    return out


def speech_visemes(phonemes: Sequence[PhonemeSpan], words: Sequence[Word], audio: Path,
                   duration_ms: int) -> list[VisemeSpan]:
    """The best viseme track the speech allows: from phonemes, else from words, else from loudness; closed
    wherever the audio is silent."""
    source = list(phonemes) or phonemes_from_words(words) or phonemes_from_audio(audio)
    return _tidy(close_silences(viseme_track(source, duration_ms), silences(audio)), MIN_SPAN_MS)
