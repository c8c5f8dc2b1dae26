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
  its keywords, its key words typeset) and says in its name that it is a
  stand-in.  Renders therefore never fail for want of a model, and the
  receipt shows which engine drew the pictures.

The stand-in is deterministic: the same prompt and size give the same pixels.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Protocol

from PIL import Image, ImageDraw, ImageFilter, ImageFont

from ...cache import cached_png
from ...drawing.prompts import RGB, key_words, palette, prompt_seed
from ...errors import EngineError, ValidationError
from ...fonts import font_file

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


def draw_card(prompt: str, width: int, height: int) -> Image.Image:
    """A gradient, soft light blobs, a few shapes and the prompt's key words on a frosted card."""
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
    _card(img, key_words(prompt) or [prompt.strip()[:24]], accent, unit)
    return img.convert("RGB")


def _card(img: Image.Image, words: list[str], accent: RGB, unit: int) -> None:
    width, height = img.size
    font = _font(True, max(12, unit // 11))
    small = _font(False, max(8, unit // 42))
    lines = _wrap(" ".join(w.upper() for w in words), font, width * 0.7)
    d = ImageDraw.Draw(img)
    line_h = font.getbbox("Hg")[3] + unit // 60
    card_w = max(d.textlength(line, font=font) for line in lines) + unit * 0.12
    card_h = line_h * len(lines) + unit * 0.12
    x0, y0 = (width - card_w) / 2, height * 0.5 - card_h / 2
    panel = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ImageDraw.Draw(panel).rounded_rectangle((x0, y0, x0 + card_w, y0 + card_h), radius=unit * 0.04,
                                            fill=(255, 255, 255, 46), outline=(255, 255, 255, 110),
                                            width=max(1, unit // 300))
    img.alpha_composite(panel)
    y = y0 + unit * 0.06
    for line in lines:
        lw = d.textlength(line, font=font)
        d.text(((width - lw) / 2 + unit * 0.004, y + unit * 0.005), line, font=font, fill=(0, 0, 0, 90))
        d.text(((width - lw) / 2, y), line, font=font, fill=(255, 255, 255, 255))
        y += line_h
    d.rectangle(((width - card_w * 0.3) / 2, y0 + card_h + unit * 0.03, (width + card_w * 0.3) / 2,
                 y0 + card_h + unit * 0.03 + max(2, unit // 120)), fill=(*accent, 255))
    label = "local stand-in image"
    d.text((unit * 0.04, height - unit * 0.04 - small.getbbox("Hg")[3]), label, font=small, fill=(255, 255, 255, 150))


def _wrap(text: str, font: ImageFont.FreeTypeFont, max_w: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= max_w:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@functools.cache
def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(font_file("Inter", bold=bold)), size)


def _gradient(width: int, height: int, top: RGB, bottom: RGB) -> Image.Image:
    column = Image.linear_gradient("L").resize((1, height))
    a = Image.new("RGB", (1, height), top)
    b = Image.new("RGB", (1, height), bottom)
    return Image.composite(b, a, column).resize((width, height)).convert("RGBA")


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))
