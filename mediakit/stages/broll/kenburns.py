"""B-roll stills with Ken Burns motion, clips trimmed or looped to their scene, and sequences of both.

Motion never shows an edge: zoom is relative to cover-fit and never below 1,
and pan moves within the overflow (see ``mediakit.timeline.KenBurns``).  The
presets alternate zooms and pans so consecutive shots do not all push in;
pans hold a constant zoom, which the compiler renders with a crop alone (no
per-frame scaling), so a b-roll montage stays close to the cost of a bare
encode.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from ...errors import MediaError, ValidationError
from ...timeline import ImageLayer, KenBurns, SceneContent, SequenceLayer, Transition, VideoLayer

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


def check_broll_images(images: Sequence[object]) -> None:
    """The spec's limit on ``broll_images``."""
    if len(images) > MAX_BROLL_IMAGES:
        raise ValidationError("broll_images", len(images), f"must hold at most {MAX_BROLL_IMAGES} items")


def image_size(path: Path) -> tuple[int, int]:
    """Width and height of a still, read from its header; ``MediaError`` if it is not an image."""
    try:
        with Image.open(path) as im:
            return im.size
    except FileNotFoundError as exc:
        raise MediaError(path, "file does not exist") from exc
    except (UnidentifiedImageError, OSError) as exc:
        raise MediaError(path, "is not an image Pillow can read") from exc


def motion_for(index: int, size: tuple[int, int] | None, box: tuple[int, int]) -> KenBurns:
    """Motion for the ``index``-th shot: a pan across an image of another shape, else the next preset."""
    if size is not None:
        image_aspect, box_aspect = size[0] / size[1], box[0] / box[1]
        ends = (0.2, 0.8) if index % 2 == 0 else (0.8, 0.2)
        if image_aspect > box_aspect * PAN_ACROSS:
            return KenBurns(1.0, 1.0, (ends[0], 0.5), (ends[1], 0.5))
        if image_aspect * PAN_ACROSS < box_aspect:
            return KenBurns(1.0, 1.0, (0.5, ends[0]), (0.5, ends[1]))
    return MOTIONS[index % len(MOTIONS)]


def broll_layer(path: Path, duration_ms: int, index: int, box: tuple[int, int]) -> SceneContent:
    """A scene of b-roll: a clip looped and cut to length, or a still with Ken Burns motion."""
    if path.suffix.lower() in VIDEO_SUFFIXES:
        return VideoLayer(path=path, duration_ms=duration_ms, loop=True)
    return ImageLayer(path=path, duration_ms=duration_ms, motion=motion_for(index, image_size(path), box))


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
