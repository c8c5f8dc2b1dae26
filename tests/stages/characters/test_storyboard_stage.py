import numpy as np

from mediakit.stages.characters.storyboard import (
    beat_notes,
    dialogue_of,
    expression_for,
    panel_grid,
    panel_scene,
    split_script,
    suggest,
)


def test_suggest_is_deterministic_three_options_of_n_beats() -> None:
    a = suggest("Kofi", "sunny beach", 10, 7)
    assert a == suggest("Kofi", "sunny beach", 10, 7)
    assert len(a) == 3 and len({o.title for o in a}) == 3
    assert all(len(o.beats) == 7 and all("Kofi" in b for b in o.beats) for o in a)


def test_split_script_gives_four_to_six_beats() -> None:
    assert len(split_script("One. Two.")) == 4
    many = " ".join(f"Sentence {i} here." for i in range(9))
    assert len(split_script(many)) == 6


def test_dialogue_and_expressions() -> None:
    assert dialogue_of('Mara says "Let us go now"') == "Let us go now"
    assert expression_for('Mara says "Hi there"') == "talking"
    assert expression_for("Mara is surprised by a cat") == "surprised"
    assert expression_for("Mara walks") == "neutral"


def test_panel_grid() -> None:
    size, boxes = panel_grid(6, "9:16")
    assert len(boxes) == 6 and size == (24 + 3 * (288 + 24), 24 + 2 * (512 + 84 + 24))


BAKERY = ["Mara opens the bakery on a rainy morning", "A queue forms outside", "Mara sets out fresh bread",
          "Mara waves goodbye"]


def test_each_panel_shows_its_own_action_in_the_storys_place_and_weather() -> None:
    story = " ".join(BAKERY)
    panels = [np.asarray(panel_scene(beat, (144, 256), i, story), dtype=np.int16) for i, beat in enumerate(BAKERY)]
    alone = np.asarray(panel_scene(BAKERY[1], (144, 256), 1, BAKERY[1]), dtype=np.int16)
    awning = [((p[100:130, :, 0] > 160) & (p[100:130, :, 1] < 90)).sum() for p in panels]
    assert min(awning) > 150, "every panel stands at the bakery (its striped awning), the place of the story"
    assert ((alone[100:130, :, 0] > 160) & (alone[100:130, :, 1] < 90)).sum() < 20, "the queue alone has no bakery"
    street = (slice(190, 256), slice(0, 144))
    assert np.abs(panels[1][street] - panels[3][street]).mean() > 8, "the queue stands on the pavement"
    notes = beat_notes(BAKERY, story, "panel")
    assert notes[0].startswith("panel 1: scene drawn locally: ") and "bakery -> shopfront (drawn)" in notes[0]
    assert "morning, rain" in notes[1] and "queue -> person" in notes[1]
    assert "bread -> bread" in notes[2]
