"""``mediakit models``: the model catalog (``GET /v1/models``), and which engine serves each model here.

A runner command because each model's ``recent`` comes from the runner's job
store (``--store``); the catalog and the engines it names are the library's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from . import STORE_HELP, store_path

if TYPE_CHECKING:
    from mediakit.catalog import RunStats


@click.command("models")
@click.option("--kind", type=click.Choice(["video", "image", "audio"]), help="Only the models of this kind.")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP + " Its runs fill each model's recent.")
@click.option("--json", "as_json", is_flag=True, help="Print the catalog in the spec's shape (GET /v1/models).")
def models(kind: str | None, store: Path | None, as_json: bool) -> None:
    """List the live models with tier, price and the engine that serves each (local stand-ins by default)."""
    from mediakit.catalog import load_catalog
    from mediakit.engines import REGISTRIES, engine_name

    catalog = load_catalog()
    if as_json:
        click.echo(json.dumps(catalog.to_json(_stats(store), kind=kind), indent=2, ensure_ascii=False))
        return
    for group in (kind,) if kind else ("video", "image", "audio"):
        entries = [m for m in catalog.models if m.kind == group]
        default = catalog.default(group).id
        click.echo(f"{group} (default {default}; model auto starts from it)")
        width = max(len(m.id) for m in entries)
        for m in entries:
            name, _ = engine_name(m)
            engine = REGISTRIES[m.kind].get(name) if name in REGISTRIES[m.kind] else None
            served = f"{name} (local stand-in)" if engine is not None and engine.local else name
            status = "" if m.live else f" [{m.status}]"
            click.echo(f"  {m.id:<{width}}  {m.tier:<8}  {m.price_default}{status}")
            click.echo(f"  {'':<{width}}  {'':<8}  best for {', '.join(m.best_for)}; served by {served}")
    click.echo(f"auto: {catalog.auto_policy}")


def _stats(store: Path | None) -> dict[str, RunStats]:
    """The store's recent runs per model (empty when there is no store yet: ``recent`` stays null)."""
    folder = store_path(store)
    if not (folder / "mediakit.db").exists():
        return {}
    from runner.db import Database
    from runner.usage import run_stats

    return dict(run_stats(Database(folder)))


def register(group: click.Group) -> None:
    group.add_command(models)
