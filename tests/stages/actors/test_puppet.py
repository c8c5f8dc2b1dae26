"""Drawn actors: what the head sprite shows beside the neck."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.stages.actors import get_actor
from mediakit.stages.actors.puppet import Rig, draw_sprites


@pytest.mark.slow
def test_no_light_halo_beside_the_neck(tmp_path: Path) -> None:
    """The shadow under the jaw is clipped to the neck: the hair beside it keeps its own flat colour.

    Unclipped, the shadow's blur tinted the hair up to 20 levels lighter near the neck.
    """
    rig = Rig.of(540, 960)
    sprites = draw_sprites(get_actor("maya-chen").look, rig, tmp_path)
    with Image.open(sprites.head) as im:
        rgb = np.asarray(im.convert("RGB")).astype(int)
    ox, oy = rig.origin[0] - rig.head[0], rig.origin[1] - rig.head[1]
    for y_u in (0.68, 0.74, 0.8):  # below the jaw, down the reach of its blurred shadow, in face units
        y = round(oy + y_u * rig.unit)
        edge = 0.2 + 0.04 * (y_u - 0.3) / 0.54  # the neck's half width there
        for side in (-1, 1):
            hair = rgb[y, round(ox + side * 0.4 * rig.unit)]
            x0, x1 = sorted(round(ox + side * (edge + d) * rig.unit) for d in (0.015, 0.12))
            assert np.abs(rgb[y, x0:x1] - hair).max() <= 3, f"halo beside the neck at y={y_u}"
