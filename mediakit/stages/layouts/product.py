"""product_acting_ugc: the product image composited into the frame per template.

Templates live in ``presets/product_templates.yaml``: each is a distinct
arrangement of a drawn scene card, the actor (full-frame, in a framed box or
in a picture-in-picture; in the room, a photo actor is cut out of the photo
and stands behind the counter as a drawn one does) and the product (position, width, rotation, motion,
entrance).  The product is prepared once with Pillow: a plain background is
removed (see ``cutout``), a busy photo is kept whole as a rounded photo
card, then it is rotated and given a soft shadow, and the result is cached
as one PNG that the graph overlays.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from ...cache import cached_png
from ...errors import ValidationError
from ...paths import data_dir
from ...timeline import (
    ActorLayer,
    Box,
    Canvas,
    Hover,
    ImageLayer,
    PuppetLayer,
    Shadow,
    Track,
    VideoLayer,
    VisualLayer,
)
from ..actors.look import Look
from ..actors.person_cutout import cut_out
from ..actors.portraits import bust_geometry
from ..masks import rounded_mask
from ..pip import IMAGE_SUFFIXES, PipOptions, pip_box, pip_layer
from .cutout import Cutout, cutout
from .limbs import Limbs, arm_image, point_layer
from .scenery import FRONTS, KINDS, scene_card, scene_front

DEFAULT_TEMPLATE = "product-in-hand"
MOTIONS = ("none", "hover", "drift")
ROOM_FLOOR = 0.82  # where an in-room template's counter top (or couch arm) is, of the height
ROOM_PHOTO = 0.62   # of the frame's height: a cut-out photo actor in the room (the full width)
ROOM_HIDDEN = 0.03  # of that box's height, below the counter top: the photo's foot stays behind the counter
MOUTH_CLEAR = 0.6   # head units below a bust's face centre: under its mouth, where a held product may start


@dataclass(frozen=True)
class ProductTemplate:
    """One template of ``product_templates.yaml``, checked."""

    name: str
    about: str
    backdrop: str
    wall: str
    accent: str
    actor_box: tuple[float, float, float, float] | None
    actor_frame: str
    actor_pip: PipOptions | None
    center: tuple[float, float]
    width: float
    rotation: float
    motion: str
    pedestal: bool
    hand: bool = False
    in_room: bool = False

    @classmethod
    def from_dict(cls, name: str, data: Mapping[str, Any]) -> ProductTemplate:
        where = f"product_templates.{name}"
        backdrop = dict(data.get("backdrop") or {})
        actor = dict(data.get("actor") or {})
        product = dict(data.get("product") or {})
        kind = backdrop.get("kind", "none")
        if kind not in KINDS:
            raise ValidationError(f"{where}.backdrop.kind", kind, f"must be one of {', '.join(KINDS)}")
        box = actor.get("box")
        pip = PipOptions.from_dict(actor["pip"]) if "pip" in actor else None
        if (box is None) == (pip is None):
            raise ValidationError(f"{where}.actor", actor, "needs exactly one of box or pip")
        if box is not None and (len(box) != 4 or not all(0 <= float(v) <= 1 for v in box)):
            raise ValidationError(f"{where}.actor.box", box, "must be [x, y, w, h] fractions of the canvas")
        if kind == "none" and box != [0, 0, 1, 1]:
            raise ValidationError(f"{where}.backdrop.kind", kind, "none needs a full-frame actor box [0, 0, 1, 1]")
        in_room = bool(actor.get("in_room", False))
        if in_room and (kind not in FRONTS or box != [0, 0, 1, 1]):
            raise ValidationError(f"{where}.actor.in_room", True, f"needs a full-frame actor box [0, 0, 1, 1] and a "
                                  f"backdrop with parts in front ({', '.join(FRONTS)})")
        motion = product.get("motion", "none")
        if motion not in MOTIONS:
            raise ValidationError(f"{where}.product.motion", motion, f"must be one of {', '.join(MOTIONS)}")
        width = float(product.get("width", 0.4))
        if not 0.05 <= width <= 1:
            raise ValidationError(f"{where}.product.width", width, "must be a fraction of the canvas width, 0.05 to 1")
        cx, cy = (float(v) for v in product.get("center", (0.5, 0.5)))
        return cls(name, str(data.get("about", "")), kind, str(backdrop.get("wall", "#eeeeee")),
                   str(backdrop.get("accent", "#999999")),
                   tuple(float(v) for v in box) if box is not None else None,  # type: ignore[arg-type]
                   str(actor.get("frame", "none")), pip, (cx, cy), width, float(product.get("rotation", 0)),
                   motion, bool(product.get("pedestal", False)), bool(product.get("hand", False)), in_room)


@functools.cache
def load_templates() -> dict[str, ProductTemplate]:
    """All templates, in file order (read once)."""
    raw = yaml.safe_load((data_dir("presets") / "product_templates.yaml").read_text(encoding="utf-8"))
    return {name: ProductTemplate.from_dict(name, data) for name, data in raw.items()}


def get_template(name: str) -> ProductTemplate:
    """The template called ``name``; an unknown name is an error listing the valid ones."""
    templates = load_templates()
    if name not in templates:
        raise ValidationError("template", name, f"must be one of {', '.join(templates)}")
    return templates[name]


def product_card(cut: Cutout, rotation: float, folder: Path | None = None, *, hand: Limbs | None = None) -> Path:
    """The product ready to overlay: a busy photo becomes a rounded photo card; held in a hand of ``hand``'s
    colours when given; rotated; soft shadow baked in."""
    def draw() -> Image.Image:
        with Image.open(cut.path) as im:
            item = im.convert("RGBA")
        if not cut.removed and item.getchannel("A").getextrema()[0] == 255:
            item = _photo_card(item)
        if hand is not None:
            item = _held(item, hand)
        if rotation:
            item = item.rotate(rotation, resample=Image.Resampling.BICUBIC, expand=True)
        pad = round(max(item.size) * 0.08)
        out = Image.new("RGBA", (item.width + 2 * pad, item.height + 2 * pad), (0, 0, 0, 0))
        shadow_alpha = Image.new("L", out.size, 0)
        shadow_alpha.paste(item.getchannel("A").point(lambda a: a * 0.45), (pad, pad + round(pad * 0.45)))
        shadow = Image.new("RGBA", out.size, (0, 0, 0, 255))
        shadow.putalpha(shadow_alpha.filter(ImageFilter.GaussianBlur(pad * 0.35)))
        out.alpha_composite(shadow)
        out.alpha_composite(item, (pad, pad))
        return out

    return cached_png("product", (str(cut.path), cut.removed, rotation, hand), draw, folder)


def _held(item: Image.Image, limbs: Limbs) -> Image.Image:
    """The product gripped from below by a drawn hand: palm and wrist behind it, thumb and fingertips in front.

    A product floating over the actor reads as a sticker; a hand under it
    reads as "held up to the camera" (the product-in-hand template).
    """
    w, h = item.size
    u = max(4, round(min(w, h) * 0.16))             # a finger's width
    out = Image.new("RGBA", (w, h + round(h * 0.55)), (0, 0, 0, 0))
    d = ImageDraw.Draw(out)
    wrist_w = round(w * 0.3)
    cx = round(w * 0.5)
    d.rounded_rectangle((cx - wrist_w // 2, round(h * 0.7), cx + wrist_w // 2, out.height + u), radius=u // 2,
                        fill=limbs.skin, outline=limbs.edge, width=max(1, u // 10))
    d.ellipse((cx - round(w * 0.3), round(h * 0.62), cx + round(w * 0.3), round(h * 1.25)), fill=limbs.skin,
              outline=limbs.edge, width=max(1, u // 10))
    out.alpha_composite(item)
    d = ImageDraw.Draw(out)
    thumb = (cx - round(w * 0.34), round(h * 0.72), cx - round(w * 0.34) + u, round(h * 1.02))
    d.rounded_rectangle(thumb, radius=u // 2, fill=limbs.skin, outline=limbs.edge, width=max(1, u // 10))
    for i in range(4):                               # fingertips curling over the front edge
        x0 = cx - round(w * 0.12) + i * round(u * 0.95)
        d.rounded_rectangle((x0, round(h * 0.86), x0 + round(u * 0.9), round(h * 1.08)), radius=u // 2,
                            fill=limbs.skin, outline=limbs.edge, width=max(1, u // 10))
    return out


def _photo_card(photo: Image.Image) -> Image.Image:
    """A photo with a white border and rounded corners, like a print held up to the camera."""
    border = round(min(photo.size) * 0.035)
    card = Image.new("RGBA", (photo.width + 2 * border, photo.height + 2 * border), (255, 255, 255, 255))
    card.paste(photo, (border, border))
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, card.width - 1, card.height - 1),
                                           radius=round(min(card.size) * 0.06), fill=255)
    card.putalpha(ImageChops.multiply(card.getchannel("A"), mask))
    return card


def product_box(template: ProductTemplate, card_size: tuple[int, int], canvas: Canvas,
                chin: float | None = None) -> Box:
    """Where the product card goes: the template's centre and width, kept inside the canvas and under the
    actor's mouth.

    The templates are drawn for 9:16; on a shorter frame (4:5, 1:1) the same
    actor fills more of the height, and a card placed by the template's
    fractions would cover the mouth: there it is made smaller to stand
    between the mouth and the bottom edge.  A photo's or a clip's face is
    not the drawn bust's: its ``chin`` (px, from the picture analysis) is
    the height the card may rise to instead, wherever the face is.
    """
    cw, ch = canvas.width, canvas.height
    w = template.width * cw
    h = w * card_size[1] / card_size[0]
    if h > ch * 0.6:
        w, h = w * ch * 0.6 / h, ch * 0.6
    y = min(max(0.0, template.center[1] * ch - h / 2), ch - h)
    mouth = _under_mouth(template, canvas, template.center[0] * cw, w)
    if mouth is not None and chin is not None:   # in front of the face: under the real one's chin
        mouth = chin
    if mouth is not None and y < mouth:
        w, h, y = w * (ch - mouth) / h, ch - mouth, mouth
    w_px, h_px = max(2, round(w) // 2 * 2), max(2, round(h) // 2 * 2)
    x = min(max(0, round(template.center[0] * cw - w_px / 2)), cw - w_px)
    return Box(x, min(round(y), ch - h_px), w_px, h_px)


def _under_mouth(template: ProductTemplate, canvas: Canvas, centre_x: float, width: float) -> float | None:
    """The height (px) a product card ``width`` wide centred at ``centre_x`` may rise to without covering the
    actor's mouth; None where it is not in front of the face (beside it, or the actor is in a PiP)."""
    if template.actor_pip is not None:
        return None
    actor = actor_box(template, canvas)
    _, face_y, unit = bust_geometry(actor.w, actor.h)
    face_x = actor.x + actor.w / 2
    if abs(centre_x - face_x) >= width / 2 + unit / 2:
        return None
    return actor.y + face_y + MOUTH_CLEAR * unit


def visible_box(card: Path, placed: Box) -> Box:
    """The product itself inside its placed card (the card's margins hold only its shadow).

    Scene cards draw shelves and counters at this box's bottom edge, so the
    product stands on them.
    """
    with Image.open(card) as im:
        bbox = im.getchannel("A").point(lambda a: 255 if a > 200 else 0).getbbox() or (0, 0, *im.size)
        sx, sy = placed.w / im.width, placed.h / im.height
    x0, y0, x1, y1 = bbox
    return Box(placed.x + round(x0 * sx), placed.y + round(y0 * sy), max(2, round((x1 - x0) * sx)),
               max(2, round((y1 - y0) * sy)))


def _hover(motion: str, canvas: Canvas, energy: float = 1.0) -> Hover | None:
    """The product's sway: the template's motion, wider and quicker with the acting style's ``energy``.

    A lively style (energy > 1) sways even a product the template keeps
    still: the scene's camera energy, at the cost of one overlay expression.
    """
    if motion == "none" and energy > 1:
        motion = "hover"
    if motion == "hover":
        return Hover(0, max(1, round(canvas.height * 0.008 * energy)), round(2600 / energy))
    if motion == "drift":
        return Hover(max(1, round(canvas.width * 0.015 * energy)), max(1, round(canvas.height * 0.003 * energy)),
                     round(4200 / energy))
    return None


def actor_layers(template: ProductTemplate, actor: Path | ActorLayer, canvas: Canvas, duration_ms: int,
                 cache_dir: Path | None, product: Box | None = None) -> tuple[VisualLayer, ...]:
    """The actor as the template places it: full-frame, in a (rounded) box, or in a PiP.

    ``actor`` is a clip or a still, or a drawn actor's layer (animated in the
    final render, drawn at ``actor_box``'s size).  A PiP keeps clear of the ``product`` (its visible box).
    """
    if template.actor_pip is not None:
        return pip_layer(actor, template.actor_pip, canvas, 0, duration_ms, cache_dir=cache_dir,
                         clear_of=() if product is None else (product,))
    box = actor_box(template, canvas)
    extra: dict[str, Any] = {}
    if box != canvas.box:
        extra["box"] = box
    if template.actor_frame == "rounded":
        extra["mask"] = rounded_mask(box.w, box.h, round(min(box.w, box.h) * 0.06), cache_dir)
        extra["shadow"] = Shadow(0, max(2, box.h // 60), max(2, box.w // 40), 0.35)
    if not isinstance(actor, Path):
        return (replace(actor, **{"box": box, **extra}),)
    if actor.suffix.lower() in IMAGE_SUFFIXES:
        return (ImageLayer(path=actor, **extra),)
    return (VideoLayer(path=actor, **extra),)


def in_the_room(actor: Path | ActorLayer, room: ImageLayer) -> Path | ActorLayer:
    """A drawn actor with ``room`` behind them instead of their own backdrop; a photo actor cut out of the photo
    (``person_cutout``: the room, laid under them, shows around them, not the photo's wall as a framed card); a
    clip keeps its own background."""
    if isinstance(actor, Path):
        return actor
    (placed,) = cut_out((actor,), room)
    assert isinstance(placed, PuppetLayer)
    return placed


def photo_in_room(canvas: Canvas) -> Box:
    """Where a cut-out photo actor stands in the room: the full width, ``ROOM_PHOTO`` of the height, its foot
    (the photo's cut edge) ``ROOM_HIDDEN`` of its height behind the counter, so the face sits above the product
    on the counter and the shoulders show.  Framed full frame, a headshot was a giant head over the counter."""
    h = round(canvas.height * ROOM_PHOTO) // 2 * 2
    return Box(0, round(canvas.height * ROOM_FLOOR + h * ROOM_HIDDEN) - h, canvas.width, h)


def actor_box(template: ProductTemplate, canvas: Canvas, *, photo: bool = False) -> Box:
    """Where the actor goes in pixels: the template's box, or its PiP (a generator renders the actor this size);
    a ``photo`` actor in the room stands at ``photo_in_room``."""
    if photo and template.in_room:
        return photo_in_room(canvas)
    if template.actor_pip is not None:
        return pip_box(template.actor_pip, canvas)
    assert template.actor_box is not None
    fx, fy, fw, fh = template.actor_box
    return Box(round(fx * canvas.width), round(fy * canvas.height), max(2, round(fw * canvas.width) // 2 * 2),
               max(2, round(fh * canvas.height) // 2 * 2))


def product_track(product_image: Path, actor: Path | ActorLayer, canvas: Canvas, duration_ms: int, *,
                  template: str = DEFAULT_TEMPLATE, energy: float = 1.0, look: Look | None = None,
                  point: tuple[int, int] | None = None, chin: float | None = None,
                  cache_dir: Path | None = None) -> Track:
    """The product_acting_ugc picture for ``template``: backdrop, actor, product (prepared once), as one track.

    ``energy`` (1 calm; up to 2 frantic) scales the product's sway.  ``look`` colours the arms (the actor's
    skin, the outfit's sleeve).  Over ``point`` (ms, the line that names the product) a full-frame drawn actor's
    free arm points at the product.  ``chin`` (px) is where a photo's or a clip's face ends (``product_box``).
    """
    tpl = get_template(template)
    limbs = Limbs.of(look)
    cut = cutout(product_image, cache_dir)
    card = product_card(cut, tpl.rotation, cache_dir, hand=limbs if tpl.hand else None)
    with Image.open(card) as im:
        card_size = im.size
    pbox = product_box(tpl, card_size, canvas, chin)
    if tpl.in_room and not tpl.hand:  # it stands on the counter (the couch's arm) at its height, whatever its shape
        seen = visible_box(card, pbox)
        rise = seen.y + seen.h - round(canvas.height * ROOM_FLOOR)
        pbox = replace(pbox, y=max(0, pbox.y - rise))
    layers: list[VisualLayer] = []
    size, floor = (canvas.width, canvas.height), visible_box(card, pbox)
    hover = _hover(tpl.motion, canvas, energy)
    actor_px = actor_box(tpl, canvas) if tpl.actor_box is not None else None
    # a drawn actor's free arm (a photo's or a clip's would not be theirs): behind a counter's front (it rises
    # from behind it), in front of what is held
    pointing = [point_layer(floor, canvas, limbs, point, cache_dir)] \
        if point is not None and look is not None and actor_px == canvas.box else []
    if tpl.in_room:  # the card is the room the actor is in, and its counter (or couch) stands in front of them
        room = ImageLayer(path=scene_card(tpl.backdrop, size, tpl.wall, tpl.accent, actor_px, floor,
                                          folder=cache_dir))
        front = ImageLayer(path=scene_front(tpl.backdrop, size, tpl.wall, tpl.accent, floor, folder=cache_dir))
        placed = in_the_room(actor, room)
        if isinstance(placed, PuppetLayer) and placed.head_mask is not None:  # a cut-out photo: the room around
            layers += [room, replace(placed, box=photo_in_room(canvas))]
        else:
            layers += actor_layers(tpl, placed, canvas, duration_ms, cache_dir)
        layers += [front, *pointing] if tpl.hand else [*pointing, front]
    else:
        if tpl.backdrop != "none":
            layers.append(ImageLayer(path=scene_card(tpl.backdrop, size, tpl.wall, tpl.accent, actor_px, floor,
                                                     pedestal=tpl.pedestal, folder=cache_dir)))
        layers += actor_layers(tpl, actor, canvas, duration_ms, cache_dir, product=_swept(floor, hover))
        layers += pointing
    # in frame from the first frame, no entrance: frame 0 is the ad's cover and shows what it sells
    if tpl.hand:  # the hand is on an arm, which runs down out of the frame, and moves with it
        layers.append(arm_layer(card, pbox, canvas, hover, limbs, cache_dir))
    layers.append(ImageLayer(path=card, box=pbox, fit="contain", hover=hover))
    return Track(tuple(layers), duration_ms)


def _swept(seen: Box, hover: Hover | None) -> Box:
    """``seen`` (the product's box) grown by its sway: everywhere the product goes."""
    if hover is None:
        return seen
    return Box(seen.x - hover.dx, seen.y - hover.dy, seen.w + 2 * hover.dx, seen.h + 2 * hover.dy)


def wrist(card: Path, placed: Box) -> tuple[int, int, int]:
    """Where a held product's wrist ends in the frame: its left and right x and its bottom y (px).

    Read from the card itself (its lowest opaque rows are the wrist, after
    the rotation), so the arm meets it whatever the template's tilt.
    """
    with Image.open(card) as im:
        alpha = im.getchannel("A").point(lambda a: 255 if a > 200 else 0)
        sx, sy = placed.w / im.width, placed.h / im.height
        bottom = (alpha.getbbox() or (0, 0, *im.size))[3]
        band = alpha.crop((0, max(0, bottom - max(2, im.height // 40)), im.width, bottom)).getbbox()
    x0, _, x1, _ = band or (0, 0, im.width, bottom)
    return placed.x + round(x0 * sx), placed.x + round(x1 * sx), placed.y + round(bottom * sy)


def arm_layer(card: Path, placed: Box, canvas: Canvas, hover: Hover | None, limbs: Limbs,
              cache_dir: Path | None) -> ImageLayer:
    """The forearm from the held product's wrist down past the frame's bottom edge, in a rolled sleeve; it
    sways with the product, and reaches below the frame by the sway so no gap opens."""
    x0, x1, y = wrist(card, placed)
    top = y - 2 * (x1 - x0)  # from behind the hand, so the forearm widens out from under it
    reach = (hover.dy if hover else 0) + 2
    w = max(2, round((x1 - x0) * 2.4) // 2 * 2)
    h = max(2, (canvas.height - top + reach) // 2 * 2)
    box = Box((x0 + x1) // 2 - w // 3, top, w, h)  # leaning out to the lower right, towards a shoulder
    return ImageLayer(path=arm_image((w, h), x1 - x0, limbs, cache_dir), box=box, fit="contain", hover=hover)
