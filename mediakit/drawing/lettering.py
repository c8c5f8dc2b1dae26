"""Type that fits: the bundled fonts at a size, words wrapped to a width, and the size at which a text fits a box.

Headlines, b-roll cards and titles show the prompt's own words, so they are
never cut short: when a text is long the type gets smaller instead, down to
a floor where it is still legible, and below that it keeps shrinking rather
than dropping a word.
"""

from __future__ import annotations

import functools

from PIL import ImageFont

from ..fonts import font_file

LEADING = 1.08  # line pitch, of the font size


@functools.cache
def font(family: str, bold: bool, size: int) -> ImageFont.FreeTypeFont:
    """A bundled font at ``size`` pixels (cached: drawings ask for the same sizes again and again)."""
    return ImageFont.truetype(str(font_file(family, bold=bold)), size)


def wrap(text: str, face: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Words filled greedily into lines no wider than ``width`` (a word longer than that gets a line alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and face.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def fit(text: str, family: str, width: float, height: float, *, start: float, bold: bool = True,
        max_lines: int | None = None) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The largest size (from ``start`` down) at which every word of ``text`` fits ``width`` x ``height``.

    Lines are ``LEADING`` apart; ``max_lines`` caps the lines while a
    smaller size could still fit more, and is dropped at the smallest size
    (4 px) so no word is ever lost.  Returns the font and the wrapped lines.
    """
    size = max(4, round(start))
    while True:
        face = font(family, bold, size)
        lines = wrap(text, face, width)
        fits = (all(face.getlength(word) <= width for word in text.split())
                and len(lines) * size * LEADING <= height and (max_lines is None or len(lines) <= max_lines))
        if fits or size <= 4:
            return face, lines
        size = max(4, min(size - 1, round(size * 0.92)))


def block_height(face: ImageFont.FreeTypeFont, lines: list[str]) -> int:
    """The height ``lines`` take set in ``face`` (``LEADING`` apart)."""
    return round(len(lines) * face.size * LEADING)
