from pathlib import Path

import pytest
from PIL import Image

from mediakit.errors import ValidationError
from mediakit.generation.run import generate, plan_job
from mediakit.stages.characters.sheet import read_character


def test_variants_are_metered() -> None:
    assert plan_job("character_sheet", {"actor_slug": "maya-chen"})[1].metered.variant == "actor"
    assert plan_job("character_sheet", {"description": "a tall chef"})[1].metered.variant == "description"


@pytest.mark.parametrize("body, field", [
    ({}, "description"),
    ({"actor_slug": "maya-chen", "reference_image_url": "x.png"}, "reference_image_url"),
    ({"description": "ab"}, "description"),
    ({"description": "a chef", "session_id": "nope"}, "session_id"),
])
def test_rules(body: dict[str, object], field: str) -> None:
    with pytest.raises(ValidationError) as exc:
        plan_job("character_sheet", body)
    assert exc.value.to_dict()["error"]["details"][0]["field"] == field


@pytest.mark.slow
def test_sheet_is_3_by_2_and_carries_the_character(tmp_path: Path) -> None:
    out = tmp_path / "sheet.png"
    generate("character_sheet", {"description": "a woman named Ines in a blue blazer"}, out)
    with Image.open(out) as img:
        assert img.size[0] * 2 == img.size[1] * 3
    character = read_character(out, field="x")
    assert character is not None and character.name == "Ines" and character.look.outfit == "blazer"


@pytest.mark.slow
def test_reference_colours_on_the_described_shape(tmp_path: Path) -> None:
    coffee = Path(__file__).parents[2] / "samples" / "coffee.png"
    out = tmp_path / "ref.png"
    result = generate("character_sheet", {"reference_image_url": str(coffee), "description": "a woman with a bun"},
                      out)
    assert result.plan.metered.variant == "reference"
    character = read_character(out, field="x")
    assert character is not None and character.look.hair == "bun"
    red, green, blue = (int(character.look.outfit_color[i:i + 2], 16) for i in (1, 3, 5))
    assert red > green and red > blue  # the coffee photo's red saucer, not a described colour
