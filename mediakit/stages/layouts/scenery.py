"""Scene cards behind product shots: a few flat shapes that say "bathroom", "kitchen", "car", drawn once.

Each card is drawn around the actor's and the product's boxes (a shelf or
counter meets the product's bottom edge) at the canvas size, then cached.
An actor can also be in the card's room: the card is then the actor's
backdrop, and its front parts (``FRONTS``: the counter, the vanity, the
tiled ledge, the couch's arms and seat, the car's seat belt) are drawn again
on their own (``scene_front``) and laid over the actor, who stands behind
the counter or sits in the couch or the driver's seat.  Flat colours and soft gradients keep the cards
quiet: they set a place without competing with the actor or the product.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from ...cache import cached_png
from ...errors import ValidationError
from ...timeline import Box
from ..actors.portraits import bust_geometry

RGB = tuple[int, int, int]
SS = 2


def hex_rgb(value: str) -> RGB:
    v = value.lstrip("#")
    if len(v) != 6:
        raise ValidationError("color", value, "must be written #rrggbb")
    return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> Image.Image:
    """A vertical gradient, made by stretching a one-pixel column (fast at any size)."""
    column = Image.linear_gradient("L").resize((1, size[1]))
    return Image.composite(Image.new("RGB", (1, size[1]), bottom), Image.new("RGB", (1, size[1]), top),
                           column).resize(size)


def glow(img: Image.Image, centre: tuple[float, float], radius: float, color: RGB, strength: int) -> None:
    """A soft round light on ``img`` (in place)."""
    layer = Image.new("L", img.size, 0)
    cx, cy = centre
    ImageDraw.Draw(layer).ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=strength)
    img.paste(Image.new("RGB", img.size, color), mask=layer.filter(ImageFilter.GaussianBlur(radius * 0.5)))


class _Card:
    """Drawing context at SS x scale; boxes are given in canvas pixels."""

    def __init__(self, size: tuple[int, int], wall: RGB, accent: RGB, actor: Box | None, product: Box, *,
                 clear: bool = False) -> None:
        """``clear``: a transparent card (for parts drawn in front of the actor), not the wall's gradient."""
        self.w, self.h = size[0] * SS, size[1] * SS
        self.wall, self.accent = wall, accent
        self.actor = _scale(actor) if actor else None
        self.product = _scale(product)
        self.img = Image.new("RGBA", (self.w, self.h), (0, 0, 0, 0)) if clear else \
            gradient((self.w, self.h), mix(wall, (255, 255, 255), 0.12), mix(wall, (0, 0, 0), 0.12))
        self.d = ImageDraw.Draw(self.img)

    @property
    def product_floor(self) -> float:
        """Where the product's bottom edge is: shelves and counters are drawn to meet it."""
        return self.product[3]


def _scale(b: Box) -> tuple[float, float, float, float]:
    return (b.x * SS, b.y * SS, (b.x + b.w) * SS, (b.y + b.h) * SS)


def _gradient_card(c: _Card) -> None:
    px = (c.product[0] + c.product[2]) / 2
    py = (c.product[1] + c.product[3]) / 2
    glow(c.img, (px, py), c.w * 0.45, mix(c.accent, (255, 255, 255), 0.4), 160)
    c.d.ellipse((px - c.w * 0.28, c.product_floor - c.w * 0.025, px + c.w * 0.28, c.product_floor + c.w * 0.025),
                fill=mix(c.wall, (0, 0, 0), 0.12))


def _bust(c: _Card) -> tuple[float, float, float]:
    """Where a full-frame actor's face centre and head unit are on the card (``bust_geometry`` at SS scale)."""
    return bust_geometry(c.w, c.h)


def _mirror(c: _Card) -> None:
    """A bathroom behind an actor at the vanity: the wall mirror's frame round their head, a lamp over it, a
    towel on its rail, then the vanity (``_vanity``)."""
    ox, oy, u = _bust(c)
    frame, glass = c.accent, mix(mix(c.wall, (196, 214, 224), 0.6), (255, 255, 255), 0.25)
    box = (ox - 0.78 * c.w, oy - 1.45 * u, ox + 0.3 * c.w, c.product_floor)
    c.d.rounded_rectangle(box, radius=u * 0.2, fill=frame)
    inset = u * 0.06
    c.d.rounded_rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3]), radius=u * 0.15, fill=glass)
    for k in (0.0, 0.18):  # the glass's sheen
        c.d.line((box[0] + u * (0.25 + k), box[1] + u * 0.35, box[0] + u * (0.05 + k), box[1] + u * 0.75),
                 fill=mix(glass, (255, 255, 255), 0.6), width=max(2, round(u * 0.03)))
    glow(c.img, (ox, box[1] - u * 0.1), u * 0.6, (255, 244, 214), 120)
    c.d.rounded_rectangle((ox - u * 0.45, box[1] - u * 0.16, ox + u * 0.45, box[1] - u * 0.06), radius=u * 0.05,
                          fill=mix(frame, (0, 0, 0), 0.2))
    rail = box[2] + (c.w - box[2]) * 0.5
    c.d.rectangle((rail - u * 0.02, oy - u * 0.2, rail + u * 0.02, oy + u * 0.6), fill=mix(frame, (0, 0, 0), 0.3))
    _vanity(c)


def _vanity(c: _Card) -> None:
    """The vanity in front of the actor: a stone top at the product's floor, its cabinet below, a basin and
    tap at the side away from the product."""
    top = c.product_floor
    stone = mix(c.wall, (255, 255, 255), 0.7)
    c.d.rectangle((0, top, c.w, c.h), fill=mix(c.accent, (255, 255, 255), 0.35))
    c.d.rectangle((0, top, c.w, top + c.h * 0.02), fill=stone)
    c.d.line((0, top + c.h * 0.02, c.w, top + c.h * 0.02), fill=mix(stone, (0, 0, 0), 0.2),
             width=max(2, round(c.w * 0.004)))
    for x in (c.w * 0.33, c.w * 0.67):  # cabinet doors
        c.d.line((x, top + c.h * 0.04, x, c.h), fill=mix(c.accent, (0, 0, 0), 0.1), width=max(2, round(c.w * 0.004)))
    side = c.w * 0.78 if (c.product[0] + c.product[2]) / 2 < c.w / 2 else c.w * 0.22
    c.d.ellipse((side - c.w * 0.14, top - c.h * 0.008, side + c.w * 0.14, top + c.h * 0.014),
                fill=mix(stone, (0, 0, 0), 0.12))
    c.d.rounded_rectangle((side - c.w * 0.012, top - c.h * 0.05, side + c.w * 0.012, top), radius=c.w * 0.01,
                          fill=(190, 194, 200))
    c.d.rounded_rectangle((side - c.w * 0.012, top - c.h * 0.05, side + c.w * 0.06, top - c.h * 0.04),
                          radius=c.w * 0.01, fill=(190, 194, 200))


def _tiles(c: _Card) -> None:
    """A tiled bathroom wall behind the actor, then the tiled ledge (``_tile_ledge``) in front of them."""
    step = c.w * 0.11
    line = max(2, round(c.w * 0.004))
    grout = mix(c.wall, (0, 0, 0), 0.1)
    y = 0.0
    while y < c.h:
        c.d.line((0, y, c.w, y), fill=grout, width=line)
        y += step
    x = 0.0
    while x < c.w:
        c.d.line((x, 0, x, c.h), fill=grout, width=line)
        x += step
    _tile_ledge(c)


def _tile_ledge(c: _Card) -> None:
    """The bathroom's tiled half-wall in front of the actor, its white ledge at the product's floor."""
    top = c.product_floor
    tile = mix(c.wall, (0, 0, 0), 0.06)
    grout = mix(c.wall, (0, 0, 0), 0.2)
    c.d.rectangle((0, top, c.w, c.h), fill=tile)
    step = c.w * 0.08
    y = top + c.h * 0.016
    while y < c.h:
        c.d.line((0, y, c.w, y), fill=grout, width=max(2, round(c.w * 0.003)))
        y += step
    x = step / 2
    while x < c.w:
        c.d.line((x, top, x, c.h), fill=grout, width=max(2, round(c.w * 0.003)))
        x += step
    c.d.rounded_rectangle((-c.w * 0.02, top - c.h * 0.004, c.w * 1.02, top + c.h * 0.016), radius=c.h * 0.006,
                          fill=c.accent, outline=grout, width=max(2, round(c.w * 0.003)))


def _counter(c: _Card) -> None:
    top = c.product_floor
    tile_h = c.h * 0.03
    y = top - tile_h * 4
    row = 0
    while y < top:
        offset = (c.w * 0.06) if row % 2 else 0
        x = -offset
        while x < c.w:
            c.d.rectangle((x + 2, y + 2, x + c.w * 0.12 - 2, y + tile_h - 2), fill=mix(c.wall, (255, 255, 255), 0.45))
            x += c.w * 0.12
        y += tile_h
        row += 1
    _counter_top(c)


def _counter_top(c: _Card) -> None:
    """The wooden counter from the product's floor down: what stands in front of an actor in the room."""
    top = c.product_floor
    c.d.rectangle((0, top, c.w, c.h), fill=c.accent)
    c.d.rectangle((0, top, c.w, top + c.h * 0.012), fill=mix(c.accent, (255, 255, 255), 0.25))
    grain = mix(c.accent, (0, 0, 0), 0.12)
    for k in range(1, 9):
        gy = top + (c.h - top) * k / 9
        c.d.line((0, gy, c.w, gy + c.h * 0.004 * (k % 3 - 1)), fill=grain, width=max(1, round(c.w * 0.002)))


def _car(c: _Card) -> None:
    """The driver's seat seen from the passenger's side: the side window's sky behind, the door pillar, the
    seat's back and headrest round the actor, the belt across them (``_belt``)."""
    ox, oy, u = _bust(c)
    glass_top, sill = c.h * 0.06, oy + 1.0 * u
    c.d.rectangle((0, 0, c.w, c.h), fill=c.wall)
    window = Image.new("RGB", (c.w, max(2, round(sill - glass_top))))
    window.paste(gradient(window.size, mix(c.accent, (255, 255, 255), 0.45), c.accent))
    mask = Image.new("L", window.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((round(c.w * 0.04), 0, c.w - round(c.w * 0.04), window.height),
                                           radius=round(u * 0.25), fill=255)
    c.img.paste(window, (0, round(glass_top)), mask)
    c.d.line((c.w * 0.02, sill - u * 0.9, c.w * 0.35, sill - u * 1.6), fill=mix(c.accent, (255, 255, 255), 0.6),
             width=max(2, round(u * 0.05)))  # the glass's glint
    seat = mix(c.wall, (255, 255, 255), 0.12)
    c.d.rounded_rectangle((ox - 1.1 * u, oy - 0.85 * u, ox + 1.1 * u, c.h + u), radius=u * 0.35,
                          fill=mix(seat, (0, 0, 0), 0.2))
    c.d.rounded_rectangle((ox - 0.7 * u, oy - 1.3 * u, ox + 0.7 * u, oy - 0.2 * u), radius=u * 0.3, fill=seat)
    c.d.rectangle((c.w - u * 0.22, 0, c.w, c.h), fill=mix(c.wall, (0, 0, 0), 0.3))  # the door pillar
    c.d.rectangle((0, sill, c.w, sill + u * 0.08), fill=mix(c.wall, (255, 255, 255), 0.2))


def _belt(c: _Card) -> None:
    """The seat belt over the actor's shoulder and across the chest, down to the lower corner."""
    ox, oy, u = _bust(c)
    belt = mix(c.wall, (255, 255, 255), 0.08)
    width = u * 0.16
    start, end = (ox + 0.62 * u, oy + 0.98 * u), (ox - 1.3 * u, c.h + u * 0.2)
    c.d.line((start, end), fill=belt, width=round(width))
    c.d.line(((start[0] + width * 0.35, start[1]), (end[0] + width * 0.35, end[1])), fill=mix(belt, (0, 0, 0), 0.3),
             width=max(2, round(width * 0.12)))
    c.d.rounded_rectangle((start[0] - width * 0.7, start[1] - width * 0.9, start[0] + width * 0.7, start[1]),
                          radius=width * 0.2, fill=mix(belt, (0, 0, 0), 0.25))


def _couch(c: _Card) -> None:
    assert c.actor is not None
    back_top = c.actor[3] - (c.actor[3] - c.actor[1]) * 0.18
    dark = mix(c.accent, (0, 0, 0), 0.2)
    c.d.rounded_rectangle((c.w * 0.02, back_top, c.w * 0.98, c.h * 0.86), radius=c.w * 0.06, fill=dark)
    _couch_front(c)
    frame = (c.w * 0.06, c.h * 0.06, c.w * 0.17, c.h * 0.15)
    c.d.rectangle(frame, fill=mix(c.accent, (255, 255, 255), 0.55), outline=dark, width=max(2, round(c.w * 0.006)))


def _couch_front(c: _Card) -> None:
    """The couch's arms, its seat cushion and the floor: what is in front of an actor sitting in it."""
    sofa = c.accent
    c.d.rounded_rectangle((0, c.product_floor, c.w * 0.2, c.h * 0.94), radius=c.w * 0.05, fill=sofa)
    c.d.rounded_rectangle((c.w * 0.8, c.product_floor, c.w, c.h * 0.94), radius=c.w * 0.05, fill=sofa)
    c.d.rounded_rectangle((c.w * 0.16, c.h * 0.78, c.w * 0.84, c.h * 0.92), radius=c.w * 0.04,
                          fill=mix(sofa, (255, 255, 255), 0.12))
    c.d.rectangle((0, c.h * 0.94, c.w, c.h), fill=mix(c.wall, (0, 0, 0), 0.3))


def _studio(c: _Card) -> None:
    c.img.paste(gradient((c.w, c.h), mix(c.wall, (255, 255, 255), 0.08), mix(c.wall, (0, 0, 0), 0.45)))
    px = (c.product[0] + c.product[2]) / 2
    glow(c.img, (px, c.product[1]), c.w * 0.35, mix(c.accent, (255, 255, 255), 0.3), 90)
    floor = c.h * 0.84
    c.d.rectangle((0, floor, c.w, c.h), fill=mix(c.wall, (0, 0, 0), 0.55))
    glow(c.img, (c.w * 0.5, floor + c.h * 0.05), c.w * 0.5, mix(c.wall, (255, 255, 255), 0.2), 60)


def _pedestal(c: _Card) -> None:
    px = (c.product[0] + c.product[2]) / 2
    half = (c.product[2] - c.product[0]) * 0.55
    top = c.product_floor
    body = mix(c.wall, (255, 255, 255), 0.75)
    c.d.rectangle((px - half, top, px + half, c.h * 0.86), fill=mix(body, (0, 0, 0), 0.12))
    c.d.ellipse((px - half, top - half * 0.18, px + half, top + half * 0.18), fill=body)


KINDS: dict[str, Callable[[_Card], None] | None] = {
    "none": None, "gradient": _gradient_card, "mirror": _mirror, "tiles": _tiles, "counter": _counter,
    "car": _car, "couch": _couch, "studio": _studio,
}


# the parts of a card that stand in front of an actor placed in the room (behind the counter, in the couch)
FRONTS: dict[str, Callable[[_Card], None]] = {"counter": _counter_top, "couch": _couch_front, "mirror": _vanity,
                                              "tiles": _tile_ledge, "car": _belt}


def scene_front(kind: str, size: tuple[int, int], wall: str, accent: str, product: Box, *,
                folder: Path | None = None) -> Path:
    """The cached PNG of ``kind``'s front parts alone (transparent elsewhere), drawn as ``scene_card`` draws
    them, to lay over an actor who is in the card's room."""
    painter = FRONTS[kind]

    def draw() -> Image.Image:
        card = _Card(size, hex_rgb(wall), hex_rgb(accent), None, product, clear=True)
        painter(card)
        return card.img.resize(size, Image.Resampling.LANCZOS)

    return cached_png("scene-front", (kind, size, wall, accent, product), draw, folder)


def scene_card(kind: str, size: tuple[int, int], wall: str, accent: str, actor: Box | None, product: Box, *,
               pedestal: bool = False, folder: Path | None = None) -> Path:
    """The cached backdrop PNG of ``kind`` at ``size`` around the given boxes."""
    if kind not in KINDS or KINDS[kind] is None:
        raise ValidationError("backdrop.kind", kind, f"must be one of {', '.join(k for k in KINDS if k != 'none')}")
    painter = KINDS[kind]
    assert painter is not None

    def draw() -> Image.Image:
        card = _Card(size, hex_rgb(wall), hex_rgb(accent), actor, product)
        painter(card)
        if pedestal:
            _pedestal(card)
        return card.img.resize(size, Image.Resampling.LANCZOS)

    return cached_png("scene", (kind, size, wall, accent, actor, product, pedestal), draw, folder)
