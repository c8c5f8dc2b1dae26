"""Word error rate after the usual normalisation: how mediakit scores what a recogniser heard.

Used to check recognition against a known transcript (tests, the ASR
benchmark) and to listen to mediakit's own output.  Normalisation: case and
punctuation ignored, numbers as digits or words alike ("10" = "ten"),
"Mr." = "mister", "Mrs." = "missus", "Dr." = "doctor", and a compound
written as one word on one side and two on the other ("setup" / "set up")
counted as the same word: the same sounds, spelled two ways.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .lexicon import spoken_forms

_TITLES = {"mr": "mister", "mrs": "missus", "dr": "doctor", "st": "saint"}


def normalise(text: str) -> list[str]:
    """Lower-case spoken words: titles spelled out, digits read as words, punctuation dropped."""
    words: list[str] = []
    for raw in text.split():
        token = re.sub(r"[^\w']", "", raw.lower()).strip("'")
        if not token:
            continue
        if token in _TITLES:
            words.append(_TITLES[token])
        elif any(ch.isdigit() for ch in token):
            readings = spoken_forms(token)
            words += list(readings[0]) if readings else [token]
        else:
            words.append(token)
    return words


def word_error_rate(reference: str, heard: str) -> float:
    """(substitutions + deletions + insertions) / reference words, after :func:`normalise`."""
    ref, hyp = normalise(reference), normalise(heard)
    ref, hyp = _join_compounds(ref, hyp), _join_compounds(hyp, ref)
    if not ref:
        return 0.0 if not hyp else 1.0
    return edit_distance(ref, hyp) / len(ref)


def _join_compounds(words: list[str], other: list[str]) -> list[str]:
    """``words`` with each adjacent pair that ``other`` writes as one word joined ("set up" -> "setup")."""
    joined = set(other)
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 1 < len(words) and words[i] + words[i + 1] in joined:
            out.append(words[i] + words[i + 1])
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two token sequences (words, or phonemes): substitutions, insertions and
    deletions each cost one."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]
