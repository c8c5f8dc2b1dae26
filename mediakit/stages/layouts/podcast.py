"""make_podcast: two actors in a drawn room, framed by who is speaking.

Framing follows the turns (speaker ``A``/``B`` with start and end times):
the video opens on the two-shot, cuts to a close shot of whoever speaks at
each change of speaker, and returns to the two-shot every fourth shot (and
for turns too short to hold a close-up) so the viewer keeps the room in
mind.  Both actors are talking tracks aligned with the one voice track, so
each shot shows them at the same time as the timeline (``trim_start_ms`` =
shot start).

The hosts sit in one shared set: a drawn actor's backdrop is the part of
the room behind their box (no card, no border: the room runs on behind both
of them), both sit at the same scale in the two-shot, and the desk's front
is laid over them with a microphone on it before each.  A photo actor is cut
out of the photo and sits in the room the same way; a clip brings its own
background, so it is shown as a card in the room.

The room (wall, acoustic panels, a shelf with books, a lamp, a plant, the
desk) and the microphones are drawn once with Pillow; the room's colours
come deterministically from the ``room`` description's words (or its hash).
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from ...cache import cached_png
from ...errors import ValidationError
from ...timeline import ActorLayer, Box, Canvas, Crop, ImageLayer, Shadow, Track, VideoLayer, VisualLayer
from ..actors.person_cutout import cut_out
from ..masks import rounded_mask
from ..pip import IMAGE_SUFFIXES
from .scenery import RGB, glow, gradient, hex_rgb, mix

SPEAKERS = ("A", "B")
WIDE_EVERY = 4           # every fourth shot is the two-shot again
MIN_CLOSE_MS = 1500      # a turn shorter than this stays on the two-shot
SAFE_LEFT, SAFE_RIGHT = 0.04, 0.86   # cards' horizontal room (off the right button column)
DESK = 0.74              # the desk's front edge, as a fraction of the height (portrait canvases)


@dataclass(frozen=True)
class Turn:
    """One line of the script: who speaks, and when in the voice track."""

    speaker: str
    start_ms: int
    end_ms: int

    def __post_init__(self) -> None:
        if self.speaker not in SPEAKERS:
            raise ValidationError("script.speaker", self.speaker, "must be A or B")
        if not 0 <= self.start_ms < self.end_ms:
            raise ValidationError("script.turn", (self.start_ms, self.end_ms), "needs 0 <= start < end (ms)")


@dataclass(frozen=True)
class Shot:
    """A span of the video and how it is framed: ``wide`` (both, ``speaker`` larger) or a close on ``speaker``."""

    start_ms: int
    end_ms: int
    speaker: str
    wide: bool


def plan_shots(turns: Sequence[Turn], duration_ms: int) -> list[Shot]:
    """Cut points and framings from the turns (see the module docstring)."""
    if not turns:
        raise ValidationError("script", [], "needs at least one turn")
    ordered = sorted(turns, key=lambda t: t.start_ms)
    merged: list[Turn] = []
    for turn in ordered:  # a speaker's consecutive turns are one shot
        if merged and merged[-1].speaker == turn.speaker:
            merged[-1] = Turn(turn.speaker, merged[-1].start_ms, max(merged[-1].end_ms, turn.end_ms))
        else:
            merged.append(turn)
    shots: list[Shot] = []
    for i, turn in enumerate(merged):
        start = 0 if i == 0 else turn.start_ms
        end = duration_ms if i == len(merged) - 1 else merged[i + 1].start_ms
        if end <= start:
            continue
        wide = i == 0 or i % WIDE_EVERY == WIDE_EVERY - 1 or end - start < MIN_CLOSE_MS
        shots.append(Shot(start, min(end, duration_ms), turn.speaker, wide))
    return shots


# ---- the room ------------------------------------------------------------------------------------------------

_ROOM_WORDS: tuple[tuple[tuple[str, ...], str, str, str], ...] = (  # keywords -> wall, accent, wood
    (("cozy", "warm", "wood", "cabin", "rustic"), "#7a5440", "#e8a25c", "#5b3a28"),
    (("blue", "ocean", "calm", "cool"), "#2f4a66", "#7fc4e8", "#3c2f28"),
    (("green", "plant", "forest", "garden", "nature"), "#3d5a48", "#d7c27a", "#4a3524"),
    (("neon", "night", "gaming", "purple", "cyber"), "#231d3d", "#ff4fb5", "#1b1626"),
    (("white", "minimal", "bright", "clean", "modern", "scandinavian"), "#d9d6d0", "#e0795a", "#a9876a"),
    (("brick", "loft", "industrial", "urban"), "#7d3f32", "#f2c14e", "#3a2a22"),
    (("studio", "dark", "professional", "broadcast"), "#1f2430", "#f0a848", "#2b2520"),
    (("library", "books", "classic", "academic"), "#4a2f2a", "#d9b36c", "#3b2418"),
)
_FALLBACK_ROOMS = (("#34495e", "#f39c12", "#3b2a20"), ("#5d4a66", "#8fd3c7", "#2e2228"),
                   ("#6b5b4d", "#e07a5f", "#3a2c22"), ("#2e4a4f", "#f2cc8f", "#31261f"))


@dataclass(frozen=True)
class RoomStyle:
    """Colours and a seed for the room drawing, derived from the room description."""

    wall: RGB
    accent: RGB
    wood: RGB
    seed: int


def room_style(room: str) -> RoomStyle:
    """Deterministic colours: the first keyword family the description names, else one picked by its hash."""
    text = room.strip().lower()
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    words = set(re.findall(r"[a-z]+", text))
    for keys, wall, accent, wood in _ROOM_WORDS:
        if words.intersection(keys):
            return RoomStyle(hex_rgb(wall), hex_rgb(accent), hex_rgb(wood), seed)
    wall, accent, wood = _FALLBACK_ROOMS[seed % len(_FALLBACK_ROOMS)]
    return RoomStyle(hex_rgb(wall), hex_rgb(accent), hex_rgb(wood), seed)


def room_backdrop(room: str, size: tuple[int, int], folder: Path | None = None) -> Path:
    """The cached room PNG for ``room`` at ``size``."""
    style = room_style(room)
    return cached_png("room", (style, size), lambda: draw_room(style, size), folder)


def draw_room(style: RoomStyle, size: tuple[int, int]) -> Image.Image:
    """Wall with a warm light falloff, acoustic panels, a shelf of books, a lamp, a plant and the desk."""
    w, h = size
    rng = random.Random(style.seed)
    img = gradient(size, mix(style.wall, (255, 255, 255), 0.1), mix(style.wall, (0, 0, 0), 0.35))
    d = ImageDraw.Draw(img)
    u = w / 100
    # acoustic panels: a grid of soft-edged felt squares
    panel = mix(style.wall, (0, 0, 0), 0.18)
    for row in range(2):
        for col in range(3):
            x0, y0 = 8 * u + col * 14 * u, 6 * u + row * 14 * u
            d.rounded_rectangle((x0, y0, x0 + 12 * u, y0 + 12 * u), radius=1.2 * u, fill=panel)
    # shelf with books
    shelf_y = 22 * u
    d.rectangle((56 * u, shelf_y, 94 * u, shelf_y + 1.4 * u), fill=style.wood)
    x = 58 * u
    while x < 90 * u:
        bw, bh = rng.uniform(1.6, 3.0) * u, rng.uniform(6, 10) * u
        color = mix(style.accent, rng.choice([(255, 255, 255), (30, 30, 40), style.wall]), rng.uniform(0.1, 0.6))
        d.rectangle((x, shelf_y - bh, x + bw, shelf_y), fill=color)
        x += bw + 0.4 * u
    # lamp: glow, stand, shade
    lx = 86 * u
    glow(img, (lx, 40 * u), 22 * u, mix(style.accent, (255, 255, 255), 0.5), 110)
    d = ImageDraw.Draw(img)
    d.rectangle((lx - 0.4 * u, 42 * u, lx + 0.4 * u, h * _desk(w, h)), fill=(30, 30, 30))
    d.polygon([(lx - 6 * u, 42 * u), (lx + 6 * u, 42 * u), (lx + 4 * u, 34 * u), (lx - 4 * u, 34 * u)],
              fill=mix(style.accent, (255, 255, 255), 0.35))
    # plant in the left corner
    px, pot_top = 9 * u, h * _desk(w, h) - 8 * u
    leaf = mix((70, 140, 80), style.wall, 0.25)
    for k in range(7):
        a = rng.uniform(-1.0, 1.0)
        d.ellipse((px - 3 * u + a * 5 * u, pot_top - (10 + 4 * k % 11) * u, px + 3 * u + a * 5 * u,
                   pot_top - (2 + 4 * k % 11) * u), fill=leaf)
    d.polygon([(px - 4 * u, pot_top), (px + 4 * u, pot_top), (px + 3 * u, pot_top + 8 * u),
               (px - 3 * u, pot_top + 8 * u)], fill=mix(style.accent, (0, 0, 0), 0.3))
    # the desk the two sit at
    desk = h * _desk(w, h)
    d.rectangle((0, desk, w, h), fill=style.wood)
    d.rectangle((0, desk, w, desk + 1.2 * u), fill=mix(style.wood, (255, 255, 255), 0.25))
    return img.filter(ImageFilter.GaussianBlur(u * 0.15))


def _desk(w: int, h: int) -> float:
    return DESK if h > w else 0.8


def desk_front(room: Path, folder: Path | None = None) -> Path:
    """The room's desk alone (the room above its front edge made transparent): laid over the hosts."""
    def draw() -> Image.Image:
        with Image.open(room) as im:
            out = im.convert("RGBA")
        alpha = Image.new("L", out.size, 0)
        alpha.paste(255, (0, round(out.height * _desk(*out.size)) - 1, out.width, out.height))
        out.putalpha(alpha)
        return out

    return cached_png("desk", (str(room),), draw, folder)


def mic_overlay(size: tuple[int, int], folder: Path | None = None) -> Path:
    """A broadcast microphone on a boom arm, seen from the front; transparent around it."""
    def draw() -> Image.Image:
        w, h = size
        s = 3
        img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        cx, body_w, body_h = w * s * 0.5, w * s * 0.34, h * s * 0.62
        top = h * s * 0.08
        d.line((cx, top + body_h * 0.8, w * s * 1.1, h * s), fill=(26, 26, 28, 255), width=round(w * s * 0.07))
        d.rounded_rectangle((cx - body_w / 2, top, cx + body_w / 2, top + body_h), radius=body_w / 2,
                            fill=(34, 34, 38, 255))
        for k in range(1, 6):
            y = top + body_h * 0.08 * k
            d.line((cx - body_w * 0.36, y, cx + body_w * 0.36, y), fill=(70, 70, 76, 255), width=max(1, s))
        d.rounded_rectangle((cx - body_w * 0.55, top + body_h * 0.55, cx + body_w * 0.55, top + body_h * 0.66),
                            radius=body_w * 0.05, fill=(60, 60, 66, 255))
        return img.resize(size, Image.Resampling.LANCZOS)

    return cached_png("mic", size, draw, folder)


# ---- framing -------------------------------------------------------------------------------------------------

def shot_boxes(shot: Shot, canvas: Canvas) -> dict[str, Box]:
    """Card boxes of the actors in ``shot``: both side by side (speaker larger) or the speaker alone.

    Cards stay between ``SAFE_LEFT`` and ``SAFE_RIGHT`` of the width: the
    platforms' button column covers the right ~12% of a portrait frame.
    """
    cw, ch = canvas.width, canvas.height
    desk = round(ch * _desk(cw, ch))
    left, right = round(cw * SAFE_LEFT), round(cw * SAFE_RIGHT)
    usable = right - left
    if not shot.wide:
        w = round(min(usable, ch * 0.7 * 3 / 4)) // 2 * 2
        h = round(w * 4 / 3) // 2 * 2
        return {shot.speaker: Box(left + (usable - w) // 2, desk - h + round(h * 0.1), w, h)}
    w = round(min(usable * 0.49, ch * 0.55 * 3 / 4)) // 2 * 2  # both at one scale: one set, one camera
    h = round(w * 4 / 3) // 2 * 2
    gap = (usable - 2 * w) // 3
    return {who: Box(left + gap + k * (w + gap), desk - h + round(h * 0.1), w, h) for k, who in enumerate(SPEAKERS)}


def podcast_track(actor_a: Path | ActorLayer, actor_b: Path | ActorLayer, turns: Sequence[Turn], canvas: Canvas,
                  duration_ms: int, *, room: str = "cozy studio", cache_dir: Path | None = None) -> Track:
    """The podcast picture: the room, per shot the hosts (drawn and photo ones seated in the room, clips as cards), the
    desk's front over them, and a microphone on it before each host.

    An actor is a clip or a still, or a drawn or photo actor's layer
    (``talking.placeable``), animated in the final render in its box.
    """
    if actor_a == actor_b:
        raise ValidationError("character_b", str(actor_b), "must be different from character_a")
    actors = {"A": actor_a, "B": actor_b}
    cw, ch = canvas.width, canvas.height
    room_path = room_backdrop(room, (cw, ch), cache_dir)
    layers: list[VisualLayer] = [ImageLayer(path=room_path)]
    mics: list[VisualLayer] = []
    for shot in plan_shots(turns, duration_ms):
        span = shot.end_ms - shot.start_ms
        for who, box in shot_boxes(shot, canvas).items():
            layers.append(_host(actors[who], box, shot, room_path, canvas, cache_dir))
            mw = round(box.w * 0.3) // 2 * 2
            mh = round(mw * 1.3) // 2 * 2
            mic_box = Box(box.x + (box.w - mw) // 2 + round(box.w * 0.12), box.y + box.h - round(mh * 0.8), mw, mh)
            mics.append(ImageLayer(path=mic_overlay((mw, mh), cache_dir), start_ms=shot.start_ms,
                                   duration_ms=span, box=mic_box))
    layers.append(ImageLayer(path=desk_front(room_path, cache_dir)))  # one desk, in front of both hosts
    return Track((*layers, *mics), duration_ms)


def _host(source: Path | ActorLayer, box: Box, shot: Shot, room: Path, canvas: Canvas,
          cache_dir: Path | None) -> VisualLayer:
    """One host in one shot: a drawn actor with the room behind their box as their backdrop (seamless), a photo
    actor cut out of the photo (``person_cutout``: the room shows around them), a clip as a card with rounded
    corners and a shadow."""
    common: dict[str, Any] = {"start_ms": shot.start_ms, "duration_ms": shot.end_ms - shot.start_ms, "box": box}
    if not isinstance(source, Path):
        cw, ch = canvas.width, canvas.height
        behind = ImageLayer(path=room, crop=Crop(box.x / cw, box.y / ch, box.w / cw, box.h / ch))
        (host,) = cut_out((replace(source, trim_start_ms=shot.start_ms, **common),), behind)
        return host
    common["mask"] = rounded_mask(box.w, box.h, round(box.w * 0.06), cache_dir)
    common["shadow"] = Shadow(0, max(2, box.h // 50), max(2, box.w // 30), 0.45)
    if source.suffix.lower() in IMAGE_SUFFIXES:
        return ImageLayer(path=source, **common)
    return VideoLayer(path=source, trim_start_ms=shot.start_ms, **common)
