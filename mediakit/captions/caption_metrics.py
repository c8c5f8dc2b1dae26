"""Where caption words go on a canvas: safe areas, font sizes, and measured word positions.

libass would lay a line out by itself, but then a word that pops, glows or
gets a box would reflow its neighbours, and nothing outside libass would know
where the text ends up.  So the caption renderer places every word itself:
each word becomes its own ASS event anchored at a measured centre.  Widths
come from the bundled font files through Pillow (HarfBuzz shaping, like
libass) and sizes are converted to libass's convention, where an ASS font size
is the font's Windows ascent + descent rather than its em.
"""

from __future__ import annotations

import functools
import struct
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from PIL import ImageFont

from ..errors import MediakitError, ValidationError
from ..fonts import faces, family_names
from ..words import Word
from .paginate import Page, PageRules, paginate
from .styles import Case, Entry, SubtitleStyle

VERTICAL_RATIO = 1.4
"""Height/width at or above which a canvas is a phone-UI video (9:16, 2:3) with overlays."""

# Margins (left, top, right, bottom) as fractions of the frame.  On vertical
# video TikTok/Reels/Shorts cover the bottom ~20% (caption, music, username),
# the right ~15% (like/comment/share column) and the top ~10% (tabs, search).
# The horizontal margins are symmetric so the captions stay centred on the
# frame while clearing the button column.
_MARGINS_VERTICAL = (0.15, 0.10, 0.15, 0.20)
_MARGINS_SQUARE = (0.08, 0.08, 0.08, 0.12)
_MARGINS_LANDSCAPE = (0.08, 0.08, 0.08, 0.10)

WIDE_SIZE_BOOST = 1.3
"""Font scale for square and landscape canvases, whose height is the short side: a vertical
frame's height is 1.8x its width, so the same fraction of height would look tiny there."""

ACTIVE_GROWTH_GAP = 1.2
"""Extra word gap, in em per unit of active-word scale-up (a typical word is ~3 em wide)."""

ITALIC_SLANT = 0.25
"""How far (per unit of cap height) an italic's top leans right of its advance box."""

ENTRY_PEAK = {Entry.POP: 1.08, Entry.SLAM: 1.2}
"""Largest scale a page reaches while arriving; layout keeps even that inside the safe area."""

REVEAL_PEAK = 1.12
"""Overshoot of a word popping in (``ActiveWord.reveal``); its neighbours leave room for it."""

_MEASURE_EM = 1000  # Pillow measures at this em size; results scale linearly.


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in canvas pixels."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def center_x(self) -> float:
        return (self.left + self.right) / 2


def is_vertical(width: int, height: int) -> bool:
    """Whether the canvas is a vertical phone video whose UI overlays the frame."""
    return height >= width * VERTICAL_RATIO


def safe_area(width: int, height: int) -> Rect:
    """The part of the frame captions must stay inside, for this canvas's shape."""
    if width <= 0 or height <= 0:
        raise ValidationError("size", (width, height), "width and height must be positive")
    if is_vertical(width, height):
        margins = _MARGINS_VERTICAL
    elif width >= height * VERTICAL_RATIO:
        margins = _MARGINS_LANDSCAPE
    else:
        margins = _MARGINS_SQUARE
    left, top, right, bottom = margins
    return Rect(width * left, height * top, width * (1 - right), height * (1 - bottom))


def font_px(style: SubtitleStyle, width: int, height: int) -> float:
    """The style's em size in pixels on a ``width`` x ``height`` canvas."""
    boost = 1.0 if is_vertical(width, height) else WIDE_SIZE_BOOST
    return style.size * height * boost


@dataclass(frozen=True)
class FontMetrics:
    """One bundled face, measured the way libass sizes it."""

    path: Path
    units_per_em: int
    win_ascent: int
    win_descent: int

    @property
    def ass_per_em(self) -> float:
        """ASS font size per em: libass sizes a font by its Windows ascent + descent."""
        return (self.win_ascent + self.win_descent) / self.units_per_em

    def ascent(self, em: float) -> float:
        return em * self.win_ascent / self.units_per_em

    def advance(self, text: str, em: float) -> float:
        """Advance width of ``text`` at ``em`` pixels (shaped, kerned)."""
        return _pillow_font(self.path).getlength(text) * em / _MEASURE_EM

    def ink(self, text: str, em: float) -> tuple[float, float]:
        """(top, bottom) of the ink of ``text`` relative to its baseline (top is negative)."""
        _, top, _, bottom = _pillow_font(self.path).getbbox(text, anchor="ls")
        return top * em / _MEASURE_EM, bottom * em / _MEASURE_EM


@functools.cache
def _pillow_font(path: Path) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), _MEASURE_EM)


@functools.cache
def font_metrics(family: str, weight: int, italic: bool = False) -> FontMetrics:
    """The bundled face libass will pick for ``family`` at ``weight``: same family, nearest weight.

    Raises ``ValidationError`` for a family that is not bundled, since libass
    would silently fall back to another font and the measured layout would
    no longer match the render.
    """
    key = family.casefold()
    candidates = [f for f in faces() if key in (name.casefold() for name in f.families)]
    if not candidates:
        raise ValidationError("font", family, "must be one of the bundled families: "
                              + ", ".join(family_names()))
    face = min(candidates, key=lambda f: (f.italic != italic, abs(f.weight - weight)))
    return FontMetrics(face.path, *_sfnt_vertical_metrics(face.path))


def _sfnt_vertical_metrics(path: Path) -> tuple[int, int, int]:
    """(unitsPerEm, usWinAscent, usWinDescent) read straight from the font's head and OS/2 tables."""
    data = path.read_bytes()
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    if b"head" not in tables or b"OS/2" not in tables:
        raise MediakitError(f"font {str(path)!r} lacks a head or OS/2 table")
    (units_per_em,) = struct.unpack_from(">H", data, tables[b"head"] + 18)
    ascent, descent = struct.unpack_from(">HH", data, tables[b"OS/2"] + 74)
    return units_per_em, ascent, descent


@dataclass(frozen=True)
class PlacedWord:
    """A word of a page with the ASS anchor (``\\an5``) that puts it in its place."""

    word: Word
    index: int
    """Position in the whole word list (cycles palettes across pages)."""
    text: str
    """The word as displayed (the style's case applied), not yet escaped for ASS."""
    x: float
    y: float
    width: float
    """Advance width on screen, after the line's shrink-to-fit scale."""
    scale: float
    """Shrink-to-fit factor of the word's line (1 unless the line was too wide)."""


@dataclass(frozen=True)
class PlacedLine:
    """A line's words, plus the band a box behind it should cover."""

    words: tuple[PlacedWord, ...]
    left: float
    right: float
    top: float
    """Cap-height top of the line."""
    bottom: float
    """Descender bottom of the line (the baseline for uppercase styles)."""


class CaptionMetrics:
    """One style on one canvas: the font size, the safe area, and page placement.

    ``centre_y`` (px) centres every page there instead of at the style's
    ``vertical`` (a generator's choice, clear of faces); either way a page
    stays inside the safe area, even at its entry animation's peak.
    """

    def __init__(self, style: SubtitleStyle, width: int, height: int, centre_y: float | None = None) -> None:
        self.style = style
        self.width = width
        self.height = height
        self.centre_y = centre_y
        self.area = safe_area(width, height)
        self.em = font_px(style, width, height)
        self.font = font_metrics(style.font, style.weight, style.italic)
        self.ass_size = self.em * self.font.ass_per_em
        self.cap = -self.font.ink("H", self.em)[0]
        self.descent = 0.0 if style.case is Case.UPPER else self.font.ink("gjpqy", self.em)[1]
        self.space = self.font.advance(" ", self.em) + self.em * self._extra_gap()
        self.reach_x, self.reach_y = self._reach()
        self.peak = ENTRY_PEAK.get(style.entry, 1.0) if not style.active.reveal else 1.0
        self.rules = self._fitted_rules()

    def _extra_gap(self) -> float:
        """Em added to the space between words, which are drawn separately.

        Outlines eat into the gap, an active word that grows must not touch its
        neighbours, and an active-word box needs room for its padding.
        """
        s = self.style
        box = s.active.box.pad_x if s.active.box else 0.0
        growth = max(s.active.scale, REVEAL_PEAK if s.active.reveal else 1.0) - 1
        return s.spacing + 1.5 * s.outline + ACTIVE_GROWTH_GAP * growth + box

    def _reach(self) -> tuple[float, float]:
        """How far outlines, boxes, glows and slant extend beyond the text's advance box and cap band."""
        s, em = self.style, self.em
        boxes = [b for b in (s.box, s.active.box) if b]
        halos = [*s.halos, *(s.active.halos or ())]
        glow_x = [(h.spread + h.blur / 2 + abs(h.offset[0])) * em for h in halos]
        glow_y = [(h.spread + h.blur / 2 + abs(h.offset[1])) * em for h in halos]
        x = max([s.outline * em, *(b.pad_x * em for b in boxes), *glow_x])
        y = max([s.outline * em, *(b.pad_y * em for b in boxes), *glow_y])
        slant = ITALIC_SLANT * self.cap if s.italic else 0.0
        return x + slant, y + (s.active.scale - 1) * self.cap / 2

    def _fitted_rules(self) -> PageRules:
        """The style's rules with the line length capped at what fits the safe area.

        Uses the font's average letter width, so narrow fonts keep their limits
        and wide ones on narrow canvases lose a few characters per line.
        """
        sample = self.style.case.apply("the quick brown fox jumps over a lazy dog")
        per_char = self.font.advance(sample, self.em) / len(sample) + self.style.spacing * self.em
        fit = int((self.area.width - 2 * self.reach_x) / (per_char * self.peak))
        rules = self.style.rules
        return replace(rules, max_chars_per_line=max(1, min(rules.max_chars_per_line, fit)))

    def paginate(self, words: Sequence[Word]) -> list[Page]:
        return paginate(words, self.rules)

    def word_width(self, text: str) -> float:
        return self.font.advance(text, self.em) + self.style.spacing * self.em * len(text)

    def block_height(self, lines: int) -> float:
        """Height (px) of a page of ``lines`` lines, outlines, boxes and glows included, before its entry peak."""
        return (lines - 1) * self.style.line_height * self.em + self.cap + self.descent + 2 * self.reach_y

    @property
    def tallest_page(self) -> float:
        """Height (px) the tallest page can take at its entry animation's peak: what a clear band must hold."""
        return self.block_height(self.rules.max_lines) * self.peak

    @property
    def natural_centre(self) -> float:
        """Where the style's ``vertical`` centres its tallest page (px)."""
        room = max(0.0, self.area.height - self.tallest_page)
        return self.area.top + room * self.style.vertical + self.tallest_page / 2

    def place(self, page: Page, first_index: int) -> list[PlacedLine]:
        """Measured positions for ``page``'s words; ``first_index`` is its first word's list index."""
        s = self.style
        pitch = s.line_height * self.em
        block = self.block_height(len(page.lines))
        room = max(0.0, self.area.height - block * self.peak)
        if self.centre_y is None:
            offset = room * s.vertical
        else:
            offset = min(room, max(0.0, self.centre_y - self.area.top - block * self.peak / 2))
        top = self.area.top + offset + block * (self.peak - 1) / 2 + self.reach_y
        lines, index = [], first_index
        for i, words in enumerate(page.lines):
            center_y = top + self.cap / 2 + i * pitch
            lines.append(self._place_line(words, index, center_y))
            index += len(words)
        return lines

    def _place_line(self, words: Sequence[Word], first_index: int, center_y: float) -> PlacedLine:
        texts = [self.style.case.apply(" ".join(w.text.split())) for w in words]
        widths = [self.word_width(t) for t in texts]
        natural = sum(widths) + self.space * (len(words) - 1)
        grow = (self.style.active.scale - 1) * max(widths)
        scale = min(1.0, (self.area.width - 2 * self.reach_x) / (natural * self.peak + grow))
        left = self.area.center_x - natural * scale / 2
        # \an5 centres the font's ascent+descent box; shift so the cap band is centred instead.
        y = center_y + scale * (self.cap / 2 - self.font.ascent(self.em) + self.ass_size / 2)
        placed, x = [], left
        for k, (word, text, width) in enumerate(zip(words, texts, widths, strict=True)):
            placed.append(PlacedWord(word, first_index + k, text, x + width * scale / 2, y,
                                     width * scale, scale))
            x += (width + self.space) * scale
        return PlacedLine(tuple(placed), left, left + natural * scale,
                          center_y - self.cap * scale / 2, center_y + (self.cap / 2 + self.descent) * scale)
