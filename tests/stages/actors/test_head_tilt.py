"""A photo actor's head tilt: when the head rolls (in pauses, held a while, level first) and how strips follow."""

from __future__ import annotations

import numpy as np

from mediakit.stages.actors.head_tilt import (
    ANGLES,
    MIN_HOLD_MS,
    MOVE_MS,
    STEPS,
    TILTS,
    reach,
    tilt_schedule,
    tilted,
    with_tilt,
)
from mediakit.words import Word


def _words(pauses_at: list[int], end: int) -> list[Word]:
    """Words of 200 ms, 50 ms apart (too short to move in), and a 400 ms pause after the word ending past each
    of ``pauses_at``."""
    words, t, pauses = [], 0, sorted(pauses_at)
    while t + 200 <= end:
        words.append(Word("word", t, t + 200))
        t += 200
        if pauses and t >= pauses[0]:
            pauses.pop(0)
            t += 400
        else:
            t += 50
    return words


def _rests(words: list[Word]) -> list[tuple[int, int]]:
    """Where the mouth rests between ``words``."""
    return [(a.end_ms, b.start_ms) for a, b in zip(words, words[1:], strict=False) if b.start_ms > a.end_ms]


def test_the_head_settles_into_a_new_tilt_in_pauses_held_a_while_level_first() -> None:
    words = _words([1000, 2000, 3800, 4400, 7000, 10000], 12000)
    spans = tilt_schedule(12000, _rests(words), seed=3)
    assert spans[0][:2] == (0, 0) and spans[-1][2] == 12000
    assert all(a[2] == b[1] for a, b in zip(spans, spans[1:], strict=False))
    gaps = [(a.end_ms, b.start_ms) for a, b in zip(words, words[1:], strict=False) if b.start_ms > a.end_ms]
    for angle, start, end in spans[1:]:
        assert any(a <= start <= b and (angle < len(TILTS) or end <= b) for a, b in gaps), "it moves in a pause"
    held = [span for span in spans if span[0] < len(TILTS)]
    assert all(end - start >= MIN_HOLD_MS for _, start, end in held[:-1])
    tilts = [t for t, _, _ in held]
    assert len(tilts) >= 3 and tilts[::2] == [0] * len(tilts[::2]) and set(tilts[1::2]) == {1, 2}, tilts
    assert tilt_schedule(12000, _rests(words), seed=3) == spans
    assert len(tilt_schedule(12000, [(0, 12000)], seed=3)) > 1, "a long silence: it still moves, on a slow clock"
    assert tilt_schedule(12000, [(0, 100), (3000, 3200)], seed=3) == ((0, 0, 12000),), "no pause to move in"


def test_a_strip_follows_the_tilt_of_the_moment_past_its_last_span() -> None:
    mouth = ((0, 0, 400), (2, 400, 800), (0, 800, 1000))
    tilts = ((0, 0, 600), (1, 600, 3000), (2, 3000, 5000))
    assert with_tilt(mouth, tilts, 10) == ((0, 0, 400), (2, 400, 600), (12, 600, 800), (10, 800, 3000),
                                           (20, 3000, 5000))


def test_a_tilted_cut_rolls_about_the_pivot_and_the_box_holds_every_tilt() -> None:
    image = np.zeros((200, 100), dtype=np.uint8)
    image[20:30, 45:55] = 255       # a mark high above the pivot
    image[170:180, 45:55] = 255     # and one beside it
    centre = (50.0, 175.0)
    level, left = tilted(image, centre, 0.0, (0, 0, 100, 200)), tilted(image, centre, 5.0, (0, 0, 100, 200))
    assert np.array_equal(level, image)
    top = np.nonzero(left[:60])[1].mean() - np.nonzero(image[:60])[1].mean()
    assert top < -10, "counter-clockwise: the crown goes left"
    assert abs(np.nonzero(left[150:])[1].mean() - 50) < 1, "the pivot stays"
    x, y, w, h = reach((40, 20, 20, 20), centre, (100, 200))
    assert x < 40 and x + w > 60 and w % 2 == 0 and h % 2 == 0 and max(TILTS) > 1


def test_a_move_passes_through_every_in_between_angle_one_step_at_a_time() -> None:
    """A tilt change is no jump: from each held tilt to the next, the angle shown changes by one step at most at
    any frame rate from 24 fps up, and the move takes ``MOVE_MS``."""
    spans = tilt_schedule(12000, _rests(_words([1000, 3800, 7000, 10000], 12000)), seed=3)
    assert len(STEPS) >= 8 and len(ANGLES) == len(TILTS) + len(STEPS)
    step = max(TILTS) / (len(STEPS) // 2 + 1)
    for fps in (24, 30, 60):
        shown = [next(ANGLES[a] for a, start, end in spans if start <= t < end)
                 for t in (k * 1000 / fps for k in range(12 * fps))]
        assert max(abs(b - a) for a, b in zip(shown, shown[1:], strict=False)) <= step + 1e-9, fps
    moves = [(start, end) for a, start, end in spans if a >= len(TILTS)]
    assert moves and min(b - a for a, b in moves) * (len(STEPS) // 2) <= MOVE_MS


def test_in_between_angles_show_a_strips_blank_cell_after_every_held_tilt() -> None:
    eyes = ((0, 0, 1000), (4, 1000, 2000))
    tilts = ((0, 0, 500), (len(TILTS), 500, 1200), (len(TILTS) + 1, 1200, 1500), (1, 1500, 2000))
    assert with_tilt(eyes, tilts, 6) == ((0, 0, 500), (len(TILTS) * 6, 500, 1500), (6 + 4, 1500, 2000))
