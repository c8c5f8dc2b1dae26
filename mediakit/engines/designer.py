"""``local-designer``: the local image engine; it draws with :mod:`mediakit.drawing.design`.

Nothing but the prompt's own headline is written on the picture: the
receipt's ``engine`` and notes say that a local engine drew it.
"""

from __future__ import annotations

from pathlib import Path

from ..drawing.design import compose, design, open_image
from .base import ImageEngine, ImageJob


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
            img.save(path, "PNG")
            out.append(path)
        return out
