"""``mediakit actors``: table, --json in the spec's shape, filters, one-line errors, contact sheet."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from PIL import Image

from mediakit.cli.actor_cmds import actors, register
from mediakit.stages.actors import bundled_actors


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


@pytest.mark.slow
def test_table_lists_every_actor(runner: CliRunner) -> None:
    result = runner.invoke(actors, [])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].split()[:3] == ["slug", "name", "gender"]
    assert len(lines) == len(bundled_actors()) + 2
    assert lines[-1] == f"{len(bundled_actors())} of {len(bundled_actors())} actors (offset 0)"
    assert any(line.startswith("maya-chen ") for line in lines)


def test_json_has_the_spec_shape(runner: CliRunner) -> None:
    result = runner.invoke(actors, ["--json", "--gender", "male", "--age-range", "51+", "--limit", "2"])
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert set(body) == {"actors", "total", "limit", "offset"} and body["limit"] == 2 and body["offset"] == 0
    assert len(body["actors"]) == 2 and body["total"] >= 3
    assert all(a["gender"] == "male" and a["age_range"] == "51+" for a in body["actors"])
    one = json.loads(runner.invoke(actors, ["--json", "--slug", "grace-kim", "--limit", "0"]).output)
    assert list(one) == ["actor"] and one["actor"]["name"] == "Grace Kim"


def test_type_preset_and_search_filters(runner: CliRunner) -> None:
    result = runner.invoke(actors, ["--type", "mom", "--preset", "app-on-phone", "--json"])
    body = json.loads(result.output)
    assert body["total"] >= 1
    assert all(a["actor_type"] == "Mom" and "app-on-phone" in a["presets"] for a in body["actors"])
    assert "Priya Nair" in runner.invoke(actors, ["--search", "priya"]).output


@pytest.mark.parametrize(("args", "message"), [
    (["--limit", "0"], "limit: must be 1 to 500 (got 0)"),
    (["--limit", "501"], "limit: must be 1 to 500 (got 501)"),
    (["--offset", "-1"], "offset: must be >= 0 (got -1)"),
    (["--slug", "maya-chan"], "no actor has slug 'maya-chan'; did you mean 'maya-chen'?")])
def test_errors_are_one_line_with_exit_code_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(actors, args)
    assert result.exit_code == 2
    assert result.output.strip() == f"error: {message}"


def test_invalid_choice_lists_valid_values(runner: CliRunner) -> None:
    result = runner.invoke(actors, ["--gender", "other"])
    assert result.exit_code == 2 and "female" in result.output and "male" in result.output


@pytest.mark.slow
def test_contact_sheet(runner: CliRunner, tmp_path: Path) -> None:
    sheet = tmp_path / "elders.png"
    result = runner.invoke(actors, ["--type", "Elder", "--sheet", str(sheet)])
    assert result.exit_code == 0, result.output
    elders = sum(a.actor_type == "Elder" for a in bundled_actors())
    with Image.open(sheet) as img:
        assert img.width == 256 * elders


def test_register_adds_the_group() -> None:
    @click.group()
    def top() -> None:
        pass

    register(top)
    assert top.commands["actors"] is actors and "audition" in actors.commands


@pytest.mark.slow
def test_audition_renders_the_actor_speaking(runner: CliRunner, tmp_path: Path) -> None:
    from mediakit.probe import probe

    out = tmp_path / "hi.mp4"
    result = runner.invoke(actors, ["audition", "jayden-lee", "--say", "Hi there!", "-o", str(out), "--aspect", "1:1"])
    assert result.exit_code == 0, result.output
    assert "voice jack" in result.output and "generated actor" in result.output
    info = probe(out)
    assert info.video and (info.video.width, info.video.height) == (1080, 1080) and info.audio is not None


def test_audition_errors(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(actors, ["audition", "nobody", "--say", "Hi", "-o", str(tmp_path / "x.mp4")])
    assert result.exit_code == 2 and result.output.startswith("error: no actor has slug 'nobody'")
    result = runner.invoke(actors, ["audition", "maya-chen", "--say", "Hi", "-o", str(tmp_path / "no" / "x.mp4")])
    assert result.exit_code == 2 and "does not exist" in result.output
    assert not (tmp_path / "x.mp4").exists()
