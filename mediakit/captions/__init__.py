"""Word-timed, styled captions: pagination, the style registry, ASS for libass, and sidecars.

They sit below the renderer (which writes a timeline's captions as ASS when
it renders) and the stages (whose ``subtitles`` stage places them).

Typical use::

    from mediakit.captions import build_ass, captions_for, export_sidecars
    Timeline(canvas, ms, layers=..., captions=captions_for(words, "hormozi", centre_y=1300))
    build_ass(words, "hormozi", 1080, 1920).save("captions.ass")
"""

from .ass import build_ass, escape_text, pages_for, write_ass
from .caption_metrics import Rect, font_px, safe_area
from .captions import caption_document, captions_for
from .paginate import Page, PageRules, paginate
from .sidecar import export_sidecars, to_srt, to_vtt
from .styles import (
    DEFAULT_STYLE,
    ActiveWord,
    Box,
    Case,
    Entry,
    Halo,
    SubtitleStyle,
    get_style,
    style_names,
)

__all__ = [
    "DEFAULT_STYLE",
    "ActiveWord",
    "Box",
    "Case",
    "Entry",
    "Halo",
    "Page",
    "PageRules",
    "Rect",
    "SubtitleStyle",
    "build_ass",
    "caption_document",
    "captions_for",
    "escape_text",
    "export_sidecars",
    "font_px",
    "get_style",
    "pages_for",
    "paginate",
    "safe_area",
    "style_names",
    "to_srt",
    "to_vtt",
    "write_ass",
]
