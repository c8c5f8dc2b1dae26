"""Punch-in times: on stressed words, 2 to 4 s apart, never in the cover's half second nor across a b-roll cut."""

from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from mediakit.stages.punch_ins import CLEAR_MS, FIRST_MS, LEAD_MS, MAX_GAP_MS, MIN_GAP_MS, punch_spans
from mediakit.words import Word


def said(text: str, every_ms: int = 400, start_ms: int = 0) -> list[Word]:
    """``text``'s words one every ``every_ms``, each lasting most of that."""
    return [Word(w, start_ms + i * every_ms, start_ms + i * every_ms + every_ms - 60)
            for i, w in enumerate(text.split())]


def changes(spans: tuple[tuple[int, int], ...]) -> list[int]:
    return [t for span in spans for t in span]


def test_cuts_land_on_stressed_words_two_to_four_seconds_apart() -> None:
    words = said("so I tried it and the results were absolutely incredible for my skin and then "
                 "my friends noticed the difference right away and they asked me what changed so "
                 "I told them everything about this amazing little routine that I use daily now")
    spans = punch_spans(words, [(0, 15000)])
    cuts = changes(spans)[:-1]  # the last end may be the shot's end
    assert len(spans) >= 2
    assert FIRST_MS <= cuts[0] <= MAX_GAP_MS  # the shot holds a second at least, then cuts on the best word
    gaps = [b - a for a, b in zip(cuts, cuts[1:], strict=False)]
    assert all(MIN_GAP_MS <= g <= MAX_GAP_MS for g in gaps), gaps
    starts = {w.start_ms: w.text for w in words}
    assert all(t in starts for t in cuts)
    # the long content words win over the short ones in reach
    assert {"absolutely", "incredible"} & {starts[t] for t in cuts}
    assert all(len(starts[t]) >= 5 for t in cuts), [starts[t] for t in cuts]


def test_a_shouted_word_beats_a_long_one() -> None:
    words = said("we went there and tried everything but WOW the place was extraordinary anyway")
    first = punch_spans(words, [(0, 6000)])[0][0]
    assert next(w.text for w in words if w.start_ms == first) == "WOW"


def test_nothing_in_the_cover_or_near_a_cut_and_no_span_crosses_one() -> None:
    words = said(" ".join(["remarkable"] * 40), every_ms=300)
    shots = [(0, 5000), (7000, 12000)]
    spans = punch_spans(words, shots)
    assert spans
    for a, b in spans:
        shot = next(s for s in shots if s[0] <= a < s[1])
        assert a >= shot[0] + (LEAD_MS if shot[0] == 0 else CLEAR_MS)
        # ends in its shot, or stays tight through the shot's end until the next shot begins (unseen b-roll)
        assert b <= shot[1] - CLEAR_MS or b in (s[0] for s in shots[1:]) or b == shots[-1][1]
        assert not any(a < s[0] < b for s in shots[1:] if s[0] != b)


def test_a_long_pause_resumes_on_its_first_word() -> None:
    words = [*said("beginning something wonderful"), *said("afterwards everything changed", start_ms=8000)]
    cuts = changes(punch_spans(words, [(0, 12000)]))
    assert 8000 in cuts


def test_no_words_no_punch_ins_and_bad_shots_are_an_error() -> None:
    assert punch_spans([], [(0, 10000)]) == ()
    with pytest.raises(ValidationError, match="shots"):
        punch_spans([], [(5000, 1000)])
