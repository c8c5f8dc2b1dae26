import colorsys

import numpy as np

from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.characters.describe import COLOURS, HAIR_COLOURS, SKINS, describe, restyle, stated
from mediakit.stages.characters.views import figure


def test_words_drive_the_look() -> None:
    d = describe("an old man named Walter with a white beard in a green hoodie and round glasses")
    assert d.name == "Walter"
    assert d.gender == "male"
    assert d.look.outfit == "hoodie"
    assert d.look.outfit_color == "#3f8f4e"
    assert d.look.hair_color == "#ecebe6"
    assert {"beard", "round-glasses", "wrinkles"} <= set(d.look.extras)


def test_same_description_same_character() -> None:
    assert describe("a cheerful baker") == describe("a cheerful baker")
    assert describe("a woman with red hair").look.hair_color == "#b3432b"


def _hue(rgb: np.ndarray) -> float:
    r, g, b = (float(c) / 255 for c in rgb)
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


def test_a_red_bob_and_round_glasses_are_drawn_as_asked() -> None:
    look = describe("a woman with a red bob and round glasses").look
    assert look.hair == "bob" and "round-glasses" in look.extras
    w = h = 400
    img = np.asarray(figure(look, (w, h)).convert("RGB"), dtype=np.int16)
    ox, oy, unit = bust_geometry(w, h)
    crown = img[round(oy - 0.62 * unit):round(oy - 0.55 * unit), round(ox - 0.1 * unit):round(ox + 0.1 * unit)]
    hue = _hue(crown.reshape(-1, 3).mean(axis=0))
    assert min(hue, 360 - hue) <= 20, f"hair hue {hue:.0f} is not red"
    # the left lens's rim: the frame colour's pixels lie on a circle (as wide as tall, one radius)
    cx, cy, r = ox - 0.2 * unit, oy + 0.035 * unit, 0.13 * unit
    ys, xs = np.nonzero(np.abs(img - np.array((176, 128, 60))).sum(axis=2) < 40)
    near = (np.abs(xs - cx) < r) & (np.abs(ys - cy) < r)
    xs, ys = xs[near], ys[near]
    assert len(xs) > 40
    aspect = (np.ptp(xs) + 1) / (np.ptp(ys) + 1)
    radii = np.hypot(xs - xs.mean(), ys - ys.mean())
    assert 0.85 < aspect < 1.2 and radii.std() / radii.mean() < 0.2, (aspect, radii.std() / radii.mean())


def test_a_grey_beard_is_grey_even_on_dark_hair() -> None:
    look = describe("a man with dark hair and a grey beard").look
    assert look.hair_color == "#2b211c" and look.beard_color == "#a9a9ad" and "beard" in look.extras
    w = h = 400
    img = np.asarray(figure(look, (w, h)).convert("RGB"), dtype=np.int16)
    ox, oy, unit = bust_geometry(w, h)
    chin = img[round(oy + 0.5 * unit):round(oy + 0.58 * unit), round(ox - 0.08 * unit):round(ox + 0.08 * unit)]
    mean = chin.reshape(-1, 3).mean(axis=0)
    assert 140 < mean.mean() < 200 and np.ptp(mean) < 20, f"chin {mean} is not grey"
    assert describe("a man with a grey beard").look.hair_color == "#a9a9ad"  # his hair is greying too


def test_restyle_draws_only_what_the_words_state() -> None:
    base = describe("a man named Theo with short hair, glasses and a moustache").look
    styled = restyle(base, "a man in his forties with curly red hair and round glasses")
    assert (styled.hair, styled.hair_color) == ("curly", "#b3432b")
    assert "round-glasses" in styled.extras and "glasses" not in styled.extras and "moustache" in styled.extras
    assert (styled.skin, styled.outfit, styled.face) == (base.skin, base.outfit, base.face)
    assert restyle(base, "a friendly man") == base


def test_a_compound_of_a_body_part_reads_its_colour() -> None:
    asked = stated("a dark-skinned woman, grey-haired and blue-eyed, in a t-shirt")
    assert asked["skin"] == SKINS["dark"] and asked["hair_color"] == HAIR_COLOURS["grey"]
    assert asked["eyes"] == COLOURS["blue"] and asked["outfit"] == "tee"
