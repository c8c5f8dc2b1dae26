"""Progress: one callback type for every long step, and a way to give a step its part of the bar.

A callback takes the fraction of the whole job done, 0..1.  A job with slow
work before its render (speech recognition before a caption burn) gives that
work the first part of the bar and the render the rest, so the bar moves
from the start and never goes back.
"""

from __future__ import annotations

from collections.abc import Callable

ProgressCallback = Callable[[float], None]


def span(progress: ProgressCallback | None, start: float, end: float) -> ProgressCallback | None:
    """``progress`` as seen by a step that fills ``start``..``end`` of the whole job's bar."""
    if progress is None or (start, end) == (0.0, 1.0):
        return progress
    report = progress

    def within(fraction: float) -> None:
        report(start + (end - start) * min(1.0, max(0.0, fraction)))

    return within
