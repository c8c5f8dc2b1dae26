"""Frames filled from a picture of another shape, drawn once with Pillow (cached): no flat band, no black bars.

``blurred_cover`` is the picture enlarged to cover the frame, blurred and
dimmed a little (what ``fit: blur`` puts in the bars, as a still).  Under a
photo actor framed above the captions' band it is the photo's place without
the person (filled in, then blurred): the photo's whole blur showed a second,
blurred face there (found by the face detector even at a 64 px blur), which
the caption placement then kept clear of, onto the real face.

``page_backdrop`` shows a page, an app screenshot or a b-roll picture whole
at the frame's width from the top, over its own blurred cover: the
green-screen layout's background, the actor standing in front of its foot.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageEnhance, ImageFilter

from ...analysis.person import person_alpha
from ...cache import cached_png, file_signature
from ...media_io import open_image

BLUR = 0.03     # of the frame's width: the blur's radius
DIM = 0.9       # brightness of the blurred cover (the picture itself stays as it is)
FILL_SIDE = 160  # px, the long side of the copy a person is filled in on (only its blur shows)


def blurred_cover(picture: Path, size: tuple[int, int], *, without_person: bool = False) -> Path:
    """``picture`` covering ``size``, blurred and dimmed (a PNG); ``without_person``: the person taken out first
    (their alpha filled in from the backdrop around them), so only the picture's place is blurred."""
    def draw() -> Image.Image:
        image = open_image(picture).convert("RGB")
        if without_person:
            image = _person_filled(image, picture)
        return _blurred(image, size)

    return cached_png("blurred-cover", (file_signature(picture), size, without_person), draw)


def _person_filled(image: Image.Image, picture: Path) -> Image.Image:
    """``image`` with the person's pixels filled in from around them (OpenCV's inpainting, on a small copy: only
    its blur is shown)."""
    scale = min(1.0, FILL_SIDE / max(image.size))
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    small = np.asarray(image.resize(size, Image.Resampling.BILINEAR))
    with Image.open(person_alpha(picture)) as alpha:
        person = np.asarray(alpha.convert("L").resize(size, Image.Resampling.BILINEAR)) > 0
    if person.all():
        return image
    hole = cv2.dilate(person.astype(np.uint8) * 255, np.ones((5, 5), np.uint8))
    return Image.fromarray(cv2.inpaint(small, hole, 9, cv2.INPAINT_TELEA))


def page_backdrop(picture: Path, size: tuple[int, int]) -> Path:
    """``picture`` whole at the frame's width, from the top (its foot cropped if taller), over its blurred cover."""
    def draw() -> Image.Image:
        page = open_image(picture).convert("RGB")
        back = _blurred(page, size)
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
