"""``mediakit actors``: list and filter the actor library, and audition an actor speaking.

``actors`` is both a listing (``mediakit actors --gender female``) and a group
(``mediakit actors audition SLUG``), hence ``invoke_without_command``.  It
uses ``MediakitGroup`` so library errors become one-line messages with exit
code 2 (1 for a failed render) even when the group is invoked on its own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..stages.actors.catalog import ACTOR_TYPES, AGE_RANGES, GENDERS, Actor
from ..timeline import ASPECTS
from .base import MediakitGroup

TABLE_COLUMNS = (("slug", 18), ("name", 18), ("gender", 6), ("age", 3), ("actor_type", 12), ("nationality", 11),
                 ("voice_id", 10), ("presets", 0))


@click.group("actors", cls=MediakitGroup, invoke_without_command=True)
@click.option("--gender", type=click.Choice(GENDERS, case_sensitive=False), help="Only this gender.")
@click.option("--age-range", type=click.Choice(AGE_RANGES), help="Only this age range.")
@click.option("--type", "actor_type", type=click.Choice(ACTOR_TYPES, case_sensitive=False),
              help="Only this actor type.")
@click.option("--preset", help="Only actors with this preset tag (e.g. app-on-phone).")
@click.option("--search", help="Case-insensitive part of the name.")
@click.option("--slug", help="Exactly this actor (limit and offset are then ignored).")
@click.option("--limit", type=int, default=500, show_default=True, help="Page size, 1 to 500.")
@click.option("--offset", type=int, default=0, show_default=True, help="Actors to skip.")
@click.option("--json", "as_json", is_flag=True, help="Print the service's JSON ({actors, total, limit, offset}).")
@click.option("--actors-path", "actors_paths", multiple=True, type=click.Path(path_type=Path),
              help="A user actor folder or YAML list to add (repeatable; also $MEDIAKIT_ACTORS_PATH).")
@click.option("--sheet", type=click.Path(path_type=Path), help="Also write a contact sheet PNG of the listed actors.")
@click.pass_context
def actors(ctx: click.Context, gender: str | None, age_range: str | None, actor_type: str | None,
           preset: str | None, search: str | None, slug: str | None, limit: int, offset: int, as_json: bool,
           actors_paths: tuple[Path, ...], sheet: Path | None) -> None:
    """List the actors: a table, or the service's JSON with --json."""
    from ..stages.actors.query import all_actors, find_actors, get_actor

    ctx.obj = actors_paths
    if ctx.invoked_subcommand is not None:
        return
    pool = all_actors(actors_paths)
    if slug is not None:
        actor = get_actor(slug, actors=pool)
        listed: tuple[Actor, ...] = (actor,)
        body: dict[str, Any] = {"actor": actor.to_dict()}
    else:
        page = find_actors(gender=gender, age_range=age_range, actor_type=actor_type, preset=preset,
                           search=search, limit=limit, offset=offset, actors=pool)
        listed, body = page.actors, page.to_dict()
    if as_json:
        click.echo(json.dumps(body, indent=2, ensure_ascii=False))
    else:
        click.echo(_table(listed))
        if slug is None:
            click.echo(f"{len(listed)} of {body['total']} actors (offset {offset})")
    if sheet is not None:
        from ..stages.actors.sheet import contact_sheet

        click.echo(f"wrote {contact_sheet(listed, sheet)}", err=as_json)


def _table(actors: tuple[Actor, ...]) -> str:
    def cell(actor: Actor, field: str) -> str:
        value = getattr(actor, field)
        if isinstance(value, tuple):
            return ",".join(value)
        return "" if value is None else str(value)

    rows = [[name.replace("_", " ").replace("actor type", "type") for name, _ in TABLE_COLUMNS]]
    rows += [[cell(a, name) for name, _ in TABLE_COLUMNS] for a in actors]
    widths = [max(len(r[i]) for r in rows) for i in range(len(TABLE_COLUMNS))]
    return "\n".join("  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip() for r in rows)


@actors.command("audition")
@click.argument("slug")
@click.option("--say", required=True, help="What the actor says.")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path), help="Video file to write (.mp4).")
@click.option("--aspect", type=click.Choice(list(ASPECTS)), default="9:16", show_default=True,
              help="Frame shape (9:16 is 1080x1920).")
@click.option("--voice", help="Speak with this voice instead of the actor's own.")
@click.option("--background", help="Image, video or colour behind green-screen and drawn actors.")
@click.pass_obj
def audition(actors_paths: tuple[Path, ...], slug: str, say: str, output: Path, aspect: str, voice: str | None,
             background: str | None) -> None:
    """Render actor SLUG saying --say, with the actor's voice, to OUTPUT."""
    from ..recipes.audition import audition as run_audition
    from ..stages.actors.query import all_actors, get_actor
    from .base import progress_bar

    actor = get_actor(slug, actors=all_actors(actors_paths or ()))
    with progress_bar(f"{actor.name} speaking") as progress:
        result = run_audition(actor, say, output, aspect=aspect, voice=voice, background=background,
                              progress=progress)
    click.echo(f"wrote {result} ({actor.name}, {actor.kind} actor, voice {voice or actor.voice_id}, {aspect})")


def register(group: click.Group) -> None:
    """Add the ``actors`` command group to the ``mediakit`` command."""
    group.add_command(actors)
