"""Caption files that travel beside a video: SRT, WebVTT, the ASS itself, and the words JSON.

Sidecar cues are the same pages the burned-in captions show (one cue per
page, lines kept), so a viewer who turns platform captions on sees the same
chunks.  They carry the words as written, not the style's case: case is a
visual choice, while sidecars feed screen readers and search.  SRT and VTT
are written directly rather than through pysubs2 because its writers read
the text as ASS and would swallow ``{...}`` in a word.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..errors import ValidationError
from ..words import Word, save_words
from .ass import pages_for, resolve_style, write_ass
from .paginate import Page, paginate
from .styles import DEFAULT_STYLE, SubtitleStyle

PagesOrWords = Sequence[Page] | Sequence[Word]


def to_srt(pages_or_words: PagesOrWords, style: SubtitleStyle | str = DEFAULT_STYLE) -> str:
    """SubRip text, one numbered cue per page."""
    cues = [f"{i}\n{_stamp(p.start_ms, ',')} --> {_stamp(p.end_ms, ',')}\n{p.text()}\n"
            for i, p in enumerate(_pages(pages_or_words, style), start=1)]
    return "\n".join(cues)


def to_vtt(pages_or_words: PagesOrWords, style: SubtitleStyle | str = DEFAULT_STYLE) -> str:
    """WebVTT text, one cue per page; ``& < >`` are escaped as the format requires."""
    cues = [f"{_stamp(p.start_ms, '.')} --> {_stamp(p.end_ms, '.')}\n{_vtt_escape(p.text())}\n"
            for p in _pages(pages_or_words, style)]
    return "\n".join(["WEBVTT\n", *cues])


def export_sidecars(words: Sequence[Word], style: SubtitleStyle | str, width: int, height: int, *,
                    srt: str | Path | None = None, vtt: str | Path | None = None,
                    ass: str | Path | None = None, words_json: str | Path | None = None) -> list[Path]:
    """Write whichever sidecars have a path; returns the written paths in that order.

    Pages are computed for the canvas, so cues break exactly where the
    burned-in captions do.
    """
    resolved = resolve_style(style)
    pages = pages_for(words, resolved, width, height)
    written: list[Path] = []
    if srt is not None:
        written.append(_write(srt, to_srt(pages)))
    if vtt is not None:
        written.append(_write(vtt, to_vtt(pages)))
    if ass is not None:
        written.append(write_ass(words, resolved, width, height, ass))
    if words_json is not None:
        save_words(words, words_json)
        written.append(Path(words_json))
    return written


def _pages(pages_or_words: PagesOrWords, style: SubtitleStyle | str) -> list[Page]:
    items = list(pages_or_words)
    if all(isinstance(item, Page) for item in items):
        return items  # type: ignore[return-value]
    if all(isinstance(item, Word) for item in items):
        return paginate(items, resolve_style(style).rules)  # type: ignore[arg-type]
    raise ValidationError("pages_or_words", type(items[0]).__name__, "must be all Page or all Word items")


def _vtt_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _stamp(ms: int, separator: str) -> str:
    hours, rest = divmod(ms, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    seconds, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}{separator}{millis:03d}"


def _write(path: str | Path, text: str) -> Path:
    out = Path(path)
    out.write_text(text, encoding="utf-8")
    return out
