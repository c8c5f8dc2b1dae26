"""``mediakit skills`` and ``mediakit generate storyboard_suggest``: lists, schemas, runs and their errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from mediakit.cli.main import main


def test_list_json_has_the_three_skills() -> None:
    result = CliRunner().invoke(main, ["skills", "list", "--json"])
    assert result.exit_code == 0, result.output
    assert [s["slug"] for s in json.loads(result.output)["skills"]] == ["make_ugc", "make_subtitles", "make_podcast"]


def test_schema_and_unknown_skill() -> None:
    result = CliRunner().invoke(main, ["skills", "schema", "make_podcast"])
    assert json.loads(result.output)["required"] == ["character_a", "character_b", "script"]
    result = CliRunner().invoke(main, ["skills", "run", "make_nothing", "-o", "x.mp4"])
    assert result.exit_code == 2 and "make_nothing" in result.output and "Traceback" not in result.output


def test_run_with_bad_input_names_the_field(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["skills", "run", "make_podcast", "--set", "character_a=char_maya-chen",
                                       "--set", "character_b=char_maya-chen", "--set",
                                       "script=[{speaker: A, line: one two three four five}]",
                                       "-o", str(tmp_path / "p.mp4")])
    assert result.exit_code == 2 and "character_b" in result.output
    assert not (tmp_path / "p.mp4").exists()


def test_storyboard_suggest_prints_its_options() -> None:
    result = CliRunner().invoke(main, ["generate", "storyboard_suggest", "--set", "character_description=a baker",
                                       "--set", "vibe=rainy morning", "--set", "n_panels=4"])
    assert result.exit_code == 0, result.output
    options = json.loads(result.output)["options"]
    assert len(options) == 3 and all(len(o["beats"]) == 4 for o in options)
