"""A photo actor's head tilt: a few degrees of roll, baked into tilted copies of its key poses.

Rotating the head inside the render costs more than the rest of the actor
(ffmpeg's ``rotate`` on a 1080p head: about 14 s of CPU for a 15 s ad), so
the roll is baked instead: the head and every mouth and eye cell are cut
once level and once tilted each way (``TILTS``, about a pivot under the
chin, where a head rolls on the neck), as more cells of the same strips, and
a schedule picks the tilt of the moment.  The head settles into a new tilt
in a pause between phrases, at most once per ``MIN_HOLD_MS``: level, to one
side, level, to the other (which side first is seeded), as a speaker leans
into a new thought.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence

import cv2
import numpy as np

from ...words import Word

TILTS = (0.0, 1.6, -1.6)    # degrees of roll (counter-clockwise on screen); the first is level
PIVOT_BELOW_CHIN = 0.15      # face heights under the chin
MIN_HOLD_MS = 2400           # a tilt is held at least this long
PAUSE_MS = 120               # a gap between words this long is a place to move
Box = tuple[int, int, int, int]
Spans = Sequence[tuple[int, int, int]]


def pivot(chin: np.ndarray, face_h: float) -> tuple[float, float]:
    """Where the head rolls: on the neck, a little under the chin."""
    return float(chin[0]), float(chin[1] + PIVOT_BELOW_CHIN * face_h)


def tilted(image: np.ndarray, centre: tuple[float, float], degrees: float, box: Box) -> np.ndarray:
    """``image`` rolled by ``degrees`` about ``centre``, cut to ``box`` (x, y, w, h, in ``image``'s pixels)."""
    if not degrees:
        x, y, w, h = box
        return image[y:y + h, x:x + w]
    matrix = cv2.getRotationMatrix2D(centre, degrees, 1.0)
    matrix[:, 2] -= box[:2]
    return cv2.warpAffine(image, matrix, box[2:], flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def reach(box: Box, centre: tuple[float, float], bounds: tuple[int, int]) -> Box:
    """The even box holding ``box`` at every tilt, inside ``bounds`` (w, h)."""
    x, y, w, h = box
    corners = np.array([[x, y], [x + w, y], [x, y + h], [x + w, y + h]], dtype=np.float64)
    seen = np.concatenate([cv2.transform(corners[None], cv2.getRotationMatrix2D(centre, t, 1.0))[0] for t in TILTS])
    x0, y0 = (np.maximum(np.floor(seen.min(axis=0)).astype(int) - 2, 0) // 2 * 2).tolist()
    x1, y1 = np.minimum(np.ceil(seen.max(axis=0)).astype(int) + 2, bounds).tolist()
    w1, h1 = (x1 - x0) // 2 * 2, (y1 - y0) // 2 * 2
    return x0, y0, w1, h1


def tilt_schedule(duration_ms: int, words: Sequence[Word], seed: int) -> tuple[tuple[int, int, int], ...]:
    """(tilt index, start, end) over ``[0, duration_ms]``: level first, a new tilt in a pause at most once per
    ``MIN_HOLD_MS``; with no words (no pauses known), every ``MIN_HOLD_MS`` and a half."""
    pauses = [(a.end_ms + b.start_ms) // 2 for a, b in itertools.pairwise(words) if b.start_ms - a.end_ms >= PAUSE_MS]
    if not words:
        pauses = list(range(MIN_HOLD_MS * 3 // 2, duration_ms, MIN_HOLD_MS * 3 // 2))
    side = random.Random(seed).choice((1, 2))
    order = itertools.cycle((side, 0, 3 - side, 0))
    spans, start, tilt = [], 0, 0
    for at in pauses:
        if MIN_HOLD_MS <= at - start and at <= duration_ms - MIN_HOLD_MS // 2:
            spans.append((tilt, start, at))
            start, tilt = at, next(order)
    spans.append((tilt, start, duration_ms))
    return tuple(spans)


def with_tilt(schedule: Spans, tilts: Spans, per_tilt: int) -> tuple[tuple[int, int, int], ...]:
    """A strip's ``schedule`` on the strip of every tilt (cell ``tilt * per_tilt + cell``), cut where the tilt
    changes, including after its last span (whose cell the render holds)."""
    if not schedule:
        schedule = ((0, 0, 0),)
    starts = sorted({a for _, a, _ in schedule} | {a for _, a, _ in tilts})
    ends = [*starts[1:], max(max(b for _, _, b in schedule), tilts[-1][2])]
    own, own_at = [c for c, _, _ in schedule], [a for _, a, _ in schedule]
    lean, lean_at = [t for t, _, _ in tilts], [a for _, a, _ in tilts]

    def at(cells: list[int], times: list[int], t: int) -> int:
        return cells[max(0, bisect.bisect_right(times, t) - 1)]

    return tuple((at(lean, lean_at, t) * per_tilt + at(own, own_at, t), t, end) for t, end in zip(starts, ends,
                                                                                                  strict=True))
