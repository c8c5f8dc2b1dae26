"""Page placement: a generator's centre (px) is where pages are centred, inside the safe area."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mediakit.captions import get_style
from mediakit.captions.caption_metrics import CaptionMetrics
from mediakit.words import Word

WORDS = [Word(w, 200 * i, 200 * i + 180)
         for i, w in enumerate("Stop scrolling this simple habit changed my mornings and it takes minutes".split())]


@pytest.mark.parametrize("style", ["hormozi", "impact", "minimal", "gradient"])  # 1 or 2 lines, with and without pops
def test_every_page_is_centred_at_the_given_pixel(style: str) -> None:
    layout = CaptionMetrics(get_style(style), 540, 960, centre_y=400)
    for page in layout.paginate(WORDS):
        lines = layout.place(page, 0)
        assert (lines[0].top + lines[-1].bottom) / 2 == pytest.approx(400, abs=1)  # a shrunk line moves its descender


def test_a_centre_beyond_the_safe_area_seats_pages_on_its_edge() -> None:
    """The frame's foot as the centre is the style's bottom-most placement (``vertical`` 1), not off the area."""
    style = get_style("hormozi")
    page = CaptionMetrics(style, 1080, 1920).paginate(WORDS)[0]
    at_foot = CaptionMetrics(style, 1080, 1920, centre_y=1920).place(page, 0)
    assert at_foot == CaptionMetrics(replace(style, vertical=1.0), 1080, 1920).place(page, 0)
    assert CaptionMetrics(style, 1080, 1920, centre_y=0).place(page, 0) == CaptionMetrics(
        replace(style, vertical=0.0), 1080, 1920).place(page, 0)
