"""Timed words + a style -> an ASS document for libass to burn in.

Every word is its own event anchored at the centre ``caption_metrics.py`` measured for
it, and every change in a word's look is a new event: a word on a page is
*upcoming* until spoken, *active* while spoken (until the next word starts),
then *spoken* until the page ends.  One event per word-state keeps each
event's tags simple and makes the highlight exact to the centisecond;
animations (pops, karaoke sweeps, flicker) use ``\\t``/``\\kf`` times relative
to the event start, which is the moment the word is spoken.

Effects libass lacks are built from layers: glows and soft shadows are
blurred copies beneath the text, gradients are horizontally clipped copies
above it, boxes are vector drawings.  Each event's ``name`` field says which
part it is (``line-box``, ``halo``, ``word-box``, ``word``, ``band``) so tools
and tests can pick the words out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

import pysubs2

from ..words import Word
from .caption_metrics import ENTRY_PEAK, REVEAL_PEAK, CaptionMetrics, PlacedLine, PlacedWord
from .paginate import Page
from .styles import Box, Entry, Halo, SubtitleStyle, get_style

LAYER_LINE_BOX, LAYER_HALO, LAYER_WORD_BOX, LAYER_TEXT, LAYER_BANDS = range(5)
STYLE_NAME = "Caption"

ACTIVE_SCALE_MS = 90       # how fast the active word grows (and shrinks back after)
GRADIENT_BANDS = 12        # clipped copies per word; enough that the steps read as a blend
_ENTRY_FADE_MS = {Entry.FADE: 180, Entry.SLIDE: 300, Entry.POP: 60, Entry.SLAM: 60, Entry.NONE: 0}
_SLIDE_EM = 0.35           # how far (in em) a sliding page rises
_BEZIER_CIRCLE = 0.5523    # control-point distance that makes a cubic Bezier a quarter circle

_NEEDS_BREAK = re.compile(r"\\(?=[nNh{}])")


class State(Enum):
    """Where a word is relative to the speech, while its page is on screen."""

    UPCOMING = "upcoming"
    ACTIVE = "active"
    SPOKEN = "spoken"


def resolve_style(style: SubtitleStyle | str) -> SubtitleStyle:
    return get_style(style) if isinstance(style, str) else style


def pages_for(words: Sequence[Word], style: SubtitleStyle | str, width: int, height: int) -> list[Page]:
    """The pages ``build_ass`` shows for these words on this canvas (sidecars reuse them)."""
    return CaptionMetrics(resolve_style(style), width, height).paginate(words)


def build_ass(words: Sequence[Word], style: SubtitleStyle | str, width: int, height: int, *,
              centre_y: float | None = None) -> pysubs2.SSAFile:
    """An ASS document (PlayRes = canvas) that draws ``words`` in ``style``, pages centred at ``centre_y`` (px).

    Without ``centre_y`` pages sit where the style's ``vertical`` puts them.
    """
    metrics = CaptionMetrics(resolve_style(style), width, height, centre_y)
    doc = _document(metrics)
    index = 0
    for page in metrics.paginate(words):
        lines = metrics.place(page, index)
        index += len(page.words)
        doc.events.extend(_page_events(metrics, page, lines))
    return doc


def write_ass(words: Sequence[Word], style: SubtitleStyle | str, width: int, height: int,
              path: str | Path) -> Path:
    """``build_ass`` saved as UTF-8 ``.ass`` at ``path``; returns the path."""
    out = Path(path)
    build_ass(words, style, width, height).save(str(out), encoding="utf-8", format_="ass")
    return out


def escape_text(text: str) -> str:
    """User text as literal ASS text: braces cannot open tags and ``\\N``/``\\h`` stay visible.

    ASS has no escape for a backslash, so one that would start an escape gets
    an invisible WORD JOINER after it; braces use libass's ``\\{``/``\\}``.
    """
    text = _NEEDS_BREAK.sub("\\\\\u2060", " ".join(text.split()))
    return text.replace("{", r"\{").replace("}", r"\}")


def ass_color(hex_color: str) -> str:
    """``#RRGGBB`` -> ASS ``&HBBGGRR&``."""
    r, g, b = hex_color[1:3], hex_color[3:5], hex_color[5:7]
    return f"&H{b}{g}{r}&".upper()


def ass_alpha(opacity: float) -> str:
    """Opacity 0..1 -> ASS alpha ``&HXX&`` (ASS counts transparency)."""
    return f"&H{round(255 * (1 - min(1.0, max(0.0, opacity)))):02X}&"


def _rgba(hex_color: str, opacity: float = 1.0) -> pysubs2.Color:
    value = int(hex_color[1:], 16)
    return pysubs2.Color(value >> 16, (value >> 8) & 255, value & 255, round(255 * (1 - opacity)))


def _document(metrics: CaptionMetrics) -> pysubs2.SSAFile:
    """An empty document whose one style carries the style's static look."""
    s, em = metrics.style, metrics.em
    doc = pysubs2.SSAFile()
    doc.info.update({"PlayResX": str(metrics.width), "PlayResY": str(metrics.height),
                     "WrapStyle": "2", "ScaledBorderAndShadow": "yes", "YCbCr Matrix": "None"})
    area = metrics.area
    doc.styles = {STYLE_NAME: pysubs2.SSAStyle(
        fontname=s.font, fontsize=round(metrics.ass_size, 1), bold=s.weight >= 600, italic=s.italic,
        primarycolor=_rgba(s.color), secondarycolor=_rgba(s.color),
        outlinecolor=_rgba(s.outline_color), backcolor=_rgba(s.shadow_color, s.shadow_opacity),
        outline=round(s.outline * em, 1), shadow=round(s.shadow * em, 1), spacing=round(s.spacing * em, 1),
        alignment=pysubs2.Alignment.MIDDLE_CENTER, borderstyle=1,
        marginl=round(area.left), marginr=round(metrics.width - area.right),
        marginv=round(metrics.height - area.bottom))}
    return doc


@dataclass(frozen=True)
class _Span:
    state: State
    start_ms: int
    end_ms: int
    first: bool
    """The word's first span on its page: the one that carries the entry animation."""


def _spans(metrics: CaptionMetrics, page: Page, k: int) -> list[_Span]:
    """The time spans of the ``k``-th word of ``page``, one per state it passes through."""
    active = metrics.style.active
    if not active.is_word_level:
        return [_Span(State.SPOKEN, page.start_ms, page.end_ms, True)]
    words = page.words
    start = min(words[k].start_ms, page.end_ms)
    stop = words[k + 1].start_ms if k + 1 < len(words) else page.end_ms
    stop = min(max(stop, start), page.end_ms)
    raw = [(State.UPCOMING, page.start_ms, start), (State.ACTIVE, start, stop),
           (State.SPOKEN, stop, page.end_ms)]
    kept = [(st, a, b) for st, a, b in raw
            if b > a and not (active.reveal and st is State.UPCOMING)]
    return [_Span(st, a, b, i == 0) for i, (st, a, b) in enumerate(kept)]


def _page_events(metrics: CaptionMetrics, page: Page, lines: Sequence[PlacedLine]) -> list[pysubs2.SSAEvent]:
    events: list[pysubs2.SSAEvent] = []
    style = metrics.style
    # Page-level entry animations scale the whole block about its centre.
    origin = (metrics.area.center_x, (lines[0].top + lines[-1].bottom) / 2)
    if style.box:
        for line in lines:
            x, y = (line.left + line.right) / 2, (line.top + line.bottom) / 2
            motion = _motion(metrics, x, y, 1.0, _Span(State.SPOKEN, page.start_ms, page.end_ms, True), origin)
            events.append(_box_event(metrics, style.box, line.right - line.left, line.bottom - line.top,
                                     motion, 1.0, page.start_ms, page.end_ms, "line-box", LAYER_LINE_BOX))
    k = 0
    for line in lines:
        for placed in line.words:
            for span in _spans(metrics, page, k):
                events.extend(_word_events(metrics, line, placed, span, origin))
            k += 1
    return events


def _word_events(metrics: CaptionMetrics, line: PlacedLine, pw: PlacedWord, span: _Span,
                 origin: tuple[float, float]) -> list[pysubs2.SSAEvent]:
    """The layered events that draw one word in one state."""
    style, active, em = metrics.style, metrics.style.active, metrics.em
    is_active = span.state is State.ACTIVE
    opacity = active.dim_others if active.dim_others is not None and not is_active else 1.0
    scale = pw.scale * (active.scale if is_active else 1.0)
    events = []
    text = escape_text(pw.text)
    weight = f"\\b{style.weight}" if style.weight not in (400, 700) else ""

    halos = active.halos if is_active and active.halos is not None else style.halos
    for halo in halos:
        dx, dy = halo.offset
        motion = _motion(metrics, pw.x + dx * em, pw.y + dy * em, scale, span, origin)
        events.append(_event(span, LAYER_HALO, "halo", motion + weight + _halo_tags(metrics, halo, opacity)
                             + _flicker(active.flicker and is_active, halo.opacity * opacity), text))
    motion = _motion(metrics, pw.x, pw.y, scale, span, origin)
    if is_active and active.box:
        box_y = (line.top + line.bottom) / 2
        box_motion = _motion(metrics, pw.x, box_y, scale, span, origin)
        events.append(_box_event(metrics, active.box, pw.width / pw.scale, (line.bottom - line.top) / pw.scale,
                                 box_motion, opacity, span.start_ms, span.end_ms, "word-box",
                                 LAYER_WORD_BOX))
    fill = _fill(style, pw, span.state)
    tags = motion + weight + _text_tags(style, fill, opacity)
    if active.karaoke and is_active:
        tags += f"\\kf{max(1, round((pw.word.end_ms - pw.word.start_ms) / 10))}"
    tags += _flicker(active.flicker and is_active, opacity)
    events.append(_event(span, LAYER_TEXT, "word", tags, text))
    if fill is None and style.gradient:
        events.extend(_bands(metrics, line, span, motion + weight, opacity, text))
    return events


def _fill(style: SubtitleStyle, pw: PlacedWord, state: State) -> str | None:
    """The word's fill colour in ``state``; ``None`` means the style's gradient.

    For karaoke the active word's fill is the colour its ``\\kf`` sweep fills
    with (it starts from the style colour, the ASS secondary colour).
    """
    active = style.active
    if (active.karaoke and state is not State.UPCOMING) or (state is State.ACTIVE and active.color):
        return active.color or style.color
    if style.gradient:
        return None
    if style.palette:
        return style.palette[pw.index % len(style.palette)]
    return style.color


def _text_tags(style: SubtitleStyle, fill: str | None, opacity: float) -> str:
    tags = ""
    if fill is not None and fill != style.color:
        tags += f"\\1c{ass_color(fill)}"
    elif fill is None and style.gradient:
        tags += f"\\1c{ass_color(style.gradient[len(style.gradient) // 2])}"
    if opacity < 1:
        tags += (f"\\1a{ass_alpha(opacity)}\\3a{ass_alpha(opacity)}"
                 f"\\4a{ass_alpha(opacity * style.shadow_opacity)}")
    return tags


def _halo_tags(metrics: CaptionMetrics, halo: Halo, opacity: float) -> str:
    color, em = ass_color(halo.color), metrics.em
    return (f"\\1c{color}\\3c{color}\\alpha{ass_alpha(halo.opacity * opacity)}"
            f"\\bord{halo.spread * em:.1f}\\blur{halo.blur * em:.1f}\\shad0")


def _flicker(enabled: bool, opacity: float) -> str:
    """A quick dim-bright-dim-bright and a small rotation jitter, then steady."""
    if not enabled:
        return ""
    base = ass_alpha(opacity)
    dim, half = ass_alpha(opacity * 0.2), ass_alpha(opacity * 0.55)
    steps = [(0, 40, dim), (40, 80, base), (80, 120, half), (120, 170, base)]
    alpha = "".join(f"\\t({a},{b},\\1a{v}\\3a{v})" for a, b, v in steps)
    return alpha + "\\frz-3\\t(0,50,\\frz2.5)\\t(50,100,\\frz-1.5)\\t(100,150,\\frz0)"


def _motion(metrics: CaptionMetrics, x: float, y: float, scale: float, span: _Span,
            origin: tuple[float, float]) -> str:
    """Anchor, scale keyframes and fade for one event: the part every layer of a word shares.

    Words are separate events, so a page that grows or shrinks into place
    also moves each word from ``origin`` outwards in step with the scale's
    first keyframe; otherwise every word would swell in place and overlap.
    """
    style, active = metrics.style, metrics.style.active
    entry = style.entry if span.first and not active.reveal else Entry.NONE
    frames = _keyframes(metrics, scale, span, entry)
    if entry is Entry.SLIDE:
        start = (x, y + _SLIDE_EM * metrics.em)
        duration = _ENTRY_FADE_MS[entry]
    elif entry in (Entry.POP, Entry.SLAM):
        factor = frames[0][1] / scale
        start = (origin[0] + factor * (x - origin[0]), origin[1] + factor * (y - origin[1]))
        duration = frames[1][0]
    else:
        start, duration = (x, y), 0
    if duration:
        tags = f"\\an5\\move({start[0]:.1f},{start[1]:.1f},{x:.1f},{y:.1f},0,{duration})"
    else:
        tags = f"\\an5\\pos({x:.1f},{y:.1f})"
    if _ENTRY_FADE_MS[entry]:
        tags += f"\\fad({_ENTRY_FADE_MS[entry]},0)"
    return tags + _scale_tags(frames)


def _keyframes(metrics: CaptionMetrics, scale: float, span: _Span, entry: Entry) -> list[tuple[int, float]]:
    """(ms from event start, scale) pairs; the first is the starting scale."""
    active = metrics.style.active
    if active.reveal and span.state is State.ACTIVE:
        return [(0, 0.0), (100, scale * REVEAL_PEAK), (180, scale)]
    if entry is Entry.POP:
        return [(0, scale * 0.55), (120, scale * ENTRY_PEAK[Entry.POP]), (200, scale)]
    if entry is Entry.SLAM:
        return [(0, scale * ENTRY_PEAK[Entry.SLAM]), (160, scale)]
    if active.scale != 1 and span.state is State.ACTIVE:
        return [(0, scale / active.scale), (ACTIVE_SCALE_MS, scale)]
    if active.scale != 1 and span.state is State.SPOKEN and active.is_word_level:
        return [(0, scale * active.scale), (ACTIVE_SCALE_MS, scale)]
    return [(0, scale)]


def _scale_tags(frames: list[tuple[int, float]]) -> str:
    (_, first), *rest = frames
    tags = "" if first == 1 else f"\\fscx{first * 100:.1f}\\fscy{first * 100:.1f}"
    prev = 0
    for ms, value in rest:
        tags += f"\\t({prev},{ms},\\fscx{value * 100:.1f}\\fscy{value * 100:.1f})"
        prev = ms
    return tags


def _bands(metrics: CaptionMetrics, line: PlacedLine, span: _Span, shared: str, opacity: float,
           text: str) -> list[pysubs2.SSAEvent]:
    """Copies of the word clipped to horizontal bands, each filled with the gradient's colour there.

    The outermost bands extend to the frame edges so accents, descenders and
    animated overshoot stay coloured; the text layer beneath draws the outline.
    """
    style = metrics.style
    height = line.bottom - line.top
    edges = [round(line.top + height * i / GRADIENT_BANDS) for i in range(GRADIENT_BANDS + 1)]
    edges[0], edges[-1] = 0, metrics.height
    events = []
    for i in range(GRADIENT_BANDS):
        color = _blend(style.gradient, (i + 0.5) / GRADIENT_BANDS)
        tags = (f"{shared}\\clip(0,{edges[i]},{metrics.width},{edges[i + 1]})\\bord0\\shad0"
                f"\\1c{ass_color(color)}\\1a{ass_alpha(opacity)}")
        events.append(_event(span, LAYER_BANDS, "band", tags, text))
    return events


def _blend(stops: Sequence[str], t: float) -> str:
    """The colour at ``t`` (0..1) along evenly spaced ``stops``."""
    pos = t * (len(stops) - 1)
    i = min(int(pos), len(stops) - 2)
    frac = pos - i
    a, b = int(stops[i][1:], 16), int(stops[i + 1][1:], 16)
    channels = [round(((a >> s) & 255) * (1 - frac) + ((b >> s) & 255) * frac) for s in (16, 8, 0)]
    return "#" + "".join(f"{c:02X}" for c in channels)


def _box_event(metrics: CaptionMetrics, box: Box, width: float, height: float, motion: str, opacity: float,
               start_ms: int, end_ms: int, name: str, layer: int) -> pysubs2.SSAEvent:
    """A rounded rectangle around a ``width`` x ``height`` text area, centred on the motion's anchor."""
    w = width + 2 * box.pad_x * metrics.em
    h = height + 2 * box.pad_y * metrics.em
    tags = f"{motion}\\p1\\bord0\\shad0\\1c{ass_color(box.color)}\\alpha{ass_alpha(box.opacity * opacity)}"
    return pysubs2.SSAEvent(start=start_ms, end=end_ms, style=STYLE_NAME, layer=layer, name=name,
                            text=f"{{{tags}}}{_rounded_rect(w, h, min(box.radius * h, w / 2))}{{\\p0}}")


def _rounded_rect(w: float, h: float, r: float) -> str:
    """ASS drawing commands for a ``w`` x ``h`` rectangle with corner radius ``r``, from (0, 0)."""
    c = r * (1 - _BEZIER_CIRCLE)

    def f(v: float) -> str:
        return f"{v:.1f}".rstrip("0").rstrip(".")

    return (f"m {f(r)} 0 l {f(w - r)} 0 b {f(w - c)} 0 {f(w)} {f(c)} {f(w)} {f(r)} "
            f"l {f(w)} {f(h - r)} b {f(w)} {f(h - c)} {f(w - c)} {f(h)} {f(w - r)} {f(h)} "
            f"l {f(r)} {f(h)} b {f(c)} {f(h)} 0 {f(h - c)} 0 {f(h - r)} "
            f"l 0 {f(r)} b 0 {f(c)} {f(c)} 0 {f(r)} 0")


def _event(span: _Span, layer: int, name: str, tags: str, text: str) -> pysubs2.SSAEvent:
    return pysubs2.SSAEvent(start=span.start_ms, end=span.end_ms, style=STYLE_NAME, layer=layer,
                            name=name, text=f"{{{tags}}}{text}")
