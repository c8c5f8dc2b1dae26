"""B-roll stills with Ken Burns motion, clips trimmed or looped to their scene, and sequences of both.

Motion never shows an edge: zoom is relative to cover-fit and never below 1,
and pan moves within the overflow (see ``mediakit.timeline.KenBurns``).  The
presets alternate zooms and pans so consecutive shots do not all push in;
pans hold a constant zoom, which the compiler renders with a crop alone (no
per-frame scaling), so a b-roll montage stays close to the cost of a bare
encode.

Motion is a drift, not a swipe: whatever a preset asks, the view moves at
most ``MAX_DRIFT`` of the frame's shorter side per second and zooms at most
``MAX_ZOOM_RATE`` per second, so a short scene moves a little and a long one
a little more.  Pans are centred on the middle of the image, where a product
shot or a drawn card keeps its subject; an image that cover crops (a wide
photo on 9:16) is aimed instead: the picture analysis finds its faces, else
its subject, and the drift ends centred on them and never loses them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from ...analysis import PictureAnalysis, Region, analyse
from ...errors import ValidationError
from ...fetch import sniff
from ...media_io import image_size
from ...timeline import ImageLayer, KenBurns, SceneContent, SequenceLayer, Transition, VideoLayer
from ..loops import seamless_loop

MAX_BROLL_IMAGES = 10
VIDEO_SUFFIXES = frozenset({".mp4", ".mov", ".m4v", ".webm", ".mkv"})
# an image this much wider (or taller) than the frame is panned across instead of zoomed
PAN_ACROSS = 1.25

MOTIONS: tuple[KenBurns, ...] = (
    KenBurns(1.0, 1.15),                                  # push in
    KenBurns(1.12, 1.12, (0.0, 0.5), (1.0, 0.5)),         # pan right
    KenBurns(1.15, 1.0),                                  # pull out
    KenBurns(1.12, 1.12, (1.0, 0.5), (0.0, 0.5)),         # pan left
    KenBurns(1.1, 1.1, (0.5, 1.0), (0.5, 0.0)),           # drift up
)
CROSSFADE = Transition("fade", 300)
MAX_DRIFT = 0.03          # of the frame's shorter side, per second
MAX_ZOOM_RATE = 0.03      # cover-fit zoom change per second
CROPS = 0.05              # an image whose aspect differs from the frame's by more is cropped: its motion aims


def check_broll_images(images: Sequence[object]) -> None:
    """The spec's limit on ``broll_images``."""
    if len(images) > MAX_BROLL_IMAGES:
        raise ValidationError("broll_images", len(images), f"must hold at most {MAX_BROLL_IMAGES} items")


def motion_for(index: int, size: tuple[int, int] | None, box: tuple[int, int],
               duration_ms: int | None = None) -> KenBurns:
    """Motion for the ``index``-th shot, capped to a slow drift over ``duration_ms`` when given.

    A pan across an image of another shape, else the next preset.
    """
    motion = _preset(index, size, box)
    return motion if duration_ms is None else capped(motion, size, box, duration_ms)


def capped(motion: KenBurns, size: tuple[int, int] | None, box: tuple[int, int], duration_ms: int) -> KenBurns:
    """``motion`` slowed to ``MAX_DRIFT`` / ``MAX_ZOOM_RATE`` over ``duration_ms``, pans centred on the image."""
    seconds = max(duration_ms, 1) / 1000
    dz = motion.zoom_to - motion.zoom_from
    max_dz = MAX_ZOOM_RATE * seconds
    zoom_to = motion.zoom_from + max(-max_dz, min(max_dz, dz))
    bw, bh = box
    iw, ih = size if size is not None else box
    cover = max(bw / iw, bh / ih) * max(motion.zoom_from, zoom_to)
    travel = MAX_DRIFT * min(bw, bh) * seconds

    def axis(a: float, b: float, overflow: float) -> tuple[float, float]:
        if overflow <= 0 or abs(b - a) * overflow <= travel:
            return a, b
        half = travel / overflow / 2
        return (0.5 - half, 0.5 + half) if b > a else (0.5 + half, 0.5 - half)

    (fx, tx) = axis(motion.pan_from[0], motion.pan_to[0], iw * cover - bw)
    (fy, ty) = axis(motion.pan_from[1], motion.pan_to[1], ih * cover - bh)
    return replace(motion, zoom_to=max(1.0, zoom_to), pan_from=(fx, fy), pan_to=(tx, ty))


def _preset(index: int, size: tuple[int, int] | None, box: tuple[int, int]) -> KenBurns:
    if size is not None:
        image_aspect, box_aspect = size[0] / size[1], box[0] / box[1]
        ends = (0.2, 0.8) if index % 2 == 0 else (0.8, 0.2)
        if image_aspect > box_aspect * PAN_ACROSS:
            return KenBurns(1.0, 1.0, (ends[0], 0.5), (ends[1], 0.5))
        if image_aspect * PAN_ACROSS < box_aspect:
            return KenBurns(1.0, 1.0, (0.5, ends[0]), (0.5, ends[1]))
    return MOTIONS[index % len(MOTIONS)]


def is_clip(path: Path) -> bool:
    """Whether b-roll is a moving clip: by its suffix, else (a download kept as ``.bin``) by its first bytes."""
    if path.suffix.lower() in VIDEO_SUFFIXES:
        return True
    if not path.is_file():
        return False
    with path.open("rb") as fh:
        found = sniff(fh.read(256))
    return found is not None and found[0] == "video"


def broll_layer(path: Path, duration_ms: int, index: int, box: tuple[int, int]) -> SceneContent:
    """A scene of b-roll: a clip looped without a jump and cut to length, or a still with Ken Burns motion
    that keeps its faces (else its subject) in view and drifts towards them."""
    if is_clip(path):
        return VideoLayer(path=seamless_loop(path, duration_ms), duration_ms=duration_ms, loop=True)
    size = image_size(path)
    motion = motion_for(index, size, box, duration_ms)
    if abs(size[0] / size[1] - box[0] / box[1]) > CROPS * box[0] / box[1]:   # cover crops it: look where
        motion = aimed(motion, size, box, keep_in_view(analyse(path)))
    return ImageLayer(path=path, duration_ms=duration_ms, motion=motion)


def keep_in_view(analysis: PictureAnalysis) -> Region | None:
    """What a crop must keep: every face, else the salient subject."""
    if analysis.faces:
        keep = analysis.faces[0]
        for face in analysis.faces[1:]:
            keep = keep.union(face)
        return keep
    return analysis.subject


def aimed(motion: KenBurns, size: tuple[int, int], box: tuple[int, int], keep: Region | None) -> KenBurns:
    """``motion`` moved so ``keep`` (fractions of the image) is in view from start to end, ending centred on
    it as far as the overflow allows; the drift's length and direction are kept."""
    if keep is None:
        return motion
    cover = max(box[0] / size[0], box[1] / size[1])
    ends = []
    for axis, (lo_k, hi_k) in enumerate(((keep.x, keep.right), (keep.y, keep.bottom))):
        shown = [box[axis] / (size[axis] * cover * z) for z in (motion.zoom_from, motion.zoom_to)]
        if shown[0] >= 1 and shown[1] >= 1:
            ends.append((motion.pan_from[axis], motion.pan_to[axis]))
            continue
        to = _pan_keeping(lo_k, hi_k, shown[1], centre=True)
        frm = _pan_keeping(lo_k, hi_k, shown[0], near=to - (motion.pan_to[axis] - motion.pan_from[axis]))
        ends.append((frm, to))
    return replace(motion, pan_from=(ends[0][0], ends[1][0]), pan_to=(ends[0][1], ends[1][1]))


def _pan_keeping(lo: float, hi: float, shown: float, *, centre: bool = False, near: float = 0.5) -> float:
    """The pan (0..1 of the overflow) nearest ``near`` (or centring ``lo``..``hi``) whose view of ``shown``
    of the image holds ``lo``..``hi``; centred on it when it is wider than the view."""
    if shown >= 1:
        return near
    overflow = 1 - shown
    first, last = (hi - shown) / overflow, lo / overflow   # the pans that still show it whole
    want = ((lo + hi) / 2 - shown / 2) / overflow if centre or first > last else near
    if first <= last:
        want = min(max(want, first), last)
    return round(min(max(want, 0.0), 1.0), 4)


def broll_sequence(items: Sequence[Path], total_ms: int, box: tuple[int, int], *,
                   durations: Sequence[int] | None = None,
                   transition: Transition = CROSSFADE) -> SequenceLayer:
    """B-roll items one after another over ``total_ms`` (equal shares unless ``durations`` are given)."""
    if not items:
        raise ValidationError("broll", items, "needs at least one image or clip")
    if durations is None:
        share = total_ms // len(items)
        durations = [share] * (len(items) - 1) + [total_ms - share * (len(items) - 1)]
    elif len(durations) != len(items) or sum(durations) != total_ms:
        raise ValidationError("durations", list(durations),
                              f"must give one duration per item ({len(items)}) summing to {total_ms} ms")
    scenes = tuple(broll_layer(p, d, i, box) for i, (p, d) in enumerate(zip(items, durations, strict=True)))
    return SequenceLayer(scenes=scenes, transition=transition)
