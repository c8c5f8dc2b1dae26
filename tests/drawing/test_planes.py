"""Settings drawn as planes: a lake is calm water held by land, a field is grass, and the prompt's word picks them."""

from __future__ import annotations

import random

import numpy as np

from mediakit.drawing.planes import plane_for
from mediakit.drawing.scene import draw_scene, read_scene


def _rgb(prompt: str) -> np.ndarray:
    return np.asarray(draw_scene(read_scene(prompt), (90, 160), random.Random(3)).convert("RGB"), dtype=np.int16)


def test_the_first_word_that_names_a_plane_picks_it() -> None:
    assert plane_for("a boat on a calm lake".split()) == "lake"
    assert plane_for("a fox crossing a frozen river in the forest".split()) == "river"
    assert plane_for("sheep on a green meadow".split()) == "field"
    assert plane_for("a boat on the sea".split()) is None


def test_a_lake_is_water_below_the_far_shore_and_a_field_is_grass() -> None:
    lake, field = _rgb("a calm lake at noon"), _rgb("a field at noon")
    water, grass = lake[115:135].reshape(-1, 3).mean(axis=0), field[115:135].reshape(-1, 3).mean(axis=0)
    assert water[2] > water[1], "the lake's middle is water (blue over green)"
    assert grass[1] > grass[2] + 30, "the field's middle is grass"
    assert lake[150:].reshape(-1, 3).mean(axis=0)[1] > lake[150:].reshape(-1, 3).mean(axis=0)[2], "a grassy bank"


def test_the_setting_follows_the_place_word_and_the_receipt_says_so() -> None:
    for prompt, plane in (("A fisherman in a small boat on a calm lake", "lake"), ("a fox by the river", "river"),
                          ("a horse in a field of flowers", "field"), ("a train over a canyon", "canyon"),
                          ("penguins on an iceberg", "ice")):
        scene = read_scene(prompt)
        assert scene.setting == plane, prompt
        assert f"{plane} (for " in scene.note() and scene.missing == (), prompt
    assert read_scene("a boat on the sea").setting == "sea", "the coarse settings stay"


def test_a_boat_floats_on_the_lake_and_a_horse_stands_on_the_bank() -> None:
    empty = _rgb("a calm lake at noon")
    boat, horse = _rgb("a sailboat on a calm lake at noon"), _rgb("a horse by a calm lake at noon")
    lowest = [np.nonzero(np.abs(img - empty).sum(axis=(1, 2)) > 200)[0].max() for img in (boat, horse)]
    assert lowest[0] < lowest[1] - 10, "the boat sits on the water, above the bank's line"
