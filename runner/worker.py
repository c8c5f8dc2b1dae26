"""The server's worker: a thread that renders the jobs the server records, until it is stopped.

It is ``batch.Scheduler`` fed from the store instead of a spec: every poll
takes the jobs submitted one at a time (``jobs.waiting``; a batch's runner
renders its own), plans each again from its stored input with its owner's
saved characters (``runner.characters``; a plan is not stored; an input that
has become unusable fails the job, refunded), and lets the scheduler claim,
render, settle and deliver webhooks.  Outputs go to ``STORE/outputs/<job_id>/``,
which the server's files route serves.
Jobs a dead worker left ``processing`` are requeued when a worker starts.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mediakit.errors import MediakitError
from mediakit.fetch import RemoteInputs, remote_inputs, served_files
from mediakit.generation.run import plan_job

from . import jobs
from .batch import Entry, Event, RunOptions, Scheduler
from .characters import options_for
from .db import Database, outputs_of
from .errors import StoreUnavailable
from .executors import EXECUTORS, Executor
from .redact import public
from .served import OwnFiles, Served
from .spec import SpecJob
from .usage import run_stats

log = logging.getLogger(__name__)
RETRY_S = 1.0  # how long the worker waits for a store that could not answer


@dataclass(frozen=True)
class WorkerOptions:
    """How the server renders: renders at once, the executor and its options, webhook address rules, and the
    URL its outputs are served under (a webhook's ``video_url``)."""

    workers: int | None = None
    executor: str = "local"
    executor_options: dict[str, Any] = field(default_factory=dict)
    allow_private_webhooks: bool | None = None
    files_url: str | None = None
    remote_inputs: bool = False  # plan inputs as a remote client's (mediakit.fetch.RemoteInputs under files_url)


class Worker:
    """Start with :meth:`start`, stop with :meth:`stop` (renders still running go back to the queue)."""

    def __init__(self, store: Path, options: WorkerOptions | None = None,
                 events: Callable[[Event], None] | None = None) -> None:
        self.store = store
        self.options = options or WorkerOptions()
        self.events = events or (lambda event: log.info("%s", event))
        self.stop_event = threading.Event()
        self.thread: threading.Thread | None = None
        self.error: BaseException | None = None
        self.owner: str | None = None  # the current scheduler's, to take its jobs back after a store failure

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="mediakit-worker", daemon=True)
        self.thread.start()

    @property
    def alive(self) -> bool:
        return self.thread is not None and self.thread.is_alive()

    def stop(self, timeout: float = 30.0) -> None:
        self.stop_event.set()
        if self.thread is not None:
            self.thread.join(timeout)

    def _run(self) -> None:
        opts = RunOptions(out=outputs_of(self.store).resolve(), store=self.store, workers=self.options.workers,
                          executor=self.options.executor, executor_options=self.options.executor_options,
                          allow_private_webhooks=self.options.allow_private_webhooks,
                          files_url=self.options.files_url, shown=public)
        try:
            make: Callable[..., Executor] = EXECUTORS.factory(opts.executor)
            executor = make(workers=opts.workers, **opts.executor_options)
        except BaseException as exc:  # kept for the server's readiness report, then logged
            self.error = exc
            log.exception("the worker cannot start")
            return
        try:
            while not self.stop_event.is_set():
                try:
                    self._serve(opts, executor)
                except StoreUnavailable as exc:  # a locked or briefly unreadable store: try again, do not die
                    log.warning("the worker waits for the store: %s", exc.message)
                    self.stop_event.wait(RETRY_S)
        except BaseException as exc:
            self.error = exc
            log.exception("the worker stopped")
        finally:
            executor.close()

    def _serve(self, opts: RunOptions, executor: Executor) -> None:
        db = Database(self.store)
        try:
            requeued = jobs.requeue_orphans(db) + (jobs.release_all(db, self.owner) if self.owner else [])
            for job_id in requeued:
                self.events({"event": "requeued", "job_id": job_id})
            scheduler = Scheduler(db, executor, opts, self.events)
            self.owner = scheduler.owner
            scheduler.run([], slots=executor.slots, feed=self._feed(db), stop=self.stop_event)
        finally:
            db.close()

    @contextmanager
    def _input_rules(self, db: Database, user: str) -> Iterator[None]:
        """The rules the server admitted the job's inputs under: its file URLs as ``user``'s files, and a remote
        client's rules where the server has them."""
        url = self.options.files_url
        if url is None:
            yield
            return
        remote = remote_inputs(RemoteInputs(url)) if self.options.remote_inputs else nullcontext()
        with served_files(OwnFiles(Served((url,), outputs_of(self.store)), db, user)), remote:
            yield

    def _feed(self, db: Database) -> Callable[[set[str]], list[Entry]]:
        def feed(known: set[str]) -> list[Entry]:
            found = jobs.waiting(db, known)
            if not found:
                return []
            stats = run_stats(db)
            entries = []
            for job in found:
                entry = Entry(SpecJob(job.id, job.generator, job.input, 0, job.webhook_url, job.idempotency_key),
                              job.id, job=job)
                try:
                    with self._input_rules(db, job.user_id):
                        _, entry.plan = plan_job(job.generator, job.input, options=options_for(self.store, job.user_id),
                                                 stats=stats)
                except MediakitError as exc:  # its inputs went bad since it was submitted: failed, refunded
                    kept = public(exc)
                    jobs.fail(db, job.id, kept.code, kept.message)
                    self.events({"event": "failed", "job_id": job.id, "error_message": kept.message})
                    continue
                entries.append(entry)
            return entries

        return feed
