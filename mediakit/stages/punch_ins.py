"""When a talking shot punches in: a cut to a tighter framing (and back) on stressed words, every 2 to 4 s.

A talking head held wide for 15 s reads as static; editors cut between a
wide and a tight framing of the same shot, on the words that carry the
line.  This stage only picks the times.  The cuts land on the stressed words
the actor's face already acts (``actors.acting.stressed``: long, shouted or
capitalised words, the ones the brows lift and the head nods on), else on
the longest word in reach, so the picture, the face and the voice hit the
same beat.

Rules: changes at least ``MIN_GAP_MS`` apart and, while words go on, at
most ``MAX_GAP_MS`` without one; none in the first ``LEAD_MS`` (frame 0 is
the cover, shown wide) nor within ``CLEAR_MS`` of a cut to or from b-roll,
and a tight span never runs across such a cut (it ends where the actor's
shot does, so a cross-fade never shows the framing jump mid-fade).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..errors import ValidationError
from ..timeline import PuppetLayer, VisualLayer
from ..words import Word
from .actors.acting import stressed
from .actors.tight_framing import punched

ZOOM = 1.12          # the tight framing: 12% closer, inside the 10-15% a punch-in reads as a cut, not a jump
MIN_GAP_MS = 2000
MAX_GAP_MS = 4000
LEAD_MS = 500        # frame 0 is the cover: the first half second stays wide
CLEAR_MS = 600       # kept from each b-roll cut (half a cross-fade and a breath)

Span = tuple[int, int]


def punch_spans(words: Sequence[Word], shots: Sequence[Span]) -> tuple[Span, ...]:
    """The tight spans (start, end in ms) inside the actor's ``shots`` (start, end): one cut in on a stressed
    word, one cut back out on a later one, alternating, each span ending at its shot's end at the latest.

    ``shots`` are the times the actor is on screen full frame, in order (one
    shot for an ad without b-roll).  A span left open at a shot's end lasts
    until the next shot begins, so the shot's fade out stays tight.
    """
    for n, (start, end) in enumerate(shots):
        if end <= start or (n and start < shots[n - 1][1]):
            raise ValidationError(f"shots[{n}]", (start, end), "must be in order, each ending after it starts")
    lifts = {start for start, _ in stressed(words)}
    spans: list[Span] = []
    for n, (start, end) in enumerate(shots):
        changes = _changes(words, lifts, start + (LEAD_MS if start == 0 else CLEAR_MS), start, end - CLEAR_MS)
        if len(changes) % 2:
            changes.append(shots[n + 1][0] if n + 1 < len(shots) else end)
        spans += zip(changes[::2], changes[1::2], strict=True)
    return tuple(spans)


def punch_in(layer: VisualLayer, words: Sequence[Word], shots: Sequence[Span]) -> VisualLayer:
    """``layer`` (a talking actor full frame) punching in on ``words`` while it is on screen (``shots``): a drawn
    or photo actor gets its tight framing drawn once (``actors.tight_framing``); other layers are returned."""
    if isinstance(layer, PuppetLayer):
        return punched(layer, punch_spans(words, shots), ZOOM)
    return layer


def _changes(words: Sequence[Word], lifts: set[int], earliest: int, start: int, latest: int) -> list[int]:
    """The cut times in one shot: each the best word start 2 to 4 s after the last change (or the shot's
    start), else the first word after a longer pause; never before ``earliest`` nor after ``latest``."""
    out: list[int] = []
    last = start
    while True:
        lo, hi = max(earliest, last + MIN_GAP_MS), min(latest, last + MAX_GAP_MS)
        reach = [w for w in words if lo <= w.start_ms <= hi] or \
            [w for w in words if hi < w.start_ms <= latest][:1]   # after a long pause: its first word
        if not reach:
            return out
        best = max(reach, key=lambda w: (shouted(w), w.start_ms in lifts, weight(w), -w.start_ms))
        out.append(best.start_ms)
        last = best.start_ms


def shouted(word: Word) -> bool:
    """An exclamation or a capitalised word: the strongest stress a transcript shows."""
    letters = re.sub(r"[^A-Za-z]", "", word.text)
    return "!" in word.text or (len(letters) > 1 and letters.isupper())


def weight(word: Word) -> float:
    """How much a word carries when no stressed word is in reach: its letters and how long it is said."""
    return len(re.sub(r"[^A-Za-z]", "", word.text)) + (word.end_ms - word.start_ms) / 100
