"""A prompt's colours."""

from __future__ import annotations

from mediakit.drawing.prompts import palette, prompt_seed


def test_colours_come_from_the_first_named_keyword_else_the_prompt_itself() -> None:
    assert palette("coffee beans")[0] == palette("rich COFFEE aroma")[0]
    assert palette("  Quiet Morning ") == palette("quiet morning")
    assert prompt_seed("Quiet Morning") == prompt_seed(" quiet morning ")
