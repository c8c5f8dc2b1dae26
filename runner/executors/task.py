"""One render task, as a worker runs it: build and render a planned job into a staging folder.

The runner plans every job itself (validation, fetching, probing: cheap, and
where refusals cost nothing); a worker only does the expensive half
(``mediakit.generation.run.deliver``) into a folder of its own.  The runner
moves the finished files into the batch's output folder when it records the
job as completed, so a job that is canceled, fails or dies mid-render never
leaves a partial file where outputs go.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mediakit.generation.contract import Plan
from mediakit.generation.registry import get_generator


@dataclass(frozen=True)
class Task:
    """What a worker needs: the job, its plan, and where to put the files (``staging/name.ext`` and beside)."""

    job_id: str
    generator: str
    plan: Plan
    staging: Path
    name: str


@dataclass(frozen=True)
class TaskResult:
    """What a worker made: file names inside the staging folder, the receipt, and the wall time."""

    output: str
    files: dict[str, str]
    receipt: dict[str, Any]
    seconds: float


def run_task(task: Task, progress: Callable[[float], None] | None = None) -> TaskResult:
    """Build and render ``task`` into its staging folder (created here)."""
    from mediakit.generation.run import deliver

    started = time.monotonic()
    gen = get_generator(task.generator)
    task.staging.mkdir(parents=True, exist_ok=True)
    out = task.staging / f"{task.name}{gen.output_suffix}"
    result = deliver(gen, task.plan, out, progress=progress)
    files = {kind: Path(path).name for kind, path in result.files.items()}
    receipt = {"generator": gen.id, **result.receipt, "metered": task.plan.metered.to_dict()}
    return TaskResult(out.name, files, receipt, time.monotonic() - started)
