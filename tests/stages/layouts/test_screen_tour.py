"""Screens that follow the voice: each line's block is in view while it is said; a screenshot that fits drifts."""

from __future__ import annotations

import pytest

from mediakit.analysis.regions import Region
from mediakit.stages.layouts.screen_tour import DRIFT_ZOOM, mentioned, scrolls, spoken_lines, tour
from mediakit.timeline import KenBurns
from mediakit.words import Word

VIEW = (1080, 1920)
TALL = (720, 2400)      # a full-page capture: 1.87x the 9:16 view's aspect
FITS = (720, 1280)      # a 9:16 capture
BLOCKS = tuple(Region(0.08, y, 0.5, 0.05) for y in (0.05, 0.3, 0.55, 0.8))   # four rows of lettering
LINES = [(0, 2000), (2300, 4200), (4500, 6800), (7100, 9500)]
FPS = 30


def _window(size: tuple[int, int], motion: KenBurns, t_ms: float, duration_ms: int) -> tuple[float, float]:
    """The rows of the scaled screenshot the view shows at ``t_ms`` (top, bottom px)."""
    scale = max(VIEW[0] / size[0], VIEW[1] / size[1]) * motion.zoom_to
    top = (size[1] * scale - VIEW[1]) * motion.pan_at(t_ms, duration_ms)[1]
    return top, top + VIEW[1]


def test_lines_are_the_script_s_sentences_as_said() -> None:
    words = [Word("Try", 100, 300), Word("it.", 350, 600), Word("It", 900, 1000), Word("works", 1050, 1400)]
    assert spoken_lines(words) == [(100, 600), (900, 1400)]
    assert spoken_lines(words, offset_ms=500) == [(-400, 100), (400, 900)]


def test_lines_meet_the_blocks_in_reading_order_first_to_first_and_last_to_last() -> None:
    shuffled = (BLOCKS[2], BLOCKS[0], BLOCKS[3], BLOCKS[1])
    assert mentioned(4, shuffled) == list(BLOCKS)
    assert mentioned(3, BLOCKS) == [BLOCKS[0], BLOCKS[2], BLOCKS[3]]   # spread over the page
    assert mentioned(2, ()) == [] and mentioned(1, BLOCKS) == [BLOCKS[0]]


def test_a_tall_screenshot_shows_each_line_s_block_while_the_line_is_said() -> None:
    assert scrolls(TALL, VIEW) and not scrolls(FITS, VIEW)
    motion = tour(TALL, VIEW, LINES, BLOCKS, 10_000)
    assert not motion.zooms and motion.zoom_to == 1.0 and motion.stops     # a crop offset, never a re-scale
    scale = VIEW[0] / TALL[0]
    for (start, end), block in zip(LINES, BLOCKS, strict=True):
        for t in range(start + 300, end, 100):   # from just after the line starts (the scroll ends there)
            top, bottom = _window(TALL, motion, t, 10_000)
            assert top <= block.y * TALL[1] * scale and block.bottom * TALL[1] * scale <= bottom, (t, block)
    assert motion.pan_at(0, 10_000)[1] == pytest.approx(0.0, abs=0.02)   # the first line's block: the page's top


def test_a_layer_that_starts_late_begins_on_the_block_said_before_it() -> None:
    late = [(a - 4400, b - 4400) for a, b in LINES]       # a scene that starts in the pause before line 3
    motion = tour(TALL, VIEW, late, BLOCKS, 5000)
    assert motion.pan_from == tour(TALL, VIEW, LINES, BLOCKS, 10_000).pan_at(3000, 10_000)   # line 2's block
    top, bottom = _window(TALL, motion, (late[3][0] + late[3][1]) / 2, 5000)
    scale = VIEW[0] / TALL[0]
    assert top <= BLOCKS[3].y * TALL[1] * scale <= bottom


@pytest.mark.parametrize("blocks", [BLOCKS, ()])
def test_a_screenshot_that_fits_drifts_a_little_and_never_jumps(blocks: tuple[Region, ...]) -> None:
    motion = tour(FITS, VIEW, LINES, blocks, 10_000)
    assert not motion.zooms and motion.zoom_to == DRIFT_ZOOM
    tops = [_window(FITS, motion, n * 1000 / FPS, 10_000)[0] for n in range(10 * FPS + 1)]
    steps = [abs(b - a) for a, b in zip(tops, tops[1:], strict=False)]
    assert max(tops) - min(tops) > 0.03 * VIEW[1]                    # it moves
    assert max(tops) - min(tops) <= (DRIFT_ZOOM - 1) * VIEW[1] + 1   # a little: never more than its zoom's room
    assert max(steps) <= 0.002 * VIEW[1]                            # gently: under 4 px a frame at 1920


def test_under_a_sticky_footer_each_block_is_brought_above_it() -> None:
    """With captions under the chin (4:5) a footer covers the view's lower part: a line's block is scrolled to
    the part above it, not to the middle of the whole view where the footer would hide it."""
    footer_top = 0.4 * VIEW[1]
    blocks = BLOCKS[:3]     # screen_broll pads the capture below, so that its last block can rise that far too
    motion = tour(TALL, VIEW, LINES[:3], blocks, 10_000, seen=(0.0, footer_top))
    scale = VIEW[0] / TALL[0]
    for (start, end), block in zip(LINES[1:3], blocks[1:], strict=True):
        top, _ = _window(TALL, motion, (start + end) / 2, 10_000)
        assert top <= block.y * TALL[1] * scale and block.bottom * TALL[1] * scale <= top + footer_top, block
