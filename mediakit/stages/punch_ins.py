"""When a talking shot punches in: a cut to a tighter framing (and back) on stressed words, every 2 to 4 s.

A talking head held wide for 15 s reads as static; editors cut between a
wide and a tight framing of the same shot, on the words that carry the
line.  This stage only picks the times.  The cuts land on the stressed words
the actor's face already acts (``actors.acting.stressed``: long, shouted or
capitalised words, the ones the brows lift and the head nods on), else on
the longest word in reach, so the picture, the face and the voice hit the
same beat.

Rules: changes at least ``MIN_GAP_MS`` apart (the first ``FIRST_MS`` into
its shot) and, while words go on, at most ``MAX_GAP_MS`` without one; none
in the first ``LEAD_MS`` (frame 0 is the cover, shown wide) nor within
``CLEAR_MS`` of a cut to or from b-roll, and a tight span never runs across
such a cut (it ends where the actor's shot does, so a cross-fade never
shows the framing jump mid-fade).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import overload

from ..analysis import analyse
from ..errors import MediaError, ValidationError
from ..probe import probe
from ..timeline import Crop, PuppetLayer, SequenceLayer, Transition, VideoLayer, VisualLayer
from ..words import Word
from .actors.acting import shouted, stressed
from .actors.tight_framing import punched

ZOOM = 1.12          # the tight framing: 12% closer, inside the 10-15% a punch-in reads as a cut, not a jump
MIN_GAP_MS = 2000
MAX_GAP_MS = 4000
FIRST_MS = 1000      # a shot holds its first framing this long at least (a short clip still gets its cut)
LEAD_MS = 500        # frame 0 is the cover: the first half second stays wide
CLEAR_MS = 600       # kept from each b-roll cut (half a cross-fade and a breath)

Span = tuple[int, int]


def punch_spans(words: Sequence[Word], shots: Sequence[Span]) -> tuple[Span, ...]:
    """The tight spans (start, end in ms) inside the actor's ``shots`` (start, end): one cut in on a stressed
    word, one cut back out on a later one, alternating, each span ending at its shot's end at the latest.

    ``shots`` are the times the actor is on screen full frame, in order (one
    shot for an ad without b-roll).  A span left open at a shot's end lasts
    until the next shot begins, so the shot's fade out stays tight.
    """
    for n, (start, end) in enumerate(shots):
        if end <= start or (n and start < shots[n - 1][1]):
            raise ValidationError(f"shots[{n}]", (start, end), "must be in order, each ending after it starts")
    lifts = {start for start, _ in stressed(words)}
    spans: list[Span] = []
    for n, (start, end) in enumerate(shots):
        changes = _changes(words, lifts, start + (LEAD_MS if start == 0 else CLEAR_MS), start, end - CLEAR_MS)
        if len(changes) % 2:
            changes.append(shots[n + 1][0] if n + 1 < len(shots) else end)
        spans += zip(changes[::2], changes[1::2], strict=True)
    return tuple(spans)


@overload
def punch_in(layer: PuppetLayer, words: Sequence[Word], shots: Sequence[Span]) -> PuppetLayer: ...
@overload
def punch_in(layer: Path, words: Sequence[Word], shots: Sequence[Span]) -> Path: ...
@overload
def punch_in(layer: VisualLayer, words: Sequence[Word], shots: Sequence[Span]) -> VisualLayer: ...


def punch_in(layer: VisualLayer | Path, words: Sequence[Word], shots: Sequence[Span]) -> VisualLayer | Path:
    """``layer`` (a talking actor full frame) punching in on ``words`` while it is on screen (``shots``, on the
    timeline): a drawn or photo actor gets its tight framing drawn once (``actors.tight_framing``), a clip layer
    (a footage ad) is cut in (``cut_in``); a clip file (placed per scene) and other layers are returned."""
    if isinstance(layer, PuppetLayer):
        return punched(layer, punch_spans(words, shots), ZOOM)
    if isinstance(layer, VideoLayer) and layer.fit == "cover" and layer.crop is None and not layer.loop \
            and not layer.decorated and layer.duration_ms:
        end = layer.start_ms + layer.duration_ms
        inside = [(max(a, layer.start_ms), min(b, end)) for a, b in shots if a < end and b > layer.start_ms]
        spans = [(a - layer.start_ms, min(b, end) - layer.start_ms) for a, b in punch_spans(words, inside)]
        return cut_in(layer, spans, ZOOM) if spans else layer
    return layer


def cut_in(clip: VideoLayer, spans: Sequence[Span], zoom: float) -> SequenceLayer:
    """``clip`` as scenes joined by plain cuts, the ones in ``spans`` (ms from its start) cropped ``zoom`` times
    closer about the top middle of the face it shows (its centre without one), before the one scale every
    frame has anyway.

    The crop keeps the face where the wide framing shows it on the canvas,
    so the cut reads as the camera moving in, not as a jump sideways; the
    hairline stays put and the face grows down, so the band above a head
    that fills the frame (where its captions go) stays clear.  Each scene
    reads its own part of the clip, in step with its sound.
    """
    video = probe(clip.path).video
    box = clip.box
    if video is None or box is None:
        raise MediaError(clip.path, "has no picture to punch in on")
    wide = _cover_window((video.width, video.height), (box.w, box.h))
    faces = analyse(clip.path).faces
    focus = (faces[0].x + faces[0].w / 2, faces[0].y) if faces else (0.5, 0.5)
    tight = _zoomed_window(wide, focus, zoom)
    scenes: list[VideoLayer] = []
    edges = [0, *(t for span in spans for t in span), clip.duration_ms or 0]
    for n, (a, b) in enumerate(zip(edges, edges[1:], strict=False)):
        if b > a:
            scenes.append(replace(clip, start_ms=0, box=None, duration_ms=b - a,
                                  trim_start_ms=clip.trim_start_ms + a, crop=tight if n % 2 else None))
    return SequenceLayer(start_ms=clip.start_ms, box=box, scenes=tuple(scenes), transition=Transition("cut", 0))


def _cover_window(source: tuple[int, int], box: tuple[int, int]) -> Crop:
    """The part of a ``source``-sized picture that a cover fit into ``box`` shows (its centre), as fractions."""
    scale = max(box[0] / source[0], box[1] / source[1])
    w, h = min(1.0, box[0] / scale / source[0]), min(1.0, box[1] / scale / source[1])
    return Crop((1 - w) / 2, (1 - h) / 2, w, h)


def _zoomed_window(wide: Crop, focus: tuple[float, float], zoom: float) -> Crop:
    """``wide`` ``zoom`` times closer about ``focus`` (fractions of the source), kept inside ``wide``."""
    w, h = wide.w / zoom, wide.h / zoom
    fx = min(max(focus[0], wide.x), wide.x + wide.w)
    fy = min(max(focus[1], wide.y), wide.y + wide.h)
    x = min(max(fx - (fx - wide.x) / zoom, wide.x), wide.x + wide.w - w)
    y = min(max(fy - (fy - wide.y) / zoom, wide.y), wide.y + wide.h - h)
    return Crop(x, y, w, h)


def _changes(words: Sequence[Word], lifts: set[int], earliest: int, start: int, latest: int) -> list[int]:
    """The cut times in one shot: the best word start 1 to 4 s into it, then each the best 2 to 4 s after the
    last change, else the first word after a longer pause; never before ``earliest`` nor after ``latest``."""
    out: list[int] = []
    last = start
    while True:
        lo, hi = max(earliest, last + (MIN_GAP_MS if out else FIRST_MS)), min(latest, last + MAX_GAP_MS)
        reach = [w for w in words if lo <= w.start_ms <= hi] or \
            [w for w in words if hi < w.start_ms <= latest][:1]   # after a long pause: its first word
        if not reach:
            return out
        best = max(reach, key=lambda w: (shouted(w), w.start_ms in lifts, weight(w), -w.start_ms))
        out.append(best.start_ms)
        last = best.start_ms


def weight(word: Word) -> float:
    """How much a word carries when no stressed word is in reach: its letters and how long it is said."""
    return len(re.sub(r"[^A-Za-z]", "", word.text)) + (word.end_ms - word.start_ms) / 100
