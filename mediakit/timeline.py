"""The declarative timeline every generator builds and the renderer compiles.

A timeline is plain frozen data: a canvas, visual layers stacked bottom to top,
audio clips and word-timed captions.  Times are integer
milliseconds; geometry is integer pixels.  Nothing here touches ffmpeg, so a
generator can be tested by inspecting the timeline it returns, and the
renderer can be tested by inspecting the graph it compiles.  ``to_dict`` and
``from_dict`` turn a timeline into plain JSON data and back (versioned), so a
job can log, snapshot or replay exactly what it rendered.

Each visual layer class says two things the compiler needs about it:
``always_alpha`` (its pixels carry transparency even at full opacity) and
``can_be_base`` (an opaque full-frame one can be the bottom of the graph).
"""

from __future__ import annotations

import math
import types
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal, Union, get_args, get_origin, get_type_hints

from .errors import ValidationError
from .words import Word

Fit = Literal["cover", "contain", "blur"]
FITS: tuple[str, ...] = ("cover", "contain", "blur")
# the spec's three, and 4:5 (a feed post; a mediakit extension: the spec's fields do not list it)
ASPECTS: dict[str, tuple[int, int]] = {"9:16": (1080, 1920), "1:1": (1080, 1080), "16:9": (1920, 1080),
                                       "4:5": (1080, 1350)}
AnimationKind = Literal["none", "fade", "slide-up", "slide-down", "slide-left", "slide-right", "scale"]
ANIMATIONS: tuple[str, ...] = ("none", "fade", "slide-up", "slide-down", "slide-left", "slide-right", "scale")
MIN_TRANSITION_MS = 40  # the shortest transition a sequence accepts; anything shorter is a cut
KeySpace = Literal["rgb", "yuv"]
KEY_SPACES: tuple[str, ...] = ("rgb", "yuv")
# xfade transitions offered between the scenes of a SequenceLayer ("cut" joins them with no blend)
TRANSITIONS: tuple[str, ...] = ("cut", "fade", "fadeblack", "fadewhite", "dissolve", "wipeleft", "wiperight",
                                "wipeup", "wipedown", "slideleft", "slideright", "slideup", "slidedown",
                                "smoothleft", "smoothright", "smoothup", "smoothdown", "circleopen",
                                "circleclose", "zoomin", "coverleft", "coverup", "revealleft", "revealup")


def aspect_tag(aspect: str) -> str:
    """``9:16`` as ``9x16``: an aspect in a file or folder name (``ad_9x16.mp4``)."""
    return aspect.replace(":", "x")


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
    """How a layer enters (or leaves): ``kind`` over ``duration_ms``.

    ``scale`` grows the layer from nothing to full size about its centre (enter
    only); slides come in from off-canvas; ``fade`` ramps its alpha.
    """

    kind: AnimationKind = "none"
    duration_ms: int = 400

    def __post_init__(self) -> None:
        if self.kind not in ANIMATIONS:
            raise ValidationError("animation", self.kind, f"must be one of {', '.join(ANIMATIONS)}")
        if self.duration_ms < 0:
            raise ValidationError("animation.duration_ms", self.duration_ms, "must be >= 0")


NO_ANIMATION = Animation()


@dataclass(frozen=True)
class Shadow:
    """A soft drop shadow: the layer's shape (its mask, else its box) blurred, darkened and offset.

    Built once from the static shape inside the graph, so it costs one blur per
    render, not one per frame.
    """

    offset_x: int = 0
    offset_y: int = 12
    blur_px: int = 18
    opacity: float = 0.45
    color: str = "black"

    def __post_init__(self) -> None:
        if not 0 <= self.blur_px <= 200:
            raise ValidationError("shadow.blur_px", self.blur_px, "must be between 0 and 200")
        if not 0.0 < self.opacity <= 1.0:
            raise ValidationError("shadow.opacity", self.opacity, "must be above 0 and at most 1")

    @property
    def margin(self) -> int:
        """Pixels the shadow may reach beyond the layer's box on any side."""
        return 3 * self.blur_px + max(abs(self.offset_x), abs(self.offset_y)) + 2


@dataclass(frozen=True)
class PanStop:
    """Where a Ken Burns pan is at ``at_ms`` of its layer's time (a fraction of the overflow, as ``pan_from``)."""

    at_ms: int
    pan: tuple[float, float]


@dataclass(frozen=True)
class KenBurns:
    """Slow zoom and pan over a layer's content that never shows an edge.

    Zoom is relative to cover-fit (1.0 = exactly covers the box), so it may not
    go below 1.  Pan is the fraction of the overflow at each end of the motion:
    ``(0, 0)`` shows the top-left of the content, ``(0.5, 0.5)`` its centre,
    ``(1, 1)`` its bottom-right; the view therefore always lies inside the
    content.  Motion eases in and out over the layer's time.

    ``stops`` make the pan a path (a screen following what the voice says):
    from ``pan_from`` at 0 through each stop in time order to ``pan_to`` at
    the end, easing in and out between neighbours.  The zoom must then be
    constant, so that every frame is a crop of one scaled picture (never a
    per-frame re-scale).
    """

    zoom_from: float = 1.0
    zoom_to: float = 1.15
    pan_from: tuple[float, float] = (0.5, 0.5)
    pan_to: tuple[float, float] = (0.5, 0.5)
    stops: tuple[PanStop, ...] = ()

    def __post_init__(self) -> None:
        for name, z in (("zoom_from", self.zoom_from), ("zoom_to", self.zoom_to)):
            if not 1.0 <= z <= 3.0:
                raise ValidationError(f"motion.{name}", z, "must be between 1.0 (cover-fit) and 3.0")
        pans = (("pan_from", self.pan_from), ("pan_to", self.pan_to),
                *((f"stops[{n}].pan", s.pan) for n, s in enumerate(self.stops)))
        for name, (fx, fy) in pans:
            if not (0.0 <= fx <= 1.0 and 0.0 <= fy <= 1.0):
                raise ValidationError(f"motion.{name}", (fx, fy), "must be fractions between 0 and 1")
        if self.stops and self.zooms:
            raise ValidationError("motion.stops", len(self.stops), "need a constant zoom (zoom_from == zoom_to)")
        times = [s.at_ms for s in self.stops]
        if times != sorted(times) or (times and times[0] < 0):
            raise ValidationError("motion.stops", times, "must be at 0 ms or later, in time order")

    @property
    def zooms(self) -> bool:
        return self.zoom_from != self.zoom_to

    def path(self, duration_ms: int) -> list[tuple[int, tuple[float, float]]]:
        """The pan's keyframes over a layer of ``duration_ms``: (ms, pan), first at 0 and last at the end."""
        end = max(1, duration_ms)
        inner = [(min(s.at_ms, end), s.pan) for s in self.stops]
        return [(0, self.pan_from), *inner, (end, self.pan_to)]

    def pan_at(self, t_ms: float, duration_ms: int) -> tuple[float, float]:
        """The pan at ``t_ms`` of the layer's time: eased (half a cosine) between the keyframes around it
        (what the render's crop does per frame)."""
        keys = self.path(duration_ms)
        for (a_ms, a), (b_ms, b) in zip(keys, keys[1:], strict=False):
            if t_ms < b_ms:
                p = 0.5 - 0.5 * math.cos(math.pi * min(1.0, max(0.0, (t_ms - a_ms) / max(1, b_ms - a_ms))))
                return a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p
        return keys[-1][1]


Point = tuple[int, int]


@dataclass(frozen=True)
class Quad:
    """Where the four corners of a layer's flat content land on the canvas (a perspective warp).

    The content is first fitted to ``width`` x ``height`` (its undistorted
    shape, e.g. a 16:10 laptop screen), then warped so its corners meet these
    points, which lets a drawn device in 3/4 view show a screen correctly.
    """

    top_left: Point
    top_right: Point
    bottom_right: Point
    bottom_left: Point
    width: int
    height: int

    def __post_init__(self) -> None:
        if self.width < 2 or self.height < 2:
            raise ValidationError("quad", (self.width, self.height), "flat size must be at least 2x2 pixels")
        bounds = self.bounds
        if bounds.w < 4 or bounds.h < 4:
            raise ValidationError("quad", self.points, "corners must span at least 4x4 pixels")

    @property
    def points(self) -> tuple[Point, Point, Point, Point]:
        return (self.top_left, self.top_right, self.bottom_right, self.bottom_left)

    @property
    def bounds(self) -> Box:
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        x0, y0 = min(xs), min(ys)
        # even size: the warped stream is overlaid as yuva420p
        return Box(x0, y0, max(2, (max(xs) - x0 + 1) // 2 * 2), max(2, (max(ys) - y0 + 1) // 2 * 2))


@dataclass(frozen=True)
class ChromaKey:
    """Make one colour transparent (green screen).

    ``space`` says how closeness to ``color`` is measured.  ``rgb`` is
    ffmpeg's colorkey: distance in RGB, exact and cheap on a flat plate of one
    colour (a prepared clip's key green).  ``yuv`` is chromakey: distance in
    chroma only, so the shading and uneven lighting of a real green screen
    key as one colour.  ``despill`` then pulls the green that a real screen
    reflects onto hair and edges back to neutral (ffmpeg's despill, green):
    it caps green at the mean of red and blue, so it also turns yellow
    towards orange and cyan towards teal.
    """

    color: str = "0x00ff00"
    similarity: float = 0.3
    blend: float = 0.08
    space: KeySpace = "rgb"
    despill: bool = False

    def __post_init__(self) -> None:
        if not 0.0 < self.similarity <= 1.0 or not 0.0 <= self.blend <= 1.0:
            raise ValidationError("key", (self.similarity, self.blend),
                                  "similarity must be in (0, 1] and blend in [0, 1]")
        if self.space not in KEY_SPACES:
            raise ValidationError("key.space", self.space, f"must be one of {', '.join(KEY_SPACES)}")


@dataclass(frozen=True)
class Hover:
    """An endless gentle sway of a layer's position (a product held in a hand).

    A sine in the overlay's position expression: it costs nothing per frame
    beyond the overlay itself.  The layer moves up to ``dx``/``dy`` pixels
    either side of its box.
    """

    dx: int = 0
    dy: int = 10
    period_ms: int = 2400

    def __post_init__(self) -> None:
        if self.period_ms < 200:
            raise ValidationError("hover.period_ms", self.period_ms, "must be >= 200")


@dataclass(frozen=True)
class Crop:
    """A region of the source, as fractions of its width and height (e.g. the face in a clip)."""

    x: float
    y: float
    w: float
    h: float

    def __post_init__(self) -> None:
        if not (0 <= self.x < 1 and 0 <= self.y < 1 and 0 < self.w <= 1 - self.x + 1e-9
                and 0 < self.h <= 1 - self.y + 1e-9):
            raise ValidationError("crop", (self.x, self.y, self.w, self.h),
                                  "must be fractions with x + w <= 1 and y + h <= 1")


@dataclass(frozen=True)
class Layer:
    """Common placement of a visual layer.

    ``duration_ms`` None means "until the timeline ends".  ``box`` None means
    the whole canvas.  ``fit`` says how content of another shape fills the box.
    ``mask`` is a greyscale image whose brightness becomes the layer's alpha
    (drawn once by Pillow, e.g. rounded corners); ``shadow`` draws a soft shadow
    under the layer; ``warp`` replaces ``box`` with a perspective quad;
    ``key`` makes a colour transparent; ``hover`` sways it gently.
    """

    start_ms: int = 0
    duration_ms: int | None = None
    box: Box | None = None
    opacity: float = 1.0
    fit: Fit = "cover"
    enter: Animation = NO_ANIMATION
    exit: Animation = NO_ANIMATION
    mask: Path | None = None
    shadow: Shadow | None = None
    warp: Quad | None = None
    key: ChromaKey | None = None
    hover: Hover | None = None

    always_alpha: ClassVar[bool] = False
    can_be_base: ClassVar[bool] = False

    def __post_init__(self) -> None:
        if self.start_ms < 0:
            raise ValidationError("layer.start_ms", self.start_ms, "must be >= 0")
        if self.duration_ms is not None and self.duration_ms <= 0:
            raise ValidationError("layer.duration_ms", self.duration_ms, "must be > 0")
        if not 0.0 <= self.opacity <= 1.0:
            raise ValidationError("layer.opacity", self.opacity, "must be between 0 and 1")
        check_fit(self.fit)
        if self.exit.kind not in ("none", "fade"):
            raise ValidationError("exit", self.exit.kind, "must be none or fade")
        if self.warp is not None and self.box is not None:
            raise ValidationError("warp", self.warp.points, "replaces box; give one or the other")
        if self.warp is not None and self.shadow is not None:
            raise ValidationError("shadow", self.shadow, "cannot be combined with warp; draw it into the device")

    @property
    def decorated(self) -> bool:
        """True when the layer needs alpha work beyond plain placement."""
        return any(v is not None for v in (self.mask, self.shadow, self.warp, self.key))


@dataclass(frozen=True)
class VideoLayer(Layer):
    """A video file; ``trim_start_ms`` skips into it, ``loop`` repeats it to fill its time.

    ``crop`` keeps a region of each frame before fitting (a face close-up of a
    talking clip); ``motion`` pushes in or pans (scaled per frame, so it costs
    more on video than on a still).
    """

    path: Path = field(kw_only=True)
    trim_start_ms: int = 0
    loop: bool = False
    crop: Crop | None = None
    motion: KenBurns | None = None

    can_be_base: ClassVar[bool] = True

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_motion(self.motion, self.fit)


@dataclass(frozen=True)
class ImageLayer(Layer):
    """A still image held for the layer's time (PNG with alpha keeps its transparency).

    The image is decoded and fitted once, then repeated; ``motion`` (Ken Burns)
    moves a view over that one pre-scaled frame.
    """

    path: Path = field(kw_only=True)
    crop: Crop | None = None
    motion: KenBurns | None = None

    always_alpha: ClassVar[bool] = True
    can_be_base: ClassVar[bool] = True

    def __post_init__(self) -> None:
        super().__post_init__()
        _check_motion(self.motion, self.fit)


def _check_motion(motion: KenBurns | None, fit: str) -> None:
    if motion is not None and fit != "cover":
        raise ValidationError("motion", fit, "Ken Burns motion needs fit 'cover' (it never shows an edge)")


@dataclass(frozen=True)
class ColorLayer(Layer):
    """A solid colour (``#rrggbb`` or an ffmpeg colour name; ``@alpha`` allowed)."""

    color: str = "black"

    always_alpha: ClassVar[bool] = True


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

    always_alpha: ClassVar[bool] = True

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


@dataclass(frozen=True)
class Captions:
    """Words burned in as captions, in a style, their pages centred at ``centre_y``.

    Data, not a file: the renderer writes the ASS document for libass at
    render time (``stages.subtitles.build_ass``), so a timeline's JSON replays
    its captions.  ``centre_y`` is the height (px) of each page's centre,
    decided once by the generator that keeps captions off faces and products;
    a page that would leave the safe area there is moved back inside it (so
    the canvas's bottom edge seats captions on the safe area's foot).  None
    leaves pages where the style puts them (its ``vertical``).  ``behind`` is
    the range of relative luminance (0..1) of the picture behind the pages,
    as the picture analysis measured it (black to white when unknown): the
    renderer strengthens the style's outline, box or shadow where its letters
    would read below WCAG 4.5:1 against that (``captions.contrast``).
    """

    words: tuple[Word, ...]
    style: str
    centre_y: int | None = None
    behind: tuple[float, float] = (0.0, 1.0)

    def __post_init__(self) -> None:
        if self.centre_y is not None and self.centre_y < 0:
            raise ValidationError("captions.centre_y", self.centre_y, "must be >= 0 pixels")
        lo, hi = self.behind
        if not 0.0 <= lo <= hi <= 1.0:
            raise ValidationError("captions.behind", self.behind, "must be two luminances, 0 <= low <= high <= 1")


@dataclass(frozen=True)
class Transition:
    """How one scene of a sequence hands over to the next: an xfade ``kind`` centred on the cut."""

    kind: str = "fade"
    duration_ms: int = 300

    def __post_init__(self) -> None:
        if self.kind not in TRANSITIONS:
            raise ValidationError("transition", self.kind, f"must be one of {', '.join(TRANSITIONS)}")
        if self.duration_ms < 0 or (self.kind != "cut" and self.duration_ms < MIN_TRANSITION_MS):
            raise ValidationError("transition.duration_ms", self.duration_ms,
                                  f"must be >= {MIN_TRANSITION_MS} ms (use kind 'cut' for none)")


Backdrop = VideoLayer | ImageLayer | ColorLayer


@dataclass(frozen=True)
class Wave:
    """``amplitude`` pixels of ``sin(2*PI*t/period_s + phase)``: idle motion as an expression of time."""

    amplitude: float
    period_s: float
    phase: float

    def __post_init__(self) -> None:
        if self.period_s <= 0:
            raise ValidationError("wave.period_s", self.period_s, "must be > 0")


@dataclass(frozen=True)
class Dip:
    """``amplitude`` pixels down (up when negative) and back over ``duration_ms`` from ``start_ms`` (half a
    sine): one nod or shrug, timed to a word, where a ``Wave`` runs the whole clip."""

    start_ms: int
    duration_ms: int
    amplitude: float

    def __post_init__(self) -> None:
        if self.start_ms < 0 or self.duration_ms <= 0:
            raise ValidationError("dip", (self.start_ms, self.duration_ms), "needs start_ms >= 0, duration_ms > 0")


@dataclass(frozen=True)
class Sprite:
    """A still part of a drawn figure, its top-left at (``x``, ``y``) in the part below it.

    With ``cells`` > 1 the image is a strip of that many same-sized
    alternatives side by side (mouth shapes, eye states) and ``schedule``
    says which cell shows when: (cell, start_ms, end_ms) spans, the last cell
    held after the last span.  One held strip cropped per frame is one cheap
    crop, where a file per shape would be one stream per shape.
    """

    path: Path
    x: int = 0
    y: int = 0
    cells: int = 1
    schedule: tuple[tuple[int, int, int], ...] = ()

    def __post_init__(self) -> None:
        if self.cells < 1 or any(not 0 <= c < self.cells or b < a for c, a, b in self.schedule):
            raise ValidationError("sprite.schedule", self.schedule, f"needs cells in 0..{self.cells - 1}, end >= start")


@dataclass(frozen=True)
class Punch:
    """An animated actor's punch-ins: over ``spans`` (ms on the layer's clock, as its schedules) it shows in a
    tight framing, ``zoom`` times closer about ``centre`` (px of the layer's size), drawn once, not scaled per
    frame (``stages.actors.tight_framing``).

    Every sprite then holds twice its cells, the tight copies after the wide
    ones, and each cell covers both framings' boxes, so no sprite moves when
    the framing changes; the head mask is two cells too (wide, tight).
    ``backdrop`` is the backdrop at the layer's size as two cells, wide then
    tight (None for a colour, the same in both); the layer's own backdrop
    stays, for readers of the wide picture.
    """

    spans: tuple[tuple[int, int], ...]
    zoom: float
    centre: tuple[float, float]
    backdrop: Path | None = None

    def __post_init__(self) -> None:
        if not 1 < self.zoom <= 2:
            raise ValidationError("punch.zoom", self.zoom, "must be over 1 and at most 2")
        pairs = zip(self.spans, self.spans[1:], strict=False)
        if any(b <= a for a, b in self.spans) or any(nxt[0] < span[1] for span, nxt in pairs):
            raise ValidationError("punch.spans", self.spans, "must be in order, each ending after it starts")


@dataclass(frozen=True)
class AnimatedLayer(Layer):
    """What an actor animated inside the final graph has: the size it is drawn at, how far into its
    animation it starts (``trim_start_ms``), and ``crop`` / ``motion`` applied as on a video layer."""

    size: tuple[int, int] = field(kw_only=True)
    trim_start_ms: int = 0
    crop: Crop | None = None
    motion: KenBurns | None = None

    can_be_base: ClassVar[bool] = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.size[0] < 2 or self.size[1] < 2 or self.size[0] % 2 or self.size[1] % 2:
            raise ValidationError("size", self.size, "must be even numbers of pixels, at least 2")
        if self.trim_start_ms < 0:
            raise ValidationError("trim_start_ms", self.trim_start_ms, "must be >= 0")
        _check_motion(self.motion, self.fit)


@dataclass(frozen=True)
class PuppetLayer(AnimatedLayer):
    """A drawn character speaking, animated inside the final graph (the built-in lip-sync engine).

    The parts are drawn once (``stages.actors.puppet``); per frame the graph
    only crops the current mouth and eyes out of their strips and overlays
    the head and body at positions given by ``Wave`` sums (sway, nod,
    breathing).  Everything is composed at ``size`` over ``backdrop``, then
    ``crop`` and ``motion`` (a face close-up's push-in) apply as on a video
    layer before it is fitted to the box.  ``trim_start_ms`` starts the animation that far
    in, so a scene or a PiP showing the actor from a timeline time stays in
    sync with the continuous voice.

    A photo actor (``stages.actors.photo_rig``) has no body, and its head is
    an opaque cut of the photo whose ``head_mask`` (a grey image of the head's
    size) becomes its alpha once the eyes and mouth are laid on it, so the
    head's soft edge never doubles where a part overlaps it.
    """

    backdrop: Backdrop = field(kw_only=True)
    head: Sprite = field(kw_only=True)
    eyes: Sprite = field(kw_only=True)
    mouth: Sprite = field(kw_only=True)
    body: Sprite | None = None
    head_mask: Path | None = None
    head_dx: tuple[Wave, ...] = ()
    head_dy: tuple[Wave, ...] = ()
    body_dy: tuple[Wave, ...] = ()
    head_dips: tuple[Dip, ...] = ()  # nods on stressed words, over the head_dy waves
    body_dips: tuple[Dip, ...] = ()  # shrugs (the shoulders up), over the body_dy waves
    punch: Punch | None = None       # cuts to a tight framing (punch-ins), drawn once


ActorLayer = PuppetLayer
SceneContent = VideoLayer | ImageLayer | ColorLayer | PuppetLayer


@dataclass(frozen=True)
class SequenceLayer(Layer):
    """Scenes played one after another in one box, joined by transitions (ffmpeg xfade).

    Each scene gives its own ``duration_ms`` (its share of the sequence, cut
    point to cut point); its ``start_ms`` and ``box`` must be left unset, since
    the sequence places it.  A transition is centred on each cut, so the
    sequence lasts exactly the sum of the scene durations and cut points stay
    where the voice's word timings put them.  Scenes are opaque.
    """

    scenes: tuple[SceneContent, ...] = ()
    transition: Transition = Transition()

    can_be_base: ClassVar[bool] = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if not self.scenes:
            raise ValidationError("scenes", self.scenes, "must hold at least one scene")
        for n, scene in enumerate(self.scenes):
            if scene.duration_ms is None:
                raise ValidationError(f"scenes[{n}].duration_ms", None, "is required in a sequence")
            if scene.start_ms or scene.box is not None or scene.decorated:
                raise ValidationError(f"scenes[{n}]", type(scene).__name__,
                                      "must not set start_ms, box, mask, shadow, warp or key")
            if 2 * scene.duration_ms < self.transition.duration_ms * (2 if 0 < n < len(self.scenes) - 1 else 1):
                raise ValidationError(f"scenes[{n}].duration_ms", scene.duration_ms,
                                      f"is too short for a {self.transition.duration_ms} ms transition")
        total = self.total_ms
        if self.duration_ms is None:
            object.__setattr__(self, "duration_ms", total)
        elif self.duration_ms != total:
            raise ValidationError("sequence.duration_ms", self.duration_ms,
                                  f"must equal the sum of scene durations ({total} ms)")

    @property
    def total_ms(self) -> int:
        return sum(s.duration_ms or 0 for s in self.scenes)

    @property
    def cuts_ms(self) -> tuple[int, ...]:
        """Times (from the sequence's start) where each scene after the first begins."""
        out, t = [], 0
        for scene in self.scenes[:-1]:
            t += scene.duration_ms or 0
            out.append(t)
        return tuple(out)


VisualLayer = VideoLayer | ImageLayer | ColorLayer | TextLayer | SequenceLayer | PuppetLayer


@dataclass(frozen=True)
class Track:
    """What a stage returns: layers (bottom first) and sounds that together last ``duration_ms``.

    Stages never build a whole :class:`Timeline` and never write a finished
    file; a generator stacks the tracks of its stages into the one timeline
    it owns.  Layer and clip times are relative to the track's start.
    """

    layers: tuple[VisualLayer, ...]
    duration_ms: int
    audio: tuple[AudioClip, ...] = ()

    def __post_init__(self) -> None:
        if self.duration_ms <= 0:
            raise ValidationError("track.duration_ms", self.duration_ms, "must be > 0")


@dataclass(frozen=True)
class Timeline:
    """Everything one render needs.  Layers are drawn in order, first at the bottom."""

    canvas: Canvas
    duration_ms: int
    layers: tuple[VisualLayer, ...] = ()
    audio: tuple[AudioClip, ...] = ()
    captions: Captions | None = None
    background: str = "black"

    def __post_init__(self) -> None:
        if self.duration_ms <= 0:
            raise ValidationError("duration", self.duration_ms, "must be > 0 ms")
        for layer in self.layers:
            if layer.start_ms >= self.duration_ms:
                raise ValidationError("layer.start_ms", layer.start_ms,
                                      f"must be before the timeline's end ({self.duration_ms} ms)")
        for clip in self.audio:
            if clip.start_ms >= self.duration_ms:
                raise ValidationError("audio.start_ms", clip.start_ms,
                                      f"must be before the timeline's end ({self.duration_ms} ms)")

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data (paths and rates as strings, layers tagged with their ``type``), versioned."""
        data: dict[str, Any] = {"version": TIMELINE_VERSION, **_encode(self)}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Timeline:
        """The timeline ``to_dict`` wrote; every value is checked again by the classes it builds."""
        if not isinstance(data, dict):
            raise ValidationError("timeline", type(data).__name__, "must be a mapping")
        body = dict(data)
        version = body.pop("version", None)
        if version != TIMELINE_VERSION:
            raise ValidationError("version", version, f"must be {TIMELINE_VERSION} (the timeline format)")
        built: Timeline = _build(cls, body, "timeline")
        return built


TIMELINE_VERSION = 2  # 2: captions are data (words, style, centre), not an .ass path; no ducking


def _encode(value: Any) -> Any:
    """A timeline value as JSON data; fields left at their defaults are omitted to keep logs short."""
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        if isinstance(value, Layer):
            out["type"] = type(value).__name__
        for f in fields(value):
            item = getattr(value, f.name)
            if f.default is MISSING or item != f.default:
                out[f.name] = _encode(item)
        return out
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def _build(cls: type[Any], data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise ValidationError(where, data, f"must be a mapping of {cls.__name__} fields")
    hints = get_type_hints(cls)
    names = {f.name for f in fields(cls)}
    kwargs = {}
    for key, raw in data.items():
        if key == "type":
            continue
        if key not in names:
            raise ValidationError(f"{where}.{key}", raw, f"is not a field of {cls.__name__}")
        kwargs[key] = _decode(hints[key], raw, f"{where}.{key}")
    return cls(**kwargs)


def _decode(tp: Any, raw: Any, where: str) -> Any:
    origin, args = get_origin(tp), get_args(tp)
    if raw is None:
        return None
    if origin in (Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) > 1:
            by_name = {a.__name__: a for a in options}
            kind = raw.get("type") if isinstance(raw, dict) else None
            if kind not in by_name:
                raise ValidationError(f"{where}.type", kind, f"must be one of {', '.join(by_name)}")
            return _build(by_name[kind], raw, where)
        return _decode(options[0], raw, where)
    if origin is tuple:
        if not isinstance(raw, list | tuple):
            raise ValidationError(where, raw, "must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, f"{where}[{n}]") for n, v in enumerate(raw))
        return tuple(_decode(a, v, f"{where}[{n}]") for n, (a, v) in enumerate(zip(args, raw, strict=True)))
    if origin is Literal:
        return raw
    if tp is Path:
        return Path(raw)
    if tp is Fraction:
        return Fraction(raw)
    if isinstance(tp, type) and is_dataclass(tp):
        return _build(tp, raw, where)
    return raw
