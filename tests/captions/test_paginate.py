"""Pagination: capacity limits, pause and sentence breaks, timing, and never losing a word."""

from __future__ import annotations

import random

import pytest

from mediakit.captions import Page, PageRules, paginate
from mediakit.captions.paginate import MAX_LINGER_MS, ends_sentence, sentences
from mediakit.errors import ValidationError
from mediakit.words import Word


def timed(text: str, *, step: int = 300, length: int = 250) -> list[Word]:
    """Evenly spoken words: one every ``step`` ms, each ``length`` ms long (gap = step - length)."""
    return [Word(tok, i * step, i * step + length) for i, tok in enumerate(text.split())]


def flat(pages: list[Page]) -> list[Word]:
    return [w for p in pages for w in p.words]


RULES = PageRules(max_words_per_line=3, max_chars_per_line=16, max_lines=2, pause_ms=400, linger_ms=200)


def test_words_per_line_and_lines_per_page() -> None:
    words = timed("a b c d e f g h i j k l m")
    pages = paginate(words, RULES)
    assert flat(pages) == words
    for page in pages:
        assert 1 <= len(page.lines) <= 2
        assert all(1 <= len(line) <= 3 for line in page.lines)


def test_chars_per_line() -> None:
    words = timed("alpha bravo charlie delta echo foxtrot golf hotel india")
    pages = paginate(words, RULES)
    for page in pages:
        for line in page.lines:
            assert len(" ".join(w.text for w in line)) <= 16


def test_balanced_pages_instead_of_an_orphan() -> None:
    rules = PageRules(max_words_per_line=3, max_chars_per_line=40, max_lines=1)
    pages = paginate(timed("one two three four five six seven"), rules)
    assert [len(p.words) for p in pages] == [3, 2, 2]


def test_balanced_lines_within_a_page() -> None:
    rules = PageRules(max_words_per_line=4, max_chars_per_line=30, max_lines=2)
    (page,) = paginate(timed("one two three four five six"), rules)
    assert [len(line) for line in page.lines] == [3, 3]


def test_pause_breaks_a_page() -> None:
    words = [Word("before", 0, 300), Word("pause", 320, 600),
             Word("after", 1100, 1400), Word("it", 1420, 1500)]
    pages = paginate(words, RULES)
    assert [[w.text for w in p.words] for p in pages] == [["before", "pause"], ["after", "it"]]


def test_short_gap_does_not_break() -> None:
    words = [Word("one", 0, 300), Word("two", 650, 900)]  # 350 ms gap < 400 ms threshold
    assert len(paginate(words, RULES)) == 1


def test_sentence_end_breaks_a_page() -> None:
    pages = paginate(timed("Go now! Then stop. Why? ok"), RULES)
    assert [p.text(" ") for p in pages] == ["Go now!", "Then stop.", "Why?", "ok"]


def test_sentence_break_can_be_turned_off() -> None:
    rules = PageRules(max_words_per_line=6, max_chars_per_line=40, sentence_break=False)
    assert len(paginate(timed("Go now! Then stop."), rules)) == 1


@pytest.mark.parametrize("text,expected", [("done.", True), ("really?!", True), ('"go!"', True),
                                           ("wait\u2026", True), ("(end.)", True), ("Dr", False),
                                           ("3.5", False), ("hello,", False)])
def test_ends_sentence(text: str, expected: bool) -> None:
    assert ends_sentence(text) is expected


def test_long_word_stays_whole_on_its_own_line() -> None:
    words = timed("a supercalifragilisticexpialidocious b")
    pages = paginate(words, RULES)
    assert flat(pages) == words
    lines = [line for p in pages for line in p.lines]
    long_line = next(line for line in lines if any(len(w.text) > 16 for w in line))
    assert [w.text for w in long_line] == ["supercalifragilisticexpialidocious"]


def test_page_timing_linger_and_no_overlap() -> None:
    words = timed("one two three four five six seven eight nine ten", step=300, length=280)
    pages = paginate(words, RULES)
    for i, page in enumerate(pages):
        assert page.start_ms == page.words[0].start_ms
        linger = page.end_ms - page.words[-1].end_ms
        assert linger <= RULES.linger_ms <= MAX_LINGER_MS
        if i + 1 < len(pages):
            assert page.end_ms <= pages[i + 1].start_ms
    assert pages[-1].end_ms == words[-1].end_ms + RULES.linger_ms


def test_linger_is_clipped_at_the_next_page() -> None:
    words = [Word("Hi.", 0, 300), Word("There", 350, 600)]  # sentence break, next page 50 ms later
    first, second = paginate(words, RULES)
    assert first.end_ms == second.start_ms == 350


@pytest.mark.parametrize("seed", range(20))
def test_no_word_is_lost_or_reordered(seed: int) -> None:
    rng = random.Random(seed)
    vocab = ["a", "to", "the", "word", "quick.", "really?", "extraordinarily", "no!", "x" * 25, "ok,"]
    words, t = [], 0
    for _ in range(rng.randint(1, 60)):
        t += rng.choice([0, 20, 80, 300, 700])
        length = rng.randint(0, 600)
        words.append(Word(rng.choice(vocab), t, t + length))
        t += length
    rules = PageRules(max_words_per_line=rng.randint(1, 5), max_chars_per_line=rng.randint(5, 30),
                      max_lines=rng.randint(1, 3), pause_ms=rng.choice([0, 350, 500]),
                      linger_ms=rng.choice([0, 150, 300]))
    pages = paginate(words, rules)
    assert flat(pages) == words
    for i, page in enumerate(pages):
        assert len(page.lines) <= rules.max_lines
        assert page.start_ms <= page.end_ms
        if i + 1 < len(pages):
            assert page.end_ms <= pages[i + 1].start_ms
        for line in page.lines:
            assert len(line) == 1 or (len(line) <= rules.max_words_per_line
                                      and len(" ".join(w.text for w in line)) <= rules.max_chars_per_line)


def test_empty_input() -> None:
    assert paginate([], RULES) == []


def test_page_text() -> None:
    (page,) = paginate(timed("one two three four"), RULES)
    assert page.text() == "one two\nthree four"
    assert page.text(" / ") == "one two / three four"


@pytest.mark.parametrize("kwargs", [{"max_words_per_line": 0}, {"max_lines": 0}, {"linger_ms": 301},
                                    {"pause_ms": -1}])
def test_rules_validate(kwargs: dict[str, int]) -> None:
    base = {"max_words_per_line": 3, "max_chars_per_line": 16}
    with pytest.raises(ValidationError):
        PageRules(**{**base, **kwargs})  # type: ignore[arg-type]


def test_sentences_cut_after_each_closing_word() -> None:
    assert sentences("One two. Three four! Five") == ["One two.", "Three four!", "Five"]
