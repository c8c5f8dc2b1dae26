"""A receipt note when an input is enlarged more than ``MAX_UPSCALE`` times to fill its place: it will look soft.

A 288 px face photo filling a 1080x1920 frame is enlarged 6.7 times, a
360x288 clip letterboxed on 9:16 three times; the render does it, and the
receipt says so, so nobody is surprised by a soft picture.
"""

from __future__ import annotations

MAX_UPSCALE = 2.0


def upscale(size: tuple[int, int], box: tuple[int, int], fit: str = "cover") -> float:
    """How many times a ``size`` picture is enlarged to fill ``box`` by ``fit`` (cover, or contain/blur)."""
    sx, sy = box[0] / size[0], box[1] / size[1]
    return max(sx, sy) if fit == "cover" else min(sx, sy)


def upscale_note(field: str, size: tuple[int, int], box: tuple[int, int], fit: str = "cover") -> str | None:
    """The receipt's note for ``field`` when it is enlarged more than ``MAX_UPSCALE`` times, else None."""
    factor = upscale(size, box, fit)
    if factor <= MAX_UPSCALE:
        return None
    return (f"{field}: {size[0]}x{size[1]} px is enlarged {factor:.1f}x to fill the {box[0]}x{box[1]} frame, so "
            f"it will look soft; give at least {round(size[0] * factor / MAX_UPSCALE)}x"
            f"{round(size[1] * factor / MAX_UPSCALE)} px")
