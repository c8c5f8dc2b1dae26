"""Picture-in-picture: the talking actor in a small frame over a background (ugc_video's ``pip_options``).

Geometry (all relative to the canvas, so every aspect gets the same look):

- width is a fraction of the canvas's *shorter* side (small 0.30, medium 0.38,
  large 0.48) and the frame is portrait 3:4, the shape of a face-and-shoulders
  shot;
- the frame's bottom edge sits above the bottom 20% of a 9:16 canvas
  (the platforms' caption, description and progress-bar zone; 8% otherwise),
  so nothing of the actor hides under the app's own UI;
- side margins are 4% of the width, and on a 9:16 canvas a bottom-right
  frame keeps 12% clear on the right, where short-video apps stack their like
  and share buttons;
- if a large frame cannot fit beside those margins it shrinks to fit, so the
  resting box is always inside the canvas; beside a box it must keep clear of
  (a phone's body, with its buttons on the edges) it narrows to end short of it;
- the position keeps clear of what the picture behind shows: over b-roll whose
  faces or salient parts (the picture analysis') the asked corner would
  cover, the frame takes the bottom corner or the centre that covers the
  least of them (``clear_position``).

``rounded`` cuts the corners with a mask drawn once by Pillow; ``shadow`` is
rounded plus a soft drop shadow built once in the graph.  ``bubble`` (an
extension) is the avatar bubble: a square frame holding a disc with a soft
shadow, and the actor cut out of their picture (``actors.person_cutout``),
head and shoulders, inside the disc; outside it the picture behind shows.
All are compiled into the one render graph; nothing runs per frame in Python.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import ConfigDict, with_config

from ..captions.caption_metrics import is_vertical
from ..errors import ValidationError
from ..timeline import (
    NO_ANIMATION,
    ActorLayer,
    Animation,
    Box,
    Canvas,
    ColorLayer,
    ImageLayer,
    Shadow,
    VideoLayer,
    VisualLayer,
)
from .actors.person_cutout import cut_out
from .masks import rounded_mask
from .subtitles.seen import Rect, sighted

Position = Literal["bottom-center", "bottom-left", "bottom-right"]
Size = Literal["small", "medium", "large"]
PipAnimation = Literal["slide-up", "slide-left", "slide-right", "fade", "scale"]
FrameStyle = Literal["none", "rounded", "shadow", "bubble"]

COMPOSITION_MODES: tuple[str, ...] = ("pip",)
POSITIONS: tuple[str, ...] = get_args(Position)
SIZES: dict[Size, float] = {"small": 0.30, "medium": 0.38, "large": 0.48}
PIP_ANIMATIONS: tuple[str, ...] = get_args(PipAnimation)
FRAME_STYLES: tuple[str, ...] = get_args(FrameStyle)
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".bmp"})

ASPECT = 4 / 3            # height / width of the frame
SIDE_MARGIN = 0.04        # of canvas width
BUTTON_COLUMN = 0.12      # of canvas width, kept clear on the right of portrait canvases
BOTTOM_PORTRAIT = 0.20    # of canvas height: the short-video apps' bottom UI zone
BOTTOM_OTHER = 0.08
CORNER = 0.08             # corner radius, of frame width
EDGE_GAP = 0.02           # of canvas width, between the frame and a box it keeps clear of (a phone's edge)
MIN_SHARE = 0.22          # of the canvas's shorter side: the narrowest a frame gets to keep clear of one
ENTER_MS = 450
EXIT_MS = 250
BUBBLE_DISC = "#F1ECE4"   # the avatar bubble's disc: a warm light tone a face and dark clothes stand out on


# The one definition of the options: a request model validates them as a field
# (pydantic checks the literal types and refuses other properties, naming
# ``pip_options.<field>``; the docstring is the JSON Schema's description);
# Python callers and preset files are checked by ``__post_init__`` and
# :meth:`from_dict`, with the same value names.
@with_config(ConfigDict(extra="forbid"))
@dataclass(frozen=True)
class PipOptions:
    """``pip_options``: where the actor's picture-in-picture sits and how it enters."""

    position: Position = "bottom-right"
    size: Size = "medium"
    animation: PipAnimation = "slide-up"
    frame_style: FrameStyle = "rounded"

    def __post_init__(self) -> None:
        for name, value, valid in (("position", self.position, POSITIONS), ("size", self.size, tuple(SIZES)),
                                   ("animation", self.animation, PIP_ANIMATIONS),
                                   ("frame_style", self.frame_style, FRAME_STYLES)):
            if value not in valid:
                raise ValidationError(f"pip_options.{name}", value, f"must be one of {', '.join(valid)}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> PipOptions:
        """Parse the request object: no extra properties, string values only."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise ValidationError("pip_options", data, "must be an object")
        allowed = ("position", "size", "animation", "frame_style")
        for key, value in data.items():
            if key not in allowed:
                raise ValidationError("pip_options", key, f"unknown property; allowed: {', '.join(allowed)}")
            if not isinstance(value, str):
                raise ValidationError(f"pip_options.{key}", value, "must be a string")
        return cls(**dict(data))


def check_composition_mode(value: object) -> str:
    """ugc_video's ``composition_mode``: the spec allows only ``pip``."""
    if value not in COMPOSITION_MODES:
        raise ValidationError("composition_mode", value, f"must be one of {', '.join(COMPOSITION_MODES)}")
    return "pip"


def pip_box(options: PipOptions, canvas: Canvas, *, clear_of: Sequence[Box] = ()) -> Box:
    """The frame's resting box on ``canvas`` (see the module docstring for the rules).

    ``clear_of`` are boxes the frame must not touch: one beside it (a phone's
    body, whose edges carry its buttons) narrows a frame at the side to end
    ``EDGE_GAP`` short of it; one above it (a product standing over the frame's
    corner) shrinks it so its top stays that far below -- whichever shrinks it
    less, never below ``MIN_SHARE`` of the canvas's shorter side.  Only a
    phone-UI frame (``is_vertical``: 9:16) keeps its lower fifth and its button
    column clear; a 4:5 post, like a square one, has no overlays on it.
    """
    cw, ch = canvas.width, canvas.height
    reel = is_vertical(cw, ch)
    side = round(cw * SIDE_MARGIN)
    right = round(cw * BUTTON_COLUMN) if reel and options.position == "bottom-right" else side
    bottom = round(ch * (BOTTOM_PORTRAIT if reel else BOTTOM_OTHER))
    w = SIZES[options.size] * min(cw, ch)
    w = min(w, cw - side - right, (ch - bottom - side) / ASPECT)
    gap = cw * EDGE_GAP
    for other in clear_of:
        rooms = []
        if options.position == "bottom-left" and other.x > side:
            rooms.append(other.x - gap - side)
        elif options.position == "bottom-right" and other.x + other.w < cw - right:
            rooms.append(cw - right - (other.x + other.w + gap))
        if other.y + other.h < ch - bottom:     # it ends above the frame's foot: the frame may stay under it
            rooms.append((ch - bottom - (other.y + other.h) - gap) / ASPECT)
        if rooms and _touches(_placed_box(options, canvas, w, right, bottom), other, gap) and max(rooms) < w:
            w = max(max(rooms), MIN_SHARE * min(cw, ch))
    return _placed_box(options, canvas, w, right, bottom)


def _placed_box(options: PipOptions, canvas: Canvas, w: float, right: int, bottom: int) -> Box:
    """The frame ``w`` px wide (even pixels, 3:4) at its position, ``right`` px from the right edge when there,
    its foot ``bottom`` px above the bottom edge."""
    cw, ch = canvas.width, canvas.height
    w_px = max(2, int(w) // 2 * 2)
    h_px = w_px if options.frame_style == "bubble" else max(2, int(w_px * ASPECT) // 2 * 2)
    if options.position == "bottom-left":
        x = round(cw * SIDE_MARGIN)
    elif options.position == "bottom-right":
        x = cw - right - w_px
    else:
        x = (cw - w_px) // 2
    return Box(x, ch - bottom - h_px, w_px, h_px)


def _touches(box: Box, other: Box, gap: float) -> bool:
    """Whether ``box`` comes within ``gap`` px of ``other``."""
    return (box.x < other.x + other.w + gap and other.x < box.x + box.w + gap
            and box.y < other.y + other.h + gap and other.y < box.y + box.h + gap)


def clear_position(options: PipOptions, canvas: Canvas, behind: Sequence[VisualLayer]) -> PipOptions:
    """``options`` at the position whose frame covers the least of the faces, then of the salient parts, that
    the photos and clips ``behind`` it show (the picture analysis'); the asked position wins ties, so it stays
    wherever it covers nothing.  Only positions that keep the frame's size are tried (the actor is framed for
    it before the picture is laid out)."""
    faces, salient = sighted(behind, canvas)
    if not faces and not salient:
        return options
    asked = pip_box(options, canvas)
    tries = [options, *(replace(options, position=p) for p in POSITIONS if p != options.position)]  # type: ignore[arg-type]

    def covered(option: PipOptions) -> tuple[float, float]:
        box = pip_box(option, canvas)
        return (round(sum(_overlap(box, face) for face in faces)),
                round(sum(_overlap(box, rect) * weight for rect, weight in salient), 1))

    return min((o for o in tries if (b := pip_box(o, canvas)).w == asked.w and b.h == asked.h), key=covered)


def clear_corner(options: PipOptions, canvas: Canvas, clear_of: Sequence[Box]) -> PipOptions:
    """``options`` at the first position, the asked one first, whose frame (shrunk as ``pip_box`` shrinks it)
    overlaps none of ``clear_of``; the asked one when none does."""
    tries = [options, *(replace(options, position=p) for p in POSITIONS if p != options.position)]  # type: ignore[arg-type]
    return next((o for o in tries if not any(_touches(pip_box(o, canvas, clear_of=clear_of), other, 0)
                                             for other in clear_of)), options)


def _overlap(box: Box, rect: Rect) -> float:
    """The area (px) of ``rect`` that ``box`` covers."""
    x0, y0, x1, y1 = rect
    return max(0.0, min(box.x + box.w, x1) - max(box.x, x0)) * max(0.0, min(box.y + box.h, y1) - max(box.y, y0))


def pip_layer(source: Path | ActorLayer, options: PipOptions, canvas: Canvas, start_ms: int, duration_ms: int, *,
              trim_start_ms: int = 0, loop: bool = False, leaves: bool = False, clear_of: Sequence[Box] = (),
              cache_dir: Path | None = None) -> tuple[VisualLayer, ...]:
    """The PiP of ``source`` (a clip, a still or a drawn actor's layer) over whatever lies below, from ``start_ms``.

    ``leaves``: the frame fades out over its last ``EXIT_MS`` (it goes before
    the timeline ends, e.g. as a cut back to the full-frame actor begins), so
    it never vanishes in one frame.

    ``clear_of``: boxes the frame keeps clear of (``pip_box``), at another
    bottom corner where the asked one cannot (``clear_corner``).

    Pass ``trim_start_ms=start_ms`` when ``source`` is a talking track aligned
    with the voice, so the lips stay in sync with the continuous audio.
    Returns a tuple so callers can stack it whatever it grows into.
    """
    box = pip_box(clear_corner(options, canvas, clear_of), canvas, clear_of=clear_of)
    mask = None
    bubble = options.frame_style == "bubble"
    if options.frame_style != "none":
        mask = rounded_mask(box.w, box.h, box.w // 2 if bubble else round(box.w * CORNER), cache_dir)
    shadow = Shadow(0, max(2, box.h // 40), max(2, box.w // 24), 0.5) if options.frame_style in ("shadow", "bubble") \
        else None
    common: dict[str, Any] = {"start_ms": start_ms, "duration_ms": duration_ms, "box": box, "mask": mask,
                              "shadow": shadow, "enter": Animation(options.animation, min(ENTER_MS, duration_ms // 2)),  # type: ignore[arg-type]
                              "exit": Animation("fade", min(EXIT_MS, duration_ms // 2)) if leaves else NO_ANIMATION}
    if bubble:  # the disc carries the shadow; the actor is cut out inside it
        disc = ColorLayer(color=BUBBLE_DISC, **common)
        common["shadow"] = None
        return disc, *cut_out((_placed(source, trim_start_ms, loop, common),), ColorLayer(color=BUBBLE_DISC),
                              shape=mask)
    return (_placed(source, trim_start_ms, loop, common),)


def _placed(source: Path | ActorLayer, trim_start_ms: int, loop: bool, common: dict[str, Any]) -> VisualLayer:
    """``source`` as a layer with ``common``'s placement: a drawn actor animated from the trim on, a still or a
    clip."""
    if not isinstance(source, Path):
        return replace(source, trim_start_ms=trim_start_ms, **common)
    if source.suffix.lower() in IMAGE_SUFFIXES:
        return ImageLayer(path=source, **common)
    return VideoLayer(path=source, trim_start_ms=trim_start_ms, loop=loop, **common)
