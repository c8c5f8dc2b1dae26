"""The b-roll image engine seam: ``visual_prompt`` -> an image file.

The service names three b-roll models (``broll-model-1``, ``-2``, ``-3``);
each is a hosted text-to-image model mediakit cannot ship.  So:

- an engine is any object with a ``name`` and ``generate(prompt, width,
  height) -> Path`` (it chooses where to write, typically its own cache);
- engines are found by name in a registry filled by ``register_engine`` or by
  installed packages through the entry-point group ``mediakit.broll_engines``
  (the entry point's name is the model name, its object a zero-argument
  factory);
- a ``broll_model`` value with no registered engine falls back to the local
  stand-in, which draws a real, watchable card from the prompt (colours from
  its keywords, its own words typeset whole in the upper band, clear of the
  PiP and the captions) and says in its engine name, never on the picture,
  that it is a stand-in.  Renders therefore never fail for want of a model, and the
  receipt shows which engine drew the pictures.

The stand-in is deterministic: the same prompt and size give the same pixels.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol, get_args

from PIL import Image, ImageDraw, ImageFilter

from ...cache import cached_png
from ...drawing.lettering import LEADING, block_height, fit
from ...drawing.prompts import RGB, palette, prompt_seed
from ...errors import EngineError, ValidationError
from ...timeline import Canvas
from ..pip import PipOptions, Position, pip_box

ENTRY_POINT_GROUP = "mediakit.broll_engines"
BROLL_MODELS: tuple[str, ...] = ("broll-model-1", "broll-model-2", "broll-model-3")
LOCAL_STAND_IN = "local-stand-in"


class BrollEngine(Protocol):
    """What an image engine provides."""

    name: str

    def generate(self, prompt: str, width: int, height: int) -> Path:
        """Write an image for ``prompt`` of about ``width`` x ``height``; return its path."""
        ...


EngineFactory = Callable[[], BrollEngine]
_REGISTRY: dict[str, EngineFactory] = {}


def register_engine(model: str, factory: EngineFactory) -> None:
    """Use ``factory()`` for ``model`` (e.g. ``broll-model-2``) from now on in this process."""
    _REGISTRY[model] = factory


def _entry_point_factory(model: str) -> EngineFactory | None:
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == model:
            try:
                factory: EngineFactory = ep.load()
            except Exception as exc:  # a broken plug-in must say which one
                raise EngineError(f"b-roll engine {model!r} from {ep.value!r} failed to load: {exc}") from exc
            return factory
    return None


def get_engine(model: str | None = None) -> BrollEngine:
    """The engine for ``broll_model`` (None = the local stand-in).

    A registered or installed engine wins; the three service model names
    without one map to the local stand-in; any other name is an error listing
    the valid ones.
    """
    name = model or LOCAL_STAND_IN
    factory = _REGISTRY.get(name) or (None if name == LOCAL_STAND_IN else _entry_point_factory(name))
    if factory is not None:
        return factory()
    if name == LOCAL_STAND_IN or name in BROLL_MODELS:
        return LocalStandInEngine(requested=None if name == LOCAL_STAND_IN else name)
    raise ValidationError("broll_model", model, f"must be one of {', '.join(BROLL_MODELS)}")


# ---- the local stand-in -------------------------------------------------------------------------------------

class LocalStandInEngine:
    """Draws a b-roll card from the prompt with Pillow: no model, no network, same prompt -> same image."""

    def __init__(self, requested: str | None = None, cache_dir: Path | None = None) -> None:
        self.requested = requested
        self.cache_dir = cache_dir
        self.name = (f"{LOCAL_STAND_IN} (for {requested}; no engine registered)" if requested
                     else f"{LOCAL_STAND_IN} (draws a card from the prompt; no image model)")

    def generate(self, prompt: str, width: int, height: int) -> Path:
        """The card for ``prompt``, cached by prompt and size."""
        if not prompt.strip():
            raise ValidationError("visual_prompt", prompt, "must not be empty")
        return cached_png("broll", (prompt.strip(), width, height), lambda: draw_card(prompt, width, height),
                          self.cache_dir)


# Where a card's words may sit, as fractions of the frame: inside what a Ken Burns zoom or drift keeps in view,
# in the upper band above the largest PiP; a generator keeps its captions out of this band (``card_band``).
CARD_SIDES = (0.14, 0.86)
CARD_TOP, CARD_BOTTOM = 0.1, 0.36   # below 36% a portrait frame keeps a band for the captions above the PiP
CARD_FONT = "Inter"


def card_band(width: int, height: int) -> tuple[int, int, int, int]:
    """The band (x0, y0, x1, y1) in pixels where a ``width`` x ``height`` card's words must stay."""
    canvas = Canvas(width, height, Fraction(30))
    pip_top = min(pip_box(PipOptions(position=p, size="large"), canvas).y for p in get_args(Position))
    y0 = round(height * CARD_TOP)
    y1 = max(y0 + round(height * 0.12), min(round(height * CARD_BOTTOM), pip_top - round(min(width, height) * 0.03)))
    return round(width * CARD_SIDES[0]), y0, round(width * CARD_SIDES[1]), y1


def draw_card(prompt: str, width: int, height: int) -> Image.Image:
    """A gradient, soft light blobs, a few shapes and the prompt's own words on a frosted card."""
    top, bottom, accent = palette(prompt)
    rng = random.Random(prompt_seed(prompt))
    img = _gradient(width, height, top, bottom)
    glow = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    gd = ImageDraw.Draw(glow)
    unit = min(width, height)
    for _ in range(5):
        r = rng.uniform(0.18, 0.45) * unit
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        color = _mix(accent, top, rng.uniform(0, 0.6))
        gd.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(*color, rng.randint(60, 130)))
    img.alpha_composite(glow.filter(ImageFilter.GaussianBlur(unit * 0.08)))
    shapes = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    sd = ImageDraw.Draw(shapes)
    for _ in range(4):
        r = rng.uniform(0.05, 0.14) * unit
        cx, cy = rng.uniform(0.1, 0.9) * width, rng.uniform(0.05, 0.95) * height
        paint = (*_mix(accent, (255, 255, 255), 0.3), rng.randint(70, 140))
        if rng.random() < 0.5:
            sd.ellipse((cx - r, cy - r, cx + r, cy + r), outline=paint, width=max(2, unit // 90))
        else:
            sd.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=r * 0.3, fill=paint)
    img.alpha_composite(shapes.filter(ImageFilter.GaussianBlur(unit * 0.004)))
    _card(img, " ".join(prompt.split()).upper(), accent)
    return img.convert("RGB")


def _card(img: Image.Image, text: str, accent: RGB) -> None:
    """``text`` whole, as large as the card band allows, on a frosted panel with an accent bar under it."""
    width, height = img.size
    unit = min(width, height)
    x0, y0, x1, y1 = card_band(width, height)
    pad = max(2, round(unit * 0.035))
    bar_h = max(2, unit // 120)
    face, lines = fit(text, CARD_FONT, x1 - x0 - 2 * pad, y1 - y0 - 2 * pad - 2 * bar_h, start=unit / 11)
    d = ImageDraw.Draw(img)
    text_w = max(d.textlength(line, font=face) for line in lines)
    card_w, card_h = text_w + 2 * pad, block_height(face, lines) + 2 * pad + 2 * bar_h
    left, top = (width - card_w) / 2, y0 + (y1 - y0 - card_h) / 2
    panel = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ImageDraw.Draw(panel).rounded_rectangle((left, top, left + card_w, top + card_h), radius=unit * 0.03,
                                            fill=(255, 255, 255, 46), outline=(255, 255, 255, 110),
                                            width=max(1, unit // 300))
    img.alpha_composite(panel)
    y = top + pad
    shadow = max(1, round(face.size * 0.04))
    ink_bottom = y
    for line in lines:
        lw = d.textlength(line, font=face)
        d.text(((width - lw) / 2 + shadow, y + shadow), line, font=face, fill=(0, 0, 0, 90))
        d.text(((width - lw) / 2, y), line, font=face, fill=(255, 255, 255, 255))
        ink_bottom = max(ink_bottom, d.textbbox(((width - lw) / 2, y), line, font=face)[3] + shadow)
        y += face.size * LEADING
    bar_y = max(top + pad + block_height(face, lines), ink_bottom) + bar_h  # under the ink: it crossed "SECONDS."
    d.rectangle(((width - card_w * 0.3) / 2, bar_y, (width + card_w * 0.3) / 2, bar_y + bar_h), fill=(*accent, 255))


def _gradient(width: int, height: int, top: RGB, bottom: RGB) -> Image.Image:
    column = Image.linear_gradient("L").resize((1, height))
    a = Image.new("RGB", (1, height), top)
    b = Image.new("RGB", (1, height), bottom)
    return Image.composite(b, a, column).resize((width, height)).convert("RGBA")


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
