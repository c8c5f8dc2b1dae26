"""laptop_ugc: three scenes over one voice -- laptop shot, scrolling b-roll of the screen, face-only close.

Scene 1 shows the actor full-frame with a laptop (drawn in 3/4 view, see
``devices``) in front of them; the screen content is warped into the
display's quad by the graph's perspective filter, so it sits in the screen
at the right angle.  Scene 2 fills the frame with the screen content,
scrolling slowly.  Scene 3 crops the actor (a clip, or a drawn actor's
layer inside the final render) to the face and pushes in a little.  The
script is split at a sentence boundary into the halves the two face shots
speak (``split_script``); scene 2 is a voice-over at the start of the
second half.  The three shots are one xfade sequence; the
laptop overlay leaves with scene 1, fading out over the same transition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from PIL import Image

from ...cache import cached_png, file_signature
from ...errors import ValidationError
from ...media_io import open_image
from ...probe import probe
from ...timeline import (
    ActorLayer,
    Animation,
    Box,
    Canvas,
    Crop,
    ImageLayer,
    KenBurns,
    SceneContent,
    SequenceLayer,
    Track,
    Transition,
    VideoLayer,
    VisualLayer,
)
from ..actors.portraits import bust_geometry
from ..broll.kenburns import image_size
from ..broll.scenes import actor_scene
from ..loops import seamless_loop
from .devices import LaptopGeometry, laptop_frame

RECORDING_SUFFIXES = (".mp4", ".mov")
IMAGE_SCREEN_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAX_RECORDING_BYTES = 10 * 1024 * 1024
MAX_RECORDING_MS = 10_000
MAX_IMAGE_BYTES = 5 * 1024 * 1024
FACE = Crop(0.14, 0.12, 0.72, 0.72)  # head and shoulders of a 9:16 talking-head clip: hair to chin, not a slice
TRANSITION = Transition("fade", 400)
MIN_FACE_MS = 1500
CHIN = 0.62     # below the chin, in a bust's head units from the face centre: where the lid may reach
LID_BEZEL = 0.03  # the lid above its display, as a share of the laptop drawing's height


@dataclass(frozen=True)
class ScreenInput:
    """The one screen source laptop_ugc was given."""

    path: Path
    kind: Literal["recording", "image"]


def check_screen_input(recording: Path | None = None, image: Path | None = None) -> ScreenInput:
    """Exactly one of ``app_screen_recording_url`` (mp4/mov, <= 10 MB, <= 10 s) or ``app_screen_image_url``."""
    if (recording is None) == (image is None):
        raise ValidationError("app_screen_recording_url", None,
                              "give app_screen_recording_url or app_screen_image_url, not both or neither")
    if recording is not None:
        field = "app_screen_recording_url"
        if recording.suffix.lower() not in RECORDING_SUFFIXES:
            raise ValidationError(field, recording.name, "must be an mp4 or mov file")
        info = probe(recording)  # MediaError if missing or not media
        if recording.stat().st_size > MAX_RECORDING_BYTES:
            raise ValidationError(field, recording.stat().st_size, "must be at most 10 MB")
        if info.video is None or info.duration_ms is None:
            raise ValidationError(field, recording.name, "must hold a video stream with a duration")
        if info.duration_ms > MAX_RECORDING_MS:
            raise ValidationError(field, info.duration_ms, "must be at most 10 seconds (value in ms)")
        return ScreenInput(recording, "recording")
    assert image is not None
    field = "app_screen_image_url"
    if image.suffix.lower() not in IMAGE_SCREEN_SUFFIXES:
        raise ValidationError(field, image.name, "must be a png, jpeg or webp image")
    image_size(image)  # MediaError if unreadable
    if image.stat().st_size > MAX_IMAGE_BYTES:
        raise ValidationError(field, image.stat().st_size, "must be at most 5 MB")
    return ScreenInput(image, "image")


_SENTENCE_END = re.compile(r"[.!?…]+[\"')\]]*$")


def split_script(text: str) -> tuple[str, str]:
    """Split ``text`` into two halves for the two face shots.

    Chooses the sentence boundary nearest the middle by word count; without
    one, the nearest comma/semicolon/colon; without those, the middle word.
    Each half keeps at least one word.
    """
    words = text.split()
    if len(words) < 2:
        raise ValidationError("script", text, "needs at least two words to split into two halves")
    middle = len(words) / 2
    for pattern in (_SENTENCE_END, re.compile(r"[,;:–—]$")):
        cuts = [i + 1 for i, w in enumerate(words[:-1]) if pattern.search(w)]
        if cuts:
            cut = min(cuts, key=lambda c: (abs(c - middle), c))
            break
    else:
        cut = round(middle)
    return " ".join(words[:cut]), " ".join(words[cut:])


def scene_times(split_ms: int, duration_ms: int, broll_ms: int | None = None) -> tuple[int, int, int]:
    """Durations of (laptop shot, b-roll, face close): the b-roll opens the second half, the face closes it."""
    if not 0 < split_ms < duration_ms:
        raise ValidationError("split_ms", split_ms, f"must fall inside the video (0 to {duration_ms} ms)")
    second = duration_ms - split_ms
    if broll_ms is None:
        broll_ms = min(5000, max(2500, round(second * 0.4)))
    broll_ms = min(broll_ms, second - MIN_FACE_MS)
    if broll_ms < 1000:
        raise ValidationError("split_ms", split_ms, "leaves too little time after it for b-roll and a face close-up")
    return split_ms, broll_ms, second - broll_ms


def laptop_track(actor: Path | ActorLayer, screen: ScreenInput, canvas: Canvas, *, split_ms: int, duration_ms: int,
                 broll_ms: int | None = None, face: Crop = FACE, top_clear: float = 0.0,
                 cache_dir: Path | None = None) -> Track:
    """The three laptop_ugc scenes as one track (see the module docstring), sized to the generator's ``canvas``.

    ``top_clear`` (a share of the height) is kept clear above a scrolling
    screen capture when its scene starts, so the captions there do not sit on
    the app's header; the capture then scrolls up under them.  ``actor`` is
    a clip or a still, or a drawn or photo actor's layer, whose close-up is
    then cropped inside the final render (no intermediate clip).
    """
    first, second, third = scene_times(split_ms, duration_ms, broll_ms)
    talking = actor_scene(actor, 0, first)
    close = replace(actor_scene(actor, first + second, third), crop=face, motion=KenBurns(1.0, 1.06))
    app = screen_broll(screen, second, canvas, top_clear=top_clear, cache_dir=cache_dir)
    seq = SequenceLayer(scenes=(talking, app, close), transition=TRANSITION)
    return Track((seq, *laptop_overlay(screen, canvas, first, cache_dir)), duration_ms)


def laptop_overlay(screen: ScreenInput, canvas: Canvas, until_ms: int,
                   cache_dir: Path | None = None) -> tuple[VisualLayer, VisualLayer]:
    """Screen content warped into the laptop's display, and the laptop over it, leaving at ``until_ms``.

    The laptop is a little wider than a portrait frame (its drawing has
    transparent margins) and stands on the bottom edge, in front of the
    actor's torso; where that would reach the face, it is drawn smaller so
    that its lid stops below the chin (a lid over the mouth hides the talking).
    """
    width = round(canvas.width * 1.2) if canvas.height >= canvas.width else round(canvas.width * 0.7)
    png, geo = laptop_frame(width, folder=cache_dir)
    _, face_y, unit = bust_geometry(canvas.width, canvas.height)
    room = canvas.height - (face_y + CHIN * unit)          # from below the chin to the bottom edge
    reach = geo.size[1] * (0.96 - _lid_top(geo))            # how high the lid reaches above the bottom edge
    if reach > room:
        width = max(2, round(width * room / reach))
        png, geo = laptop_frame(width, folder=cache_dir)
    x = (canvas.width - geo.size[0]) // 2
    y = canvas.height - geo.size[1] + round(geo.size[1] * 0.04)
    quad = geo.screen_quad(x, y, flat_width=960)
    lead = TRANSITION.duration_ms // 2
    shown = until_ms + lead
    leave = Animation("fade", TRANSITION.duration_ms)
    content: VisualLayer
    if screen.kind == "recording":
        content = VideoLayer(path=seamless_loop(screen.path, shown, cache_dir), duration_ms=shown, warp=quad,
                             loop=True, fit="blur", exit=leave)
    else:
        content = ImageLayer(path=screen.path, duration_ms=shown, warp=quad, fit="blur", exit=leave)
    return content, ImageLayer(path=png, duration_ms=shown, box=Box(x, y, *geo.size), exit=leave)


def _lid_top(geo: LaptopGeometry) -> float:
    """The lid's top edge as a share of the laptop PNG's height (the display's top plus its bezel)."""
    top = min(y for _, y in geo.screen)
    return max(0.0, top / geo.size[1] - LID_BEZEL)


def screen_broll(screen: ScreenInput, duration_ms: int, canvas: Canvas, *, top_clear: float = 0.0,
                 cache_dir: Path | None = None) -> SceneContent:
    """Scene 2: the screen content full-frame -- a recording plays, a tall image scrolls, a wide one shows whole.

    A tall image scrolls down from its top; with ``top_clear`` it starts
    that share of the height lower, on its own top colour (an app's header
    band extended), so its header begins below the captions.
    """
    if screen.kind == "recording":
        info = probe(screen.path)
        wide = info.video is not None and info.video.width / info.video.height > canvas.width / canvas.height * 1.25
        return VideoLayer(path=seamless_loop(screen.path, duration_ms, cache_dir), duration_ms=duration_ms,
                          loop=True, fit="blur" if wide else "cover")
    w, h = image_size(screen.path)
    frame_aspect = canvas.width / canvas.height
    if w / h < frame_aspect / 1.1:       # a tall capture scrolls down from its top
        motion = KenBurns(1.0, 1.0, (0.5, 0.0), (0.5, 1.0))
        if top_clear > 0:
            pad = round(top_clear * canvas.height * w / canvas.width)
            path = cached_png("screen-top", (file_signature(screen.path), pad),
                              lambda: _extend_top(open_image(screen.path, field="app_screen_image_url"), pad),
                              cache_dir)
            return ImageLayer(path=path, duration_ms=duration_ms, motion=motion)
    elif w / h > frame_aspect * 1.25:    # a wide dashboard shows whole (every card), on its blurred self
        return ImageLayer(path=screen.path, duration_ms=duration_ms, fit="blur")
    else:
        motion = KenBurns(1.0, 1.12)
    return ImageLayer(path=screen.path, duration_ms=duration_ms, motion=motion)


def _extend_top(image: Image.Image, pad: int) -> Image.Image:
    """``image`` with ``pad`` rows of its own top row's colour (the row's average) above it."""
    rgb = image.convert("RGB")
    top = rgb.crop((0, 0, rgb.width, 1)).resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))
    out = Image.new("RGB", (rgb.width, rgb.height + pad), top)
    out.paste(rgb, (0, pad))
    return out
