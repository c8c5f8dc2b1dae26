from mediakit.stages.characters.storyboard import dialogue_of, expression_for, panel_grid, split_script, suggest


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
