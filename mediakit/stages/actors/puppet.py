"""The generated actor: a drawn character animated inside the final render's graph.

Pillow draws each part once per frame size (background, head, body, three
eye states, ten mouth shapes) and the parts are cached as PNGs.
``puppet_layer`` turns them into a ``PuppetLayer``, and the compiler animates
it as a fragment of the one graph of the render (no intermediate clip):

* the ten mouths are one strip image, held, and cropped per frame to the
  shape the viseme schedule shows, so the mouth changes exactly when the
  speech does; the brows and eyes are a strip of four poses by three
  states (open, with a blink every 2 to 6 s), the pose the delivery's and
  the stressed words' (``acting``);
* both are overlaid on the head sprite at fixed offsets, and the head is
  overlaid on the background at x/y sums of sine waves of ``t`` (a slow sway
  and a breathing bob); the body rides the same bob on top, its neckline cut
  out so the neck moves inside the collar;
* still parts are decoded and converted once and repeated with ``loop``.

No Python runs per frame, so an actor costs about what blending its parts
costs.  Timings, sizes and motion are deterministic: the same actor, speech
and size always give the same frames.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PIL import Image

from ...cache import cached_png
from ...media_io import open_image
from ...timeline import Backdrop, Box, ImageLayer, PuppetLayer, Sprite, Wave
from ...words import Word
from .acting import acting_for, eye_cells, nods, shrugs
from .look import EYE_STATES, Look
from .portraits import POSES, bust_geometry, draw_background, draw_body, draw_eyes, draw_head, draw_mouth
from .sketch import Sketch
from .visemes import VISEMES, VisemeSpan

# Sprite windows in head units around the face centre: (left, top, right, bottom).
HEAD_BOX = (-0.92, -1.1, 0.92, 1.36)
EYES_BOX = (-0.42, -0.3, 0.42, 0.17)   # the brows act with the eyes: one sprite
MOUTH_BOX = (-0.24, 0.22, 0.24, 0.58)
BODY_TOP = 0.78
BIG_SUPERSAMPLE = 2      # full-frame parts: 2x is smooth enough and 2.25x cheaper than 3x
BLINK_MS = (50, 70, 50)  # half-closed, closed, half-closed
BLINK_GAP_S = (2.0, 6.0)
DRAWING_VERSION = "actors-2"

Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Rig:
    """Where each part sits in a ``width`` x ``height`` frame (pixels; eyes and mouth relative to the head)."""

    width: int
    height: int
    origin: tuple[float, float]
    unit: float
    head: Rect
    eyes: Rect
    mouth: Rect
    body: Rect

    @classmethod
    def of(cls, width: int, height: int) -> Rig:
        ox, oy, unit = bust_geometry(width, height)

        def rect(box: tuple[float, float, float, float], x0: float = 0, y0: float = 0) -> Rect:
            left, top = round(ox + box[0] * unit - x0), round(oy + box[1] * unit - y0)
            return left, top, _even(round((box[2] - box[0]) * unit)), _even(round((box[3] - box[1]) * unit))

        head = rect(HEAD_BOX)
        body_top = round(oy + BODY_TOP * unit)
        return cls(width, height, (ox, oy), unit, head, rect(EYES_BOX, head[0], head[1]),
                   rect(MOUTH_BOX, head[0], head[1]), (0, body_top, width, _even(height - body_top + 16)))


def _even(n: int) -> int:
    return max(2, n + n % 2)


def _sprite(rig: Rig, rect: Rect, parent: Rect | None, ss: int) -> Sketch:
    """A surface for one part: ``rect`` in the frame (or in ``parent``), face centre placed accordingly."""
    px, py = (parent[0], parent[1]) if parent else (0, 0)
    origin = (rig.origin[0] - px - rect[0], rig.origin[1] - py - rect[1])
    return Sketch((rect[2], rect[3]), origin, rig.unit, ss)


@dataclass(frozen=True)
class Sprites:
    """PNG paths of every part of one character at one frame size."""

    background: Path
    head: Path
    body: Path
    eyes: dict[tuple[str, str], Path]
    mouths: dict[str, Path]


def draw_sprites(look: Look, rig: Rig, cache: Path | None = None) -> Sprites:
    """Draw (or reuse from the cache) every part of ``look`` for ``rig``'s frame size."""
    key = (DRAWING_VERSION, look, rig)

    def background() -> Image.Image:
        s = Sketch((rig.width, rig.height), rig.origin, rig.unit, BIG_SUPERSAMPLE)
        draw_background(s, look, rig.width / rig.unit + 1, rig.height / rig.unit + 1)
        return s.image().convert("RGB")

    def head() -> Image.Image:
        s = _sprite(rig, rig.head, None, BIG_SUPERSAMPLE)
        draw_head(s, look)
        return s.image()

    def body() -> Image.Image:
        s = _sprite(rig, rig.body, None, BIG_SUPERSAMPLE)
        draw_body(s, look)
        return s.image()

    def eyes(pose: str, state: str) -> Image.Image:
        s = _sprite(rig, rig.eyes, rig.head, 3)
        draw_eyes(s, look, state, pose)
        return s.image()

    def mouth(viseme: str) -> Image.Image:
        s = _sprite(rig, rig.mouth, rig.head, 3)
        draw_mouth(s, look, viseme)
        return s.image()

    return Sprites(
        background=cached_png("actor-bg", key, background, cache),
        head=cached_png("actor-head", key, head, cache),
        body=cached_png("actor-body", key, body, cache),
        eyes={(pose, st): cached_png(f"actor-eyes-{pose}-{st}", key, partial(eyes, pose, st), cache)
              for pose in POSES for st in EYE_STATES},
        mouths={v: cached_png(f"actor-mouth-{v}", key, partial(mouth, v), cache) for v in VISEMES},
    )


def opaque_box(sprite: Path) -> Rect:
    """The drawn part of a sprite (x, y, w, h), on even pixels as yuv420p cropping needs."""
    img = open_image(sprite)
    box = img.getchannel("A").getbbox() or (0, 0, img.width, img.height)
    x0, y0 = box[0] // 2 * 2, box[1] // 2 * 2
    x1, y1 = min(img.width, box[2] + box[2] % 2), min(img.height, box[3] + box[3] % 2)
    return x0, y0, max(2, x1 - x0), max(2, y1 - y0)


def blink_track(duration_ms: int, seed: int, gap_s: tuple[float, float] = BLINK_GAP_S) -> list[tuple[str, int, int]]:
    """Eye states covering ``[0, duration_ms]``: open, with a quick blink every ``gap_s`` seconds (seeded)."""
    rng = random.Random(seed)
    out: list[tuple[str, int, int]] = []
    t = 0
    nxt = round(rng.uniform(0.8, 2.5) * 1000)
    while nxt + sum(BLINK_MS) < duration_ms:
        out.append(("open", t, nxt))
        t = nxt
        for state, ms in zip(("half", "closed", "half"), BLINK_MS, strict=True):
            out.append((state, t, t + ms))
            t += ms
        nxt = t + round(rng.uniform(*gap_s) * 1000)
    out.append(("open", t, duration_ms))
    return out


def seed_of(text: str) -> int:
    """A stable seed from a name (Python's ``hash`` changes between runs)."""
    return zlib.crc32(text.encode("utf-8"))


@dataclass(frozen=True)
class Motion:
    """Idle motion, in pixels and seconds: a two-wave head sway, a head bob and a breathing bob."""

    sway: Wave
    sway2: Wave
    nod: Wave
    breath: Wave

    @classmethod
    def of(cls, unit: float, seed: int, nod: float = 1.0) -> Motion:
        """Seeded waves; ``nod`` scales the head bob (an excited delivery nods harder, a calm one barely)."""
        rng = random.Random(seed ^ 0x5EED)

        def wave(amp: float, lo: float, hi: float) -> Wave:
            return Wave(amp * unit, rng.uniform(lo, hi), rng.uniform(0, 2 * math.pi))

        return cls(wave(0.014, 5.5, 7.0), wave(0.006, 2.4, 3.1), wave(0.007 * nod, 3.0, 3.8),
                   wave(0.006, 3.9, 4.6))

    def head_dx(self) -> tuple[Wave, ...]:
        return self.sway, self.sway2

    def head_dy(self) -> tuple[Wave, ...]:
        return self.nod, self.breath


def puppet_layer(look: Look, visemes: Sequence[VisemeSpan], *, size: tuple[int, int], duration_ms: int,
                 seed: int, box: Box | None = None, start_ms: int = 0, backdrop: Backdrop | None = None,
                 cache: Path | None = None, words: Sequence[Word] = (), delivery: str | None = None) -> PuppetLayer:
    """``look`` speaking ``visemes`` as a timeline layer: parts drawn (or reused) now, animated in the render.

    ``backdrop`` (a colour, image or video layer) replaces the look's own
    drawn background.  ``delivery`` (an acting style or tone) sets the
    brows, eyes and nod, and the brows lift on the stressed ``words``
    (see ``acting``).
    """
    rig = Rig.of(*size)
    sprites = draw_sprites(look, rig, cache)
    acting = acting_for(delivery)
    motion = Motion.of(rig.unit, seed, acting.nod)
    # the head window is sized for the biggest hair; overlaying only its drawn part saves blending time
    cx, cy, cw, ch = opaque_box(sprites.head)
    head = cached_png("actor-head-cut", (sprites.head, cx, cy, cw, ch),
                      lambda: open_image(sprites.head).crop((cx, cy, cx + cw, cy + ch)), cache)
    mouths = [sprites.mouths[v] for v in VISEMES]
    eyes = [sprites.eyes[pose, st] for pose in POSES for st in EYE_STATES]
    return PuppetLayer(
        start_ms=start_ms, duration_ms=duration_ms, box=box, size=size,
        backdrop=backdrop or ImageLayer(path=sprites.background),
        head=Sprite(head, rig.head[0] + cx, rig.head[1] + cy),
        eyes=Sprite(strip(eyes, cache), rig.eyes[0] - cx, rig.eyes[1] - cy, len(eyes),
                    eye_cells(acting, blink_track(duration_ms, seed), words)),
        mouth=Sprite(strip(mouths, cache), rig.mouth[0] - cx, rig.mouth[1] - cy, len(mouths),
                     tuple((VISEMES.index(v.viseme), v.start_ms, v.end_ms) for v in visemes)),
        body=Sprite(sprites.body, 0, rig.body[1]),
        head_dx=motion.head_dx(), head_dy=motion.head_dy(), body_dy=(motion.breath,),
        head_dips=nods(acting, words, rig.unit), body_dips=shrugs(words, rig.unit))


def strip(parts: Sequence[Path], cache: Path | None = None) -> Path:
    """Same-sized sprites side by side in one PNG (cached), so one held image serves every shape."""
    def draw() -> Image.Image:
        images = [open_image(p) for p in parts]
        w, h = images[0].size
        out = Image.new("RGBA", (w * len(images), h), (0, 0, 0, 0))
        for n, img in enumerate(images):
            out.paste(img.convert("RGBA"), (n * w, 0))
        return out

    return cached_png("actor-strip", tuple(parts), draw, cache)
