"""The runner's commands: ``run`` and ``quote`` job specs, ``jobs``, ``account`` and ``rate``.

Thin click layers over ``runner``: every rule (prices, plans, states,
refunds) lives there; these only read options and print.  ``--json`` prints
JSON on stdout (one line per job event for ``run``), errors included.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from mediakit.cli.base import CliError, MediakitGroup
from mediakit.cli.requests import load_request
from mediakit.errors import MediakitError, ValidationError

from . import STORE_HELP, store_path

USER_HELP = "Whose jobs and credits (the server's user id of an API key); default: local."


def _echo_json(data: Any) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, default=str))


def _spec_error(exc: MediakitError, as_json: bool) -> CliError:
    """A refused spec: every problem on its own line (file:line: field: rule), or the JSON body."""
    if not as_json and len(exc.details) > 1:
        for d in exc.details[1:]:
            where = f"{d['file']}:{d['line']}: " if "file" in d else ""
            click.echo(f"error: {where}{d.get('field') or d.get('job', '')}: {d.get('rule')}", err=True)
    return CliError(exc, as_json=as_json)


@click.command("run")
@click.argument("spec", required=False, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (default: SPEC's name + '-out' in the current folder).")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)
@click.option("--workers", type=click.IntRange(1, 256), help="Renders at once (default: the cores; never more "
              "than the plan's max_concurrent_jobs).")
@click.option("--dry-run", is_flag=True, help="Validate and quote every job; render and debit nothing.")
@click.option("--keep-going", is_flag=True, help="Record jobs the plan or balance refuses as failed (no cost) and "
              "run the rest, instead of refusing the batch.")
@click.option("--executor", default="local", show_default=True, help="Where renders run: local or dask.")
@click.option("--scheduler", help="Dask scheduler address (tcp://HOST:8786); default: a LocalCluster.")
@click.option("--schema", "schema_only", is_flag=True, help="Print the job spec's JSON Schema and exit.")
@click.option("--json", "as_json", is_flag=True, help="One JSON line per job event on stdout, then a summary.")
def run(spec: Path | None, out: Path | None, store: Path | None, workers: int | None, dry_run: bool, keep_going: bool,
        executor: str, scheduler: str | None, schema_only: bool, as_json: bool) -> None:
    """Run a YAML job spec: validate, quote, debit, render, settle; write outputs, a manifest and a gallery."""
    from runner.batch import RunOptions, quote_spec, run_spec
    from runner.spec import load_spec, schema

    if schema_only:
        click.echo(json.dumps(schema(), indent=2))
        return
    if spec is None:
        raise ValidationError("spec", None, "is required: a YAML job spec (see samples/batch.yaml)")
    try:
        loaded = load_spec(spec)
    except ValidationError as exc:
        raise _spec_error(exc, as_json) from exc
    options: dict[str, Any] = {"scheduler": scheduler} if scheduler else {}
    opts = RunOptions(out=out or Path(f"{spec.stem}-out"), store=store_path(store), workers=workers,
                      keep_going=keep_going, executor=executor, executor_options=options)
    if dry_run:
        _print_quote(quote_spec(loaded, opts), as_json)
        return
    with _batch_events(len(loaded.jobs), as_json) as emit:
        report = run_spec(loaded, opts, emit)
    counts = report.counts()
    summary = {"event": "done", "out": str(report.out), "gallery": str(report.gallery), "jobs": counts,
               "credits": report.credits, "balance": report.balance}
    if as_json:
        _echo_json(summary)
    else:
        click.echo(", ".join(f"{n} {status}" for status, n in sorted(counts.items())) +
                   f"; {report.credits} credits; balance {report.balance['total']}")
        for row in report.rows:
            if row["status"] == "failed":
                click.echo(f"failed: {row['id']}: {row['error_message']}", err=True)
        click.echo(f"gallery: {report.gallery}")
    if counts.get("failed") or counts.get("canceled"):
        sys.exit(1)


@contextmanager
def _batch_events(total: int, as_json: bool) -> Iterator[Callable[[dict[str, Any]], None]]:
    """The run's event sink: JSON lines, a progress bar on a terminal, or nothing."""
    if as_json:
        yield _echo_json
        return
    if not sys.stderr.isatty():
        yield lambda _e: None
        return
    with click.progressbar(length=total, label="batch", file=sys.stderr, show_pos=True) as bar:
        def emit(event: dict[str, Any]) -> None:
            if event["event"] in ("completed", "failed", "canceled", "skipped"):
                bar.update(1)

        yield emit


def _print_quote(quote: dict[str, Any], as_json: bool) -> None:
    if as_json:
        _echo_json(quote)
        return
    for line in quote["jobs"]:
        cost = line.get("credits", "-") if "error" not in line else f"refused: {line['error']['message']}"
        click.echo(f"{line['id']:<40} {line['generator']:<20} {cost}")
    enough = "enough" if quote["sufficient"] else "NOT enough"
    click.echo(f"total {quote['credits']} credits (${quote['usd']}); {quote['available']} available: {enough}")


@click.command("quote")
@click.argument("what")
@click.option("--input", "-i", "input_path", type=click.Path(path_type=Path),
              help="Request body for KIND (YAML or JSON; '-' reads stdin).")
@click.option("--set", "sets", multiple=True, metavar="FIELD=VALUE", help="Set one request field (repeatable).")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the quote (or the error body) as JSON.")
def quote(what: str, input_path: Path | None, sets: tuple[str, ...], store: Path | None, as_json: bool) -> None:
    """Price a job spec (WHAT = SPEC.yaml) or one request (WHAT = generator, skill, video|image|audio).

    Nothing is rendered or debited.
    """
    from mediakit.generation.run import plan_job
    from runner.batch import RunOptions, quote_spec
    from runner.pricing import quote_plan
    from runner.spec import load_spec

    if input_path is None and not sets and (what.endswith((".yaml", ".yml", ".json")) or Path(what).is_file()):
        try:
            loaded = load_spec(Path(what))
        except ValidationError as exc:
            raise _spec_error(exc, as_json) from exc
        _print_quote(quote_spec(loaded, RunOptions(out=Path("."), store=store_path(store))), as_json)
        return
    _, plan = plan_job(what, load_request(input_path, sets))
    data = quote_plan(plan).to_dict()
    if as_json:
        _echo_json(data)
        return
    click.echo(f"{data['credits']} credits (${data['usd']})")
    for line in data.get("breakdown", []):
        click.echo(f"  {line['item']}: {line['credits']}")
    if data.get("auto"):
        click.echo(f"  model auto -> {data['auto'].get('model')}: {data['auto'].get('reason')}")


def _db(store: Path | None) -> Any:
    from runner.db import Database

    return Database(store_path(store))


def _common(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")(fn)
    fn = click.option("--user", default="local", show_default=True, help=USER_HELP)(fn)
    return click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)(fn)


@click.group("jobs", cls=MediakitGroup)
def jobs_group() -> None:
    """List, show, cancel, delete and restore jobs of a store."""


@jobs_group.command("list")
@click.option("--status", help="Only jobs in this state (submitted, queued, processing, completed, failed, canceled).")
@click.option("--sort", default="newest", show_default=True, help="newest or oldest first.")
@click.option("--limit", type=int, default=20, show_default=True, help="Page size (1 to 100).")
@click.option("--offset", type=int, default=0, show_default=True, help="Jobs to skip.")
@click.option("--legacy", is_flag=True, help="Print the older record shape.")
@_common
def jobs_list(status: str | None, sort: str, limit: int, offset: int, legacy: bool, store: Path | None, user: str,
              as_json: bool) -> None:
    """The store's jobs, newest first (the spec's GET /v1/videos)."""
    from runner import jobs

    page, total = jobs.list_jobs(_db(store), user, status=status, sort=sort, limit=limit, offset=offset)
    if as_json:
        _echo_json({"jobs": [j.legacy_shape() if legacy else j.status_shape() for j in page], "total": total})
        return
    for j in page:
        click.echo(f"{j.id}  {j.status:<10} {j.generator:<20} {j.credits:>6}  {j.created_at}  "
                   f"{j.output or j.error_message or ''}")
    click.echo(f"{len(page)} of {total}")


@jobs_group.command("show")
@click.argument("job_id")
@click.option("--legacy", is_flag=True, help="Print the older record shape.")
@_common
def jobs_show(job_id: str, legacy: bool, store: Path | None, user: str, as_json: bool) -> None:
    """One job in the spec's Job status shape (always JSON)."""
    from runner import jobs

    job = jobs.get(_db(store), job_id, user)
    _echo_json(job.legacy_shape() if legacy else job.status_shape())


def _job_action(name: str, doc: str, action: str) -> None:
    """A ``jobs NAME JOB_ID`` command calling ``runner.jobs.<action>`` (imported when it runs, not at start-up)."""

    @jobs_group.command(name, help=doc)
    @click.argument("job_id")
    @_common
    def command(job_id: str, store: Path | None, user: str, as_json: bool) -> None:
        from runner import jobs

        result = getattr(jobs, action)(_db(store), user, job_id)
        _echo_json(result) if as_json else click.echo(" ".join(f"{k}={v}" for k, v in result.items()))


_job_action("cancel", "Cancel a job that has not ended; its credits are refunded and its render stopped.", "cancel")
_job_action("delete", "Soft-delete a job: hidden from lists until restored (files and ledger stay).", "soft_delete")
_job_action("restore", "Restore a soft-deleted job.", "restore")


@click.group("account", cls=MediakitGroup, invoke_without_command=True)
@_common
@click.pass_context
def account_group(ctx: click.Context, store: Path | None, user: str, as_json: bool) -> None:
    """The account: plan, credits, limits (the spec's Account shape)."""
    ctx.obj = {"store": store, "user": user}
    if ctx.invoked_subcommand is None:
        from runner import accounts

        db = _db(store)
        with db.write() as conn:
            data = accounts.account(conn, user)
        if as_json:
            _echo_json(data)
            return
        c, lim = data["credits"], data["limits"]
        click.echo(f"{data['user_id']}: plan {data['plan']['name']} ({data['plan']['tier']}), period ends "
                   f"{data['plan']['current_period_end']}")
        click.echo(f"credits: {c['total']} ({c['monthly_remaining']} of {c['monthly_allowance']} monthly, "
                   f"{c['purchased']} purchased)")
        click.echo(f"limits: {lim['max_concurrent_jobs']} jobs at once, {lim['max_video_duration']} s videos")


@account_group.command("usage")
@click.option("--period", default="30d", show_default=True, help="7d, 30d or 90d.")
@click.pass_obj
def account_usage(obj: dict[str, Any], period: str) -> None:
    """Jobs and credits over a period (the spec's Usage shape; always JSON)."""
    from runner.usage import usage

    _echo_json(usage(_db(obj["store"]), obj["user"], period))


@account_group.command("plan")
@click.argument("tier")
@click.pass_obj
def account_plan(obj: dict[str, Any], tier: str) -> None:
    """Move the account to plan TIER (a new period starts with its allowance); opens the account if needed."""
    from runner import accounts

    with _db(obj["store"]).write() as conn:
        if not accounts.open_account(conn, obj["user"], plan=tier):
            accounts.change_plan(conn, obj["user"], tier)
    click.echo(f"plan: {tier}")


@account_group.command("add-credits")
@click.argument("credits", type=float)
@click.pass_obj
def account_add(obj: dict[str, Any], credits: float) -> None:
    """Buy CREDITS purchased credits (spent after the monthly allowance, kept across periods)."""
    from runner import accounts

    amount = int(credits) if credits.is_integer() else credits
    with _db(obj["store"]).write() as conn:
        accounts.open_account(conn, obj["user"])
        accounts.add_credits(conn, obj["user"], amount)
        total = accounts.account(conn, obj["user"])["credits"]["total"]
    click.echo(f"added {amount} credits; balance {total}")


@click.command("rate")
@click.argument("job_id")
@click.option("--score", type=int, required=True, help="1 (bad) to 5 (great).")
@click.option("--note", help="Why (optional).")
@_common
def rate(job_id: str, score: int, note: str | None, store: Path | None, user: str, as_json: bool) -> None:
    """Rate a job's output; ratings feed the model catalog's user_score and the auto policy."""
    from runner import jobs

    result = jobs.rate(_db(store), user, job_id, score, note)
    _echo_json(result) if as_json else click.echo(f"rated {job_id}: {score}")


def register(group: click.Group) -> None:
    for command in (run, quote, jobs_group, account_group, rate):
        group.add_command(command)
