"""The generated actor: a drawn character animated inside one ffmpeg graph.

Pillow draws each part once per frame size (background, head, body, three
eye states, ten mouth shapes) and the parts are cached as PNGs.  The animation
is then pure ffmpeg:

* the mouth is a concat-demuxer list of mouth sprites, one entry per viseme
  span with its duration, so the mouth stream changes exactly when the speech
  does; the eyes are a second list (open, with a blink every 2 to 6 s);
* both are overlaid on the head sprite at fixed offsets, and the head is
  overlaid on the background at x/y expressions of ``t`` (a slow sway and a
  breathing bob); the body rides the same bob on top, its neckline cut out so
  the neck moves inside the collar;
* still parts are decoded once and repeated with ``loop``.

No Python runs per frame, so a 15 s 1080x1920 actor costs about what encoding
15 s of video costs.  Timings, sizes and motion are deterministic: the same
actor, speech and size always give the same frames.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from pathlib import Path

from PIL import Image

from ...cache import cached_png
from ...media_io import media_kind, open_image
from ...render.colour import OUTPUT, YUV420, YUVA420, keep_yuv
from ...render.compile import Compiled
from .look import EYE_STATES, Look
from .portraits import draw_background, draw_body, draw_eyes, draw_head, draw_mouth, layout
from .sketch import Sketch
from .visemes import VISEMES, VisemeSpan

# Sprite windows in head units around the face centre: (left, top, right, bottom).
HEAD_BOX = (-0.92, -1.1, 0.92, 1.36)
EYES_BOX = (-0.42, -0.13, 0.42, 0.17)
MOUTH_BOX = (-0.24, 0.22, 0.24, 0.58)
BODY_TOP = 0.78
BIG_SUPERSAMPLE = 2      # full-frame parts: 2x is smooth enough and 2.25x cheaper than 3x
BLINK_MS = (50, 70, 50)  # half-closed, closed, half-closed
BLINK_GAP_S = (2.0, 6.0)
DRAWING_VERSION = "actors-1"

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
        ox, oy, unit = layout(width, height)

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
    eyes: dict[str, Path]
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

    def eyes(state: str) -> Image.Image:
        s = _sprite(rig, rig.eyes, rig.head, 3)
        draw_eyes(s, look, state)
        return s.image()

    def mouth(viseme: str) -> Image.Image:
        s = _sprite(rig, rig.mouth, rig.head, 3)
        draw_mouth(s, look, viseme)
        return s.image()

    return Sprites(
        background=cached_png("actor-bg", key, background, cache),
        head=cached_png("actor-head", key, head, cache),
        body=cached_png("actor-body", key, body, cache),
        eyes={st: cached_png(f"actor-eyes-{st}", key, partial(eyes, st), cache) for st in EYE_STATES},
        mouths={v: cached_png(f"actor-mouth-{v}", key, partial(mouth, v), cache) for v in VISEMES},
    )


def opaque_box(sprite: Path) -> Rect:
    """The drawn part of a sprite (x, y, w, h), on even pixels as yuv420p cropping needs."""
    img = open_image(sprite)
    box = img.getchannel("A").getbbox() or (0, 0, img.width, img.height)
    x0, y0 = box[0] // 2 * 2, box[1] // 2 * 2
    x1, y1 = min(img.width, box[2] + box[2] % 2), min(img.height, box[3] + box[3] % 2)
    return x0, y0, max(2, x1 - x0), max(2, y1 - y0)


def blink_track(duration_ms: int, seed: int) -> list[tuple[str, int, int]]:
    """Eye states covering ``[0, duration_ms]``: open, with a quick blink every 2 to 6 s (seeded)."""
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
        nxt = t + round(rng.uniform(*BLINK_GAP_S) * 1000)
    out.append(("open", t, duration_ms))
    return out


def write_concat(path: Path, spans: Sequence[tuple[Path, int, int]]) -> Path:
    """An ffconcat list showing each image for its span (the last is repeated, as the demuxer needs).

    Each image is opened at a 1000 fps time base: at the image demuxer's
    default 25 fps every switch would be rounded to 40 ms, eating blinks.
    """
    lines = ["ffconcat version 1.0"]
    for image, start, end in spans:
        lines += [f"file {_quote(image)}", "option framerate 1000", f"duration {(end - start) / 1000:.3f}"]
    lines += [f"file {_quote(spans[-1][0])}", "option framerate 1000"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _quote(path: Path) -> str:
    return "'" + str(path.resolve()).replace("'", "'\\''") + "'"


def seed_of(text: str) -> int:
    """A stable seed from a name (Python's ``hash`` changes between runs)."""
    return zlib.crc32(text.encode("utf-8"))


@dataclass(frozen=True)
class Motion:
    """Idle motion, in pixels and seconds: a two-wave head sway, a head bob and a breathing bob."""

    sway: tuple[float, float, float]      # amplitude, period, phase
    sway2: tuple[float, float, float]
    nod: tuple[float, float, float]
    breath: tuple[float, float, float]

    @classmethod
    def of(cls, unit: float, seed: int) -> Motion:
        rng = random.Random(seed ^ 0x5EED)

        def wave(amp: float, lo: float, hi: float) -> tuple[float, float, float]:
            return amp * unit, rng.uniform(lo, hi), rng.uniform(0, 2 * math.pi)

        return cls(wave(0.014, 5.5, 7.0), wave(0.006, 2.4, 3.1), wave(0.007, 3.0, 3.8), wave(0.006, 3.9, 4.6))

    @staticmethod
    def term(w: tuple[float, float, float]) -> str:
        amp, period, phase = w
        return f"{amp:.2f}*sin(2*PI*t/{period:.3f}+{phase:.3f})"

    def head_xy(self, x: int, y: int) -> tuple[str, str]:
        return (f"'{x}+{self.term(self.sway)}+{self.term(self.sway2)}'",
                f"'{y}+{self.term(self.nod)}+{self.term(self.breath)}'")

    def body_y(self, y: int) -> str:
        return f"'{y}+{self.term(self.breath)}'"


def background_input(background: str | Path, width: int, height: int, fps: str,
                     duration_ms: int) -> tuple[tuple[str, ...] | None, str]:
    """Input args and filter chain head for a caller's background: a colour, an image or a video.

    The chain starts with ``{in}`` where the input label goes (or is a source
    of its own for colours) and ends scaled to cover the frame.
    """
    cover = f"scale={width}:{height}:force_original_aspect_ratio=increase,crop={width}:{height},setsar=1"
    path = Path(background)
    if path.suffix and path.is_file():
        if media_kind(path) == "video":
            return ("-stream_loop", "-1", "-i", str(path)), f"{{in}}fps={fps},{cover},{keep_yuv('yuv420p')}"
        frames = max(1, math.ceil(duration_ms * Fraction(fps) / 1000))
        return (("-framerate", fps, "-i", str(path)),
                f"{{in}}{cover},{YUV420},loop=loop={frames - 1}:size=1:start=0,setpts=N")
    return None, f"color=c={background}:s={width}x{height}:r={fps},{YUV420}"


def puppet_compiled(look: Look, visemes: Sequence[VisemeSpan], *, width: int, height: int, fps: Fraction,
                    duration_ms: int, seed: int, workdir: Path, output_options: Sequence[str],
                    audio: Path | None = None, background: str | Path | None = None,
                    cache: Path | None = None) -> Compiled:
    """One ffmpeg run rendering ``look`` speaking ``visemes`` (and ``audio`` when given).

    ``workdir`` receives the two concat lists; it must live until the run ends.
    """
    rig = Rig.of(width, height)
    sprites = draw_sprites(look, rig, cache)
    rate = f"{fps.numerator}/{fps.denominator}"
    frames = max(1, math.ceil(duration_ms * fps / 1000))
    hold = f"loop=loop={frames - 1}:size=1:start=0,setpts=N"
    mouth_list = write_concat(workdir / "mouth.ffconcat",
                              [(sprites.mouths[v.viseme], v.start_ms, v.end_ms) for v in visemes])
    eyes_list = write_concat(workdir / "eyes.ffconcat",
                             [(sprites.eyes[s], a, b) for s, a, b in blink_track(duration_ms, seed)])
    inputs: list[tuple[str, ...]] = []
    chains: list[str] = []

    def add(*args: str) -> int:
        inputs.append(args)
        return len(inputs) - 1

    if background is None:
        bg = add("-framerate", rate, "-i", str(sprites.background))
        chains.append(f"[{bg}:v]{YUV420},{hold}[bg]")
    else:
        args, chain = background_input(background, width, height, rate, duration_ms)
        label = f"[{add(*args)}:v]" if args else ""
        chains.append(chain.replace("{in}", label) + "[bg]")
    head = add("-framerate", rate, "-i", str(sprites.head))
    eyes = add("-f", "concat", "-safe", "0", "-i", str(eyes_list))
    mouth = add("-f", "concat", "-safe", "0", "-i", str(mouth_list))
    body = add("-framerate", rate, "-i", str(sprites.body))
    motion = Motion.of(rig.unit, seed)
    # the head window is sized for the biggest hair; overlaying only its drawn part saves blending time
    cx, cy, cw, ch = opaque_box(sprites.head)
    hx, hy = motion.head_xy(rig.head[0] + cx, rig.head[1] + cy)
    chains += [
        f"[{head}:v]crop={cw}:{ch}:{cx}:{cy},{YUVA420},{hold}[head]",
        f"[{body}:v]{YUVA420},{hold}[body]",
        f"[head][{eyes}:v]overlay=x={rig.eyes[0] - cx}:y={rig.eyes[1] - cy}:format=auto[h1]",
        f"[h1][{mouth}:v]overlay=x={rig.mouth[0] - cx}:y={rig.mouth[1] - cy}:format=auto[face]",
        f"[bg][face]overlay=x={hx}:y={hy}[s1]",
        f"[s1][body]overlay=x=0:y={motion.body_y(rig.body[1])},{OUTPUT}[vout]",
    ]
    return _with_speech(inputs, chains, audio, duration_ms, output_options)


def photo_compiled(portrait: Path, *, width: int, height: int, fps: Fraction, duration_ms: int, seed: int,
                   output_options: Sequence[str], audio: Path | None = None) -> Compiled:
    """A photo portrait with idle motion only: a slow drift over a slightly enlarged, once-scaled frame.

    A photo has no drawn mouth to swap, so lip sync for photos needs an
    external engine (see ``lipsync``); this keeps the picture alive meanwhile.
    """
    rate = f"{fps.numerator}/{fps.denominator}"
    frames = max(1, math.ceil(duration_ms * fps / 1000))
    zw, zh = _even(round(width * 1.06)), _even(round(height * 1.06))
    m = Motion.of(min(width, height) * 0.9, seed)
    x = f"'(iw-ow)/2+{m.term(m.sway)}'"
    y = f"'(ih-oh)/2+{m.term(m.nod)}'"
    inputs: list[tuple[str, ...]] = [("-framerate", rate, "-i", str(portrait))]
    chains = [(f"[0:v]scale={zw}:{zh}:force_original_aspect_ratio=increase,crop={zw}:{zh},setsar=1,"
               f"{YUV420},loop=loop={frames - 1}:size=1:start=0,setpts=N,crop={width}:{height}:{x}:{y},"
               f"{OUTPUT}[vout]")]
    return _with_speech(inputs, chains, audio, duration_ms, output_options)


def _with_speech(inputs: list[tuple[str, ...]], chains: list[str], audio: Path | None, duration_ms: int,
                 output_options: Sequence[str]) -> Compiled:
    """The run's arguments, with ``audio`` (if any) padded or cut to the clip's length as the sound track."""
    maps = ["-map", "[vout]"]
    if audio is not None:
        inputs.append(("-i", str(audio)))
        chains.append(f"[{len(inputs) - 1}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=stereo,"
                      f"apad,atrim=0:{duration_ms / 1000:.3f}[aout]")
        maps += ["-map", "[aout]"]
    return Compiled(tuple(inputs), ";\n".join(chains), tuple(maps), tuple(output_options), duration_ms)
