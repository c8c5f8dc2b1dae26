"""The character animatic: the character beside the scene's things, and the scene's planes in parallax."""

from __future__ import annotations

import numpy as np
from PIL import Image

from mediakit.engines.character_animatic import ASIDE, MAX_HIDDEN, beside
from mediakit.timeline import Box, Canvas

CANVAS = Canvas(180, 320)
MIDDLE = Box(18, 64, 144, 256)   # where the character stands when nothing is in the way


def _plane(*boxes: tuple[int, int, int, int]) -> Image.Image:
    alpha = np.zeros((320, 180, 4), dtype=np.uint8)
    alpha[300:, :] = 255                       # the ground, full width: never a thing the character hides
    for x0, y0, x1, y1 in boxes:
        alpha[y0:y1, x0:x1] = 255
    return Image.fromarray(alpha)


def test_the_character_stands_in_the_middle_when_it_hides_nothing_there() -> None:
    assert beside(_plane((0, 40, 20, 300)), MIDDLE, CANVAS) == MIDDLE


def test_the_character_stands_beside_the_scenes_thing_smaller() -> None:
    lighthouse = _plane((30, 40, 80, 300))     # a tall thing left of the middle
    box = beside(lighthouse, MIDDLE, CANVAS)
    assert box.w == round(MIDDLE.w * ASIDE) // 2 * 2 and box.y + box.h == CANVAS.height
    assert box.x > 80 - 0.12 * box.w, "on the other side of it"
    alpha = np.asarray(lighthouse.getchannel("A"))[:300] > 128
    hidden = alpha[max(0, box.y):box.y + box.h, max(0, box.x):box.x + box.w].sum() / alpha.sum()
    assert hidden <= MAX_HIDDEN
