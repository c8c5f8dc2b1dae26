"""Where captions go on a frame: a band of the safe area clear of faces and of what the picture shows.

A picture (an actor full frame, a PiP, a phone, a product) names the
horizontal bands captions must stay out of; the picture analysis adds the
faces, text and subject of the photos and clips shown (``seen``).
``clear_centre`` finds a band between the platform's UI bands that holds the
page: the middle of the widest, or, given a style (``caption_centre``), the
spot nearest the style's own place.  The captions (timeline data) are
centred there, in pixels.  Faces come first: a fallback may let captions
cross a PiP's shoulders, a product or a subject, never a face.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...captions import get_style, style_names
from ...captions.caption_metrics import CaptionMetrics, is_vertical
from ...timeline import Box, Canvas
from ..actors.portraits import bust_geometry

UI_TOP, UI_BOTTOM = 0.10, 0.20   # platform UI bands of a portrait frame (status bar; captions/description)
LANDSCAPE_BOTTOM = 0.92          # a landscape frame's captions stay above this share of the height
ROOM_MARGIN = 1.15               # a band opened for captions holds the tallest page and this much more
CLEARANCE = 0.02                 # of the height, between a page and a head or device it keeps clear of
Band = tuple[float, float]


def face_band(width: int, height: int) -> Band:
    """Top and bottom (px) of a drawn actor's face and hair in a ``width`` x ``height`` frame (the bust layout)."""
    _, cy, unit = bust_geometry(width, height)
    return cy - 0.85 * unit, cy + 0.75 * unit


def grown(band: Band, height: int) -> Band:
    """``band`` with ``CLEARANCE`` of a ``height`` px frame added on both sides (a comma descends, a rim shines)."""
    return band[0] - CLEARANCE * height, band[1] + CLEARANCE * height


def free_bands(top: float, bottom: float, keep_out: Sequence[Band]) -> list[Band]:
    """The parts of ``top``..``bottom`` (px) that none of the ``keep_out`` bands overlaps."""
    bands = [(top, bottom)]
    for lo, hi in keep_out:
        nxt = []
        for a, b in bands:
            if hi <= a or lo >= b:
                nxt.append((a, b))
                continue
            if lo > a:
                nxt.append((a, lo))
            if hi < b:
                nxt.append((hi, b))
        bands = nxt
    return bands


def clear_centre(top: float, bottom: float, *tries: Sequence[Band], block: float = 0.0,
                 prefer: float | None = None) -> float:
    """A centre (px) in ``top``..``bottom`` for a page ``block`` px tall, clear of the first keep-out list that
    leaves room.

    ``tries`` go from the strictest to the most lenient (drop the bands that
    may be crossed last).  Without ``prefer`` the page sits in the middle of
    the widest clear band; with it, as near ``prefer`` as a clear band allows
    (a style keeps its place where nothing is in the way).  When no list
    leaves room, the middle of the widest band of the last one, else of the
    whole span.
    """
    for keep_out in tries:
        bands = [(a, b) for a, b in free_bands(top, bottom, keep_out) if b - a >= block]
        if not bands:
            continue
        if prefer is None:
            a, b = max(bands, key=lambda band: band[1] - band[0])
            return (a + b) / 2
        spots = [min(max(prefer, a + block / 2), b - block / 2) for a, b in bands]
        return min(spots, key=lambda y: abs(y - prefer))
    last = free_bands(top, bottom, tries[-1]) if tries else []
    if last:
        a, b = max(last, key=lambda band: band[1] - band[0])
        return (a + b) / 2
    return (top + bottom) / 2


def room_below(canvas: Canvas, style: str, keep_out: Sequence[Band]) -> float | None:
    """None when a band clear of ``keep_out`` holds ``style``'s tallest page; else the height (px) a picture
    must end at so a band above the platform's bottom UI holds any style's tallest page (a face photo that
    fills the frame is shown above it, the same whatever the style)."""
    metrics = CaptionMetrics(get_style(style), canvas.width, canvas.height)
    area = metrics.area
    if any(b - a >= metrics.tallest_page for a, b in free_bands(area.top, area.bottom, keep_out)):
        return None
    tallest = max(CaptionMetrics(get_style(name), canvas.width, canvas.height).tallest_page for name in style_names())
    return area.bottom - tallest * ROOM_MARGIN


def caption_centre(canvas: Canvas, style: str, *tries: Sequence[Band]) -> float:
    """Where ``style``'s pages are centred (px) on ``canvas``: as near the style's own place as the first of
    ``tries`` that leaves a band its tallest page fits allows."""
    metrics = CaptionMetrics(get_style(style), canvas.width, canvas.height)
    area = metrics.area
    return clear_centre(area.top, area.bottom, *tries, block=metrics.tallest_page, prefer=metrics.natural_centre)


def ui_span(canvas: Canvas) -> Band:
    """The heights (px) between the platform's UI bands: the top and bottom of where captions may go.

    Only a phone-UI video (``is_vertical``: 9:16, 2:3) has a reel's overlays
    over its lower fifth (caption, description, the button column's foot).
    A 4:5 post, like a square one, plays in the feed with the platform's UI
    around it, not over it, so its captions may come down as far as a square
    frame's (the same rule ``caption_metrics.safe_area`` uses for its margins).
    """
    h = canvas.height
    return h * UI_TOP, h * (1 - UI_BOTTOM) if is_vertical(canvas.width, canvas.height) else h * LANDSCAPE_BOTTOM


def actor_caption_centre(canvas: Canvas, pip: Box | None, *, face_shown: bool,
                         seen: Sequence[Sequence[Band]] = ((),), style: str | None = None) -> float:
    """Captions' centre (px) for an actor full frame (``face_shown``) and/or in a PiP at ``pip``.

    ``seen`` are the keep-out lists the picture analysis gives for the photos
    and clips shown (``seen.Seen.tries``: faces in every one); with ``style``
    the page stays near the style's own place and a band must hold its
    tallest page.  Captions may cross the PiP's shoulders when nothing else
    fits (a landscape frame with a large PiP), never a face.
    """
    faces = [face_band(canvas.width, canvas.height)] if face_shown else []
    shoulders: list[Band] = []
    if pip is not None:
        face_top, face_bottom = face_band(pip.w, pip.h)
        faces.append((pip.y + face_top, pip.y + face_bottom))
        shoulders.append((pip.y, pip.y + pip.h))
    tries = [*([*faces, *shoulders, *keep_out] for keep_out in seen), [*faces, *seen[-1]]]
    if style is None:
        return clear_centre(*ui_span(canvas), *tries)
    return caption_centre(canvas, style, *tries)
