"""The b-roll image engine seam: registry, entry points, the three model names, the local stand-in."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import pytest
from PIL import Image

from mediakit.errors import EngineError, ValidationError
from mediakit.stages.broll import image_engine
from mediakit.stages.broll.image_engine import (
    BROLL_MODELS,
    LOCAL_STAND_IN,
    LocalStandInEngine,
    card_band,
    draw_card,
    get_engine,
    register_engine,
)
from mediakit.stages.pip import POSITIONS, SIZES, PipOptions, pip_box
from mediakit.timeline import Canvas


class FakeEngine:
    name = "fake"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def generate(self, prompt: str, width: int, height: int) -> Path:
        out = self.folder / "fake.png"
        Image.new("RGB", (width, height), "purple").save(out)
        return out


def test_model_names_fall_back_to_the_local_stand_in_and_say_so() -> None:
    assert get_engine(None).name.startswith(LOCAL_STAND_IN)
    for model in BROLL_MODELS:
        engine = get_engine(model)
        assert isinstance(engine, LocalStandInEngine)
        assert LOCAL_STAND_IN in engine.name and model in engine.name
    with pytest.raises(ValidationError, match="broll-model-1, broll-model-2, broll-model-3") as info:
        get_engine("broll-model-9")
    assert info.value.field == "broll_model"


def test_a_registered_engine_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(image_engine, "_REGISTRY", {})
    register_engine("broll-model-2", lambda: FakeEngine(tmp_path))
    assert get_engine("broll-model-2").name == "fake"
    assert isinstance(get_engine("broll-model-1"), LocalStandInEngine)


def test_entry_points_are_found_by_model_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class EP:
        def __init__(self, name: str, factory: object) -> None:
            self.name, self.value, self._factory = name, f"plugin:{name}", factory

        def load(self) -> object:
            if self._factory is None:
                raise ImportError("no module named plugin")
            return self._factory

    seen: list[str] = []

    def fake_entry_points(group: str) -> list[EP]:
        seen.append(group)
        return [EP("broll-model-3", lambda: FakeEngine(tmp_path)), EP("broll-model-1", None)]

    monkeypatch.setattr(image_engine, "entry_points", fake_entry_points)
    assert get_engine("broll-model-3").name == "fake"
    assert seen == ["mediakit.broll_engines"]
    with pytest.raises(EngineError, match="broll-model-1.*failed to load"):
        get_engine("broll-model-1")


def test_stand_in_draws_a_deterministic_card_from_the_prompt(tmp_path: Path) -> None:
    engine = LocalStandInEngine(cache_dir=tmp_path)
    a = engine.generate("A steaming cup of coffee on a wooden table", 90, 160)
    b = LocalStandInEngine(cache_dir=tmp_path / "other").generate("A steaming cup of coffee on a wooden table", 90, 160)
    c = engine.generate("ocean waves at sunrise", 90, 160)
    with Image.open(a) as ia, Image.open(b) as ib, Image.open(c) as ic:
        assert ia.size == (90, 160)
        assert ia.tobytes() == ib.tobytes()                  # same prompt, same pixels
        assert ia.tobytes() != ic.tobytes()
        colors = ia.convert("RGB").getcolors(90 * 160) or []
        assert len(colors) > 50                                # a picture, not a flat fill
    with pytest.raises(ValidationError, match="visual_prompt"):
        engine.generate("  ", 90, 160)


@pytest.mark.parametrize("size", [(90, 160), (160, 90), (120, 150)])
def test_the_card_says_the_whole_prompt_in_the_band_clear_of_the_pip(
        size: tuple[int, int], drawn_text: list[tuple[tuple[float, float], str]]) -> None:
    prompt = "Smooth, never bitter, really easy to make at home, and it sends every invoice on time."
    width, height = size
    draw_card(prompt, width, height)
    lines = [text for _, text in drawn_text]
    assert " ".join(dict.fromkeys(lines)) == prompt.upper()         # every word, none cut, nothing else
    x0, y0, x1, y1 = card_band(width, height)
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for (x, y), _ in drawn_text)
    canvas = Canvas(width, height, Fraction(30))
    for position, size_name in itertools.product(POSITIONS, SIZES):
        assert pip_box(PipOptions(position=position, size=size_name), canvas).y > y1
