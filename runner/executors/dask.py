"""Render tasks on a Dask distributed cluster: a LocalCluster of our own, or a running scheduler's workers.

Each task is a Dask task that does not render in the worker itself: it
starts the render through a :class:`~runner.executors.local.LocalExecutor`
on the worker (a process group of its own, ffmpeg included) and relays its
progress.  So a cancel is as solid as the local executor's: the runner sets
the task's stop :class:`distributed.Event`, the worker-side loop kills the
render's whole process group, and only then is the future released; a Dask
future alone cannot stop a running thread.  Starting children needs
non-daemonic worker processes: our LocalCluster is started that way, a
remote cluster's workers must be (``DASK_DISTRIBUTED__WORKER__DAEMON=False
dask worker ADDR``, or ``dask worker --no-nanny``).

Files: a worker that sees the runner's staging folder (the same machine, or
a shared filesystem mounted at the same path) renders straight into it.  One
that does not renders into a temporary folder of its own and ships the
finished files back with the result (at most ``MAX_SHIP_BYTES``); the
handle writes them into the staging folder, so outputs land in ``--out``
either way.  Generators registered by plug-ins must be installed on the
workers too.

Dask is imported here only, so mediakit runs without it (``pip install 'mediakit[dask]'``).
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from mediakit.errors import EngineError, MediakitError

from .base import Executor, Handle, TaskFailed
from .local import LocalExecutor
from .task import Task, TaskResult

POLL_S = 0.1
CANCEL_WAIT_S = 10.0
CONNECT_TIMEOUT_S = 10.0
MAX_SHIP_BYTES = 2 * 1024**3  # a short ad is megabytes; this only stops a runaway render filling the scheduler


@dataclass(frozen=True)
class Shipped:
    """A result rendered where the runner cannot look, with its files' bytes (name -> content)."""

    result: TaskResult
    files: dict[str, bytes]


def _work(task: Task, imports: tuple[str, ...], progress_name: str, stop_name: str
          ) -> TaskResult | Shipped | MediakitError:
    """On a worker: run ``task`` in its own process group, publish its progress, kill it when told to stop.

    A failed job's error is returned, not raised: it is an outcome, not a
    worker fault for Dask to log (the runner re-raises it).
    """
    try:
        if task.staging.is_dir():
            return _render(task, imports, progress_name, stop_name)
        return _render_and_ship(task, imports, progress_name, stop_name)
    except MediakitError as exc:
        return exc


def _render_and_ship(task: Task, imports: tuple[str, ...], progress_name: str, stop_name: str) -> Shipped:
    """Render into a folder of this worker's own, then carry the files back (no shared filesystem)."""
    with tempfile.TemporaryDirectory(prefix="mediakit-dask-") as tmp:
        local = replace(task, staging=Path(tmp) / task.staging.name)
        local.staging.mkdir()
        result = _render(local, imports, progress_name, stop_name)
        names = {result.output, *result.files.values()}
        size = sum((local.staging / n).stat().st_size for n in names)
        if size > MAX_SHIP_BYTES:
            raise TaskFailed(f"the render made {size} bytes, more than the {MAX_SHIP_BYTES} a worker without the "
                             "runner's filesystem ships back; share the output folder with the workers")
        return Shipped(result, {n: (local.staging / n).read_bytes() for n in names})


def _render(task: Task, imports: tuple[str, ...], progress_name: str, stop_name: str) -> TaskResult:
    import distributed

    if multiprocessing.current_process().daemon:
        raise TaskFailed("this Dask worker runs as a daemonic process and cannot start the render's process: "
                         "start workers with DASK_DISTRIBUTED__WORKER__DAEMON=False (or dask worker --no-nanny)")
    queue, stop = distributed.Queue(progress_name), distributed.Event(stop_name)
    if stop.is_set():  # canceled before a worker took it
        raise TaskFailed("canceled")
    handle = LocalExecutor(1, imports).submit(task)
    while not handle.done():
        fraction = handle.progress()
        if fraction is not None:
            queue.put(fraction)
        if stop.is_set():
            handle.cancel()
            break
        time.sleep(POLL_S)
    return handle.result()


class DaskHandle(Handle):
    """A submitted task: its future, the queue its progress arrives on, and the event that stops it."""

    def __init__(self, future: Any, queue: Any, stop: Any, staging: Path) -> None:
        self.future = future
        self.queue = queue
        self.stop = stop
        self.staging = staging
        self._canceled = False

    def progress(self) -> float | None:
        if self._canceled:
            return None
        values = self.queue.get(batch=True)
        return float(values[-1]) if values else None

    def done(self) -> bool:
        return self._canceled or bool(self.future.done())

    def result(self) -> TaskResult:
        if self._canceled:
            raise TaskFailed("canceled")
        try:
            value = self.future.result()
        except Exception as exc:  # a lost worker, a task that could not be unpickled there: the job failed
            raise TaskFailed(f"the Dask task failed: {type(exc).__name__}: {exc}") from exc
        finally:
            self.queue.close()
        if isinstance(value, MediakitError):
            raise value
        if isinstance(value, Shipped):
            return self._unpack(value)
        assert isinstance(value, TaskResult)
        return value

    def _unpack(self, shipped: Shipped) -> TaskResult:
        """Write a shipped render's files into the runner's staging folder (where a shared one would have put them)."""
        self.staging.mkdir(parents=True, exist_ok=True)
        try:
            for name, content in shipped.files.items():
                (self.staging / name).write_bytes(content)
        except OSError as exc:
            shutil.rmtree(self.staging, ignore_errors=True)
            raise TaskFailed(f"the render's files could not be written to {self.staging}: {exc.strerror}") from None
        return shipped.result

    def cancel(self) -> None:
        """Stop the render and wait (up to ``CANCEL_WAIT_S``) until its processes are gone, then release it."""
        import distributed

        self.stop.set()
        try:
            distributed.wait(self.future, timeout=CANCEL_WAIT_S)
        except TimeoutError:
            pass  # a worker that does not answer: releasing the future is all that is left
        self.future.cancel()
        self.queue.close()
        self._canceled = True


class DaskExecutor(Executor):
    """Tasks on a Dask cluster: ``scheduler`` (``tcp://HOST:8786``) or, without one, a LocalCluster we own.

    The LocalCluster has ``workers`` worker processes (default: the cores),
    one thread each, and is closed by :meth:`close`.  On a scheduler's
    cluster, ``slots`` is ``workers`` when given, else its workers' threads.
    ``imports`` are the local executor's: modules each render imports first.
    """

    def __init__(self, workers: int | None = None, scheduler: str | None = None, imports: tuple[str, ...] = (),
                 **_: Any) -> None:
        import dask
        import distributed

        self.imports = tuple(imports)
        self._stack = ExitStack()
        if scheduler:
            try:
                self.client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT_S)
            except (OSError, TimeoutError) as exc:
                raise EngineError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
            self._stack.callback(self.client.close)
            threads = sum(self.client.nthreads().values())
            self.slots = max(1, workers or threads)  # a cluster still scaling up takes tasks once workers join
            return
        self.slots = max(1, workers or os.cpu_count() or 1)
        # Kept for the cluster's life: the nanny reads it whenever it (re)starts a worker.
        self._stack.enter_context(dask.config.set({"distributed.worker.daemon": False}))
        # memory_limit=0: a worker only relays; the render's memory is in its own process, which Dask does not count.
        # No dashboard, and the scheduler's health/metrics HTTP server on a free local port instead of 8787,
        # so two runners (or a runner beside a notebook's cluster) do not collide or warn.
        cluster = distributed.LocalCluster(n_workers=self.slots, threads_per_worker=1, processes=True,
                                           memory_limit=0, dashboard_address=None,
                                           scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})
        self._stack.callback(cluster.close)
        self.client = distributed.Client(cluster)
        self._stack.callback(self.client.close)

    def submit(self, task: Task) -> Handle:
        """Start ``task`` on a worker; its staging folder is made here, so a worker can check that it sees it."""
        import distributed

        task.staging.mkdir(parents=True, exist_ok=True)
        key = f"mediakit-{task.staging.name}-{uuid.uuid4().hex[:8]}"
        queue = distributed.Queue(f"{key}-progress", client=self.client)
        stop = distributed.Event(f"{key}-stop", client=self.client)
        future = self.client.submit(_work, task, self.imports, queue.name, stop.name, key=key, pure=False, retries=0)
        return DaskHandle(future, queue, stop, task.staging)

    def close(self) -> None:
        self._stack.close()
