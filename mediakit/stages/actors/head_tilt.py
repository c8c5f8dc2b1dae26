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

A move from one tilt to the next is not a jump (1.6 degrees is about 30 px at
the hairline of a 1080x1920 frame): it passes through ``MOVE_STEPS - 1``
baked in-between angles (``STEPS``) over ``MOVE_MS``, one step at most per
frame at 24 fps and up.  The moves fall where the mouth is at rest (a pause,
or a silence the viseme track closed) and the eyes can be held open, so the
in-between angles need only the head, with that face laid in: a few more
head cells, not a copy of every strip.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence

import cv2
import numpy as np

TILTS = (0.0, 1.6, -1.6)    # degrees of roll (counter-clockwise on screen); the first is level
MOVE_STEPS = 6               # a move from level to a tilt or back, in equal steps of roll (5 px at the
                             # hairline of a 1080x1920 frame, of 30 in all)
MOVE_MS = 240                # how long a move's in-between angles show: 48 ms each, none skipped at 24 fps up
# the in-between angles of every move (each side's, from level outwards), baked after the held ones
STEPS = tuple(t * k / MOVE_STEPS for t in TILTS[1:] for k in range(1, MOVE_STEPS))
ANGLES = TILTS + STEPS       # every baked angle, in the order of the head strip's cells
PIVOT_BELOW_CHIN = 0.15      # face heights under the chin
MIN_HOLD_MS = 2400           # a tilt is held at least this long
PAUSE_MS = MOVE_MS           # a rest of the mouth this long is a place to move (the move fits inside)
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


def tilt_schedule(duration_ms: int, rests: Sequence[tuple[int, int]],
                  seed: int) -> tuple[tuple[int, int, int], ...]:
    """(angle index into ``ANGLES``, start, end) over ``[0, duration_ms]``: level first, then a move to a new
    tilt through ``STEPS`` at most once per ``MIN_HOLD_MS``, each inside one of the ``rests`` (start, end: where
    the mouth is at rest) at least ``PAUSE_MS`` long, centred in it, or in a long one every ``MIN_HOLD_MS`` and
    a half."""
    pauses: list[int] = []
    for a, b in rests:
        if b - a < PAUSE_MS:
            continue
        every = MIN_HOLD_MS * 3 // 2
        pauses += [(a + b) // 2] if b - a < every else list(range(a + every // 2, b - MOVE_MS, every))
    side = random.Random(seed).choice((1, 2))
    order = itertools.cycle((side, 0, 3 - side, 0))
    spans, start, tilt = [], 0, 0
    for at in pauses:
        if MIN_HOLD_MS <= at - start and at <= duration_ms - MIN_HOLD_MS // 2:
            to, move = next(order), at - MOVE_MS // 2
            spans.append((tilt, start, move))
            slot = MOVE_MS // (MOVE_STEPS - 1)
            spans += [(angle, move + k * slot, move + (k + 1) * slot) for k, angle in enumerate(_steps(tilt, to))]
            start, tilt = move + (MOVE_STEPS - 1) * slot, to
    spans.append((tilt, start, duration_ms))
    return tuple(spans)


def _steps(tilt: int, to: int) -> list[int]:
    """The ``ANGLES`` indices a move from held tilt ``tilt`` to held tilt ``to`` passes through (one of them is
    level): the in-between angles of the leaning side, from ``tilt``'s end."""
    side = max(tilt, to)  # the held tilt that is not level
    first = len(TILTS) + (side - 1) * (MOVE_STEPS - 1)
    outward = list(range(first, first + MOVE_STEPS - 1))
    return outward if tilt == 0 else outward[::-1]


def with_tilt(schedule: Spans, tilts: Spans, per_tilt: int) -> tuple[tuple[int, int, int], ...]:
    """A strip's ``schedule`` on the strip of every tilt, cut where the angle changes, including after its last
    span (whose cell the render holds).  A held tilt's cells are ``tilt * per_tilt + cell``; at an in-between
    angle the strip shows its blank cell, after every held tilt's: the head's in-between cells carry the face."""
    if not schedule:
        schedule = ((0, 0, 0),)
    starts = sorted({a for _, a, _ in schedule} | {a for _, a, _ in tilts})
    ends = [*starts[1:], max(max(b for _, _, b in schedule), tilts[-1][2])]
    own, own_at = [c for c, _, _ in schedule], [a for _, a, _ in schedule]
    lean, lean_at = [t for t, _, _ in tilts], [a for _, a, _ in tilts]

    def at(cells: list[int], times: list[int], t: int) -> int:
        return cells[max(0, bisect.bisect_right(times, t) - 1)]

    def cell(angle: int, c: int) -> int:
        return angle * per_tilt + c if angle < len(TILTS) else len(TILTS) * per_tilt

    out: list[tuple[int, int, int]] = []
    for t, end in zip(starts, ends, strict=True):
        c = cell(at(lean, lean_at, t), at(own, own_at, t))
        if out and out[-1][0] == c and out[-1][2] == t:
            out[-1] = (c, out[-1][1], end)
        else:
            out.append((c, t, end))
    return tuple(out)
