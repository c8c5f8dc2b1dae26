"""Scenes from a prompt: the things it names from vendored assets, on their setting, time and weather."""

from __future__ import annotations

import random

import numpy as np
import yaml

from mediakit.drawing.scene import ASSET_FOLDER, asset, camera_for, draw_scene, read_scene
from mediakit.paths import data_dir


def test_the_prompt_is_read_into_things_places_setting_time_and_weather() -> None:
    lighthouse = read_scene("A lighthouse on a cliff at dusk, then waves crashing on the rocks below")
    assert lighthouse.shown == (("lighthouse", "lighthouse"), ("cliff", "cliff"), ("waves", "wave"), ("rocks", "rock"))
    assert lighthouse.pieces == (("lighthouse", "lighthouse"), ("cliff", "cliff")) and lighthouse.missing == ()
    assert (lighthouse.setting, lighthouse.time, lighthouse.weather) == ("sea", "dusk", "clear")
    bakery = read_scene("Fresh bread in a small bakery on a rainy morning, a queue outside")
    assert bakery.assets[:2] == ("bread", "shopfront") and "person" in bakery.assets and bakery.missing == ()
    assert (bakery.time, bakery.weather) == ("morning", "rain")
    coffee = read_scene("iced coffee on a sunny windowsill")
    assert coffee.assets == ("iced-drink", "sun", "window") and coffee.weather == "sunny"
    note = lighthouse.note()
    assert "waves -> wave" in note and "lighthouse -> lighthouse (drawn)" in note and "MIT" in note
    assert "no asset for griffin" in read_scene("a griffin on the beach").note()


def test_every_asset_is_listed_licensed_and_readable() -> None:
    folder = data_dir("presets") / ASSET_FOLDER
    listed = yaml.safe_load((folder / "assets.yaml").read_text())["assets"]
    files = {p.stem for p in folder.glob("*.webp")}
    assert files == set(listed) and len(files) >= 600
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
    assert part.pieces == whole.pieces and part.assets[-2:] == ("wave", "rock"), "the waves break below the cliff"
    inside = read_scene("a cat on the windowsill").within(whole)
    assert inside.pieces == (("windowsill", "window"),), "a part that names its own place keeps it"
    own = read_scene("a bus in the city at noon").within(whole)
    assert (own.setting, own.time, own.weather) == ("city", "noon", "rain")


def test_the_camera_follows_the_action() -> None:
    assert camera_for("waves crashing on the rocks") == "pan"
    assert camera_for("the rocket launching into the night") == "tilt-up"
    assert camera_for("rain falling on the street") == "tilt-down"
    assert camera_for("she opens the door") == "push"
    assert camera_for("a quiet lake") is None


def test_a_noun_that_is_also_a_verb_after_a_name_or_pronoun_is_not_drawn() -> None:
    goodbye = read_scene("Mara waves goodbye")
    assert goodbye.assets == () and goodbye.setting == "studio", "a wave of the hand, not a sea"
    assert read_scene("she leaves the shop").assets == ("shopfront",)
    assert read_scene("The waves crash on the rocks").assets == ("wave", "rock")
    assert read_scene("Fresh lemons and strawberries at a market").assets[:2] == ("lemon", "strawberry")


def test_a_scene_is_one_place_and_the_receipt_says_which_was_left_out() -> None:
    scene = read_scene("a lighthouse on a cliff seen from a bakery window")
    assert scene.pieces == (("lighthouse", "lighthouse"), ("cliff", "cliff")), "the first place named, whole"
    assert "bakery" in scene.missing and "window" in scene.missing and "(not drawn)" in scene.note()


def test_a_noun_with_no_asset_is_named_wherever_it_stands() -> None:
    """Before a verb's -ing ("a griffin crossing"), at the prompt's start with no article ("Griffins on"), and as
    the object of a verb ("chopping gizmos"): each is said in the receipt, not dropped unseen."""
    assert "griffin" in read_scene("A griffin crossing a frozen river at dawn").missing
    assert read_scene("Griffins on a zeppelin at noon").missing == ("griffins", "zeppelin")
    assert read_scene("A chef chopping gizmos in a hangar").missing == ("gizmos", "hangar")


def test_plurals_and_everyday_synonyms_resolve_to_the_vendored_things() -> None:
    scene = read_scene("Two foxes, some sheep, a van, vegetables and a motorbike on a highway of kittens")
    assert dict(scene.shown) == {"foxes": "fox-face", "sheep": "sheep", "van": "delivery-truck",
                                 "vegetables": "carrot", "motorbike": "racing-motorcycle", "kittens": "cat"}
    assert read_scene("a dog on the beach").assets == ("dog",), "a setting's word is the setting, not a sticker"


def test_a_role_is_drawn_as_its_worker_or_as_a_person_with_the_jobs_prop() -> None:
    assert read_scene("a doctor at noon").assets == ("doctor",)
    assert read_scene("a farmer and a mechanic").assets == ("farmer", "mechanic")
    assert read_scene("a fisherman at dawn").assets == ("person", "fishing-pole-and-fish")
    assert read_scene("A lighthouse keeper reading").shown[1:] == (("keeper", "person"), ("reading", "book"))
    size = (90, 160)
    alone = np.asarray(draw_scene(read_scene("a field at noon"), size, random.Random(1)).convert("RGB"), dtype=np.int16)
    keeper = np.asarray(draw_scene(read_scene("a keeper in a field at noon"), size, random.Random(1)).convert("RGB"),
                        dtype=np.int16)
    assert np.abs(keeper - alone)[60:150, 30:60].mean() > 20, "the person stands in front"


def test_a_second_place_the_first_shows_within_it_is_drawn_there() -> None:
    scene = read_scene("A bakery window full of bread and cakes on a snowy evening")
    assert ("window", "shopfront") in scene.pieces and scene.missing == (), "the shop's display window"
    assert read_scene("a lighthouse seen from a bakery window").missing == ("bakery", "window")


def test_a_weather_word_or_a_colour_is_not_drawn_as_a_thing() -> None:
    shower = read_scene("a tennis racket on a court after a summer shower")
    assert shower.weather == "rain" and "shower" not in shower.assets, "a shower of rain, not a bathroom's"
    assert read_scene("sheep on a green meadow").assets == ("sheep",), "green is the meadow's colour"


def test_a_bus_is_one_bus_and_buses_are_a_group() -> None:
    size = (90, 160)
    one, many = (np.asarray(draw_scene(read_scene(p), size, random.Random(2)).convert("RGB"), dtype=np.int16)
                 for p in ("a bus in a field at noon", "buses in a field at noon"))
    empty = np.asarray(draw_scene(read_scene("a field at noon"), size, random.Random(2)).convert("RGB"), dtype=np.int16)
    sides = (slice(100, 150), np.r_[0:20, 70:90])
    assert np.abs(one - empty)[sides].mean() < np.abs(many - empty)[sides].mean() - 5, "copies at the sides"
