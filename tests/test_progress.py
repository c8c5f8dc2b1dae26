"""Giving a step its part of the progress bar."""

from __future__ import annotations

from mediakit.progress import span


def test_a_step_fills_only_its_part_of_the_bar_and_stays_inside_it() -> None:
    seen: list[float] = []
    step = span(seen.append, 0.25, 1.0)
    assert step is not None
    for fraction in (0.0, 0.5, 1.0, 1.5, -0.2):
        step(fraction)
    assert seen == [0.25, 0.625, 1.0, 1.0, 0.25]


def test_no_bar_or_the_whole_bar_is_passed_through() -> None:
    assert span(None, 0.0, 0.3) is None
    seen: list[float] = []
    assert span(seen.append, 0.0, 1.0) == seen.append
