"""The settings and subjects a prompt's words name."""

from __future__ import annotations

import pytest

from mediakit.drawing.motifs import setting_for, subject_for


@pytest.mark.parametrize("prompt, setting, subject", [
    ("A glass serum bottle on a beach at sunset", "sea", "bottle"),
    ("Latte art in a cozy cafe", "studio", "mug"),
    ("Neon city street at night, a woman walking", "city", "person"),
    ("Hiking the mountains at sunrise", "land", None),
    ("A SaaS dashboard for founders", "studio", "laptop"),
    ("A sunset over the ocean waves by the sea", "sea", None),  # the setting named most wins
    ("A gold watch on a black podium", "studio", "watch"),
    ("Ducks on a pond in spring", "sea", None),  # a plane's word picks its family: water
    ("Zebras crossing the savanna", "land", None),
])
def test_prompt_words_choose_the_setting_and_subject(prompt: str, setting: str, subject: str | None) -> None:
    assert (setting_for(prompt), subject_for(prompt)) == (setting, subject)
