"""Posters from a prompt, or compositions of reference images: what the local stand-ins draw.

No image model ships with mediakit, so the stand-ins do what a designer
with no camera would.  A prompt that names things the vendored assets
depict is drawn as a scene (``scene.py``: the things on their setting, at
their time of day, in their weather).  Otherwise it reads the prompt for a setting (sea, land, city,
studio), a subject (a bottle, a mug, a phone, a person...), colours (from
its words, or from the refs) and a headline (quoted words, else the
prompt's first sentence as written: never key words glued together, never
cut short, the type sized to fit instead), and lays them out as a flat illustrated poster with real type.  With
refs (image-edit mode) it composes them: one ref full-bleed or framed, two
side by side, three or four as a hero and its companions, as cards with
borders and shadows on the prompt's colours.

Each of the ``n`` images is another variant (arrangement, light, angle), and the
same prompt, refs and size always give the same pixels.  The image engine
(``engines/designer.py``), the animatic video engine and the storyboard stage
all draw with it.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageOps, UnidentifiedImageError

from ..errors import MediaError
from .lettering import LEADING, block_height, fit
from .motifs import STUDIO_SUBJECT, Palette, draw_setting, draw_subject, mix, setting_for, subject_for
from .planes import PLANES
from .prompts import palette
from .scene import Scene, draw_scene, read_scene, scene_planes

HEADLINE_FONTS = ("Bebas Neue", "League Spartan", "Fjalla One")
_QUOTED = re.compile(r"[\"“]([^\"”]{2,60})[\"”]")
_REFERENCE = re.compile(r"@(?:image|video|audio)\d+", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def open_image(path: Path, *, field: str) -> Image.Image:
    """An input image upright (EXIF orientation applied) and in RGB."""
    try:
        with Image.open(path) as im:
            return ImageOps.exif_transpose(im).convert("RGB")
    except (UnidentifiedImageError, OSError) as exc:
        raise MediaError(path, f"is not an image Pillow can read ({exc})", field=field) from None


def seed_of(*parts: object) -> int:
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:8], "big")


def prompt_palette(prompt: str, variant: int = 0) -> Palette:
    """Colours named by the prompt's words (the b-roll stand-in's table); variants shift the light."""
    top, bottom, accent = palette(prompt)
    if variant % 3 == 1:
        top, bottom = mix(top, accent, 0.25), mix(bottom, (0, 0, 0), 0.15)
    elif variant % 3 == 2:
        top, bottom = mix(top, (255, 255, 255), 0.12), mix(bottom, top, 0.2)
    return Palette(top, bottom, accent)


def headline(prompt: str) -> str:
    """Words in quotes if the prompt has them (the text to show), else its first sentence as written."""
    quoted = _QUOTED.search(prompt)
    if quoted:
        return quoted.group(1).strip()
    text = " ".join(_REFERENCE.sub(" ", prompt).split()).strip(" ,;:")
    return _SENTENCE.split(text, maxsplit=1)[0].rstrip(".") or prompt.strip()


# ---- text-to-image ----------------------------------------------------------------------------------------------

def design(prompt: str, size: tuple[int, int], *, variant: int = 0, text: bool = True,
           context: str | None = None) -> Image.Image:
    """A poster for ``prompt``: setting, subject, palette and (when ``text``) its headline.

    ``context`` is the whole prompt ``prompt`` is a part of (a shot's phrase, a panel's beat): its setting,
    time of day and weather hold where the part does not say.
    """
    rng = random.Random(seed_of(prompt.strip().lower(), size, variant))
    pal = prompt_palette(prompt, variant)
    w, h = size
    wide = w > h * 1.15
    arrangement = ("left" if wide else ("top", "bottom", "top")[variant % 3]) if text else "none"
    scene = scene_of(prompt, context)
    if scene.assets or scene.setting in PLANES:  # the things the prompt names, where and when it says (``scene``)
        img = draw_scene(scene, size, rng, pal)
        if text:
            typeset(img, headline(prompt), pal, arrangement if arrangement != "bottom" else "top", variant)
        return finish(img, rng)
    setting, subject = setting_for(prompt), subject_for(prompt)
    if subject is None and setting == "studio":
        subject = STUDIO_SUBJECT
    img = draw_setting(setting, size, pal, rng)
    if subject is not None:
        person = subject == "person"
        cx = 0.68 if arrangement == "left" else 0.5 + (rng.uniform(-0.08, 0.08) if arrangement == "none" else 0.0)
        base = (1.02 if person else 0.78 if setting == "studio" else 0.86) - (0.16 if arrangement == "bottom" else 0.0)
        tall = (0.62 if person else 0.5) * (0.85 if arrangement in ("top", "bottom") and not wide else 1.0)
        img.alpha_composite(draw_subject(subject, size, pal, cx=cx, base=base, height=tall,
                                         podium=setting == "studio" and not person))
    if text:
        typeset(img, headline(prompt), pal, arrangement, variant)
    return finish(img, rng)


def scene_of(prompt: str, context: str | None = None) -> Scene:
    """The scene ``prompt`` describes, inside ``context``'s (the whole prompt a phrase or a beat is part of)."""
    return read_scene(prompt) if context is None else read_scene(prompt).within(read_scene(context))


def design_planes(prompt: str, size: tuple[int, int], *, variant: int = 0,
                  context: str | None = None) -> tuple[Image.Image, Image.Image] | None:
    """A scene's two planes without type, far (RGB, finished like ``design``) and near (RGBA), for a camera
    that moves them at different speeds; None when the prompt names nothing a scene can show (``design``
    then draws it as a poster)."""
    scene = scene_of(prompt, context)
    if not scene.assets and scene.setting not in PLANES:
        return None
    rng = random.Random(seed_of(prompt.strip().lower(), size, variant))
    far, near = scene_planes(scene, size, rng, prompt_palette(prompt, variant))
    return finish(far, rng), near


def typeset(img: Image.Image, head: str, pal: Palette, arrangement: str, variant: int) -> int:
    """The headline, whole, in large condensed capitals sized to fit, with an accent bar under it.

    ``bottom`` puts it under the subject on a scrim, at most a quarter of
    the frame high so the subject stays clear; ``top`` and ``left`` give it
    up to 40% of the height.  Returns the y just below the block (for
    ``top``), so a picture can start under it.
    """
    w, h = img.size
    unit = min(w, h)
    margin = round(unit * 0.07)
    column = w * (0.46 if arrangement == "left" else 0.86)
    low = arrangement == "bottom"
    room = h * (0.25 if low else 0.4 if arrangement == "top" else 0.8)
    big, head_lines = fit(head.upper(), HEADLINE_FONTS[variant % len(HEADLINE_FONTS)], column, room,
                          start=unit * (0.11 if low else 0.16))
    block_h = block_height(big, head_lines) + round(unit * 0.035)
    y = {"top": margin, "left": (h - block_h) // 2, "bottom": h - margin - block_h}[arrangement]
    if arrangement == "bottom":
        scrim_top = max(0, y - margin)
        ramp = Image.linear_gradient("L").resize((w, h - scrim_top)).point(lambda v: int(v * 0.75))
        shade = Image.new("RGBA", (w, h - scrim_top), (*pal.deep, 255))
        shade.putalpha(ramp)
        img.alpha_composite(shade, (0, scrim_top))
    center = arrangement in ("top", "bottom")
    draw = ImageDraw.Draw(img)
    lift = max(1, round(big.size * 0.03))
    for line in head_lines:
        x = (w - draw.textlength(line, font=big)) / 2 if center else margin
        draw.text((x + lift, y + 1.5 * lift), line, font=big, fill=(0, 0, 0, 110))
        draw.text((x, y), line, font=big, fill=(255, 255, 255, 255))
        y += round(big.size * LEADING)
    bar_w = unit * 0.12
    bx = (w - bar_w) / 2 if center else margin
    draw.rounded_rectangle((bx, y + unit * 0.008, bx + bar_w, y + unit * 0.018), radius=unit * 0.005,
                           fill=(*pal.accent, 255))
    return y + round(unit * 0.035)


# ---- image-edit: composing the refs -----------------------------------------------------------------------------

def compose(refs: Sequence[Image.Image], prompt: str, size: tuple[int, int], *, variant: int = 0,
            text: bool = True) -> Image.Image:
    """The refs laid out as one picture on their own colours, with the prompt's headline when ``text``."""
    rng = random.Random(seed_of(prompt.strip().lower(), size, variant, len(refs)))
    pal = ref_palette(refs, variant)
    w, h = size
    img = draw_setting("studio", size, pal, rng)
    unit = min(w, h)
    wide = w > h * 1.15
    if len(refs) == 1 and variant % 2 == 0:
        img.alpha_composite(ImageOps.fit(refs[0], size, Image.Resampling.LANCZOS).convert("RGBA"))
        if text:
            typeset(img, headline(prompt), pal, "bottom", variant)
        return finish(img, rng)
    # the type takes a left column on wide frames and the top on the others; the cards fill the rest
    area = (0, 0, w, h)
    if text:
        below = typeset(img, headline(prompt), pal, "left" if wide else "top", variant)
        area = (round(w * 0.42), 0, w, h) if wide else (0, below, w, h)
    for i, (box, angle) in enumerate(arrange_cards(len(refs), area, unit, rng)):
        place_card(img, refs[i], box, angle, unit)
    return finish(img, rng)


def arrange_cards(count: int, area: tuple[int, int, int, int], unit: int,
                 rng: random.Random) -> list[tuple[tuple[int, int, int, int], float]]:
    """Boxes (x, y, w, h) and tilts for ``count`` cards inside ``area``: one, a pair, or a hero and companions."""
    x0, y0, x1, y1 = area
    pad = round(unit * 0.06)
    x0, y0, x1, y1 = x0 + pad, y0 + pad, x1 - pad, y1 - pad
    aw, ah = x1 - x0, y1 - y0
    tilt = lambda: rng.uniform(-3.5, 3.5)  # noqa: E731
    if count == 1:
        return [((x0, y0, aw, ah), tilt())]
    gap = round(unit * 0.04)
    if count == 2:
        if aw >= ah:
            cw = (aw - gap) // 2
            return [((x0, y0, cw, ah), tilt()), ((x0 + cw + gap, y0, cw, ah), tilt())]
        ch = (ah - gap) // 2
        return [((x0, y0, aw, ch), tilt()), ((x0, y0 + ch + gap, aw, ch), tilt())]
    rest = count - 1
    if aw >= ah:  # hero on the left two thirds, companions stacked on the right
        hw = (aw - gap) * 2 // 3
        cw, ch = aw - hw - gap, (ah - gap * (rest - 1)) // rest
        return [((x0, y0, hw, ah), tilt() / 2)] + [((x0 + hw + gap, y0 + k * (ch + gap), cw, ch), tilt())
                                                   for k in range(rest)]
    hh = (ah - gap) * 2 // 3
    ch, cw = ah - hh - gap, (aw - gap * (rest - 1)) // rest
    return [((x0, y0, aw, hh), tilt() / 2)] + [((x0 + k * (cw + gap), y0 + hh + gap, cw, ch), tilt())
                                               for k in range(rest)]


def place_card(img: Image.Image, ref: Image.Image, box: tuple[int, int, int, int], angle: float, unit: int) -> None:
    """``ref`` cropped to ``box`` as a white-bordered, rounded, tilted card with a soft shadow."""
    x, y, bw, bh = box
    border = max(2, round(unit * 0.012))
    inner = (max(4, bw - 2 * border), max(4, bh - 2 * border))
    card = Image.new("RGBA", (bw, bh), (250, 250, 247, 255))
    card.paste(ImageOps.fit(ref, inner, Image.Resampling.LANCZOS), (border, border))
    mask = Image.new("L", (bw, bh), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, bw - 1, bh - 1), radius=round(unit * 0.02), fill=255)
    card.putalpha(mask)
    card = card.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    cx, cy = x + bw // 2 - card.width // 2, y + bh // 2 - card.height // 2
    blur = max(2, round(unit * 0.02))
    shadow = Image.new("RGBA", (card.width + 4 * blur, card.height + 4 * blur), (0, 0, 0, 0))
    shadow.paste(Image.new("RGBA", card.size, (0, 0, 0, 120)), (2 * blur, 2 * blur), card.getchannel("A"))
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    img.alpha_composite(shadow, (max(0, cx - 2 * blur), max(0, cy - 2 * blur + blur // 2)),
                        (max(0, 2 * blur - cx), max(0, 2 * blur - blur // 2 - cy)))
    img.alpha_composite(card, (max(0, cx), max(0, cy)), (max(0, -cx), max(0, -cy)))


def ref_palette(refs: Sequence[Image.Image], variant: int) -> Palette:
    """Colours taken from the refs themselves (their dominant tones), so the design belongs to its pictures."""
    first, second = _dominant(refs[0]), _dominant(refs[-1])
    if variant % 2:
        first, second = second, first
    return Palette(mix(first, (255, 255, 255), 0.1), mix(second, (0, 0, 0), 0.55), mix(first, (255, 255, 255), 0.45))


def _dominant(img: Image.Image) -> tuple[int, int, int]:
    small = img.resize((24, 24), Image.Resampling.BILINEAR).quantize(colors=4)
    pal = small.getpalette() or [128, 128, 128]
    counts = sorted(small.getcolors() or [(1, 0)], reverse=True)
    idx = int(counts[0][1])  # type: ignore[call-overload]  # a palette index (the image is "P")
    r, g, b = pal[idx * 3: idx * 3 + 3]
    return int(r), int(g), int(b)


# ---- finishing --------------------------------------------------------------------------------------------------

def finish(img: Image.Image, rng: random.Random) -> Image.Image:
    """A light film grain (breaks up gradient banding) and a gentle vignette; RGB out."""
    w, h = img.size
    arr = np.asarray(img.convert("RGB"), dtype=np.int16)
    noise = np.random.default_rng(rng.getrandbits(32)).integers(-4, 5, size=(h, w, 1), dtype=np.int16)
    yy, xx = np.ogrid[:h, :w]
    dist = ((xx - w / 2) / (w / 2)) ** 2 + ((yy - h / 2) / (h / 2)) ** 2
    shade = (1.0 - 0.18 * np.clip(dist - 0.35, 0, None))[..., None]
    out = np.clip((arr + noise) * shade, 0, 255).astype(np.uint8)
    return Image.fromarray(out)  # uint8 with three channels is RGB
