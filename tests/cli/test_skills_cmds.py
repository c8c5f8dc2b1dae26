"""``mediakit skills`` and ``mediakit generate storyboard_suggest``: lists, schemas, runs and their errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
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


RUN = ["skills", "run", "make_subtitles", "--set", "video_url=clip.mp4", "-o", "out.mp4"]


def _report(error: dict[str, str] | None) -> dict[str, Any]:
    status = "failed" if error else "succeeded"
    return {"status": status, "steps": [{"name": "subtitle", "does": "burn the captions", "status": status}],
            "final_output": None if error else {"video_url": "file:///out.mp4"}, "error": error}


@pytest.mark.parametrize("error", [None, {"code": "media_error", "message": "clip.mp4: no audio to transcribe"}])
def test_run_json_prints_the_run_or_the_error_body(monkeypatch: pytest.MonkeyPatch,
                                                   error: dict[str, str] | None) -> None:
    """The run itself is the skills' own tests'; here, what the command prints of it, with and without --json."""
    monkeypatch.setattr("mediakit.skills.base.run_skill", lambda slug, body, output: _report(error))
    as_json = CliRunner().invoke(main, [*RUN, "--json"])
    text = CliRunner().invoke(main, RUN)
    assert as_json.exit_code == text.exit_code == (1 if error else 0)
    assert json.loads(as_json.stdout) == (_report(None) if error is None else {"error": error})
    assert text.stdout == ("" if error else "wrote out.mp4\n  subtitle: burn the captions\n")
    assert error is None or f"error: {error['message']}" in text.stderr


def test_run_json_refusal_is_the_error_body_on_stdout(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["skills", "run", "make_podcast", "--set", "character_a=x", "--json",
                                       "-o", str(tmp_path / "p.mp4")])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "validation_error" and error["details"][0]["field"] == "character_a"
