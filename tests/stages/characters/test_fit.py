"""A look fits a description when it shows what the words state (hair, beard, glasses, skin), clothes aside."""

from __future__ import annotations

from mediakit.stages.actors.look import Look
from mediakit.stages.characters.fit import misfits

DARK_CURLS = Look(skin="#8d5a3b", hair="curly", hair_color="#1e1410", extras=("lashes",))


def test_a_look_with_the_stated_features_fits_whatever_the_clothes() -> None:
    assert misfits(DARK_CURLS, "a woman with dark curly hair in a green hoodie") == []
    assert misfits(DARK_CURLS, "a dark-skinned woman") == [], "6e4530 is within the skin tolerance of 8d5a3b"


def test_each_stated_feature_the_look_lacks_is_named() -> None:
    assert misfits(DARK_CURLS, "a woman with a red bob and round glasses") == [
        "the bob hair", "the hair colour", "round glasses"]
    assert misfits(DARK_CURLS, "a man with a grey beard") == ["a beard", "the beard colour"]
    assert misfits(DARK_CURLS, "a pale woman with glasses") == ["glasses", "the skin tone"]
    assert misfits(Look(skin="#f2d3bd", extras=("glasses",)), "a man with round glasses") == ["round glasses"]
    assert misfits(Look(skin="#f2d3bd", extras=("round-glasses",)), "a man with glasses") == []
