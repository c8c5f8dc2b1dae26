"""A contact sheet of actor portraits, to choose an actor at a glance."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageOps

from ...fonts import font_file
from ...media_io import open_image
from ...render import check_output_path
from .catalog import Actor

CELL = 256
LABEL_H = 44
COLUMNS = 7


def contact_sheet(actors: Sequence[Actor], output: str | Path, *, columns: int = COLUMNS) -> Path:
    """One PNG grid of the actors' portraits, each labelled with name, age and type."""
    out = check_output_path(output)
    cols = max(1, min(columns, len(actors)))
    rows = max(1, -(-len(actors) // cols))
    sheet = Image.new("RGB", (CELL * cols, (CELL + LABEL_H) * rows), "white")
    draw = ImageDraw.Draw(sheet)
    bold = ImageFont.truetype(str(font_file("Inter", bold=True)), 15)
    regular = ImageFont.truetype(str(font_file("Inter")), 13)
    for i, actor in enumerate(actors):
        x, y = (i % cols) * CELL, (i // cols) * (CELL + LABEL_H)
        img = open_image(actor.portrait_path, field="portrait")
        sheet.paste(ImageOps.fit(img.convert("RGB"), (CELL, CELL), Image.Resampling.LANCZOS), (x, y))
        draw.text((x + 8, y + CELL + 5), actor.name, fill=(20, 20, 20), font=bold)
        age = f"{actor.age}, " if actor.age is not None else ""
        draw.text((x + 8, y + CELL + 24), f"{age}{actor.actor_type} · {actor.slug}", fill=(110, 110, 110),
                  font=regular)
    sheet.save(out)
    return out
