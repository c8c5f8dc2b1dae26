"""A contact sheet with one frame of every caption style, to choose a style at a glance.

Each style is rendered by the real pipeline (timeline -> one ffmpeg graph ->
libass) on a busy photo, at a moment when a word is being spoken, so the sheet
shows exactly what a render will look like, active-word treatment included.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from ..captions import captions_for, style_names
from ..fonts import font_file
from ..media_io import atomic_path, open_image
from ..paths import data_dir
from ..render import StillProfile, check_output_path, render
from ..timeline import Canvas, ImageLayer, Timeline
from ..words import Word

SAMPLE_TEXT = "This changes EVERYTHING about how you make videos in 2026"
WORD_MS = 330
CELL = Canvas(360, 640)
COLUMNS = 6
LABEL_H = 44


def sample_words() -> list[Word]:
    """Evenly paced sample words, with a pause before the last phrase to show page breaks."""
    return [Word(text, i * WORD_MS, i * WORD_MS + WORD_MS - 30) for i, text in enumerate(SAMPLE_TEXT.split())]


def contact_sheet(output: str | Path, *, background: str | Path | None = None, at_ms: int = 2 * WORD_MS + 120,
                  styles: list[str] | None = None) -> Path:
    """Render every style (or ``styles``) into one PNG grid labelled with style names."""
    out = check_output_path(output)
    photo = Path(background) if background else data_dir("samples") / "coffee.png"
    names = styles or style_names()
    words = sample_words()
    with tempfile.TemporaryDirectory(prefix="mediakit-sheet-") as tmp:
        def one(name: str) -> Path:
            timeline = Timeline(CELL, words[-1].end_ms + 500, layers=(ImageLayer(path=photo),),
                                captions=captions_for(words, name))
            return render(timeline, Path(tmp) / f"{name}.png", profile=StillProfile(at_ms))

        with ThreadPoolExecutor(max_workers=2) as pool:
            frames = list(pool.map(one, names))
        rows = -(-len(names) // COLUMNS)
        sheet = Image.new("RGB", (COLUMNS * CELL.width, rows * (CELL.height + LABEL_H)), "#111111")
        draw = ImageDraw.Draw(sheet)
        label_font = ImageFont.truetype(str(font_file("Inter", bold=True)), 26)
        for i, (name, frame) in enumerate(zip(names, frames, strict=True)):
            x, y = (i % COLUMNS) * CELL.width, (i // COLUMNS) * (CELL.height + LABEL_H)
            sheet.paste(open_image(frame).convert("RGB"), (x, y + LABEL_H))
            draw.text((x + CELL.width // 2, y + LABEL_H // 2), name, fill="white", font=label_font, anchor="mm")
        with atomic_path(out) as tmp_out:
            sheet.save(tmp_out, "PNG", optimize=True)
    return out
