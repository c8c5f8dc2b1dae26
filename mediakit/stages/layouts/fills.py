"""Frames filled from a picture of another shape, drawn once with Pillow (cached): no flat band, no black bars.

``blurred_cover`` is the picture (or its foot) enlarged to cover the frame,
blurred and dimmed a little (what ``fit: blur`` puts in the bars, as a
still): under a photo actor framed above the captions' band, the blur of the
photo's foot reads as the photo going on (its whole blur showed a second,
blurred face there, which the caption placement then kept clear of, onto the
real face).  ``page_backdrop`` shows a page, an app screenshot or a b-roll
picture whole at the frame's width from the top, over its own blurred cover:
the green-screen layout's background, with the actor standing in front of
its lower part.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageEnhance, ImageFilter

from ...cache import cached_png, file_signature
from ...media_io import open_image

BLUR = 0.03     # of the frame's width: the blur's radius
DIM = 0.9       # brightness of the blurred cover (the picture itself stays as it is)


def blurred_cover(picture: Path, size: tuple[int, int], *, foot: float = 1.0) -> Path:
    """``picture`` covering ``size``, blurred and dimmed (a PNG); with ``foot`` < 1, only that lower share of its
    height, stretched down the frame (each column goes on in its own colours: a blue wall beside a dark shirt)."""
    def draw() -> Image.Image:
        image = open_image(picture).convert("RGB")
        if foot < 1:
            strip = image.crop((0, image.height - max(1, round(image.height * foot)), image.width, image.height))
            image = strip.resize((image.width, round(image.width * size[1] / size[0])), Image.Resampling.BILINEAR)
        return _blurred(image, size)

    return cached_png("blurred-cover", (file_signature(picture), size, foot), draw)


def page_backdrop(picture: Path, size: tuple[int, int]) -> Path:
    """``picture`` whole at the frame's width, from the top (its foot cropped if taller), over its blurred cover."""
    def draw() -> Image.Image:
        back = _blurred(open_image(picture).convert("RGB"), size)
        page = open_image(picture).convert("RGB")
        w = size[0]
        h = max(1, round(page.height * w / page.width))
        back.paste(page.resize((w, h), Image.Resampling.LANCZOS).crop((0, 0, w, min(h, size[1]))), (0, 0))
        return back

    return cached_png("page-backdrop", (file_signature(picture), size), draw)


def _blurred(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    w, h = size
    scale = max(w / image.width, h / image.height) / 8   # blurred small, then enlarged: cheap at any size
    small = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                         Image.Resampling.BILINEAR)
    small = small.filter(ImageFilter.GaussianBlur(BLUR * w / 8))
    big = small.resize((max(w, round(small.width * 8)), max(h, round(small.height * 8))), Image.Resampling.BICUBIC)
    x, y = (big.width - w) // 2, (big.height - h) // 2
    return ImageEnhance.Brightness(big.crop((x, y, x + w, y + h))).enhance(DIM)
