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


def captions_for(words: Sequence[Word], style: str, centre_y: float | None = None) -> Captions:
    """``words`` captioned in ``style``, pages centred at ``centre_y`` (px; None: where the style puts them)."""
    return Captions(tuple(words), style, None if centre_y is None else round(centre_y))


def caption_document(captions: Captions, canvas: Canvas) -> pysubs2.SSAFile:
    """The ASS document that burns ``captions`` onto ``canvas``."""
    return build_ass(captions.words, captions.style, canvas.width, canvas.height, centre_y=captions.centre_y)
