"""The character sheet: a 3:2 page with the character's three views, its expressions, name and colours.

A sheet is both a picture for people and the character for the next steps:
the look, name and how it was made are written into the PNG (a ``tEXt``
chunk, ``mediakit:character``), so a storyboard or a video made from the
sheet's URL draws the very same character.  A sheet from elsewhere (no such
chunk) still works: its front view (the left third, upper part) is used as
the character's picture.

``look_from_photo`` reads a reference portrait's colours (skin at the face
centre, hair above it, clothes below, the backdrop at the corners) so the
drawn character takes the reference's colouring; the reference itself is
shown on the sheet beside the name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageOps, PngImagePlugin

from ...errors import MediaError
from ...fonts import font_file
from ..actors.look import Look
from ..actors.sketch import RGB, mix, rgb
from .views import EXPRESSIONS, VIEWS, head, view

SHEET_SIZE = (1536, 1024)
CHUNK = "mediakit:character"
PAPER: RGB = (246, 242, 234)
INK: RGB = (34, 30, 36)


@dataclass(frozen=True)
class Character:
    """A character the pipeline can draw: its look and name, how it was made, and the words it came from."""

    name: str
    look: Look
    variant: str
    gender: str = "female"
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "look": self.look.to_dict(),
                "variant": self.variant, "gender": self.gender, "description": self.description}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Character:
        return cls(name=str(data["name"]), look=Look.from_dict(data["look"]), variant=str(data["variant"]),
                   gender=str(data.get("gender", "female")), description=str(data.get("description", "")))


def draw_sheet(character: Character, reference: Path | None = None) -> Image.Image:
    """The sheet: name band, the three views in a row, the expression row and the colour swatches."""
    w, h = SHEET_SIZE
    img = Image.new("RGB", SHEET_SIZE, PAPER)
    draw = ImageDraw.Draw(img)
    accent = rgb(character.look.outfit_color)
    bg = rgb(character.look.background)
    title = _font(True, 54)
    label = _font(True, 20)
    small = _font(False, 20)
    draw.rectangle((0, 0, w, 96), fill=mix(accent, INK, 0.55))
    draw.text((40, 18), character.name, font=title, fill=(255, 255, 255))
    tag = f"CHARACTER SHEET · {character.variant.upper()}"
    draw.text((w - 40 - title.getlength("") - label.getlength(tag), 38), tag, font=label, fill=(255, 255, 255))
    # the three views, each on a soft card of the look's backdrop colour
    card_w, card_h, top = 440, 560, 120
    gap = (w - 3 * card_w) // 4
    for i, name in enumerate(VIEWS):
        x = gap + i * (card_w + gap)
        draw.rounded_rectangle((x, top, x + card_w, top + card_h), radius=24, fill=mix(bg, PAPER, 0.35))
        figure = view(character.look, name, (card_w, card_h - 40))
        img.paste(figure, (x, top + 8), figure)
        draw.text((x + 18, top + card_h - 34), name.upper(), font=label, fill=INK)
    # expressions
    row_top = top + card_h + 24
    size = 200
    names = list(EXPRESSIONS)
    for i, expression in enumerate(names):
        x = 40 + i * (size + 24)
        draw.ellipse((x, row_top, x + size, row_top + size), fill=mix(bg, PAPER, 0.2))
        face = head(character.look, size, expression)
        mask = Image.new("L", (size, size), 0)
        ImageDraw.Draw(mask).ellipse((0, 0, size - 1, size - 1), fill=255)
        alpha = Image.composite(face.getchannel("A"), mask, mask)
        img.paste(face, (x, row_top), alpha)
        draw.text((x + size / 2 - label.getlength(expression.upper()) / 2, row_top + size + 8), expression.upper(),
                  font=label, fill=INK)
    # swatches, the description, and the reference when there is one
    sx = 40 + len(names) * (size + 24) + 16
    for j, (what, colour) in enumerate((("skin", character.look.skin), ("hair", character.look.hair_color),
                                        ("outfit", character.look.outfit_color), ("eyes", character.look.eyes))):
        columns = 1 if reference is not None else 2  # the reference takes the right-hand corner
        x, y = sx + (j % columns) * 130, row_top + (j // columns) * 52
        draw.rounded_rectangle((x, y, x + 40, y + 40), radius=8, fill=rgb(colour), outline=INK, width=2)
        draw.text((x + 50, y + 8), what, font=small, fill=INK)
    if reference is not None:
        with Image.open(reference) as ref:
            thumb = ImageOps.fit(ref.convert("RGB"), (150, 190), Image.Resampling.LANCZOS)
        rx = w - 40 - 150
        img.paste(thumb, (rx, row_top))
        draw.rectangle((rx, row_top, rx + 149, row_top + 189), outline=INK, width=2)
        draw.text((rx, row_top + 196), "REFERENCE", font=label, fill=INK)
    elif character.description:
        _paragraph(draw, character.description, (sx, row_top + 116, w - 40), small)
    return img


def save_sheet(img: Image.Image, character: Character, path: Path) -> Path:
    """The sheet as a PNG carrying the character (see the module docstring)."""
    info = PngImagePlugin.PngInfo()
    info.add_text(CHUNK, json.dumps(character.to_dict(), sort_keys=True))
    img.save(path, "PNG", pnginfo=info)
    return path


def read_character(path: Path, *, field: str) -> Character | None:
    """The character written into a sheet PNG, or None when the sheet was not made by mediakit."""
    try:
        with Image.open(path) as img:
            text = img.info.get(CHUNK) if img.format == "PNG" else None
    except OSError:
        raise MediaError(path, "is not a readable image", field=field) from None
    if not text:
        return None
    try:
        return Character.from_dict(json.loads(text))
    except (ValueError, KeyError, TypeError) as exc:
        raise MediaError(path, f"carries a damaged character record: {exc}", field=field) from None


def front_crop(path: Path) -> Image.Image:
    """A foreign sheet's front view: its left third, upper three fifths (where sheets put the front view)."""
    with Image.open(path) as img:
        rgb_img = img.convert("RGBA")
    w, h = rgb_img.size
    return rgb_img.crop((0, 0, w // 3, h * 3 // 5))


def look_from_photo(photo: Path, *, field: str) -> Look:
    """A drawn look in the colours of a reference portrait (skin, hair, clothes and backdrop sampled)."""
    try:
        with Image.open(photo) as img:
            small = ImageOps.fit(img.convert("RGB"), (60, 80))
    except OSError:
        raise MediaError(photo, "is not a readable image", field=field) from None

    def sample(x0: int, y0: int, x1: int, y1: int) -> str:
        region = small.crop((x0, y0, x1, y1)).resize((1, 1), Image.Resampling.BOX)
        r, g, b = region.getpixel((0, 0))  # type: ignore[misc]
        return f"#{r:02x}{g:02x}{b:02x}"

    return Look(skin=sample(24, 30, 36, 42), hair_color=sample(22, 4, 38, 12), outfit_color=sample(14, 68, 46, 78),
                background=sample(0, 0, 8, 8), hair="short", extras=())


def _paragraph(draw: ImageDraw.ImageDraw, text: str, box: tuple[int, int, int], face: Any) -> None:
    x0, y, x1 = box
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if face.getlength(trial) > x1 - x0 and line:
            draw.text((x0, y), line, font=face, fill=INK)
            y += 28
            line = word
        else:
            line = trial
        if y > SHEET_SIZE[1] - 60:
            return
    if line:
        draw.text((x0, y), line, font=face, fill=INK)


def _font(bold: bool, size: int) -> Any:
    from PIL import ImageFont

    return ImageFont.truetype(str(font_file("Inter", bold=bold)), size)
