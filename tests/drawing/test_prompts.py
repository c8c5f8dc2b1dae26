"""A prompt's key words and colours."""

from __future__ import annotations

from mediakit.drawing.prompts import key_words, palette, prompt_seed


def test_key_words_skip_filler_and_repeats() -> None:
    assert key_words("A steaming cup of coffee on a wooden table") == ["steaming", "cup", "coffee", "wooden"]
    assert key_words("Coffee, coffee and more COFFEE") == ["Coffee", "more"]


def test_colours_come_from_the_first_named_keyword_else_the_prompt_itself() -> None:
    assert palette("coffee beans")[0] == palette("rich COFFEE aroma")[0]
    assert palette("  Quiet Morning ") == palette("quiet morning")
    assert prompt_seed("Quiet Morning") == prompt_seed(" quiet morning ")
