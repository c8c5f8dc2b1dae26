"""The end card: the closing line for an ad without a CTA, and the card's designed, moving look."""

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


def test_the_card_is_designed_and_moves() -> None:
    """A panel that rises, the text growing in and then swaying, an accent bar growing under it: no still frame."""
    from mediakit.generation.endcard import end_card
    from mediakit.timeline import ColorLayer, TextLayer

    canvas = Canvas(540, 960)
    layers = end_card("Get 20% off at brew.co", canvas, centre_y=300, start_ms=13_200, total_ms=15_000)
    panel, *texts, bar = layers
    assert isinstance(panel, ColorLayer) and panel.enter.kind == "slide-up" and panel.shadow is not None
    assert all(isinstance(t, TextLayer) and t.enter.kind == "scale" and t.hover is not None for t in texts)
    assert isinstance(bar, ColorLayer) and bar.start_ms > panel.start_ms and bar.enter.kind == "scale"
    assert panel.box is not None and bar.box is not None and panel.box.y < bar.box.y < panel.box.y + panel.box.h
    assert all(layer.start_ms + (layer.duration_ms or 0) == 15_000 for layer in layers)
    assert end_card(None, canvas, centre_y=300, start_ms=13_000, total_ms=15_000) == []
    assert end_card("Hi", canvas, centre_y=300, start_ms=14_900, total_ms=15_000) == []   # it would flash
