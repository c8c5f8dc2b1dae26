"""Set pieces: the places no vendored asset shows (a lighthouse, a shop front, a window, a barn, a kitchen, a
garage, a bridge), drawn as shapes."""

from __future__ import annotations

import random

import numpy as np

from mediakit.drawing.motifs import Canvas
from mediakit.drawing.scene import read_scene, scene_planes

SIZE = (180, 320)


def planes(prompt: str) -> tuple[np.ndarray, np.ndarray]:
    far, near = scene_planes(read_scene(prompt), SIZE, random.Random(3))
    return np.asarray(far, dtype=np.int16), np.asarray(near, dtype=np.int16)


def red(img: np.ndarray) -> np.ndarray:
    return (img[..., 0] > 160) & (img[..., 1] < 90) & (img[..., 2] < 90) & (img[..., 3] > 200)


def test_a_lighthouse_stands_on_its_cliff_lit_at_dusk() -> None:
    _, near = planes("A lighthouse on a cliff at dusk")
    _, bare = planes("A cliff at dusk")
    tower = (slice(60, 200), slice(0, 80))  # above the cliff's top, on the left
    assert red(near[tower]).sum() > 150 and red(bare[tower]).sum() == 0, "the red bands of the tower"
    lamp = near[tower][(near[tower][..., 0] > 240) & (near[tower][..., 1] > 215) & (near[tower][..., 2] < 190)]
    assert len(lamp) > 10, "the lantern glows after sundown"
    assert (near[230:, :40, 3] == 255).all(), "the cliff rises from the bottom left, opaque"
    assert (near[:40, 120:, 3] == 0).all(), "the sky stays on the far plane"


def test_a_window_is_a_hole_onto_the_outside_with_things_on_its_sill() -> None:
    far, near = planes("iced coffee on a sunny windowsill")
    assert (near[90:120, 40:80, 3] == 0).all(), "the far plane (outside) shows through the pane"
    assert (near[:50, :, 3] == 255).all() and (near[240:, :, 3] == 255).all(), "the wall is opaque"
    assert far[70:130, 30:150, 2].mean() > far[70:130, 30:150, 0].mean() + 15, "a sunny sky is blue"
    cup = near[175:218, 60:120]  # standing on the sill (at 0.68 of the height)
    assert red(cup).sum() > 20, "the iced drink's red cup stands on the sill"


def test_a_bakery_has_an_awning_a_display_of_bread_and_a_queue_in_front() -> None:
    _, shop = planes("a bakery on a rainy morning")
    _, queue = planes("a queue outside the bakery on a rainy morning")
    assert red(shop[130:160]).sum() > 300, "the striped awning"
    display = shop[172:245, 12:105, :3]
    assert np.abs(display - display.mean(axis=(0, 1))).mean() > 12, "bread on the display shelf, not bare glass"
    street = (slice(200, 320), slice(0, 180))
    assert np.abs(queue[street] - shop[street]).mean() > 10, "people queue on the pavement"


def test_a_blending_canvas_shades_what_is_below_and_keeps_it_opaque() -> None:
    blend, plain = Canvas((20, 20), 1, blend=True), Canvas((20, 20), 1)
    for c in (blend, plain):
        c.rect(0.0, 0.0, 1.0, 1.0, fill=(255, 255, 255, 255))
        c.rect(0.0, 0.0, 0.5, 1.0, fill=(0, 0, 0, 60))
    assert blend.img.getpixel((5, 10)) == (195, 195, 195, 255)
    assert plain.img.getpixel((5, 10)) == (0, 0, 0, 60), "a plain canvas replaces (its own layer)"


def test_a_barn_stands_red_behind_the_horse_on_the_left() -> None:
    _, barn = planes("A horse grazing beside a barn in a field of flowers")
    _, field = planes("A horse grazing in a field of flowers")
    assert red(barn[150:250, 10:90]).sum() > 1500 and red(field[150:250, 10:90]).sum() == 0, "the barn's red walls"
    assert read_scene("a horse beside a barn").missing == ()


def test_a_kitchen_and_a_garage_are_rooms_the_rain_stays_outside_of() -> None:
    _, kitchen = planes("a chef chopping vegetables in a kitchen in the rain")
    _, garage = planes("a mechanic in a garage")
    assert (kitchen[..., 3] == 255).all() and (garage[..., 3] == 255).all(), "the room fills the near plane"
    assert np.abs(kitchen[:200, :, :3] - garage[:200, :, :3]).mean() > 15, "cabinets and tiles, not a roller door"
    wall = np.unique(kitchen[:40].reshape(-1, 4), axis=0)
    assert len(wall) == 1, "no rain streaks over the plain wall above the cabinets"
    assert "kitchen -> kitchen (drawn)" in read_scene("a chef in a busy kitchen").note()


def test_the_things_cross_a_bridge_on_its_deck() -> None:
    scene = read_scene("A train crossing a bridge over a canyon at noon")
    assert scene.pieces == (("bridge", "bridge"),) and scene.setting == "canyon" and scene.missing == ()
    _, near = planes("A train crossing a bridge over a canyon at noon")
    _, bare = planes("A bridge over a canyon at noon")
    moved = np.nonzero(np.abs(near - bare).sum(axis=(1, 2)) > 300)[0]
    assert moved.max() < 0.66 * SIZE[1], "the train stands on the deck, not on the canyon floor"
