"""The end card's text for an ad without a CTA: the script's closing line, shortened to a clause that reads."""

from __future__ import annotations

from mediakit.generation.endcard import closing_line
from mediakit.timeline import Canvas


def test_the_closing_line_is_the_last_sentence_or_a_clause_that_reads() -> None:
    canvas = Canvas(1080, 1920)
    assert closing_line("I could never keep a habit going. This app keeps my streak alive.", canvas) == (
        "This app keeps my streak alive.")
    long_one = ("I was drowning. The streak counter keeps me honest, the reminders fit my day, "
                "and twelve days in I have not missed once.")
    assert closing_line(long_one, canvas) == "Twelve days in I have not missed once."
