"""The default executor: each task in its own process on this machine, as many at once as there are cores.

A process per task (not a reused pool) so a canceled or stuck render can be
stopped with everything it started: the task runs in a new session, and
cancel kills that whole process group, ffmpeg included.  Processes come from
a ``forkserver`` that has already imported mediakit, so starting one costs
milliseconds instead of the ~0.4 s an import takes, and forking never
happens from the runner's own threads.  If the runner itself dies (even by
``kill -9``) its tasks notice their parent is gone and stop themselves.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

from mediakit.errors import MediakitError
from mediakit.generation import run

from .base import Executor, Handle, TaskFailed
from .task import Task, TaskResult, run_task

PRELOAD = ["runner.executors.task", *run.PRELOAD]
_CONTEXT: Any = None


def _context() -> Any:
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = multiprocessing.get_context("forkserver")
        _CONTEXT.set_forkserver_preload(PRELOAD)
    return _CONTEXT


def _watch_parent(parent: int) -> None:
    """Stop this task's process group when the process that started it is gone (the runner died)."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os.killpg(0, signal.SIGKILL)


def _child(task: Task, conn: Connection, imports: tuple[str, ...]) -> None:
    os.setsid()
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()

    def send(message: tuple[str, Any]) -> None:
        try:
            conn.send(message)
        except OSError:  # the runner is gone: nobody will take this render, stop it and its ffmpeg
            os.killpg(0, signal.SIGKILL)

    try:
        for module in imports:  # plug-ins that register generators in code
            importlib.import_module(module)
        result = run_task(task, progress=lambda f: send(("progress", f)))
        send(("done", result))
    except MediakitError as exc:
        send(("error", exc))
    except BaseException as exc:  # a bug or a crash in a task must reach the runner as a failed job
        send(("error", TaskFailed(f"the render crashed: {type(exc).__name__}: {exc}")))
    finally:
        conn.close()


class LocalHandle(Handle):
    def __init__(self, process: Any, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self._progress: float | None = None
        self._final: tuple[str, Any] | None = None

    def _drain(self) -> None:
        try:
            while self._final is None and self.conn.poll():
                kind, value = self.conn.recv()
                if kind == "progress":
                    self._progress = float(value)
                else:
                    self._final = (kind, value)
        except (EOFError, OSError):
            pass

    def progress(self) -> float | None:
        self._drain()
        value, self._progress = self._progress, None
        return value

    def done(self) -> bool:
        self._drain()
        if self._final is not None:
            return True
        if not self.process.is_alive():
            self._drain()
            if self._final is None:
                self._final = ("error", TaskFailed(f"the render process ended without a result "
                                                   f"(exit code {self.process.exitcode})"))
            return True
        return False

    def result(self) -> TaskResult:
        assert self._final is not None, "result() before done()"
        kind, value = self._final
        self.process.join(5)
        self.conn.close()
        if kind == "error":
            raise value
        assert isinstance(value, TaskResult)
        return value

    def cancel(self) -> None:
        pid = self.process.pid
        for sig, wait in ((signal.SIGTERM, 2.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(pid, sig)
            except (ProcessLookupError, PermissionError):
                break
            self.process.join(wait)
            if not self.process.is_alive():
                break
        self.conn.close()
        self._final = ("error", TaskFailed("canceled"))


class LocalExecutor(Executor):
    """``workers`` tasks at once (default: the machine's cores).

    ``imports`` names modules each task imports first: plug-ins that
    register generators in code rather than by entry point.
    """

    def __init__(self, workers: int | None = None, imports: tuple[str, ...] = (), **_: Any) -> None:
        self.slots = max(1, workers or os.cpu_count() or 1)
        self.imports = tuple(imports)

    def submit(self, task: Task) -> Handle:
        ctx = _context()
        parent, child = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child, args=(task, child, self.imports), name=f"mediakit-{task.name}",
                              daemon=False)
        process.start()
        child.close()
        return LocalHandle(process, parent)
