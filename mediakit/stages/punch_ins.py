"""Punch-ins: a talking shot cut between its wide framing and a 12% tighter one every 2-4 s, between words.

A talking head that holds one framing for 15 s reads as a static shot; an
editor cuts in a little tighter on a new thought and back out on the next.
Each punch is a cut (no zoom animation) made where the voice breaks between
two words, at least ``MIN_MS`` and at most ``MAX_MS`` after the last one.
The tight framing is a crop anchored at the chin: the face grows upwards
only, so captions placed under the chin stay clear of it in both framings
(``punched_face_band`` says how far up it reaches).

The shot becomes a sequence of the same actor layer with cut transitions:
the compiler renders each piece only for its own frames and joins them with
``concat``, so a punched shot costs what the unpunched one does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..timeline import Canvas, Crop, PuppetLayer, SequenceLayer, Transition, VideoLayer, VisualLayer
from ..words import Word
from .actors.portraits import bust_geometry

ZOOM = 1.12            # the tight framing, relative to the wide one
MIN_MS, MAX_MS = 2000, 4000
TARGET_MS = 2800       # a cut at the first word break past this since the last one (else at MAX_MS's last break)
CHIN = 0.75            # the drawn bust's chin, in head units below the face centre (placement.face_band's bottom)
CUT = Transition("cut", 0)


def punch_crop(canvas: Canvas) -> Crop:
    """The tight framing: ``1/ZOOM`` of the frame, centred across, anchored at the drawn bust's chin."""
    _, cy, unit = bust_geometry(canvas.width, canvas.height)
    side = round(1 / ZOOM, 4)
    chin = min(1.0, (cy + CHIN * unit) / canvas.height)
    return Crop(round((1 - side) / 2, 4), round(chin * (1 - side), 4), side, side)


def punched_face_band(band: tuple[float, float]) -> tuple[float, float]:
    """A face band (px) in the tight framing: anchored at its bottom (the chin), ``ZOOM`` times as tall."""
    top, bottom = band
    return bottom - (bottom - top) * ZOOM, bottom


def cut_times(words: Sequence[Word], duration_ms: int) -> list[int]:
    """Where the framing changes (ms): between two words, ``MIN_MS``..``MAX_MS`` after the previous change,
    the first break past ``TARGET_MS`` (else the last one before ``MAX_MS``); none in the last ``MIN_MS``."""
    breaks = [(a.end_ms + b.start_ms) // 2 for a, b in zip(words, words[1:], strict=False)]
    cuts: list[int] = []
    last = 0
    while True:
        fits = [t for t in breaks if last + MIN_MS <= t <= last + MAX_MS and t <= duration_ms - MIN_MS]
        if not fits:
            return cuts
        last = next((t for t in fits if t >= last + TARGET_MS), fits[-1])
        cuts.append(last)


def punched(layers: Sequence[VisualLayer], canvas: Canvas, words: Sequence[Word],
            duration_ms: int) -> SequenceLayer | None:
    """``layers`` as one shot cut between its wide and tight framings when they are one full-frame talking
    actor (a clip, or a drawn or photo actor's layer); None otherwise, or when the speech leaves no room for
    a cut."""
    if len(layers) != 1 or not isinstance(layers[0], VideoLayer | PuppetLayer) or layers[0].crop is not None \
            or layers[0].box not in (None, canvas.box) or layers[0].start_ms != 0:
        return None
    actor = layers[0]
    cuts = cut_times(words, duration_ms)
    if not cuts:
        return None
    tight = punch_crop(canvas)
    edges = [0, *cuts, duration_ms]
    scenes = [replace(actor, box=None, duration_ms=end - start, trim_start_ms=actor.trim_start_ms + start,
                      crop=tight if i % 2 else None)
              for i, (start, end) in enumerate(zip(edges, edges[1:], strict=False))]
    return SequenceLayer(scenes=tuple(scenes), transition=CUT)
