"""The executor seam: where render tasks run (local processes, a Dask cluster), behind one small interface.

The runner keeps the store, the ledger and every decision; an executor only
runs :class:`~runner.executors.task.Task` s and reports back.  A handle is polled by
the runner's loop (no callbacks from other threads touch the store).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from mediakit.errors import MediakitError

from .task import Task, TaskResult


class Handle(ABC):
    """One submitted task."""

    @abstractmethod
    def progress(self) -> float | None:
        """The newest progress fraction reported since the last call, or None."""

    @abstractmethod
    def done(self) -> bool:
        """True once the task finished, failed or was stopped."""

    @abstractmethod
    def result(self) -> TaskResult:
        """The finished task's result; raises the task's ``MediakitError`` when it failed."""

    @abstractmethod
    def cancel(self) -> None:
        """Stop the task now (its processes included); its staging files are the runner's to remove."""


class Executor(ABC):
    """Runs tasks; ``slots`` is how many it runs at once (the runner never submits more)."""

    slots: int

    @abstractmethod
    def submit(self, task: Task) -> Handle:
        """Start ``task``."""

    def close(self) -> None:  # noqa: B027 (optional: an executor without pooled workers has nothing to release)
        """Release workers (processes, cluster connections)."""


class TaskFailed(MediakitError):
    """A task died without a mediakit error (a crash, a killed process): the job failed, not its input."""

    code = "render_failed"
