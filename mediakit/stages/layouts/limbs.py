"""The actor's arms drawn outside the rig: under a held product, pointing at it, and resting at a keyboard.

The rig draws a bust; a product held up, or pointed at, or a laptop's
keyboard, needs an arm that reaches out of it.  Both are drawn in the actor's own colours (the skin and
the outfit's sleeve, ``Limbs.of``), so the arm reads as the actor's and not
a stand-in's; an actor with no drawn look (a photo, a clip) gets a neutral
skin and a dark sleeve.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from ...cache import cached_png
from ...timeline import Animation, Box, Canvas, ImageLayer
from ..actors.look import Look, Palette

RGBA = tuple[int, int, int, int]
SS = 2                      # drawn at twice the size, then reduced
POINT_IN = Animation("slide-up", 350)   # the arm rises into the frame as the line starts
POINT_OUT = Animation("fade", 250)
FOREARM = 0.11              # the pointing forearm's width, of the canvas width
FINGER_GAP = 0.025          # between the fingertip and the product, of the canvas width


@dataclass(frozen=True)
class Limbs:
    """The colours of an arm: skin, the skin's outline, and the sleeve."""

    skin: RGBA
    edge: RGBA
    sleeve: RGBA

    @classmethod
    def of(cls, look: Look | None) -> Limbs:
        """The actor's own skin and outfit colour; neutral ones for an actor with no drawn look."""
        if look is None:
            return NEUTRAL
        pal = Palette.of(look)
        return cls((*pal.skin, 255), (*pal.skin_deep, 255), (*pal.outfit, 255))


NEUTRAL = Limbs((233, 196, 164, 255), (196, 150, 118, 255), (74, 82, 110, 255))


def arm_image(size: tuple[int, int], wrist_w: int, limbs: Limbs, folder: Path | None) -> Path:
    """A forearm ``wrist_w`` wide at the top of ``size``, widening and leaning right to the bottom, a sleeve
    rolled over its lower part (the arm under a held product)."""
    def draw() -> Image.Image:
        w, h = size
        img = Image.new("RGBA", size, (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        left = w // 3 - wrist_w // 2
        edge = max(1, wrist_w // 16)
        arm = [(left, 0), (left + wrist_w, 0), (w - 1, h - 1), (max(0, w - 1 - round(wrist_w * 1.7)), h - 1)]
        d.polygon(arm, fill=limbs.skin, outline=limbs.edge, width=edge)
        cuff = round(h * 0.6)
        t = cuff / max(1, h - 1)
        lx = round(arm[0][0] + (arm[3][0] - arm[0][0]) * t)
        rx = round(arm[1][0] + (arm[2][0] - arm[1][0]) * t)
        d.polygon([(lx - edge * 2, cuff), (rx + edge * 2, cuff), (w - 1, h - 1), (arm[3][0] - edge * 2, h - 1)],
                  fill=limbs.sleeve)
        return img

    return cached_png("arm", (size, wrist_w, limbs), draw, folder)


def point_layer(target: Box, canvas: Canvas, limbs: Limbs, span: tuple[int, int],
                cache_dir: Path | None) -> ImageLayer:
    """The free arm, over ``span`` (ms), rising from below the frame's edge on the side away from ``target``
    with its index finger just short of ``target``'s near side, at its middle height."""
    from_left = target.x + target.w / 2 >= canvas.width / 2
    gap = FINGER_GAP * canvas.width
    tip = (target.x - gap if from_left else target.x + target.w + gap, target.y + target.h * 0.5)
    base = (canvas.width * (0.06 if from_left else 0.94), canvas.height + FOREARM * canvas.width)
    image, box = _pointing_arm(tip, base, round(FOREARM * canvas.width), limbs, cache_dir)
    start, end = span
    return ImageLayer(path=image, box=box, fit="contain", start_ms=start,
                      duration_ms=max(1, end - start), enter=POINT_IN, exit=POINT_OUT)


def _pointing_arm(tip: tuple[float, float], base: tuple[float, float], width: int, limbs: Limbs,
                  folder: Path | None) -> tuple[Path, Box]:
    """The pointing arm's image (even-sized, cropped to the arm) and its box in the frame: the
    forearm from ``base`` to the fist, the wrist bent so the index finger points level at ``tip`` (a finger
    aimed along a steep forearm reads as a raised finger, not a point)."""
    side = 1.0 if tip[0] >= base[0] else -1.0
    fx, fy = side * 0.97, -0.24                   # the finger's direction: across, a little up
    finger, fist = width * 1.0, width * 0.62
    hand = (tip[0] - fx * (finger + fist * 0.5), tip[1] - fy * (finger + fist * 0.5))
    margin = width * 1.2
    x0, y0 = math.floor(min(tip[0], base[0]) - margin), math.floor(min(tip[1], base[1]) - margin)
    x1, y1 = math.ceil(max(tip[0], base[0]) + margin), math.ceil(max(tip[1], base[1]) + margin)
    size = ((x1 - x0 + 1) // 2 * 2, (y1 - y0 + 1) // 2 * 2)

    def draw() -> Image.Image:
        img = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)

        def at(x: float, y: float) -> tuple[float, float]:
            return (x - x0) * SS, (y - y0) * SS

        w, edge = width * SS, max(2, width * SS // 14)
        elbow = (base[0], base[1] + width)
        cuff = (hand[0] + (elbow[0] - hand[0]) * 0.45, hand[1] + (elbow[1] - hand[1]) * 0.45)
        d.line((at(*hand), at(*elbow)), fill=limbs.edge, width=round(w + 2 * edge))
        d.line((at(*hand), at(*elbow)), fill=limbs.skin, width=round(w))
        d.line((at(*cuff), at(*elbow)), fill=limbs.sleeve, width=round(w * 1.15 + 2 * edge))
        fw = width * 0.32 * SS
        knuckle = (hand[0] + fx * fist * 0.3 - fy * fist * 0.45, hand[1] + fy * fist * 0.3 + fx * fist * 0.45 * side)
        end = (tip[0] - fx * width * 0.16, tip[1] - fy * width * 0.16)
        for colour, grow in ((limbs.edge, 2 * edge), (limbs.skin, 0)):   # the index finger, outlined, round-tipped
            d.line((at(*knuckle), at(*end)), fill=colour, width=round(fw + grow))
            ex, ey = at(*end)
            r = (fw + grow) / 2
            d.ellipse((ex - r, ey - r, ex + r, ey + r), fill=colour)
        cx, cy = at(*hand)
        r = fist * SS
        d.rounded_rectangle((cx - r, cy - r * 0.85, cx + r, cy + r * 0.85), radius=r * 0.6, fill=limbs.skin,
                            outline=limbs.edge, width=edge)
        for k in (-0.25, 0.2):                       # the curled fingers' creases
            kx = cx + side * r * 0.55
            d.arc((kx - r * 0.45, cy + r * k - r * 0.2, kx + r * 0.45, cy + r * k + r * 0.5), 200, 340,
                  fill=limbs.edge, width=edge)
        tx, ty = at(hand[0] + side * fist * 0.1, hand[1] - fist * 0.55)   # the thumb over the fist
        d.ellipse((tx - fw * 0.9, ty - fw * 0.5, tx + fw * 0.9, ty + fw * 0.5), fill=limbs.skin, outline=limbs.edge,
                  width=edge)
        return img.resize(size, Image.Resampling.LANCZOS)

    key = (tuple(round(v) for v in (*tip, *base)), width, limbs)
    return cached_png("point", key, draw, folder), Box(x0, y0, *size)


def resting_hands(size: tuple[int, int], hands: tuple[tuple[float, float], ...],
                  shoulders: tuple[tuple[float, float], ...], width: int, limbs: Limbs,
                  folder: Path | None) -> Path:
    """Arms from ``shoulders`` down to hands lying flat at ``hands`` (a keyboard's two ends), on a transparent
    image of ``size``: the forearm bare below a sleeve from the elbow up, the fingers towards the keys."""
    def draw() -> Image.Image:
        img = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
        d = ImageDraw.Draw(img)
        w, edge = width * SS, max(2, width * SS // 14)
        for hand, shoulder in zip(hands, shoulders, strict=True):
            hx, hy = hand[0] * SS, hand[1] * SS
            sx, sy = shoulder[0] * SS, shoulder[1] * SS
            cuff = (hx + (sx - hx) * 0.5, hy + (sy - hy) * 0.5)
            d.line(((hx, hy), (sx, sy)), fill=limbs.edge, width=round(w + 2 * edge))
            d.line(((hx, hy), (sx, sy)), fill=limbs.skin, width=round(w))
            d.line((cuff, (sx, sy)), fill=limbs.sleeve, width=round(w * 1.2 + 2 * edge))
            inward = 1.0 if sx < hx else -1.0          # the fingers point away from the shoulder's side
            r = w * 0.5
            for k in range(4):                        # four fingers lying on the keys
                fx, fy = hx + inward * r * (0.75 + 0.1 * k), hy - r * 0.55 + k * r * 0.38
                d.rounded_rectangle((fx - r * 0.6, fy - r * 0.17, fx + r * 0.6, fy + r * 0.17), radius=r * 0.17,
                                    fill=limbs.skin, outline=limbs.edge, width=edge)
            d.ellipse((hx - r, hy - r * 0.8, hx + r, hy + r * 0.8), fill=limbs.skin, outline=limbs.edge, width=edge)
        return img.resize(size, Image.Resampling.LANCZOS)

    return cached_png("hands", (size, hands, shoulders, width, limbs), draw, folder)
