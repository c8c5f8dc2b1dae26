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
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mediakit.generation.contract import Plan
from mediakit.generation.registry import get_generator
from mediakit.timeline import Canvas, aspect_tag


@dataclass(frozen=True)
class Task:
    """What a worker needs: the job, its plan, and where to put the files (``staging/name.ext`` and beside);
    for a job of several aspects, the canvas of each (an output per aspect, ``name_4x5.ext``...)."""

    job_id: str
    generator: str
    plan: Plan
    staging: Path
    name: str
    canvases: Mapping[str, Canvas] | None = None


@dataclass(frozen=True)
class TaskResult:
    """What a worker made: file names inside the staging folder, the receipt, and the wall time."""

    output: str
    files: dict[str, str]
    receipt: dict[str, Any]
    seconds: float


def run_task(task: Task, progress: Callable[[float], None] | None = None) -> TaskResult:
    """Build and render ``task`` into its staging folder (created here).

    A job of several aspects delivers its first aspect's output as the job's
    output; every aspect's output and files are among its files, by kind and
    aspect (``output_4x5``, ``captions_4x5``...), and its receipt lists them.
    """
    from mediakit.generation.aspects import AspectsPlan, deliver_aspects
    from mediakit.generation.run import deliver

    started = time.monotonic()
    gen = get_generator(task.generator)
    task.staging.mkdir(parents=True, exist_ok=True)
    out = task.staging / f"{task.name}{gen.output_suffix}"
    if task.canvases:
        several = deliver_aspects(gen, AspectsPlan(task.plan, dict(task.canvases)), out, progress=progress)
        files = {f"{kind}_{aspect_tag(a)}": Path(path).name for a, made in several.files.items()
                 for kind, path in {"output": several.outputs[a], **made}.items()}
        return TaskResult(several.outputs[next(iter(task.canvases))].name, files,
                          dict(several.receipt), time.monotonic() - started)
    result = deliver(gen, task.plan, out, progress=progress)
    files = {kind: Path(path).name for kind, path in result.files.items()}
    receipt = {"generator": gen.id, **result.receipt, "metered": task.plan.metered.to_dict()}
    return TaskResult(out.name, files, receipt, time.monotonic() - started)
