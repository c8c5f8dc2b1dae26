"""The caption style registry: every look ``mediakit`` can burn in, by name.

A style is plain data (a frozen ``SubtitleStyle``); ``ass.py`` is the only
code that turns it into ASS tags.  Keeping looks as data means a new style
cannot break the renderer and every style is testable without ffmpeg.

Adding a style: write a ``SubtitleStyle(...)`` below, add it to ``_STYLES``
(its position is its place in ``style_names()``), then render a frame of it on
a busy background at 9:16 and 16:9 and check it reads well and looks unlike
every other style.  Sizes, outlines, blurs and paddings are fractions of the
font size (or, for ``size``, of the canvas height) so a style looks the same
at 540x960 and at 1080x1920.  Colours are ``#RRGGBB``; opacities are 0..1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import ValidationError
from .paginate import PageRules

_HEX = re.compile(r"#[0-9A-Fa-f]{6}")


class Case(StrEnum):
    """How a style rewrites the letters of each word."""

    UPPER = "upper"
    AS_WRITTEN = "as_written"
    LOWER = "lower"

    def apply(self, text: str) -> str:
        if self is Case.UPPER:
            return text.upper()
        if self is Case.LOWER:
            return text.lower()
        return text


class Entry(StrEnum):
    """How a page (or, for revealing styles, each word) arrives on screen."""

    NONE = "none"
    FADE = "fade"
    POP = "pop"      # grows from small, overshoots, settles
    SLAM = "slam"    # shrinks from oversized onto the frame
    SLIDE = "slide"  # rises a little while fading in


@dataclass(frozen=True)
class Halo:
    """A blurred copy of the text drawn beneath it: a glow, a neon tube's light, or a soft shadow.

    libass blurs outline and shadow together with the fill when a text has no
    outline, so a soft shadow or glow behind crisp text needs its own layer.
    """

    color: str
    opacity: float = 0.8
    blur: float = 0.12
    """Blur strength as a fraction of the font size."""
    spread: float = 0.05
    """Outline grown before blurring, as a fraction of the font size: a wider, denser glow."""
    offset: tuple[float, float] = (0.0, 0.0)
    """(dx, dy) as fractions of the font size; non-zero makes the halo a drop shadow."""


@dataclass(frozen=True)
class Box:
    """A rounded rectangle drawn behind text (a line, or the active word)."""

    color: str
    opacity: float = 1.0
    pad_x: float = 0.25
    """Horizontal padding beyond the text, as a fraction of the font size."""
    pad_y: float = 0.18
    """Vertical padding beyond cap height / descenders, as a fraction of the font size."""
    radius: float = 0.3
    """Corner radius as a fraction of the box height (0.5 = pill)."""


@dataclass(frozen=True)
class ActiveWord:
    """How the word being spoken differs from the rest of its page.

    All knobs combine; a style whose ``ActiveWord`` changes nothing is static
    (one look for the whole page) and is rendered without per-word timing.
    """

    color: str | None = None
    """Fill colour of the active word (for karaoke: the colour the sweep fills with)."""
    scale: float = 1.0
    """Size of the active word relative to the rest; animated up when it starts and back after."""
    box: Box | None = None
    """A box drawn behind the active word only."""
    halos: tuple[Halo, ...] | None = None
    """Replaces the style's halos on the active word (a stronger or differently coloured glow)."""
    karaoke: bool = False
    """Sweep the fill from the style colour to ``color`` over the word's duration (ASS ``\\kf``);
    spoken words keep ``color``."""
    dim_others: float | None = None
    """Opacity of every other word on the page (spotlight)."""
    reveal: bool = False
    """Words stay hidden until spoken, then pop in; spoken words stay."""
    flicker: bool = False
    """A quick brightness flicker and jitter as the word starts (electric)."""

    @property
    def is_word_level(self) -> bool:
        """Whether the page's look changes as words are spoken."""
        return self != ActiveWord()


@dataclass(frozen=True)
class SubtitleStyle:
    """Everything that decides how captions look and how speech is chunked into pages."""

    name: str
    description: str
    """One line for ``mediakit styles``."""
    font: str
    """Family name exactly as the bundled fonts carry it (see fonts/README.md)."""
    weight: int
    """CSS-like weight 100..900; libass picks the bundled face nearest to it."""
    size: float
    """Font size (em, as in CSS) as a fraction of the canvas height; see ``ass.font_px``."""
    rules: PageRules
    color: str = "#FFFFFF"
    """Fill colour of the words."""
    outline_color: str = "#000000"
    outline: float = 0.0
    """Outline width as a fraction of the font size."""
    shadow_color: str = "#000000"
    shadow: float = 0.0
    """Hard drop-shadow depth (down and right) as a fraction of the font size."""
    shadow_opacity: float = 1.0
    halos: tuple[Halo, ...] = ()
    """Blurred copies beneath every word, drawn first to last (lowest first)."""
    box: Box | None = None
    """A box behind each line."""
    gradient: tuple[str, ...] = ()
    """Fill colours from top to bottom of the letters; libass has no gradient fill, so the
    renderer stacks horizontally clipped copies of each word, one colour per band."""
    palette: tuple[str, ...] = ()
    """Fill colours cycled word by word (overrides ``color``)."""
    italic: bool = False
    case: Case = Case.AS_WRITTEN
    spacing: float = 0.0
    """Extra letter spacing as a fraction of the font size."""
    line_height: float = 1.15
    """Distance between line centres as a multiple of the font size."""
    active: ActiveWord = field(default_factory=ActiveWord)
    entry: Entry = Entry.NONE
    vertical: float = 0.75
    """Where the text block sits in the safe area: 0 = top, 0.5 = centre, 1 = bottom."""

    def __post_init__(self) -> None:
        colors = [self.color, self.outline_color, self.shadow_color, *self.gradient, *self.palette]
        colors += [c for c in (self.active.color,) if c]
        colors += [h.color for h in (*self.halos, *(self.active.halos or ())) if h]
        colors += [b.color for b in (self.box, self.active.box) if b]
        for color in colors:
            if not _HEX.fullmatch(color):
                raise ValidationError(f"{self.name}.color", color, "must be #RRGGBB")
        if not 0 <= self.vertical <= 1:
            raise ValidationError(f"{self.name}.vertical", self.vertical, "must be between 0 and 1")
        if not 100 <= self.weight <= 900:
            raise ValidationError(f"{self.name}.weight", self.weight, "must be between 100 and 900")


DEFAULT_STYLE = "hormozi"

_SOFT_SHADOW = Halo("#000000", opacity=0.55, blur=0.1, spread=0.02, offset=(0.0, 0.04))
# A faint dark haze under a white glow keeps white-on-white backgrounds readable.
_GLOW_BACKING = Halo("#000000", opacity=0.45, blur=0.1, spread=0.06)

_STYLES: tuple[SubtitleStyle, ...] = (
    SubtitleStyle(
        name="hormozi",
        description="Heavy uppercase 1-3 word bursts, thick black outline; the spoken word pops in yellow",
        font="League Spartan", weight=900, size=0.06, case=Case.UPPER,
        outline=0.11, shadow=0.05, shadow_opacity=0.6, line_height=1.05,
        active=ActiveWord(color="#FFE600", scale=1.12),
        rules=PageRules(max_words_per_line=3, max_chars_per_line=16, max_lines=1, pause_ms=350),
        vertical=0.72,
    ),
    SubtitleStyle(
        name="minimal",
        description="Small sentence-case Inter with a soft shadow, a full line at a time, no effects",
        font="Inter", weight=500, size=0.034, halos=(_SOFT_SHADOW,), entry=Entry.FADE,
        rules=PageRules(max_words_per_line=8, max_chars_per_line=32, max_lines=2, pause_ms=500,
                        linger_ms=300),
        vertical=0.95,
    ),
    SubtitleStyle(
        name="bold",
        description="Huge uppercase Roboto Black, one or two words, thick outline and a hard drop shadow",
        font="Roboto", weight=900, size=0.068, case=Case.UPPER,
        outline=0.09, shadow=0.1, line_height=1.0, entry=Entry.POP,
        rules=PageRules(max_words_per_line=2, max_chars_per_line=12, max_lines=1, pause_ms=350),
        vertical=0.62,
    ),
    SubtitleStyle(
        name="karaoke",
        description="Two sentence-case lines that fill with blue word by word as they are sung (\\kf sweep)",
        font="Open Sans", weight=800, size=0.036, outline=0.08, outline_color="#101030",
        shadow=0.04, shadow_opacity=0.5,
        active=ActiveWord(color="#38B6FF", karaoke=True),
        rules=PageRules(max_words_per_line=6, max_chars_per_line=26, max_lines=2, pause_ms=500,
                        linger_ms=300),
        vertical=0.85,
    ),
    SubtitleStyle(
        name="clean",
        description="White sentence-case text on a translucent dark rounded box, like broadcast captions",
        font="Open Sans", weight=700, size=0.032, line_height=1.45,
        box=Box("#000000", opacity=0.6, pad_x=0.4, pad_y=0.24, radius=0.25), entry=Entry.FADE,
        rules=PageRules(max_words_per_line=6, max_chars_per_line=26, max_lines=2, pause_ms=450,
                        linger_ms=300),
        vertical=0.9,
    ),
    SubtitleStyle(
        name="tiktok",
        description="TikTok classic: black text on a white rounded box, the spoken word in TikTok red",
        font="Roboto", weight=700, size=0.038, color="#111111", line_height=1.42,
        box=Box("#FFFFFF", pad_x=0.3, pad_y=0.2, radius=0.3),
        active=ActiveWord(color="#FE2C55"),
        rules=PageRules(max_words_per_line=4, max_chars_per_line=20, max_lines=2, pause_ms=400),
        vertical=0.7,
    ),
    SubtitleStyle(
        name="neon",
        description="Rounded uppercase neon tubes: pink glow, the spoken word switching to cyan",
        font="Quicksand", weight=700, size=0.05, case=Case.UPPER, color="#FFE8FA",
        outline=0.025, outline_color="#FF2BD6", spacing=0.02, line_height=1.25,
        halos=(Halo("#FF1FCF", opacity=0.95, blur=0.16, spread=0.09),),
        active=ActiveWord(color="#E8FFFF", halos=(Halo("#00E5FF", opacity=1.0, blur=0.18, spread=0.11),)),
        entry=Entry.FADE,
        rules=PageRules(max_words_per_line=3, max_chars_per_line=14, max_lines=2, pause_ms=400),
        vertical=0.62,
    ),
    SubtitleStyle(
        name="fire",
        description="Italic uppercase in a yellow-to-red flame gradient; the spoken word flares orange",
        font="Lato", weight=900, size=0.052, case=Case.UPPER, italic=True,
        gradient=("#FFF36B", "#FFC21A", "#FF8A00", "#FF4A00", "#D91400"),
        outline=0.045, outline_color="#3A0600", line_height=1.1,
        halos=(Halo("#FF6A00", opacity=0.6, blur=0.2, spread=0.06),),
        active=ActiveWord(scale=1.08, halos=(Halo("#FF5200", opacity=1.0, blur=0.26, spread=0.12),)),
        entry=Entry.POP,
        rules=PageRules(max_words_per_line=3, max_chars_per_line=14, max_lines=1, pause_ms=350),
        vertical=0.68,
    ),
    SubtitleStyle(
        name="glow",
        description="Soft white sentence-case text in a gentle halo that brightens around the spoken word",
        font="Lato", weight=700, size=0.044, line_height=1.25,
        halos=(_GLOW_BACKING, Halo("#FFFFFF", opacity=0.45, blur=0.2, spread=0.02)),
        active=ActiveWord(halos=(_GLOW_BACKING, Halo("#FFFFFF", opacity=0.95, blur=0.24, spread=0.08))),
        entry=Entry.FADE,
        rules=PageRules(max_words_per_line=5, max_chars_per_line=22, max_lines=2, pause_ms=450),
        vertical=0.72,
    ),
    SubtitleStyle(
        name="pop",
        description="Bubbly Fredoka words that pop in one by one as spoken, the newest in lime",
        font="Fredoka One", weight=400, size=0.05, outline=0.1, shadow=0.05, line_height=1.2,
        active=ActiveWord(color="#8CFF3F", reveal=True),
        rules=PageRules(max_words_per_line=4, max_chars_per_line=18, max_lines=2, pause_ms=400),
        vertical=0.68,
    ),
    SubtitleStyle(
        name="aesthetic",
        description="Lowercase Lobster script in soft pink with a gentle shadow and a slow fade",
        font="Lobster Two", weight=700, size=0.06, case=Case.LOWER, color="#FFC9DE",
        outline=0.03, outline_color="#7A2E55", line_height=1.2,
        halos=(Halo("#2A0A1A", opacity=0.5, blur=0.12, spread=0.03, offset=(0.0, 0.04)),),
        active=ActiveWord(color="#FFFFFF"),
        entry=Entry.SLIDE,
        rules=PageRules(max_words_per_line=4, max_chars_per_line=20, max_lines=2, pause_ms=500,
                        linger_ms=300),
        vertical=0.7,
    ),
    SubtitleStyle(
        name="impact",
        description="Very tall condensed Bebas Neue in yellow with a heavy black outline, slammed in",
        font="Bebas Neue", weight=700, size=0.08, case=Case.UPPER, color="#FFE000",
        outline=0.07, shadow=0.05, spacing=0.02, line_height=0.95,
        active=ActiveWord(color="#FFFFFF"),
        entry=Entry.SLAM,
        rules=PageRules(max_words_per_line=3, max_chars_per_line=14, max_lines=1, pause_ms=350),
        vertical=0.65,
    ),
    SubtitleStyle(
        name="pastel",
        description="Rounded Comfortaa with a different pastel colour per word and a soft plum outline",
        font="Comfortaa", weight=700, size=0.05, case=Case.LOWER,
        palette=("#FFB3C7", "#B4F0D4", "#CDB8FF", "#FFD7A3", "#A6E4FF"),
        outline=0.09, outline_color="#4A3558", line_height=1.3,
        active=ActiveWord(scale=1.12),
        entry=Entry.FADE,
        rules=PageRules(max_words_per_line=4, max_chars_per_line=18, max_lines=2, pause_ms=400),
        vertical=0.7,
    ),
    SubtitleStyle(
        name="electric",
        description="Condensed italic uppercase in electric cyan with a blue glow; the spoken word flickers",
        font="Fjalla One", weight=400, size=0.062, case=Case.UPPER, italic=True, color="#BDF6FF",
        outline=0.03, outline_color="#0084FF", spacing=0.03, line_height=1.1,
        halos=(Halo("#0061FF", opacity=0.9, blur=0.16, spread=0.08),),
        active=ActiveWord(color="#FFFFFF", flicker=True,
                          halos=(Halo("#00D9FF", opacity=1.0, blur=0.2, spread=0.12),)),
        rules=PageRules(max_words_per_line=3, max_chars_per_line=16, max_lines=1, pause_ms=350),
        vertical=0.66,
    ),
    SubtitleStyle(
        name="boxed",
        description="Uppercase Inter Black; the spoken word sits on a solid purple rounded box",
        font="Inter", weight=900, size=0.046, case=Case.UPPER, outline=0.04, line_height=1.45,
        halos=(_SOFT_SHADOW,), entry=Entry.SLIDE,
        active=ActiveWord(box=Box("#7B3CFF", pad_x=0.2, pad_y=0.17, radius=0.22), scale=1.05),
        rules=PageRules(max_words_per_line=3, max_chars_per_line=16, max_lines=2, pause_ms=400),
        vertical=0.7,
    ),
    SubtitleStyle(
        name="gradient",
        description="Uppercase Open Sans in a pink-to-violet gradient; the spoken word flashes white",
        font="Open Sans", weight=800, size=0.05, case=Case.UPPER,
        gradient=("#FFB1D8", "#FF6FB5", "#D45CFF", "#8A5CFF", "#5B6CFF"),
        outline=0.06, outline_color="#160A33", shadow=0.04, shadow_color="#160A33", line_height=1.1,
        active=ActiveWord(color="#FFFFFF"),
        entry=Entry.POP,
        rules=PageRules(max_words_per_line=3, max_chars_per_line=15, max_lines=2, pause_ms=400),
        vertical=0.66,
    ),
    SubtitleStyle(
        name="spotlight",
        description="Sentence-case League Spartan where only the spoken word is lit; the rest dim to 40%",
        font="League Spartan", weight=700, size=0.05, line_height=1.2,
        halos=(Halo("#000000", opacity=0.7, blur=0.14, spread=0.05, offset=(0.0, 0.03)),),
        active=ActiveWord(dim_others=0.4, scale=1.1),
        rules=PageRules(max_words_per_line=5, max_chars_per_line=22, max_lines=2, pause_ms=450),
        vertical=0.75,
    ),
)

_REGISTRY: dict[str, SubtitleStyle] = {s.name: s for s in _STYLES}


def style_names() -> list[str]:
    """All style names in the service spec's order (the default first)."""
    return [s.name for s in _STYLES]


def get_style(name: str) -> SubtitleStyle:
    """The style called ``name``; ``ValidationError`` listing the valid names otherwise."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        raise ValidationError("style", name, "must be one of: " + ", ".join(style_names())) from None
