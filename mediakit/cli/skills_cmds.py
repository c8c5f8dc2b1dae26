"""``mediakit skills list|schema SLUG|run SLUG --input F -o OUT``: the composed skills on the command line."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .requests import load_request


@click.group("skills")
def skills() -> None:
    """The composed skills: make_ugc, make_subtitles, make_podcast."""


@skills.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print the skill list (with input schemas) as JSON.")
def list_skills(as_json: bool) -> None:
    """List the skills (slug, name, version, description, primitive, workflowType, agentFacing)."""
    from ..skills.base import skill_list

    rows = skill_list()
    if as_json:
        click.echo(json.dumps({"skills": rows}, indent=2))
        return
    for row in rows:
        click.echo(f"{row['slug']:<15} v{row['version']}  {row['description']}")


@skills.command("schema")
@click.argument("slug")
def schema(slug: str) -> None:
    """Print SLUG's input schema (JSON Schema)."""
    from ..skills.base import get_skill

    click.echo(json.dumps(get_skill(slug).skill_entry()["input_schema"], indent=2))


@skills.command("run")
@click.argument("slug")
@click.option("--input", "-i", "input_path", type=click.Path(path_type=Path), help="The skill input (YAML/JSON).")
@click.option("--set", "sets", multiple=True, metavar="FIELD=VALUE", help="Set one input field (repeatable).")
@click.option("-o", "--output", type=click.Path(path_type=Path), required=True, help="The video to write.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the run {status, steps, final_output, error} (or the spec's error body) as JSON.")
def run(slug: str, input_path: Path | None, sets: tuple[str, ...], output: Path, as_json: bool) -> None:
    """Run SLUG to OUTPUT: the video and its steps, or with --json the run as the service reports it."""
    from ..errors import EXIT_FAILED
    from ..skills.base import run_skill

    report = run_skill(slug, load_request(input_path, sets), output)
    error = report["error"]
    if as_json:
        click.echo(json.dumps(report if error is None else {"error": error}, indent=2, default=str))
    elif error is not None:
        click.echo(f"error: {error['message']}", err=True)
    else:
        click.echo(f"wrote {output}")
        for step in report["steps"]:
            click.echo(f"  {step['name']}: {step['does']}")
    if error is not None:
        raise SystemExit(EXIT_FAILED)


def register(group: click.Group) -> None:
    group.add_command(skills)
