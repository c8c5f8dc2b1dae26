"""Captions as timeline data: what a generator puts on its timeline, and the document the renderer burns.

A generator decides the words, the style and where pages are centred (px);
the renderer turns that into ASS for libass at render time, so the style is
looked up once and the centre stays in pixels all the way.
"""

from __future__ import annotations

from collections.abc import Sequence

import pysubs2

from ..timeline import Canvas, Captions
from ..words import Word
from .ass import build_ass
from .contrast import readable
from .styles import get_style


def captions_for(words: Sequence[Word], style: str, centre_y: float | None = None,
                 behind: tuple[float, float] = (0.0, 1.0)) -> Captions:
    """``words`` captioned in ``style``, pages centred at ``centre_y`` (px; None: where the style puts them),
    over a picture whose luminance spans ``behind`` (black to white when unknown)."""
    return Captions(tuple(words), style, None if centre_y is None else round(centre_y),
                    (round(behind[0], 4), round(behind[1], 4)))


def caption_document(captions: Captions, canvas: Canvas) -> pysubs2.SSAFile:
    """The ASS document that burns ``captions`` onto ``canvas``, their style strengthened where it would not
    read over what lies behind."""
    style = readable(get_style(captions.style), captions.behind)
    return build_ass(captions.words, style, canvas.width, canvas.height, centre_y=captions.centre_y)
