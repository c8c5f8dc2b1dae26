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
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from PIL import Image

from ...analysis import analyse
from ...cache import cached_png, file_signature
from ...errors import ValidationError
from ...media_io import image_size, open_image
from ...probe import probe
from ...timeline import (
    ActorLayer,
    Animation,
    Box,
    Canvas,
    ColorLayer,
    Crop,
    Fit,
    ImageLayer,
    KenBurns,
    SceneContent,
    SequenceLayer,
    Track,
    Transition,
    VideoLayer,
    VisualLayer,
)
from ..actors.look import Look
from ..actors.portraits import bust_geometry
from ..broll.scenes import actor_scene
from ..loops import seamless_loop
from ..subtitles.placement import Band, face_band
from ..subtitles.seen import Seen
from .devices import LaptopGeometry, laptop_frame
from .limbs import FOREARM, Limbs, resting_hands
from .screen_tour import Span, scrolls, tour

RECORDING_SUFFIXES = (".mp4", ".mov")
IMAGE_SCREEN_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAX_RECORDING_BYTES = 10 * 1024 * 1024
MAX_RECORDING_MS = 10_000
MAX_IMAGE_BYTES = 5 * 1024 * 1024
FACE = Crop(0.14, 0.12, 0.72, 0.72)  # head and shoulders of a 9:16 talking-head clip: hair to chin, not a slice
PUSH_IN = KenBurns(1.0, 1.06)        # the close-up's slow push-in
TRANSITION = Transition("fade", 400)
MIN_FACE_MS = 1500
CHIN = 0.62     # below the chin, in a bust's head units from the face centre: where the lid may reach
LID_BEZEL = 0.03  # the lid above its display, as a share of the laptop drawing's height
HAND_IN = (0.09, 0.096, 0.095, 0.07)  # the hands from the display's bottom corners, of the laptop's width


SCREEN_FIELDS = {"recording": "app_screen_recording_url", "image": "app_screen_image_url"}


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
                 broll_ms: int | None = None, face: Crop = FACE, sticky: Band | None = None,
                 lines: Sequence[Span] = (), look: Look | None = None, cache_dir: Path | None = None) -> Track:
    """The three laptop_ugc scenes as one track (see the module docstring), sized to the generator's ``canvas``.

    ``sticky`` (top, bottom px) is a band behind the captions over a scrolling
    screen capture: a header from the top edge in the capture's own top colour
    (captions over the head, 9:16), or a footer to the bottom edge in its
    bottom colour (captions under the chin, 4:5 and 1:1).  The capture
    scrolls between them (``screen_broll``), so captions never sit on the
    app's rows (``scrolled_text`` says where they would).  ``actor`` is a clip or a
    still, or a drawn or photo actor's layer, whose close-up (``face``, see
    ``close_up``) is then cropped inside the final render (no intermediate clip).  ``lines`` are when the
    script's lines are said (on the track): the app scene moves towards what each is about.  A drawn actor's
    ``look`` gives them arms at the laptop's keyboard.
    """
    first, second, third = scene_times(split_ms, duration_ms, broll_ms)
    talking = actor_scene(actor, 0, first)
    close = replace(actor_scene(actor, first + second, third), crop=face, motion=PUSH_IN)
    app = screen_broll(screen, second, canvas, sticky=sticky, lines=app_lines(lines, first), cache_dir=cache_dir)
    seq = SequenceLayer(scenes=(talking, app, close), transition=TRANSITION)
    band: tuple[VisualLayer, ...] = ()
    if sticky is not None and _scrolls(app):
        lead = TRANSITION.duration_ms // 2
        fade = Animation("fade", TRANSITION.duration_ms)
        top, bottom = _even(sticky[0]), _even(sticky[1])
        band = (ColorLayer(color=edge_colour(screen.path, "top" if top <= 0 else "bottom"),
                           box=Box(0, max(0, top), canvas.width, min(canvas.height, bottom) - max(0, top)),
                           start_ms=first - lead, duration_ms=second + 2 * lead, enter=fade, exit=fade),)
    return Track((seq, *laptop_overlay(screen, canvas, first, cache_dir, look=look), *band), duration_ms)


def sticky_band(canvas: Canvas, page: Band) -> Band:
    """The band a sticky header or footer covers for captions on ``page`` (top, bottom px): from the top edge
    to the page's bottom when the page is in the upper half, else from the page's top to the bottom edge."""
    if sum(page) / 2 < canvas.height / 2:
        return 0.0, page[1]
    return page[0], float(canvas.height)


def _even(px: float) -> int:
    """``px`` rounded to an even pixel (overlay places yuv420p layers on even rows)."""
    return round(px / 2) * 2


def close_up(canvas: Canvas, captions: Band) -> Crop:
    """The face close-up's crop: ``FACE``, moved so that the head stays clear of the ``captions`` (top, bottom
    px, clearance included) all through the push-in: raised to frame the head, hair included, below captions
    over it (9:16), lowered to keep the chin above captions under it (4:5 and 1:1, where the head fills the
    frame's height and the captions sit below the chin; the top of the hair may then leave the frame, as in
    any tight close-up)."""
    top, bottom = face_band(canvas.width, canvas.height)
    half = canvas.height / 2

    def crop_y(row: float, at: float) -> float:
        """The crop's top (share of the height) that shows frame ``row`` at output ``at`` at the push-in's end
        (the close-up shows crop y..y+FACE.h of the frame scaled to the whole height, zoomed about its centre)."""
        return (row - FACE.h * ((at - half) / PUSH_IN.zoom_to + half)) / canvas.height

    if sum(captions) / 2 < (top + bottom) / 2:
        y = min(FACE.y, max(0.0, crop_y(top, captions[1])))
    else:
        y = max(FACE.y, min(1.0 - FACE.h, crop_y(bottom, captions[0])))
    return replace(FACE, y=round(y, 4))


def app_lines(lines: Sequence[Span], first: int) -> list[Span]:
    """``lines`` (track times) in the app scene's own time: it is drawn from half a transition before its cut."""
    offset = first - TRANSITION.duration_ms // 2
    return [(a - offset, b - offset) for a, b in lines]


def scrolled_text(screen: ScreenInput, canvas: Canvas, duration_ms: int, at_ms: Sequence[int],
                  lines: Sequence[Span] = ()) -> list[Band]:
    """Where the capture's text (the picture analysis') is on the canvas (top, bottom px) at the app scene's
    times ``at_ms``, as ``screen_broll`` shows it without a header: where its pan has taken it, else fixed."""
    analysis = analyse(screen.path, field=SCREEN_FIELDS[screen.kind])
    w, h = analysis.width, analysis.height
    scene = screen_broll(screen, duration_ms, canvas, lines=lines) if screen.kind == "image" else None
    if isinstance(scene, ImageLayer) and scene.motion is not None:
        motion = scene.motion
        scale = max(canvas.width / w, canvas.height / h) * motion.zoom_to
        overflow = max(0.0, h * scale - canvas.height)
        bands = []
        for t in at_ms:
            shift = overflow * motion.pan_at(t, duration_ms)[1]
            bands += [(r.y * h * scale - shift, r.bottom * h * scale - shift) for r in analysis.text]
        return [(max(0.0, a), min(float(canvas.height), b)) for a, b in bands if b > 0 and a < canvas.height]
    seen = Seen()
    seen.add(analysis, scene.fit if scene is not None else _recording_fit(screen.path, canvas), canvas.box, canvas)
    return seen.text


def _scrolls(scene: SceneContent | None) -> bool:
    """Whether the app scene is a tall capture scrolling through (its pan moves at zoom 1)."""
    motion = scene.motion if isinstance(scene, ImageLayer) else None
    return motion is not None and not motion.zooms and motion.zoom_from == 1.0 and len(
        {pan for _, pan in motion.path(1)}) > 1


def _recording_fit(path: Path, canvas: Canvas) -> Fit:
    """A screen recording fills the frame; a much wider one (a desktop capture) shows whole on its blurred self."""
    info = probe(path)
    wide = info.video is not None and info.video.width / info.video.height > canvas.width / canvas.height * 1.25
    return "blur" if wide else "cover"


def laptop_overlay(screen: ScreenInput, canvas: Canvas, until_ms: int, cache_dir: Path | None = None, *,
                   look: Look | None = None) -> tuple[VisualLayer, ...]:
    """Screen content warped into the laptop's display, the laptop over it, and a drawn actor's (``look``)
    arms with the hands at its keyboard, all leaving at ``until_ms``.

    The laptop is a little wider than a portrait frame (its drawing has
    transparent margins) and stands on the bottom edge, in front of the
    actor's torso; where that would reach the face, it is drawn smaller so
    that its lid stops below the chin (a lid over the mouth hides the talking).
    A photo or clip actor has no drawn arms: hands in a guessed skin would not
    be theirs.
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
    laptop = ImageLayer(path=png, duration_ms=shown, box=Box(x, y, *geo.size), exit=leave)
    if look is None:
        return content, laptop
    hands = ImageLayer(path=keyboard_hands(canvas, geo, (x, y), Limbs.of(look), cache_dir), duration_ms=shown,
                       exit=leave)
    return content, laptop, hands


def keyboard_hands(canvas: Canvas, geo: LaptopGeometry, at: tuple[int, int], limbs: Limbs,
                   cache_dir: Path | None) -> Path:
    """The actor's arms, full frame: from the shoulders beside the lid down to the hands at the keyboard's two
    ends (just below the display's bottom corners, towards the middle)."""
    x, y = at
    w = geo.size[0]
    (_, _), (_, _), (brx, bry), (blx, bly) = geo.screen
    hands = ((x + blx - HAND_IN[0] * w, y + bly + HAND_IN[1] * w), (x + brx - HAND_IN[2] * w, y + bry + HAND_IN[3] * w))
    shoulders = ((-0.04 * canvas.width, y + bly * 0.55), (canvas.width * 1.04, y + bry * 0.55))
    return resting_hands((canvas.width, canvas.height), hands, shoulders, round(FOREARM * canvas.width), limbs,
                         cache_dir)


def _lid_top(geo: LaptopGeometry) -> float:
    """The lid's top edge as a share of the laptop PNG's height (the display's top plus its bezel)."""
    top = min(y for _, y in geo.screen)
    return max(0.0, top / geo.size[1] - LID_BEZEL)


def screen_broll(screen: ScreenInput, duration_ms: int, canvas: Canvas, *, sticky: Band | None = None,
                 lines: Sequence[Span] = (), cache_dir: Path | None = None) -> SceneContent:
    """Scene 2: the screen content full-frame -- a recording plays, a wide image shows whole, and an image
    that fills the frame moves towards the text each of ``lines`` (the scene's times) is about: a tall
    capture scrolls, one that fits drifts (``screen_tour``).

    With a ``sticky`` band (see ``laptop_track``), a tall image gets that many
    rows of its own edge colour above it (a header: an app's header band
    extended, so that its header begins below the captions) or below it (a
    footer: its last rows end above the captions); ``laptop_track`` keeps
    the band over it as it scrolls.
    """
    if screen.kind == "recording":
        return VideoLayer(path=seamless_loop(screen.path, duration_ms, cache_dir), duration_ms=duration_ms,
                          loop=True, fit=_recording_fit(screen.path, canvas))
    analysis = analyse(screen.path, field="app_screen_image_url")
    w, h = analysis.width, analysis.height
    view = (canvas.width, canvas.height)
    if w / h > canvas.width / canvas.height * 1.25:    # a wide dashboard shows whole (every card), on its blurred self
        return ImageLayer(path=screen.path, duration_ms=duration_ms, fit="blur")
    if sticky is not None and scrolls((w, h), view):
        above = round(sticky[1] * w / canvas.width) if sticky[0] <= 0 else 0
        below = 0 if above else round((canvas.height - sticky[0]) * w / canvas.width)
        path = cached_png("screen-pad", (file_signature(screen.path), above, below),
                          lambda: _padded(open_image(screen.path, field="app_screen_image_url"), above, below),
                          cache_dir)
        tall = h + above + below
        text = [replace(r, y=(r.y * h + above) / tall, h=r.h * h / tall) for r in analysis.text]
        seen = (sticky[1], float(canvas.height)) if above else (0.0, sticky[0])   # where text shows between
        return ImageLayer(path=path, duration_ms=duration_ms,
                          motion=tour((w, tall), view, lines, text, duration_ms, seen))
    return ImageLayer(path=screen.path, duration_ms=duration_ms,
                      motion=tour((w, h), view, lines, analysis.text, duration_ms))


def _padded(image: Image.Image, above: int, below: int) -> Image.Image:
    """``image`` with ``above`` rows of its top row's colour above it and ``below`` of its bottom row's below."""
    rgb = image.convert("RGB")
    out = Image.new("RGB", (rgb.width, rgb.height + above + below), _row_rgb(rgb, 0))
    if below:
        out.paste(_row_rgb(rgb, rgb.height - 1), (0, above + rgb.height, rgb.width, out.height))
    out.paste(rgb, (0, above))
    return out


def _row_rgb(rgb: Image.Image, row: int) -> tuple[int, int, int]:
    """The average colour of one of an image's rows (an app's header, or its page's ground at the bottom)."""
    r, g, b = rgb.crop((0, row, rgb.width, row + 1)).resize((1, 1), Image.Resampling.BOX).getpixel((0, 0))  # type: ignore[misc]
    return r, g, b


def edge_colour(path: Path, edge: Literal["top", "bottom"]) -> str:
    """``#rrggbb`` of a capture's top or bottom row: a sticky header or footer continues it."""
    rgb = open_image(path).convert("RGB")
    r, g, b = _row_rgb(rgb, 0 if edge == "top" else rgb.height - 1)
    return f"#{r:02x}{g:02x}{b:02x}"
