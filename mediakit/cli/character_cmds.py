"""``mediakit characters``: the saved characters (``GET /v1/characters``), newest first."""

from __future__ import annotations

import json

import click


@click.command("characters")
@click.option("--limit", type=int, help="At most this many, 1 to 100 (default 50).")
@click.option("--json", "as_json", is_flag=True, help="Print the spec's shape ({characters: [...]}).")
def characters(limit: int | None, as_json: bool) -> None:
    """List the characters saved by character_sheet jobs; pass an id as make_ugc's or make_podcast's character."""
    from ..stages.characters.store import DEFAULT_LIMIT, characters_dir, list_characters

    saved = list_characters(DEFAULT_LIMIT if limit is None else limit)
    if as_json:
        click.echo(json.dumps({"characters": saved}, indent=2, ensure_ascii=False))
        return
    for entry in saved:
        click.echo(f"{entry['character_id']}  {entry['name']}  {entry['created_at']}  {entry['character_sheet_url']}")
    click.echo(f"{len(saved)} saved characters in {characters_dir()}")


def register(group: click.Group) -> None:
    group.add_command(characters)
