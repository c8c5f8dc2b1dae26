"""``local-designer``: the local stand-in image engine; it draws with :mod:`mediakit.drawing.design`.

Every image carries a small "local-designer" mark, so nobody mistakes it for
a model's output.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from ..drawing.design import compose, design, font, open_image
from .base import ImageEngine, ImageJob

MARK = "local-designer"


class DesignerEngine(ImageEngine):
    name = "local-designer"
    description = ("draws a poster from the prompt's words (setting, subject, colours, headline) and composes "
                   "the refs; no image model")
    local = True

    def make(self, job: ImageJob, workdir: Path) -> list[Path]:
        refs = [open_image(p, field=f"refs[{i}]") for i, p in enumerate(job.refs)]
        out = []
        for i in range(job.n):
            size = (job.width, job.height)
            img = compose(refs, job.prompt, size, variant=i) if refs else design(job.prompt, size, variant=i)
            path = workdir / f"image-{i + 1}.png"
            stamp(img, f"{MARK} · stand-in for {job.model}").save(path, "PNG")
            out.append(path)
        return out



def stamp(img: Image.Image, label: str) -> Image.Image:
    """The stand-in's mark, small, bottom right."""
    out = img.convert("RGBA")
    unit = min(out.size)
    face = font("Inter", False, max(9, round(unit * 0.018)))
    draw = ImageDraw.Draw(out)
    tw = draw.textlength(label, font=face)
    x, y = out.width - tw - unit * 0.025, out.height - face.size * 1.4 - unit * 0.018
    draw.text((x + 1, y + 1), label, font=face, fill=(0, 0, 0, 110))
    draw.text((x, y), label, font=face, fill=(255, 255, 255, 170))
    return out.convert("RGB")
