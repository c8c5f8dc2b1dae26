"""The actor cut out of their picture: only the person shows, over whatever lies beneath.

Each kind of actor is cut out its own way, inside the one render graph:

* a **drawn** actor is drawn with alpha already: its backdrop becomes
  ``behind`` (the part of the page, set or disc that its box covers);
* a **photo** actor's plate gets the person's alpha (``analysis.person``) as
  the layer's mask, and its moving head the same alpha inside its own mask,
  so the head never carries the photo's background as it sways;
* a **footage** actor (a clip, or its held last frame) gets one still alpha
  covering the person on frames sampled over the clip (a still, its own);
* a **green-screen** actor is keyed already; the background it was given is
  left out.

``shape`` (a grey mask the box's size, e.g. the avatar bubble's disc) is
multiplied into the cut-out, so a person in a circle shows only inside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np
from PIL import Image

from ...analysis.person import clip_person_alpha, person_alpha
from ...cache import cached_png, file_signature
from ...media_io import open_image
from ...timeline import Backdrop, Box, ImageLayer, PuppetLayer, VideoLayer, VisualLayer


def cut_out(layers: Sequence[VisualLayer], behind: Backdrop, *, shape: Path | None = None) -> tuple[VisualLayer, ...]:
    """An actor's ``layers`` (a talking track's, or one placed layer) showing only the person (see the module
    docstring for each kind); ``behind`` is what a drawn actor's box shows around them."""
    if any(layer.key is not None for layer in layers):  # green screen: keyed already, its background left out
        return tuple(layer for layer in layers if layer.key is not None)
    clip = next((layer.path for layer in layers if isinstance(layer, VideoLayer)), None)
    return tuple(_cut(layer, behind, shape, clip) for layer in layers)


def _cut(layer: VisualLayer, behind: Backdrop, shape: Path | None, clip: Path | None) -> VisualLayer:
    """One layer cut out; ``clip`` is a footage track's clip, whose alpha its held last frame shares."""
    if isinstance(layer, PuppetLayer) and layer.head_mask is None:
        return replace(layer, backdrop=behind, mask=shape)
    if isinstance(layer, PuppetLayer):
        assert isinstance(layer.backdrop, ImageLayer), "a photo actor's backdrop is its plate"
        alpha = person_alpha(layer.backdrop.path)
        head = _head_mask(layer.head_mask, alpha, (layer.head.x, layer.head.y)) if layer.head_mask else None
        return replace(layer, head_mask=head, mask=_times(alpha, shape, layer.size))
    if isinstance(layer, VideoLayer | ImageLayer) and layer.box is not None:
        alpha = clip_person_alpha(clip) if clip is not None else person_alpha(layer.path)
        return replace(layer, mask=_times(_covering(alpha, layer.box), shape, (layer.box.w, layer.box.h)))
    return layer


def _head_mask(head_mask: Path, alpha: Path, at: tuple[int, int]) -> Path:
    """The photo head's mask times the person's alpha where the head rests: the head brings no background."""
    def draw() -> Image.Image:
        mask = np.asarray(open_image(head_mask).convert("L"), dtype=np.float32)
        person = np.asarray(open_image(alpha).convert("L"), dtype=np.float32)
        h, w = mask.shape
        under = np.zeros_like(mask)
        piece = person[at[1]:at[1] + h, at[0]:at[0] + w]
        under[:piece.shape[0], :piece.shape[1]] = piece
        return Image.fromarray((mask * under / 255).round().astype(np.uint8))

    return cached_png("head-cutout", (file_signature(head_mask), file_signature(alpha), at), draw)


def _covering(alpha: Path, box: Box) -> Path:
    """A clip's alpha cropped as the clip is to cover ``box`` (scaled, centred): a mask the box's size."""
    def draw() -> Image.Image:
        mask = open_image(alpha).convert("L")
        scale = max(box.w / mask.width, box.h / mask.height)
        sw, sh = max(box.w, round(mask.width * scale)), max(box.h, round(mask.height * scale))
        x, y = (sw - box.w) // 2, (sh - box.h) // 2
        return mask.resize((sw, sh), Image.Resampling.BILINEAR).crop((x, y, x + box.w, y + box.h))

    return cached_png("cover-mask", (file_signature(alpha), box.w, box.h), draw)


def _times(alpha: Path, shape: Path | None, size: tuple[int, int]) -> Path:
    """``alpha`` times ``shape`` (both brought to ``size``), or ``alpha`` alone."""
    if shape is None:
        return alpha

    def draw() -> Image.Image:
        a = np.asarray(open_image(alpha).convert("L").resize(size), dtype=np.float32)
        s = np.asarray(open_image(shape).convert("L").resize(size), dtype=np.float32)
        return Image.fromarray((a * s / 255).round().astype(np.uint8))

    return cached_png("shaped-mask", (file_signature(alpha), file_signature(shape), size), draw)
