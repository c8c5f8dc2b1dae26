"""Grouping timed words into caption pages (what is on screen at once) and lines.

Short-form captions read best in small chunks that follow the speech, so a
page breaks where the speaker breaks: at a pause, after a sentence, or when the
style's line/page capacity is full.  Within those limits pages and lines are
balanced (7 words at 3 per page become 3+2+2, not 3+3+1) because a lone
trailing word flashes by too fast to read.  Pagination only ever groups: it
never splits, drops or reorders a word, so callers can rely on the pages
holding exactly the words they were given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import ValidationError
from ..words import Word

# Sentence end: . ! ? or an ellipsis, optionally followed by closing quotes/brackets.
_SENTENCE_END = re.compile(r"[.!?\u2026][\"'\u201d\u2019)\]]*$")

MAX_LINGER_MS = 300
"""No page outlives its last word by more than a beat."""


@dataclass(frozen=True)
class PageRules:
    """How a style chunks speech into pages.

    ``max_chars_per_line`` counts characters including the spaces between
    words; a single word longer than it still gets a line of its own (the
    renderer shrinks that line to fit) because splitting or dropping a word
    would change what was said.
    """

    max_words_per_line: int
    max_chars_per_line: int
    max_lines: int = 1
    pause_ms: int = 400
    """A silence longer than this between two words starts a new page."""
    linger_ms: int = 200
    """How long a page stays after its last word ends (clipped at the next page)."""
    sentence_break: bool = True
    """Start a new page after a word ending in . ! ? so pages never straddle sentences."""

    def __post_init__(self) -> None:
        for field in ("max_words_per_line", "max_chars_per_line", "max_lines"):
            value = getattr(self, field)
            if value < 1:
                raise ValidationError(field, value, "must be at least 1")
        if self.pause_ms < 0:
            raise ValidationError("pause_ms", self.pause_ms, "must be >= 0")
        if not 0 <= self.linger_ms <= MAX_LINGER_MS:
            raise ValidationError("linger_ms", self.linger_ms, f"must be between 0 and {MAX_LINGER_MS}")


@dataclass(frozen=True)
class Page:
    """Words shown together, split into lines, with when the page is on screen."""

    lines: tuple[tuple[Word, ...], ...]
    start_ms: int
    end_ms: int

    @property
    def words(self) -> tuple[Word, ...]:
        return tuple(w for line in self.lines for w in line)

    def text(self, line_break: str = "\n") -> str:
        """The page as plain text: words joined by single spaces, lines by ``line_break``."""
        return line_break.join(" ".join(" ".join(w.text for w in line).split()) for line in self.lines)


def paginate(words: Sequence[Word], rules: PageRules) -> list[Page]:
    """Pages for ``words`` (in spoken order) under ``rules``.

    A page starts when its first word starts and ends ``rules.linger_ms``
    after its last word ends, but never after the next page starts.
    """
    groups: list[list[list[Word]]] = []
    for phrase in _phrases(words, rules):
        for page_words in _partition(phrase, lambda ws: _fits_page(ws, rules),
                                     lambda ws: rules.max_lines * rules.max_chars_per_line - _chars(ws)):
            groups.append(_partition(page_words, lambda ws: _fits_line(ws, rules),
                                     lambda ws: rules.max_chars_per_line - _chars(ws)))
    pages: list[Page] = []
    for i, lines in enumerate(groups):
        first, last = lines[0][0], lines[-1][-1]
        end = last.end_ms + rules.linger_ms
        if i + 1 < len(groups):
            end = min(end, groups[i + 1][0][0].start_ms)
        pages.append(Page(tuple(tuple(line) for line in lines), first.start_ms, max(first.start_ms, end)))
    return pages


def ends_sentence(text: str) -> bool:
    """True for a word that closes a sentence (``done.``, ``really?!``, ``"go!"``)."""
    return bool(_SENTENCE_END.search(text))


def sentences(script: str) -> list[str]:
    """The script cut after each word that ends a sentence (the natural places to cut a picture or a card)."""
    out, current = [], []
    for token in script.split():
        current.append(token)
        if ends_sentence(token):
            out.append(" ".join(current))
            current = []
    if current:
        out.append(" ".join(current))
    return out


def _phrases(words: Sequence[Word], rules: PageRules) -> list[list[Word]]:
    """Runs of words that may share a page: split at long pauses and sentence ends."""
    phrases: list[list[Word]] = []
    for word in words:
        if phrases:
            prev = phrases[-1][-1]
            pause = word.start_ms - prev.end_ms > rules.pause_ms
            if not (pause or (rules.sentence_break and ends_sentence(prev.text))):
                phrases[-1].append(word)
                continue
        phrases.append([word])
    return phrases


def _chars(words: Sequence[Word]) -> int:
    return sum(len(w.text) for w in words) + len(words) - 1


def _fits_line(words: Sequence[Word], rules: PageRules) -> bool:
    return len(words) == 1 or (len(words) <= rules.max_words_per_line
                               and _chars(words) <= rules.max_chars_per_line)


def _fits_page(words: Sequence[Word], rules: PageRules) -> bool:
    """Whether ``words`` fill at most ``max_lines`` lines (greedy filling uses the fewest lines)."""
    lines, current = 1, [words[0]]
    for word in words[1:]:
        if _fits_line([*current, word], rules):
            current.append(word)
        else:
            lines, current = lines + 1, [word]
            if lines > rules.max_lines:
                return False
    return True


def _partition(items: Sequence[Word], fits: Callable[[Sequence[Word]], bool],
               slack: Callable[[Sequence[Word]], int]) -> list[list[Word]]:
    """Split ``items`` into the fewest consecutive chunks that each ``fit``, as evenly as possible.

    Dynamic programming over split points, minimising (chunk count, sum of
    squared slack) -- the classic balanced line-breaking cost.  ``fits`` must
    be monotone (a prefix of a fitting chunk fits) and accept any single item.
    """
    n = len(items)
    best: list[tuple[int, int, int]] = [(0, 0, n)] * (n + 1)  # (chunks, cost, next split) from i
    for i in range(n - 1, -1, -1):
        choice = _candidate(items, i, i + 1, best, slack)
        for j in range(i + 2, n + 1):
            if not fits(items[i:j]):
                break
            candidate = _candidate(items, i, j, best, slack)
            if candidate[:2] < choice[:2]:
                choice = candidate
        best[i] = choice
    result, i = [], 0
    while i < n:
        j = best[i][2]
        result.append(list(items[i:j]))
        i = j
    return result


def _candidate(items: Sequence[Word], i: int, j: int, best: list[tuple[int, int, int]],
               slack: Callable[[Sequence[Word]], int]) -> tuple[int, int, int]:
    """Score of making ``items[i:j]`` the next chunk: (chunks, cost, j)."""
    chunks, cost, _ = best[j]
    return chunks + 1, cost + max(slack(items[i:j]), 0) ** 2, j
