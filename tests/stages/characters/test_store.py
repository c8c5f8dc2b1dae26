"""The saved-character store: what a sheet job keeps, the listing's shape, and casting from it."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from mediakit.cli.main import main
from mediakit.errors import ValidationError
from mediakit.generation.run import generate
from mediakit.stages.actors.query import all_actors, get_actor
from mediakit.stages.characters.describe import describe
from mediakit.stages.characters.sheet import Character, read_character
from mediakit.stages.characters.store import (
    character_hash,
    characters_dir,
    list_characters,
    save_character,
    saved_actor_paths,
)

pytestmark = pytest.mark.slow


def _sheet(tmp_path: Path, words: str) -> Path:
    out = tmp_path / f"{abs(hash(words))}.png"
    generate("character_sheet", {"description": words}, out)
    return out


def test_a_sheet_job_saves_its_character(tmp_path: Path, private_home: Path) -> None:
    sheet = _sheet(tmp_path, "a man named Kofi with a beard in a green hoodie")
    character = read_character(sheet, field="x")
    assert character is not None
    saved = list_characters()
    assert [s["character_id"] for s in saved] == [f"char_{character_hash(character)}"]
    entry = saved[0]
    assert set(entry) == {"character_id", "name", "character_sheet_url", "portrait_url", "thumbnail_url",
                          "created_at"}
    assert entry["name"] == "Kofi" and len(entry["character_id"]) == len("char_") + 10
    folder = private_home / "characters" / entry["character_id"].removeprefix("char_")
    assert entry["character_sheet_url"] == (folder / "sheet.png").as_uri()
    assert (folder / "sheet.png").read_bytes() == sheet.read_bytes()
    with Image.open(folder / "portrait.png") as portrait, Image.open(folder / "thumbnail.png") as thumb:
        assert portrait.size == (512, 512) and thumb.size == (160, 160)
    receipt = json.loads(sheet.with_name(f"{sheet.stem}.receipt.json").read_text())
    assert f"saved as character {entry['character_id']} (`mediakit characters`)" in receipt["notes"]


def test_the_same_character_is_one_entry_and_limit_pages(tmp_path: Path) -> None:
    ines = Character("Ines", describe("a woman named Ines in a blue blazer").look, "description", "female")
    sheet = tmp_path / "s.png"
    Image.new("RGB", (30, 20), "white").save(sheet)
    first = save_character(ines, sheet)
    assert save_character(ines, sheet).id == first.id
    other = Character("Ben", describe("an old man named Ben with glasses").look, "description", "male")
    save_character(other, sheet)
    assert len(list_characters()) == 2 and len(list_characters(1)) == 1
    for bad in (0, 101, True):
        with pytest.raises(ValidationError) as exc:
            list_characters(bad)
        assert exc.value.to_dict()["error"]["details"][0]["field"] == "limit"


def test_the_store_is_an_actor_library_of_drawn_characters(tmp_path: Path) -> None:
    assert saved_actor_paths() == ()
    ines = Character("Ines", describe("a woman named Ines in a blue blazer").look, "description", "female")
    sheet = tmp_path / "s.png"
    Image.new("RGB", (30, 20), "white").save(sheet)
    saved = save_character(ines, sheet)
    assert saved_actor_paths() == (characters_dir(),)
    actor = get_actor(saved.id.removeprefix("char_"), actors=all_actors(saved_actor_paths()))
    assert actor.name == "Ines" and actor.kind == "generated" and actor.look == ines.look


def test_cli_lists_saved_characters(tmp_path: Path) -> None:
    _sheet(tmp_path, "a man named Kofi with a beard in a green hoodie")
    runner = CliRunner()
    listed = runner.invoke(main, ["characters", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [c["name"] for c in json.loads(listed.output)["characters"]] == ["Kofi"]
    table = runner.invoke(main, ["characters"])
    assert table.exit_code == 0 and "Kofi" in table.output and "1 saved characters" in table.output
    assert runner.invoke(main, ["characters", "--limit", "0"]).exit_code == 2
