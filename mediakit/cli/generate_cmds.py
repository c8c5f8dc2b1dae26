"""``mediakit generate``: any generator of the spec from a request file, on the command line.

The request is the spec's JSON body, read from YAML or JSON (``--input``),
with ``--set field=value`` overrides (YAML scalars, dotted for nested
fields: ``--set pip_options.position=bottom-left``).  Options outside the
spec's request (a recorded voiceover, an exact transcript) are flags.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import click

from ..errors import ValidationError
from .base import progress_bar
from .requests import load_request, with_footage


@click.command("generate")
@click.argument("generator", required=False)
@click.option("--input", "-i", "input_path", type=click.Path(path_type=Path),
              help="Request body: a YAML or JSON file with the spec's fields ('-' reads stdin).")
@click.option("--set", "sets", multiple=True, metavar="FIELD=VALUE",
              help="Set one request field (repeatable; dotted for nested fields; values read as YAML).")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="File to write (.mp4, .png or .mp3).")
@click.option("--receipt", type=click.Path(path_type=Path),
              help="Where the receipt JSON goes (default: OUTPUT's name with .receipt.json).")
@click.option("--voiceover", type=click.Path(path_type=Path),
              help="A recorded voice to use instead of synthesis (captions are aligned to it).")
@click.option("--footage", type=click.Path(path_type=Path),
              help="Your own talking clip (at most 15 s): the actor and the voice of a talking ad; the same as "
                   "--set footage_url=CLIP (script and actor then optional).")
@click.option("--transcript", help="Exact words spoken in the input (text, or a .txt path), for captions.")
@click.option("--timings", type=click.Path(path_type=Path), help="Words JSON ([{word, start, end}]) for captions.")
@click.option("--actors-path", "actors_paths", multiple=True, type=click.Path(path_type=Path),
              help="A user actor folder or YAML list to add (repeatable; also $MEDIAKIT_ACTORS_PATH).")
@click.option("--aspects", help="Several aspects of one job, comma-separated (9:16,4:5,1:1): one voice, one "
                                "output per aspect (OUTPUT_9x16.mp4...) and one receipt listing them.")
@click.option("--schema", is_flag=True, help="Print GENERATOR's request JSON Schema and exit.")
@click.option("--list", "list_only", is_flag=True, help="List the generators and exit.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the receipt (or the spec's error body) as JSON on stdout.")
def generate(generator: str | None, input_path: Path | None, sets: tuple[str, ...], output: Path | None,
             receipt: Path | None, voiceover: Path | None, footage: Path | None, transcript: str | None,
             timings: Path | None, actors_paths: tuple[Path, ...], aspects: str | None, schema: bool,
             list_only: bool, as_json: bool) -> None:
    """Make GENERATOR's output (ugc_video, subtitle, ...) from a request in the spec's fields."""
    from ..generation.registry import generator_names, get_generator

    if list_only:
        _list(as_json)
        return
    if generator is None:
        raise ValidationError("generator", None, f"is required: one of {', '.join(generator_names())}")
    gen = get_generator(generator)
    if schema:
        click.echo(json.dumps(gen.schema(), indent=2))
        return
    if output is None and gen.output_suffix == ".json":  # a synchronous answer (storyboard_suggest): print it
        from ..generation.run import plan_job

        _, plan = plan_job(gen, load_request(input_path, sets))
        with tempfile.TemporaryDirectory() as tmp:
            built = gen.build(plan, Path(tmp))
            assert built.file is not None
            click.echo(built.file.read_text(encoding="utf-8"), nl=False)
        return
    if output is None:
        raise ValidationError("output", None, "is required (-o FILE)")
    from ..generation.contract import Options
    from ..generation.run import Outputs
    from ..generation.run import generate as run_generate
    from ..words import load_words

    body = with_footage(load_request(input_path, sets), footage, gen.request_model.model_fields)
    options = Options(voiceover=voiceover, transcript=transcript,
                      words=tuple(load_words(timings)) if timings is not None else None,
                      actors_paths=actors_paths)
    if aspects is not None:
        _generate_aspects(gen.id, body, aspects, output, options=options, receipt=receipt, as_json=as_json)
        return
    files = Outputs.beside(output)
    if receipt is not None:
        files = Outputs(**{**files.__dict__, "receipt": receipt})
    with progress_bar(f"{gen.id}") as progress:
        result = run_generate(gen, body, output, options=options, outputs=files, progress=progress)
    if as_json:
        click.echo(json.dumps({"output": str(result.output), **result.receipt,
                               "files": {k: str(v) for k, v in result.files.items()}}, ensure_ascii=False))
        return
    click.echo(f"wrote {result.output}")
    for path in result.files.values():
        click.echo(f"wrote {path}")
    for note in result.receipt.get("notes", []):
        click.echo(f"note: {note}")


def _generate_aspects(generator: str, body: dict[str, Any], aspects: str, output: Path, *, options: Any,
                      receipt: Path | None, as_json: bool) -> None:
    from ..generation.aspects import generate_aspects, parse_aspects

    parse_aspects(aspects, generator)   # a bad value is refused before the progress bar starts
    with progress_bar(f"{generator} in {aspects}") as progress:
        result = generate_aspects(generator, body, aspects, output, options=options, receipt=receipt,
                                  progress=progress)
    if as_json:
        files = {a: {k: str(v) for k, v in written.items()} for a, written in result.files.items()}
        click.echo(json.dumps({**result.receipt, "files": files}, ensure_ascii=False))
        return
    for aspect, path in result.outputs.items():
        click.echo(f"wrote {path} ({aspect})")
        for extra in result.files[aspect].values():
            click.echo(f"wrote {extra}")
    if result.receipt_path is not None:
        click.echo(f"wrote {result.receipt_path}")
    for note in result.receipt.get("notes", []):
        click.echo(f"note: {note}")


def _list(as_json: bool) -> None:
    from ..generation.registry import generator_names, get_generator

    rows: list[dict[str, Any]] = []
    for name in generator_names():
        gen = get_generator(name)
        rows.append({"id": name, "output": gen.output_suffix, "description": gen.description})
    if as_json:
        click.echo(json.dumps({"generators": rows}, indent=2))
        return
    width = max(len(r["id"]) for r in rows)
    for r in rows:
        click.echo(f"{r['id']:<{width}}  {r['output']:<5} {r['description']}")


def register(group: click.Group) -> None:
    group.add_command(generate)
