"""Screens that follow the voice: a screenshot's pan towards the text each spoken line is about.

A screenshot taller than the screen showing it scrolls to the text block a
line mentions while the line is said; one that fits is shown a little
closer (``DRIFT_ZOOM``) and drifts gently towards it.  Either way the motion
is a constant zoom with a pan path (``KenBurns.stops``), which the render
draws as a crop offset of one scaled picture per frame, never a re-scale.

What a block of an app's screenshot says is unknown: the screenshots are
the user's (mediakit draws none) and no OCR ships in a wheel, so lines are
matched to the picture analysis' text blocks in reading order, spread over
the page so that the last line reaches the last block.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...analysis.regions import Region
from ...captions.paginate import ends_sentence
from ...timeline import KenBurns, PanStop
from ...words import Word

Span = tuple[int, int]   # (start, end) in ms

MOVE_MS = 700       # a scroll from one block to the next, centred on the pause between their lines
DRIFT_ZOOM = 1.06   # how much closer a screenshot that fits is shown, for room to drift (3% a side)
AIM = 0.4           # where a block's centre is put, as a share of the view's height from its top
TALL = 1.1          # a screenshot this much taller (aspect to aspect) than its view scrolls


def spoken_lines(words: Sequence[Word], offset_ms: int = 0) -> list[Span]:
    """The script's sentences as they are said, in the time of a layer that starts at ``offset_ms``."""
    lines: list[Span] = []
    start: int | None = None
    for word in words:
        start = word.start_ms if start is None else start
        if ends_sentence(word.text) or word is words[-1]:
            lines.append((start - offset_ms, word.end_ms - offset_ms))
            start = None
    return lines


def mentioned(count: int, text: Sequence[Region]) -> list[Region]:
    """The text block each of ``count`` lines is about: the blocks in reading order (rows, then left to right),
    spread over the lines so that the first line is on the first block and the last on the last."""
    if not text or count < 1:
        return []
    order = sorted(text, key=lambda r: (round(r.y, 2), r.x))
    if count == 1:
        return [order[0]]
    return [order[round(k * (len(order) - 1) / (count - 1))] for k in range(count)]


def scrolls(size: tuple[int, int], view: tuple[int, int]) -> bool:
    """Whether a screenshot of ``size`` is tall enough for its ``view`` (w, h) to scroll through it."""
    return (size[1] / size[0]) / (view[1] / view[0]) > TALL


def tour(size: tuple[int, int], view: tuple[int, int], lines: Sequence[Span], text: Sequence[Region],
         duration_ms: int, seen: tuple[float, float] | None = None) -> KenBurns:
    """The pan path of a screenshot of ``size`` shown cover-fitted in ``view`` (w, h) for ``duration_ms``, with
    ``text`` its blocks (fractions of the screenshot) and ``lines`` every line of the script as it is said (in
    the layer's time: a layer that starts late sees its early lines at negative times).  ``seen`` (top, bottom
    px of the view) is where a block is brought to when a band covers the rest (a sticky header or footer
    behind captions); the whole view by default.

    Lines are matched to blocks over the whole script (``mentioned``); the
    layer shows the lines said while it is on, starting on the block of the
    line before them.  Tall: at zoom 1, each line's block is in view while
    it is said (it scrolls there in the pause before the line); without
    text it scrolls top to bottom.  Short: at ``DRIFT_ZOOM`` the pan glides
    from one line's block to the next's between the lines' middles; without
    text, or with one block, it drifts from the top down.
    """
    tall = scrolls(size, view)
    zoom = 1.0 if tall else DRIFT_ZOOM
    band = seen or (0.0, float(view[1]))
    pans = [_aimed(size, view, zoom, r, band) for r in mentioned(len(lines), text)]
    shown = [i for i, (a, b) in enumerate(lines) if b > 0 and a < duration_ms]
    keep = range(max(0, shown[0] - 1), shown[-1] + 1) if shown and pans else range(0)
    said, pans = [lines[i] for i in keep], [pans[i] for i in keep]
    if len(set(pans)) < 2:
        if tall and pans:
            return KenBurns(zoom, zoom, pans[0], pans[0])
        return KenBurns(zoom, zoom, (0.5, 0.0), (0.5, 1.0))
    stops: list[PanStop] = []
    if tall:
        for (prev, line), a, b in zip(zip(said, said[1:], strict=False), pans, pans[1:], strict=False):
            if a == b:
                continue
            gap = (prev[1] + line[0]) // 2
            leave = max(0, prev[0], gap - MOVE_MS // 2, stops[-1].at_ms if stops else 0)
            stops += [PanStop(leave, a), PanStop(max(leave, min(line[1], gap + MOVE_MS // 2)), b)]
    else:
        stops = [PanStop(max(0, (a + b) // 2), pan) for (a, b), pan in zip(said, pans, strict=True)]
    return KenBurns(zoom, zoom, pans[0], pans[-1], tuple(stops))


def _aimed(size: tuple[int, int], view: tuple[int, int], zoom: float, block: Region,
           band: tuple[float, float]) -> tuple[float, float]:
    """The pan (fractions of the overflow) that puts ``block``'s centre ``AIM`` down the ``band`` of the view it
    must be seen in, or its top near the band's top when it is taller than most of the band.  Across, the
    view stays centred: an app's lettering is left-aligned on rows as wide as the screen, and aiming at the
    lettering would cut the rows' right ends."""
    w, h = size
    scale = max(view[0] / w, view[1] / h) * zoom
    over = h * scale - view[1]
    centre = (block.y + block.h / 2) * h * scale
    room = band[1] - band[0]
    if block.h * h * scale < 0.8 * room:
        top = centre - (band[0] + AIM * room)
    else:
        top = block.y * h * scale - (band[0] + 0.1 * room)
    return 0.5, round(min(1.0, max(0.0, top / over)), 3) if over > 1 else 0.5
