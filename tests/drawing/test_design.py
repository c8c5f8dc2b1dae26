"""Designs drawn from the prompt's words, and real compositions of the refs."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from mediakit.drawing.design import arrange_cards, compose, design, design_planes, headline


def pixels(img: Image.Image) -> np.ndarray:
    return np.asarray(img.convert("RGB")).astype(np.int16)


def test_headline_takes_quoted_words_else_the_first_sentence_as_written() -> None:
    assert headline('A serum bottle, text "GLOW UP" in gold') == "GLOW UP"
    assert headline("@image1 holds a cold brew can on a rooftop") == "holds a cold brew can on a rooftop"
    assert headline("Iced coffee on a sunny windowsill. Soft morning light.") == "Iced coffee on a sunny windowsill"


@pytest.mark.parametrize("size", [(300, 300), (400, 240), (240, 400)])
def test_the_headline_is_drawn_whole_and_nothing_else(size: tuple[int, int],
                                                      drawn_text: list[tuple[tuple[float, float], str]]) -> None:
    prompt = "A tall glass of iced coffee with oat milk on a sunny windowsill beside a small potted basil plant"
    design(prompt, size)
    assert " ".join(text for _, text in drawn_text[1::2]) == prompt.upper()  # each line: shadow, then type


@pytest.mark.slow
def test_a_design_is_a_picture_not_a_placeholder() -> None:
    img = design("A glass serum bottle on a beach at sunset", (256, 384))
    px = pixels(img)
    assert img.size == (256, 384) and img.mode == "RGB"
    assert px.std() > 25, "flat image"
    assert len(np.unique(px.reshape(-1, 3) // 16, axis=0)) > 40, "too few colours for a designed picture"
    top, bottom = px[:40].mean(axis=(0, 1)), px[-40:].mean(axis=(0, 1))
    assert np.abs(top - bottom).sum() > 30, "no gradient from sky to ground"


def test_palettes_follow_the_prompt_and_designs_are_deterministic() -> None:
    ocean = pixels(design("calm ocean water", (200, 200))).mean(axis=(0, 1))
    fire = pixels(design("warm orange fire", (200, 200))).mean(axis=(0, 1))
    assert ocean[2] > ocean[0] + 20, f"ocean is not blue: {ocean}"
    assert fire[0] > fire[2] + 20, f"fire is not warm: {fire}"
    a, b = design("a latte on a table", (160, 160)), design("a latte on a table", (160, 160))
    assert np.array_equal(pixels(a), pixels(b))
    assert not np.array_equal(pixels(a), pixels(design("a latte on a table", (160, 160), variant=1)))


@pytest.mark.slow
def test_type_is_drawn_when_asked() -> None:
    plain = pixels(design("Morning coffee ritual", (300, 300), text=False))
    typed = pixels(design("Morning coffee ritual", (300, 300)))
    # near-white headline pixels appear in the top band (arrangement "top" for variant 0 on a square)
    assert (typed[:90] > 235).all(axis=2).sum() > 150 + (plain[:90] > 235).all(axis=2).sum()


@pytest.mark.slow
def test_compose_lays_the_refs_out_whole_and_in_order() -> None:
    refs = [Image.new("RGB", (120, 90), c) for c in ((230, 20, 20), (20, 200, 40), (30, 40, 220))]
    img = pixels(compose(refs, "three colours", (400, 600), variant=1))

    def share(color: tuple[int, int, int]) -> float:
        return float((np.abs(img - np.array(color)).sum(axis=2) < 60).mean())

    assert all(share(c) > 0.03 for c in ((230, 20, 20), (20, 200, 40), (30, 40, 220)))
    assert share((230, 20, 20)) > 2 * share((20, 200, 40)), "the first ref is the hero"
    red_rows = np.where((np.abs(img - np.array((230, 20, 20))).sum(axis=2) < 60).any(axis=1))[0]
    blue_rows = np.where((np.abs(img - np.array((30, 40, 220))).sum(axis=2) < 60).any(axis=1))[0]
    assert red_rows.mean() < blue_rows.mean(), "companions sit under the hero on a portrait frame"


@pytest.mark.parametrize("count, area, expected", [
    (1, (0, 0, 1000, 600), 1), (2, (0, 0, 1000, 600), 2), (4, (0, 0, 600, 1000), 4),
])
def test_card_arrangements_stay_inside_their_area(count: int, area: tuple[int, int, int, int], expected: int) -> None:
    import random

    cards = arrange_cards(count, area, 600, random.Random(1))
    assert len(cards) == expected
    for (x, y, w, h), angle in cards:
        assert area[0] <= x and x + w <= area[2] and area[1] <= y and y + h <= area[3] and abs(angle) <= 3.5


def test_a_place_with_no_things_is_drawn_as_its_scene_not_as_a_poster() -> None:
    """"A calm lake at sunset" names no thing, but its lake is a plane the composer draws (not the open sea)."""
    assert design_planes("a calm lake at sunset", (90, 160)) is not None
    assert design_planes("launch day is here", (90, 160)) is None
