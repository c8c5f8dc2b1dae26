"""Pronunciations from pocketsphinx's CMU dictionary, looked up in the file instead of loaded whole.

A pocketsphinx decoder given the dictionary parses all 135,000 entries when
it starts (0.2 s, most of the aligner's start-up), yet an alignment needs
the few words of one transcript.  The file is sorted by word, so a binary
search over its line starts finds a word's entries (``word``, ``word(2)``...)
in microseconds; the aligner starts with an empty dictionary and adds the
words it meets.
"""

from __future__ import annotations

import functools
import mmap
from bisect import bisect_left
from pathlib import Path

import numpy as np


def dictionary_path() -> Path:
    """The US English dictionary shipped with pocketsphinx's model."""
    from pocketsphinx import get_model_path

    return Path(get_model_path()) / "en-us" / "cmudict-en-us.dict"


def pronunciations(word: str) -> tuple[str, ...]:
    """The phone strings of ``word`` (lower case, as the dictionary spells it), first reading first; or ``()``."""
    data, starts = _index()
    key = word.encode("utf-8")
    first = bisect_left(range(len(starts)), key, key=lambda i: _base(data, starts, i))
    found = []
    for i in range(first, len(starts)):
        if _base(data, starts, i) != key:
            break
        line = _line(data, starts, i)
        found.append(line.split(b" ", 1)[1].decode("ascii").strip())
    return tuple(found)


@functools.cache
def _index() -> tuple[mmap.mmap, np.ndarray]:
    """The dictionary mapped into memory, and where each of its lines starts."""
    with dictionary_path().open("rb") as fh:
        data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    newlines = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == ord("\n"))
    starts = np.concatenate(([0], newlines + 1))
    return data, starts[starts < len(data)]


def _line(data: mmap.mmap, starts: np.ndarray, i: int) -> bytes:
    end = int(starts[i + 1]) - 1 if i + 1 < len(starts) else len(data)
    return data[int(starts[i]):end]


def _base(data: mmap.mmap, starts: np.ndarray, i: int) -> bytes:
    """Line ``i``'s word without its alternate mark: ``read(2) R EH D`` -> ``read``."""
    return _line(data, starts, i).split(b" ", 1)[0].split(b"(", 1)[0]
