"""What a picture's layers show, as heights on the canvas captions must keep clear of (from the analysis).

The picture analysis (``mediakit.analysis``) finds faces, text and the
subject in fractions of each photo or clip; this module follows each layer's
fit (cover, contain, blur), crop and box onto the canvas and keeps what
reaches the captions' column (the safe area's width, where pages are
centred).  A ``contain`` or ``blur`` picture's own rectangle is kept too, so
the bands outside it (a 4:3 clip on a 9:16 canvas) are tried first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace

from ...analysis import PictureAnalysis, Region, analyse
from ...captions import safe_area
from ...timeline import Box, Canvas, Crop, ImageLayer, Punch, PuppetLayer, SequenceLayer, VideoLayer, VisualLayer
from .placement import Band, actor_caption_centre, face_band

Rect = tuple[float, float, float, float]  # left, top, right, bottom in canvas px
BLUR_DIM = 0.85   # the blur fit's fill is darkened (the renderer's eq=brightness=-0.08), in luminance


@dataclass
class Seen:
    """Heights (px) of what captions should not cover, by how much it matters: faces first, the picture last."""

    faces: list[Band] = field(default_factory=list)
    text: list[Band] = field(default_factory=list)
    subject: list[Band] = field(default_factory=list)
    pictures: list[Band] = field(default_factory=list)

    def tries(self, *always: Band) -> tuple[list[Band], ...]:
        """Keep-out lists from the strictest to the most lenient: faces (and ``always``) are in every one."""
        faces = [*always, *self.faces]
        return ([*faces, *self.text, *self.subject, *self.pictures], [*faces, *self.text, *self.subject],
                [*faces, *self.text], faces)

    def add(self, analysis: PictureAnalysis, fit: str, box: Box, canvas: Canvas, crop: Crop | None = None) -> None:
        """Add what ``analysis`` found, its picture shown in ``box`` by ``fit`` after ``crop``."""
        area = safe_area(canvas.width, canvas.height)
        src = (analysis.width, analysis.height)
        shown = src if crop is None else (max(1, round(src[0] * crop.w)), max(1, round(src[1] * crop.h)))

        def bands(regions: Iterable[Region]) -> list[Band]:
            out = []
            for region in regions:
                rect = on_box(region if crop is None else cropped(region, crop), shown, box, fit)
                if rect is not None and rect[0] < area.right and rect[2] > area.left:
                    out.append((rect[1], rect[3]))
            return out

        self.faces += bands(analysis.faces)
        self.text += bands(analysis.text)
        self.subject += bands((analysis.subject,) if analysis.subject else ())
        if fit != "cover":
            self.pictures += bands((Region(0, 0, 1, 1),))


def seen_in(layers: Sequence[VisualLayer], canvas: Canvas) -> Seen:
    """What the photos and clips among ``layers`` (a sequence's scenes included) show, on the canvas; a drawn
    actor's face in its punch-ins' tight framing too (the wide one is ``placement.face_band``'s)."""
    seen = Seen()
    for analysis, fit, box, crop in _pictures(layers, canvas):
        seen.add(analysis, fit, box, canvas, crop)
    for layer in layers:
        for part in layer.scenes if isinstance(layer, SequenceLayer) else (layer,):
            if isinstance(part, PuppetLayer) and part.punch is not None and part.head_mask is None:
                top, bottom = face_band(*part.size)
                band = Region(0, top / part.size[1], 1, (bottom - top) / part.size[1])
                rect = on_box(_zoomed(band, part.punch, part.size), part.size, layer.box or canvas.box, part.fit)
                seen.faces += [] if rect is None else [(rect[1], rect[3])]
    return seen


def sighted(layers: Sequence[VisualLayer], canvas: Canvas) -> tuple[list[Rect], list[tuple[Rect, float]]]:
    """What a PiP over ``layers`` keeps clear of, on the canvas: the faces their photos and clips show, as
    rectangles, and each cell of their saliency grid that stands out more than the picture's average, with by
    how much (a storefront's door, not the plain wall beside it)."""
    faces: list[Rect] = []
    salient: list[tuple[Rect, float]] = []
    for analysis, fit, box, crop in _pictures(layers, canvas):
        shown = (analysis.width, analysis.height) if crop is None else (
            max(1, round(analysis.width * crop.w)), max(1, round(analysis.height * crop.h)))
        placed = [on_box(r if crop is None else cropped(r, crop), shown, box, fit) for r in analysis.faces]
        faces += [rect for rect in placed if rect is not None]
        grid = analysis.saliency
        mean = sum(map(sum, grid)) / max(1, sum(map(len, grid)))
        for i, row in enumerate(grid):
            for j, value in enumerate(row):
                cell = Region(j / len(row), i / len(grid), 1 / len(row), 1 / len(grid))
                rect = on_box(cell if crop is None else cropped(cell, crop), shown, box, fit)
                if rect is not None and value > mean:
                    salient.append((rect, value - mean))
    return faces, salient


def _pictures(layers: Sequence[VisualLayer], canvas: Canvas) -> Iterator[tuple[PictureAnalysis, str, Box, Crop | None]]:
    """The analysis, fit, box and crop of each photo and clip among ``layers`` (a sequence's scenes included)."""
    for layer in layers:
        box = layer.box or canvas.box
        for part in layer.scenes if isinstance(layer, SequenceLayer) else (layer,):
            if isinstance(part, VideoLayer | ImageLayer):
                yield analyse(part.path), part.fit, box, part.crop
            elif isinstance(part, PuppetLayer) and part.head_mask is not None and isinstance(part.backdrop, ImageLayer):
                # a photo actor: its plate is the photo framed at the layer's size, the face included
                analysis = analyse(part.backdrop.path)
                yield analysis, part.fit, box, part.crop
                if part.punch is not None:  # and in its punch-ins' tight framing
                    punch, size = part.punch, part.size
                    yield replace(analysis, faces=tuple(_zoomed(r, punch, size) for r in analysis.faces),
                                  text=tuple(_zoomed(r, punch, size) for r in analysis.text),
                                  subject=analysis.subject and _zoomed(analysis.subject, punch, size)), \
                        part.fit, box, part.crop


def _zoomed(region: Region, punch: Punch, size: tuple[int, int]) -> Region:
    """``region`` (fractions of a ``size`` frame) where the punch-in's tight framing shows it, cut to the frame."""
    cx, cy = punch.centre[0] / size[0], punch.centre[1] / size[1]
    x0, y0 = max(0.0, cx + (region.x - cx) * punch.zoom), max(0.0, cy + (region.y - cy) * punch.zoom)
    x1, y1 = min(1.0, cx + (region.right - cx) * punch.zoom), min(1.0, cy + (region.bottom - cy) * punch.zoom)
    return Region(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0), region.score)


def luminance_behind(analysis: PictureAnalysis, fit: str, box: Box, canvas: Canvas, band: Band) -> tuple[float, float]:
    """The range of luminance (0..1) behind captions in ``band`` (px) of the caption column, from the analysis'
    grid: each cell's brightness widened by its texture, where the picture lies (by ``fit``), its blurred
    cover-fill (``blur``) or black (``contain``) beside it."""
    area = safe_area(canvas.width, canvas.height)
    src = (analysis.width, analysis.height)
    rows, cols = len(analysis.brightness), len(analysis.brightness[0]) if analysis.brightness else 0
    levels: list[float] = []

    def under(mapping: str, dim: float) -> None:
        for i in range(rows):
            for j in range(cols):
                rect = on_box(Region(j / cols, i / rows, 1 / cols, 1 / rows), src, box, mapping)
                if rect and rect[0] < area.right and rect[2] > area.left and rect[1] < band[1] and rect[3] > band[0]:
                    b, t = analysis.brightness[i][j] * dim, analysis.texture[i][j]
                    levels.extend((max(0.0, b - t), min(1.0, b + t)))

    under(fit, 1.0)
    picture = on_box(Region(0, 0, 1, 1), src, box, fit)
    beside = picture is not None and (band[0] < picture[1] or band[1] > picture[3])
    if beside and fit == "blur":
        under("cover", BLUR_DIM)
    elif beside and fit == "contain":
        levels.append(0.0)
    return (min(levels), max(levels)) if levels else (0.0, 1.0)


def clear_of_picture(layers: Sequence[VisualLayer], canvas: Canvas, style: str, *, pip: Box | None = None,
                     face_shown: bool = True, words: Sequence[Band] = ()) -> float:
    """Captions' centre (px) for an actor full frame (``face_shown``) and/or in a ``pip``, off drawn faces and
    off what the photos and clips among ``layers`` show (``placement.actor_caption_centre``).

    ``words`` are bands the picture is known to write in (a drawn b-roll
    card's, ``broll.scenes.card_words``): kept clear like faces, without
    waiting for the analysis to read them.
    """
    seen = seen_in(layers, canvas).tries(*words)
    return actor_caption_centre(canvas, pip, face_shown=face_shown, seen=seen, style=style)


def cropped(region: Region, crop: Crop) -> Region:
    """``region`` (fractions of the whole frame) as fractions of the ``crop`` of it."""
    return Region((region.x - crop.x) / crop.w, (region.y - crop.y) / crop.h, region.w / crop.w, region.h / crop.h,
                  region.score)


def on_box(region: Region, src: tuple[int, int], box: Box, fit: str) -> Rect | None:
    """Where ``region`` (fractions of a ``src``-sized picture) lands when the picture fills ``box`` by ``fit``;
    None when cover cropped it away."""
    sw, sh = src
    scale = max(box.w / sw, box.h / sh) if fit == "cover" else min(box.w / sw, box.h / sh)
    left, top = box.x + (box.w - sw * scale) / 2, box.y + (box.h - sh * scale) / 2
    x0 = max(box.x, left + region.x * sw * scale)
    y0 = max(box.y, top + region.y * sh * scale)
    x1 = min(box.x + box.w, left + region.right * sw * scale)
    y1 = min(box.y + box.h, top + region.bottom * sh * scale)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None
