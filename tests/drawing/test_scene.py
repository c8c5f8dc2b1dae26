"""Scenes from a prompt: the things it names from vendored assets, on their setting, time and weather."""

from __future__ import annotations

import random

import numpy as np
import yaml

from mediakit.drawing.scene import ASSET_FOLDER, asset, draw_scene, read_scene
from mediakit.paths import data_dir


def test_the_prompt_is_read_into_things_setting_time_and_weather() -> None:
    lighthouse = read_scene("A lighthouse on a cliff at dusk, then waves crashing on the rocks below")
    assert lighthouse.shown == (("cliff", "rock"), ("waves", "wave"))
    assert lighthouse.missing == ("lighthouse",)
    assert (lighthouse.setting, lighthouse.time, lighthouse.weather) == ("sea", "dusk", "clear")
    bakery = read_scene("Fresh bread in a small bakery on a rainy morning, a queue outside")
    assert bakery.assets[:2] == ("bread", "shop") and bakery.missing == ("queue",)
    assert (bakery.time, bakery.weather) == ("morning", "rain")
    assert read_scene("iced coffee on a sunny windowsill").assets == ("iced-drink", "window")
    note = lighthouse.note()
    assert "waves -> wave" in note and "no asset for lighthouse" in note and "MIT" in note


def test_every_asset_is_listed_licensed_and_readable() -> None:
    folder = data_dir("presets") / ASSET_FOLDER
    listed = yaml.safe_load((folder / "assets.yaml").read_text())["assets"]
    files = {p.stem for p in folder.glob("*.webp")}
    assert files == set(listed) and len(files) >= 100
    assert "MIT License" in (folder / "LICENSE").read_text()
    assert asset("wave").size == (256, 256) and asset("wave").mode == "RGBA"


def test_a_scene_shows_its_things_in_its_light() -> None:
    size = (180, 320)
    day = np.asarray(draw_scene(read_scene("a dog on the beach at noon"), size, random.Random(1)).convert("RGB"),
                     dtype=np.int16)
    night = np.asarray(draw_scene(read_scene("a dog on the beach at night"), size, random.Random(1)).convert("RGB"),
                       dtype=np.int16)
    assert day[:100].mean() > night[:100].mean() + 60, "night is darker than noon"
    empty = np.asarray(draw_scene(read_scene("the beach at noon"), size, random.Random(1)).convert("RGB"),
                       dtype=np.int16)
    front = (slice(180, 290), slice(50, 130))  # where the first thing stands
    assert np.abs(day[front] - empty[front]).mean() > 20, "the dog is drawn in front"
    rain = np.asarray(draw_scene(read_scene("a dog on the beach at noon in the rain"), size,
                                 random.Random(1)).convert("RGB"), dtype=np.int16)
    assert rain.std(axis=2).mean() < day.std(axis=2).mean(), "rain greys the light"



def test_a_part_of_the_prompt_keeps_the_wholes_place_time_and_weather() -> None:
    whole = read_scene("A lighthouse on a cliff at dusk in the rain, then waves crashing on the rocks below")
    part = read_scene("waves crashing on the rocks below").within(whole)
    assert (part.setting, part.time, part.weather) == ("sea", "dusk", "rain")
    own = read_scene("a bus in the city at noon").within(whole)
    assert (own.setting, own.time, own.weather) == ("city", "noon", "rain")
