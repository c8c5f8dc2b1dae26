"""Caption readability: the WCAG contrast between a page's text core and what surrounds it, and styles
strengthened where their own outline, box or shadow is not enough.

What surrounds a letter is, in order: the style's line box (over what lies
behind), else its outline when it is a real stroke, else its halos (a soft
shadow or glow, laid over what lies behind), else the picture itself.
:func:`readable` takes a style and the range of luminance behind its pages
(from the picture analysis; black to white when unknown) and returns it
unchanged when its text core reaches ``MIN_CONTRAST`` against that surround
over the whole range, else strengthened in its own colours: the box made
denser, the outline darkened (or lightened, for dark text) along its own
hue, a halo-only style given its shadow's colour as a stroke and a denser
shadow.  :func:`measured_contrast` checks the result on rendered pixels (the letters found
by a render in the :func:`keyed` style).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import numpy as np

from .styles import Halo, SubtitleStyle

MIN_CONTRAST = 4.5     # WCAG 2 AA for body text: what the rendered letters must reach
MODEL_MARGIN = 1.3     # the model aims this much higher (a blurred glow or shadow reaches the letters unevenly)
RING_EM = 0.05         # the ring around the letters a reader sees as their surround (of the font size)
HALO_CORE = 0.6        # how much of a halo's opacity reaches the letters' edge once blurred
OUTLINE_FILL = 1.25    # an outline fills the ring once this much wider than it (its outer edge is soft)
HALO_SPREAD = 0.04          # the most a dark halo widens
STEPS = 24


def luminance(color: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    channels = [int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: float, b: float) -> float:
    """WCAG contrast ratio of two relative luminances (1 to 21)."""
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def _over(color: str, alpha: float, behind: float) -> float:
    """Luminance of ``color`` at ``alpha`` laid over a surface of luminance ``behind`` (blended in sRGB, as
    libass and ffmpeg blend)."""
    srgb = (behind * 1.055) ** (1 / 2.4) if behind > 0.0031308 else behind * 12.92
    mixed = "#" + "".join(f"{round(255 * (alpha * int(color[i:i + 2], 16) / 255 + (1 - alpha) * min(srgb, 1.0))):02X}"
                          for i in (1, 3, 5))
    return luminance(mixed)


def core_luminances(style: SubtitleStyle) -> list[float]:
    """The luminance of each text core a reader sees: each palette colour, a gradient as a whole (its middle stop),
    else the fill; and the spoken word's colour."""
    if style.palette:
        cores = [luminance(c) for c in style.palette]
    elif style.gradient:
        cores = [float(np.median([luminance(c) for c in style.gradient]))]
    else:
        cores = [luminance(style.color)]
    if style.active.color:
        cores.append(luminance(style.active.color))
    return cores


def surround(style: SubtitleStyle, behind: float, halos: tuple[Halo, ...] | None = None) -> float:
    """Luminance right around the letters over a picture of luminance ``behind``: the line box over it, else
    the outline where it is as wide as the ring a reader sees (``RING_EM``), the ``halos`` (the style's by
    default) over the picture where it is thinner (a glow shows through a thin tube's edge)."""
    if style.box is not None:
        return _over(style.box.color, style.box.opacity, behind)
    level = behind
    for halo in style.halos if halos is None else halos:
        level = _over(halo.color, halo.opacity * HALO_CORE, level)
    cover = min(1.0, style.outline / (RING_EM * OUTLINE_FILL))
    return cover * luminance(style.outline_color) + (1 - cover) * level


def worst_contrast(style: SubtitleStyle, behind: tuple[float, float] = (0.0, 1.0)) -> float:
    """The lowest text-core contrast over pictures of luminance ``behind`` (lowest, highest), the spoken
    word's own halos included."""
    levels = np.linspace(behind[0], behind[1], 5)
    halo_sets = [style.halos, *([style.active.halos] if style.active.halos is not None else [])]
    return min(contrast(core, surround(style, float(level), halos))
               for core in core_luminances(style) for level in levels for halos in halo_sets)


def readable(style: SubtitleStyle, behind: tuple[float, float] = (0.0, 1.0)) -> SubtitleStyle:
    """``style`` itself when its text core reaches ``MIN_CONTRAST`` (with ``MODEL_MARGIN``) over pictures of
    luminance ``behind``, else the first of its strengthenings (in its own colours, least first) that does."""
    target = MIN_CONTRAST * MODEL_MARGIN
    if worst_contrast(style, behind) >= target:
        return style
    candidate = style
    for candidate in _strengthenings(style):
        if worst_contrast(candidate, behind) >= target:
            return candidate
    return candidate


def _strengthenings(style: SubtitleStyle) -> Iterator[SubtitleStyle]:
    """Ever stronger versions of ``style``.

    A box grows denser, then the letters move along their own hue away from
    it (TikTok's red a shade deeper on the white box).  An outline moves
    along its own hue away from the letters (neon's pink tube darker).  A
    halo-only style first gets denser, wider dark halos, then a stroke in its
    shadow's colour.
    """
    steps = [i / STEPS for i in range(1, STEPS + 1)]
    away = "#FFFFFF" if max(core_luminances(style)) < 0.18 else "#000000"
    if style.box is not None:
        box = style.box
        dense = [replace(style, box=replace(box, opacity=box.opacity + (1 - box.opacity) * t)) for t in steps]
        yield from dense
        off_box = "#000000" if luminance(box.color) > 0.4 else "#FFFFFF"
        yield from (_letters_toward(dense[-1], off_box, t) for t in steps)
    elif style.outline > 0:
        full = max(style.outline, RING_EM * OUTLINE_FILL)
        yield from (replace(style, outline=style.outline + (full - style.outline) * t,
                            outline_color=_mix(style.outline_color, away, t)) for t in steps)
    else:
        dark = [h for h in style.halos if luminance(h.color) < 0.2]
        if dark:
            yield from (replace(style, halos=tuple(_denser(h, t) if h in dark else h for h in style.halos))
                        for t in steps)
            style = replace(style, halos=tuple(_denser(h, 1.0) if h in dark else h for h in style.halos))
        stroke = dark[0].color if dark else away
        yield from (replace(style, outline=RING_EM * t, outline_color=stroke) for t in steps)


def _denser(halo: Halo, t: float) -> Halo:
    return replace(halo, opacity=halo.opacity + (1 - halo.opacity) * t, spread=halo.spread + HALO_SPREAD * t)


def _letters_toward(style: SubtitleStyle, color: str, t: float) -> SubtitleStyle:
    """The letters' colours (fill, palette, gradient, spoken word) a share ``t`` of the way to ``color``."""
    active = style.active
    return replace(style, color=_mix(style.color, color, t), palette=tuple(_mix(c, color, t) for c in style.palette),
                   gradient=tuple(_mix(c, color, t) for c in style.gradient),
                   active=replace(active, color=_mix(active.color, color, t) if active.color else None))


def _mix(a: str, b: str, t: float) -> str:
    return "#" + "".join(f"{round(int(a[i:i + 2], 16) * (1 - t) + int(b[i:i + 2], 16) * t):02X}" for i in (1, 3, 5))


# ---- measured on rendered pixels ------------------------------------------------------------------------

KEY = "#FF00FF"   # the letters' colour in the keyed render that finds them


def keyed(style: SubtitleStyle) -> SubtitleStyle:
    """``style`` with every letter colour (fill, palette, gradient, spoken word) set to ``KEY`` and nothing else
    changed: rendered beside the real one, the pixels that differ are exactly the letters' cores.  A
    spotlight's dimmed words are meant to recede: only its lit word is keyed."""
    if style.active.dim_others is not None:
        return replace(style, active=replace(style.active, color=KEY))
    return replace(style, color=KEY, palette=tuple(KEY for _ in style.palette),
                   gradient=tuple(KEY for _ in style.gradient),
                   active=replace(style.active, color=KEY if style.active.color else None))


def measured_contrast(shown: np.ndarray, keyed_frame: np.ndarray, em_px: float) -> float:
    """The contrast of the text core against its surround on a rendered frame (RGB arrays, same size), the
    letters found by a render of the same frame in the ``keyed`` style.

    Core: the pixels the key changed, less their anti-aliased edge.
    Surround: the ring ``RING_EM`` wide around the letters.  The median
    luminance of each (an edge pixel or a speck of glow does not move it).
    """
    letters = np.abs(shown.astype(np.int32) - keyed_frame.astype(np.int32)).sum(axis=2) > 60
    core = _erode(letters, 1)
    if not core.any():
        return 0.0
    ring = _dilate(letters, max(2, round(RING_EM * em_px))) & ~letters
    lum = _pixel_luminance(shown)
    return contrast(float(np.median(lum[core])), float(np.median(lum[ring])))


def _pixel_luminance(rgb: np.ndarray) -> np.ndarray:
    c = rgb.astype(np.float32) / 255.0
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return np.asarray(0.2126 * lin[..., 0] + 0.7152 * lin[..., 1] + 0.0722 * lin[..., 2])


def _dilate(mask: np.ndarray, r: int) -> np.ndarray:
    out = mask.copy()
    padded = np.pad(mask, r)
    h, w = mask.shape
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            out |= padded[r + dy:r + dy + h, r + dx:r + dx + w]
    return out


def _erode(mask: np.ndarray, r: int) -> np.ndarray:
    return ~_dilate(~mask, r)
