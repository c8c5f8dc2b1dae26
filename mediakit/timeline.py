"""The declarative timeline every generator builds and the renderer compiles.

A timeline is plain frozen data: a canvas, visual layers stacked bottom to top,
audio clips, and an optional ASS subtitle document.  Times are integer
milliseconds; geometry is integer pixels.  Nothing here touches ffmpeg, so a
generator can be tested by inspecting the timeline it returns, and the
renderer can be tested by inspecting the graph it compiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Literal

from .errors import ValidationError

Fit = Literal["cover", "contain", "blur"]
FITS: tuple[str, ...] = ("cover", "contain", "blur")
ASPECTS: dict[str, tuple[int, int]] = {"9:16": (1080, 1920), "1:1": (1080, 1080), "16:9": (1920, 1080)}
AnimationKind = Literal["none", "fade", "slide-up", "slide-down", "slide-left", "slide-right"]
ANIMATIONS: tuple[str, ...] = ("none", "fade", "slide-up", "slide-down", "slide-left", "slide-right")


def check_fit(fit: str) -> Fit:
    if fit not in FITS:
        raise ValidationError("fit", fit, f"must be one of {', '.join(FITS)}")
    return fit  # type: ignore[return-value]


@dataclass(frozen=True)
class Canvas:
    """Output frame size and rate.  Sizes are even because yuv420p needs them so."""

    width: int
    height: int
    fps: Fraction = Fraction(30)

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if value < 16 or value > 8192 or value % 2:
                raise ValidationError(f"canvas.{name}", value, "must be an even number of pixels, 16 to 8192")
        if not 1 <= self.fps <= 120:
            raise ValidationError("canvas.fps", float(self.fps), "must be between 1 and 120")

    @classmethod
    def for_aspect(cls, aspect: str, fps: Fraction | int = 30) -> Canvas:
        """The standard canvas of a spec aspect ratio (``9:16`` -> 1080x1920)."""
        if aspect not in ASPECTS:
            raise ValidationError("aspect", aspect, f"must be one of {', '.join(ASPECTS)}")
        w, h = ASPECTS[aspect]
        return cls(w, h, Fraction(fps))

    @property
    def box(self) -> Box:
        return Box(0, 0, self.width, self.height)


@dataclass(frozen=True)
class Box:
    """A rectangle on the canvas, in pixels (top-left origin)."""

    x: int
    y: int
    w: int
    h: int

    def __post_init__(self) -> None:
        if self.w < 2 or self.h < 2:
            raise ValidationError("box", (self.w, self.h), "width and height must be at least 2 pixels")


@dataclass(frozen=True)
class Animation:
    """How a layer enters (or leaves): ``kind`` over ``duration_ms``."""

    kind: AnimationKind = "none"
    duration_ms: int = 400

    def __post_init__(self) -> None:
        if self.kind not in ANIMATIONS:
            raise ValidationError("animation", self.kind, f"must be one of {', '.join(ANIMATIONS)}")
        if self.duration_ms < 0:
            raise ValidationError("animation.duration_ms", self.duration_ms, "must be >= 0")


NO_ANIMATION = Animation()


@dataclass(frozen=True)
class Layer:
    """Common placement of a visual layer.

    ``duration_ms`` None means "until the timeline ends".  ``box`` None means
    the whole canvas.  ``fit`` says how content of another shape fills the box.
    """

    start_ms: int = 0
    duration_ms: int | None = None
    box: Box | None = None
    opacity: float = 1.0
    fit: Fit = "cover"
    enter: Animation = NO_ANIMATION
    exit: Animation = NO_ANIMATION

    def __post_init__(self) -> None:
        if self.start_ms < 0:
            raise ValidationError("layer.start_ms", self.start_ms, "must be >= 0")
        if self.duration_ms is not None and self.duration_ms <= 0:
            raise ValidationError("layer.duration_ms", self.duration_ms, "must be > 0")
        if not 0.0 <= self.opacity <= 1.0:
            raise ValidationError("layer.opacity", self.opacity, "must be between 0 and 1")
        check_fit(self.fit)


@dataclass(frozen=True)
class VideoLayer(Layer):
    """A video file; ``trim_start_ms`` skips into it, ``loop`` repeats it to fill its time."""

    path: Path = field(default=Path())
    trim_start_ms: int = 0
    loop: bool = False


@dataclass(frozen=True)
class ImageLayer(Layer):
    """A still image held for the layer's time (PNG with alpha keeps its transparency)."""

    path: Path = field(default=Path())


@dataclass(frozen=True)
class ColorLayer(Layer):
    """A solid colour (``#rrggbb`` or an ffmpeg colour name; ``@alpha`` allowed)."""

    color: str = "black"


@dataclass(frozen=True)
class TextLayer(Layer):
    """A line of text drawn with a bundled font, centred in its box."""

    text: str = ""
    font: str = "Inter"
    bold: bool = True
    size_px: int = 64
    color: str = "white"
    outline_px: int = 0
    outline_color: str = "black"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.text.strip():
            raise ValidationError("text", self.text, "must not be empty")


@dataclass(frozen=True)
class AudioClip:
    """A sound placed at ``start_ms`` on the timeline, optionally trimmed, looped and faded."""

    path: Path
    start_ms: int = 0
    trim_start_ms: int = 0
    duration_ms: int | None = None
    gain_db: float = 0.0
    loop: bool = False
    fade_in_ms: int = 0
    fade_out_ms: int = 0

    def __post_init__(self) -> None:
        if self.start_ms < 0 or self.trim_start_ms < 0:
            raise ValidationError("audio.start_ms", self.start_ms, "start and trim must be >= 0")
        if self.duration_ms is not None and self.duration_ms <= 0:
            raise ValidationError("audio.duration_ms", self.duration_ms, "must be > 0")


VisualLayer = VideoLayer | ImageLayer | ColorLayer | TextLayer


@dataclass(frozen=True)
class Timeline:
    """Everything one render needs.  Layers are drawn in order, first at the bottom."""

    canvas: Canvas
    duration_ms: int
    layers: tuple[VisualLayer, ...] = ()
    audio: tuple[AudioClip, ...] = ()
    subtitles: Path | None = None
    background: str = "black"

    def __post_init__(self) -> None:
        if self.duration_ms <= 0:
            raise ValidationError("duration", self.duration_ms, "must be > 0 ms")
        for layer in self.layers:
            if layer.start_ms >= self.duration_ms:
                raise ValidationError("layer.start_ms", layer.start_ms,
                                      f"must be before the timeline's end ({self.duration_ms} ms)")
