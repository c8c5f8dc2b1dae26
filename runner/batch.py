"""Running a job spec: plan and quote every job, debit, render on an executor, settle, report.

The order is the service's: nothing is charged until every job of the spec
is valid (``runner.spec``); each job is planned (inputs fetched and probed:
an unusable input makes the job ``failed`` at no cost, the rest go on) and
priced; plan refusals (``plan_limit``, ``plan_required``) and a balance too
small for the batch stop it before anything is debited, unless
``keep_going`` records those jobs as failed and runs the rest.  Then all
debits are taken, jobs start as the plan's concurrent-job limit allows, and
each ends ``completed`` (files moved into place) or ``failed`` (refunded).

Running the same spec again skips jobs completed with the same inputs and
resumes jobs a previous run left unfinished, without charging them again.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import threading
import time
import urllib.parse
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from mediakit.errors import MediakitError
from mediakit.generation.aspects import plan_aspects
from mediakit.generation.contract import Plan
from mediakit.generation.run import plan_job
from mediakit.media_io import write_text
from mediakit.timeline import Canvas

from . import accounts, jobs, ledger, pending_hooks, webhooks
from .db import Database
from .executors import EXECUTORS, Executor, Handle
from .executors.task import Task
from .gallery import write_gallery
from .jobs import Job, Submission
from .plans import InsufficientCredits, check_plan, get_tier
from .pricing import quote_plan
from .spec import Spec, SpecJob
from .usage import run_stats

Event = dict[str, Any]
Feed = Callable[[set[str]], list["Entry"]]
HEARTBEAT_S = 10.0
WATCH_S = 0.5
FEED_S = 0.25


@dataclass(frozen=True)
class RunOptions:
    """How to run a spec: output folder, store folder, workers, executor, and what to do with refusals."""

    out: Path
    store: Path
    workers: int | None = None
    keep_going: bool = False
    executor: str = "local"
    executor_options: dict[str, Any] = field(default_factory=dict)
    user: str = accounts.LOCAL_USER
    allow_private_webhooks: bool | None = None
    # the URL ``out`` is served under (``mediakit serve``'s ``.../v1/files/``), so a webhook's video_url is one
    # its receiver can fetch; None: the output's file:// URL, as a batch reports it
    files_url: str | None = None
    # how a failure reads in the job's record, which the server shows its clients and their webhooks (the
    # server's worker passes ``runner.redact.public``: no host paths); None: as raised, for a batch on this machine
    shown: Callable[[MediakitError], MediakitError] | None = None

    def record(self, exc: MediakitError) -> MediakitError:
        """``exc`` as the job's record keeps it."""
        return exc if self.shown is None else self.shown(exc)


@dataclass
class Entry:
    """One spec job on its way through the run."""

    spec: SpecJob
    spec_key: str
    plan: Plan | None = None
    canvases: dict[str, Canvas] | None = None   # by aspect, for a job of several aspects
    quote: dict[str, Any] | None = None
    job: Job | None = None
    note: str = ""


@dataclass
class Report:
    """What a run did: one row per spec job (the manifest's), totals, and where the gallery is."""

    rows: list[dict[str, Any]]
    out: Path
    gallery: Path | None
    credits: int | float
    balance: dict[str, Any]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for row in self.rows:
            out[row["status"]] = out.get(row["status"], 0) + 1
        return out


def spec_key(batch: str, job: SpecJob) -> str:
    """A spec job's identity across runs: the spec file, the job's id, and its inputs (its aspects too)."""
    inputs = {**job.input, "aspects": list(job.aspects)} if job.aspects else job.input
    return f"{batch}#{job.id}#{jobs.input_hash(job.generator, inputs)[:16]}"


def plan_spec_job(job: SpecJob, stats: Mapping[str, Any]) -> tuple[Plan, dict[str, Canvas] | None]:
    """``job`` planned (every check, nothing rendered): one render, or with ``aspects`` one per aspect (its
    plan metered for them all) and the canvas of each."""
    if not job.aspects:
        return plan_job(job.generator, job.input, stats=stats)[1], None
    _, several = plan_aspects(job.generator, job.input, job.aspects, stats=stats)
    return several.plan, several.canvases


def quote_spec(spec: Spec, opts: RunOptions) -> dict[str, Any]:
    """Price every job of ``spec`` (planned, nothing rendered or debited): per job, total, and whether it suffices."""
    db = Database(opts.store) if (opts.store / "mediakit.db").exists() else None
    stats = run_stats(db) if db else {}
    lines, total = [], 0
    for sj in spec.jobs:
        line: dict[str, Any] = {"id": sj.id, "generator": sj.generator}
        try:
            plan, _ = plan_spec_job(sj, stats)
            q = quote_plan(plan)
            line.update(q.to_dict())
            total += ledger.to_milli(q.credits)
        except MediakitError as exc:
            line["error"] = exc.to_dict()["error"]
        lines.append(line)
    available = _available(db, opts.user, spec)
    return {"jobs": lines, "credits": ledger.from_milli(total), "usd": ledger.usd(total),
            "available": ledger.from_milli(available), "sufficient": total <= available}


def _available(db: Database | None, user: str, spec: Spec) -> int:
    if db is not None:
        with db.write() as conn:
            if accounts.exists(conn, user):
                return ledger.balance(conn, user).total
    plan = spec.account.plan if spec.account else accounts.DEFAULT_PLAN
    credits = spec.account.credits if spec.account else 0
    return ledger.to_milli(get_tier(plan).monthly_credits) + ledger.to_milli(credits)


def run_spec(spec: Spec, opts: RunOptions, events: Callable[[Event], None] | None = None) -> Report:
    """Run ``spec`` to completion (see the module docstring); raises before any debit when the spec is refused."""
    emit = events or (lambda _e: None)
    opts = replace(opts, out=opts.out.resolve())
    db = Database(opts.store)
    batch = str(spec.path.resolve())
    with db.write() as conn:
        account = spec.account
        accounts.open_account(conn, opts.user, plan=account.plan if account else accounts.DEFAULT_PLAN,
                              credits=account.credits if account else 0)
    for job_id in jobs.requeue_orphans(db):
        emit({"event": "requeued", "job_id": job_id})
    entries = [Entry(sj, spec_key(batch, sj)) for sj in spec.jobs]
    stats = run_stats(db)
    tier = get_tier(_plan_of(db, opts.user))
    fresh: list[Entry] = []
    for entry in entries:
        entry.job = _previous(db, opts.user, entry)
        if entry.job is not None and (entry.job.status == jobs.COMPLETED or entry.job.terminal):
            emit({"event": "skipped", "id": entry.spec.id, "job_id": entry.job.id, "status": entry.job.status})
            continue
        try:
            entry.plan, entry.canvases = plan_spec_job(entry.spec, stats)
            if entry.job is None:
                check_plan(tier, entry.plan)
                entry.quote = quote_plan(entry.plan).to_dict()
                fresh.append(entry)
        except MediakitError as exc:
            if entry.job is not None:  # resuming a job whose inputs went bad: fail it, refunded
                kept = opts.record(exc)
                entry.job = jobs.fail(db, entry.job.id, kept.code, kept.message) or entry.job
                emit(_event("failed", entry))
            elif exc.status in (402, 403) or exc.code == "plan_limit":
                entry.note = exc.code
                entry.quote = {"error": exc}
                fresh.append(entry)
            else:
                entry.job = jobs.record_failed(db, opts.user, _submission(entry, batch, {}), exc.code, exc.message)
                emit(_event("failed", entry))
    _submit(db, opts, batch, fresh, emit)
    runnable = [e for e in entries if e.job is not None and e.job.status in jobs.ACTIVE and e.plan is not None]
    make: Callable[..., Executor] = EXECUTORS.factory(opts.executor)  # executors take workers and options
    executor = make(workers=opts.workers, **opts.executor_options)
    try:
        Scheduler(db, executor, opts, emit).run(runnable, slots=min(executor.slots, tier.max_concurrent_jobs))
    finally:
        executor.close()
        _remove_empty(opts.out / ".staging")
    return _report(db, opts, entries, gallery=True)


def _plan_of(db: Database, user: str) -> str:
    with db.write() as conn:
        return accounts.plan_of(conn, user)


def _previous(db: Database, user: str, entry: Entry) -> Job | None:
    """The job an earlier run made for this spec job: by its idempotency key, else by spec job and inputs."""
    if entry.spec.idempotency_key is not None:
        with db.write() as conn:
            return jobs.replay(conn, user, _submission(entry, "", {}))
    job = jobs.latest_for_spec(db, user, entry.spec_key)
    return job if job is not None and job.status not in (jobs.FAILED, jobs.CANCELED) else None


def _submission(entry: Entry, batch: str, quote: dict[str, Any]) -> Submission:
    plan = entry.plan
    metered = plan.metered if plan else None
    return Submission(generator=entry.spec.generator, input=entry.spec.input, credits=quote.get("credits", 0),
                      quote=quote, receipt=plan.receipt.to_dict() if plan else {},
                      model=metered.model if metered else None, auto_reason=metered.auto_reason if metered else None,
                      idempotency_key=entry.spec.idempotency_key, spec_key=entry.spec_key, batch=batch,
                      webhook_url=entry.spec.webhook_url)


def _submit(db: Database, opts: RunOptions, batch: str, fresh: list[Entry], emit: Callable[[Event], None]) -> None:
    """Debit every new job: all or none, unless ``keep_going`` (then refused jobs are failed at no cost)."""
    refused = [e for e in fresh if "error" in (e.quote or {})]
    if refused and not opts.keep_going:
        raise _refusal(refused)
    with db.write() as conn:
        held = ledger.balance(conn, opts.user).total
    need = sum(ledger.to_milli(e.quote["credits"]) for e in fresh if e.quote and "error" not in e.quote)
    if need > held and not opts.keep_going:
        raise InsufficientCredits(ledger.from_milli(need), ledger.from_milli(held))
    for entry in fresh:
        quote = entry.quote or {}
        if "error" in quote:
            err: MediakitError = quote["error"]
            entry.job = jobs.record_failed(db, opts.user, _submission(entry, batch, {}), err.code, err.message)
            emit(_event("failed", entry))
            continue
        try:
            entry.job, replayed = jobs.submit(db, opts.user, _submission(entry, batch, quote))
        except InsufficientCredits as exc:
            entry.job = jobs.record_failed(db, opts.user, _submission(entry, batch, {}), exc.code, exc.message)
            emit(_event("failed", entry))
            continue
        emit(_event("replayed" if replayed else "submitted", entry))


def _refusal(refused: list[Entry]) -> MediakitError:
    first: MediakitError = refused[0].quote["error"]  # type: ignore[index]
    if len(refused) == 1:
        return first
    details = [{"job": e.spec.id, "code": e.quote["error"].code, "rule": e.quote["error"].message}  # type: ignore[index]
               for e in refused]
    first.details = details
    first.message = f"{len(refused)} jobs refused; first: {refused[0].spec.id}: {first.message}"
    return first


def _event(kind: str, entry: Entry, **extra: Any) -> Event:
    job = entry.job
    out: Event = {"event": kind, "id": entry.spec.id, "generator": entry.spec.generator}
    if job is not None:
        out |= {"job_id": job.id, "status": job.status, "credits": job.credits}
        if job.error_message and job.status in (jobs.FAILED, jobs.CANCELED):
            out["error_message"] = job.error_message
    return out | extra


class Scheduler:
    """The run loop: starts claimed jobs on the executor, watches them, settles each one, delivers webhooks."""

    def __init__(self, db: Database, executor: Executor, opts: RunOptions, emit: Callable[[Event], None]) -> None:
        self.db = db
        self.executor = executor
        self.opts = opts
        self.emit = emit
        self.owner = jobs.runner_id()
        self.hooks = ThreadPoolExecutor(max_workers=4, thread_name_prefix="webhook")
        self.pending_hooks: dict[str, Future[Any]] = {}

    def run(self, entries: list[Entry], *, slots: int, feed: Feed | None = None,
            stop: threading.Event | None = None) -> None:
        """Run ``entries`` to the end; with ``feed``, also what it returns each poll, until ``stop`` is set.

        ``feed`` gets the ids of the jobs already known to the loop and
        returns new entries (a server's worker polls the store with it).  On
        ``stop`` (or any interruption) the renders still running are stopped
        and their jobs go back to the queue with their debit standing.
        """
        waiting = list(entries)
        running: dict[str, tuple[Entry, Handle, Path]] = {}
        beat = watch = fed = time.monotonic()
        try:
            while (waiting or running or feed is not None) and not (stop is not None and stop.is_set()):
                self._start(waiting, running, slots)
                for job_id, (entry, handle, staging) in list(running.items()):
                    fraction = handle.progress()
                    if fraction is not None:
                        jobs.set_progress(self.db, job_id, fraction)
                    if handle.done():
                        del running[job_id]
                        self._settle(entry, handle, staging)
                now = time.monotonic()
                if feed is not None and now - fed > FEED_S:
                    fed = now
                    known = {e.job.id for e in waiting if e.job is not None} | set(running)
                    waiting.extend(feed(known))
                if now - watch > WATCH_S:
                    watch = now
                    self._stop_canceled(running)
                    self._send_hooks()
                    self._record_hooks()
                if now - beat > HEARTBEAT_S:
                    beat = now
                    jobs.heartbeat(self.db, self.owner)
                    pending_hooks.heartbeat(self.db, self.owner)
                time.sleep(0.05)
        except BaseException:
            self._abandon(running)
            raise
        finally:
            self.hooks.shutdown(wait=True)
            self._record_hooks()
        self._abandon(running)

    def _start(self, waiting: list[Entry], running: dict[str, tuple[Entry, Handle, Path]], slots: int) -> None:
        """Claim and start waiting jobs while slots are free; a user at their plan's limit waits, others go on."""
        full: set[str] = set()
        for entry in list(waiting):
            if len(running) >= slots:
                return
            assert entry.job is not None and entry.plan is not None
            if entry.job.user_id in full:
                continue
            claimed = jobs.claim(self.db, entry.job.id, self.owner)
            if claimed is None:
                current = jobs.get(self.db, entry.job.id, deleted=True)
                if current.status in (jobs.SUBMITTED, jobs.QUEUED):
                    full.add(current.user_id)  # another job of this user holds the plan's slots: wait
                    continue
                entry.job = current
                waiting.remove(entry)
                continue
            waiting.remove(entry)
            entry.job = claimed
            staging = self.opts.out / ".staging" / f"{claimed.id}-{claimed.attempts}"
            for earlier in staging.parent.glob(f"{claimed.id}-*"):  # a dead runner's attempts
                shutil.rmtree(earlier, ignore_errors=True)
            handle = self.executor.submit(Task(claimed.id, entry.spec.generator, entry.plan, staging, entry.spec.id,
                                               entry.canvases))
            running[claimed.id] = (entry, handle, staging)
            self.emit(_event("started", entry))

    def _abandon(self, running: dict[str, tuple[Entry, Handle, Path]]) -> None:
        """Stop the renders still running and give their jobs back to the queue (a later run finishes them)."""
        for job_id, (_, handle, staging) in running.items():
            handle.cancel()
            shutil.rmtree(staging, ignore_errors=True)
            jobs.release(self.db, job_id, self.owner)
        running.clear()

    def _stop_canceled(self, running: dict[str, tuple[Entry, Handle, Path]]) -> None:
        """Stop renders of jobs canceled elsewhere (``mediakit jobs cancel``, the server): no file is left."""
        for job_id, (entry, handle, staging) in list(running.items()):
            current = jobs.get(self.db, job_id, deleted=True)
            if current.status == jobs.CANCELED:
                handle.cancel()
                shutil.rmtree(staging, ignore_errors=True)
                del running[job_id]
                entry.job = current
                self.emit(_event("canceled", entry))

    def _settle(self, entry: Entry, handle: Handle, staging: Path) -> None:
        assert entry.job is not None
        try:
            result = handle.result()
        except MediakitError as exc:
            shutil.rmtree(staging, ignore_errors=True)
            keep = self._keep_hook(lambda job: webhooks.failed_body(job.id, job.error_message or ""))
            kept = self.opts.record(exc)
            entry.job = jobs.fail(self.db, entry.job.id, kept.code, kept.message, owner=self.owner,
                                  then=keep) or entry.job
            self.emit(_event("failed", entry))
            self._send_hooks()
            return
        folder = self.opts.out / entry.spec.id
        folder.mkdir(parents=True, exist_ok=True)
        for name in {result.output, *result.files.values()}:
            (staging / name).replace(folder / name)
        shutil.rmtree(staging, ignore_errors=True)
        files = {kind: str(folder / name) for kind, name in result.files.items()}
        keep = self._keep_hook(lambda job: webhooks.completed_body(job.id, job.output_url(self._served), job.credits))
        done = jobs.complete(self.db, entry.job.id, self.owner, output=str(folder / result.output), files=files,
                             receipt=result.receipt, seconds=result.seconds, then=keep)
        if done is None:  # canceled while it finished: the cancel stands, its files go
            for name in {result.output, *result.files.values()}:
                (folder / name).unlink(missing_ok=True)
            entry.job = jobs.get(self.db, entry.job.id, deleted=True)
            self.emit(_event("canceled", entry))
            return
        entry.job = done
        self.emit(_event("completed", entry, output=done.output))
        self._send_hooks()

    def _served(self, path: str) -> str:
        """``path`` (an output under ``opts.out``) as the URL it is served at, or its file:// URL."""
        target = Path(path).resolve()
        if self.opts.files_url is None or not target.is_relative_to(self.opts.out.resolve()):
            return target.as_uri()
        return self.opts.files_url + urllib.parse.quote(target.relative_to(self.opts.out.resolve()).as_posix())

    def _keep_hook(self, body: Callable[[Job], dict[str, Any]]) -> jobs.Settled:
        """What a settle also writes: the job's webhook delivery, kept in the store as this runner's
        (``runner.pending_hooks``), so it is never settled without it."""
        def keep(conn: sqlite3.Connection, job: Job) -> None:
            if job.webhook_url:
                pending_hooks.add(conn, pending_hooks.Pending(job.id, job.webhook_url, body(job)), self.owner)
        return keep

    def _send_hooks(self) -> None:
        """Start the deliveries kept in the store that no thread here is making: this runner's just settled
        jobs', and those a dead runner left (resumed from their attempts so far)."""
        for pending in pending_hooks.take(self.db, self.owner):
            if pending.job_id not in self.pending_hooks:
                self.pending_hooks[pending.job_id] = self.hooks.submit(self._deliver, pending)

    def _deliver(self, pending: pending_hooks.Pending) -> webhooks.Delivery:
        """On a webhook thread, with its own connection: every attempt is kept in the store as it ends."""
        db = Database(self.opts.store)
        try:
            return webhooks.deliver(pending.url, pending.body, earlier=pending.attempts,
                                    record=partial(pending_hooks.record, db, pending.job_id),
                                    allow_private=self.opts.allow_private_webhooks)
        finally:
            db.close()

    def _record_hooks(self) -> None:
        for job_id, future in list(self.pending_hooks.items()):
            if future.done():
                del self.pending_hooks[job_id]
                delivery = future.result()
                self.emit({"event": "webhook", "job_id": job_id, "delivered": delivery.delivered})


def _remove_empty(folder: Path) -> None:
    try:
        folder.rmdir()
    except OSError:
        pass  # absent, or another runner's renders are still in it


def _report(db: Database, opts: RunOptions, entries: list[Entry], *, gallery: bool) -> Report:
    rows = []
    spent = 0
    for entry in entries:
        job = jobs.get(db, entry.job.id, deleted=True) if entry.job is not None else None
        row = _row(entry, job, opts.out)
        spent += ledger.to_milli(row["credits"] or 0)
        rows.append(row)
        if job is not None and gallery:
            folder = opts.out / entry.spec.id
            folder.mkdir(parents=True, exist_ok=True)
            write_text(folder / "status.json", json.dumps(
                {**job.status_shape(), "id": entry.spec.id, "generator": job.generator, "credits": job.credits,
                 "quote": job.quote, "receipt": job.submitted_shape(), "webhook": job.webhook}, indent=2,
                ensure_ascii=False, default=str) + "\n", field="status")
    page = None
    if gallery:
        opts.out.mkdir(parents=True, exist_ok=True)
        write_text(opts.out / "manifest.jsonl", "".join(json.dumps(r, ensure_ascii=False, default=str) + "\n"
                                                        for r in rows), field="manifest")
        page = write_gallery(opts.out, rows)
    with db.write() as conn:
        held = accounts.account(conn, opts.user)["credits"]
    return Report(rows, opts.out, page, ledger.from_milli(spent), held)


def _row(entry: Entry, job: Job | None, out: Path) -> dict[str, Any]:
    def rel(path: str | None) -> str | None:
        if path is None:
            return None
        try:
            return str(Path(path).resolve().relative_to(out.resolve()))
        except ValueError:
            return str(Path(path).resolve())

    quote = entry.quote if entry.quote and "error" not in entry.quote else None
    if job is None:
        return {"id": entry.spec.id, "job_id": None, "generator": entry.spec.generator, "status": "planned",
                "output": None, "poster": None, "receipt": entry.plan.receipt.to_dict() if entry.plan else {},
                "credits": quote["credits"] if quote else 0, "error_message": None, "files": {}, "quote": quote}
    files = {k: rel(v) for k, v in job.files.items()}
    return {"id": entry.spec.id, "job_id": job.id, "generator": job.generator, "status": job.status,
            "output": rel(job.output) if job.status == jobs.COMPLETED else None, "poster": files.get("poster"),
            "receipt": job.submitted_shape(), "credits": job.credits, "error_message": job.error_message,
            "files": {k: v for k, v in files.items() if k != "poster"}}
