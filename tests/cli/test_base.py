"""The CLI's error surface: exit codes by error class, and the spec's error body on stdout under --json."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from mediakit.cli.base import MediakitGroup
from mediakit.cli.main import main
from mediakit.errors import (
    AlignmentError,
    EngineError,
    MediaError,
    MediakitError,
    NotFoundError,
    RenderError,
    ValidationError,
)


def _group_raising(error: MediakitError) -> click.Group:
    @click.group(cls=MediakitGroup)
    def group() -> None:
        pass

    @group.command("job")
    @click.option("--json", "as_json", is_flag=True)
    def job(as_json: bool) -> None:
        raise error

    return group


@pytest.mark.parametrize("error, code, exit_code", [
    (ValidationError("duration", 7, "must be one of 5, 10, 15"), "validation_error", 2),
    (MediaError("clip.mp4", "has no audio stream"), "media_error", 2),
    (NotFoundError("no job 'j1'"), "not_found", 2),
    (AlignmentError("transcript does not match"), "alignment_error", 2),
    (EngineError("piper model missing"), "engine_error", 1),
    (RenderError("ffmpeg render failed", returncode=1, stderr_tail="Invalid argument"), "render_error", 1),
])
def test_exit_codes_and_json_bodies(error: MediakitError, code: str, exit_code: int) -> None:
    plain = CliRunner().invoke(_group_raising(error), ["job"])
    assert plain.exit_code == exit_code
    assert plain.stdout == "" and plain.stderr.startswith("error: ")
    as_json = CliRunner().invoke(_group_raising(error), ["job", "--json"])
    assert as_json.exit_code == exit_code
    body = json.loads(as_json.stdout)
    assert body["error"]["code"] == code and body["error"]["message"] == error.message
    assert "Traceback" not in as_json.output


def test_an_engine_error_is_a_failed_job_not_bad_input() -> None:
    assert EngineError("x").exit_code == 1 != ValidationError("f", None, "r").exit_code


def test_actor_not_found_json_has_code_and_similar() -> None:
    result = CliRunner().invoke(main, ["actors", "--slug", "maya-chex", "--json"])
    assert result.exit_code == 2
    body = json.loads(result.stdout)["error"]
    assert body["code"] == "ACTOR_NOT_FOUND" and body["similar"] == ["maya-chen"]


def test_pace_json_failure_is_the_spec_body() -> None:
    result = CliRunner().invoke(main, ["pace", "one two three", "--route", "nope", "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "validation_error" and error["details"][0]["field"] == "route"


def test_generate_json_failure_names_the_input_field(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["generate", "subtitle", "--input", str(tmp_path / "none.yaml"),
                                       "-o", str(tmp_path / "out.mp4"), "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "validation_error" and error["details"] == [{"field": "input", "rule": "does not exist"}]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ["music", "chill", "--seconds", "1"],
    ["say", "Hello there"],
])
def test_missing_output_folder_is_one_validation_error(args: list[str], tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "out.wav"
    result = CliRunner().invoke(main, [*args, "-o", str(target)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: output: ") and "does not exist" in result.stderr
    assert not target.parent.exists()


def test_a_missing_option_is_named_by_its_long_name() -> None:
    result = CliRunner().invoke(main, ["subtitle", "in.mp4", "--json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "validation_error" and error["details"][0]["field"] == "output"
