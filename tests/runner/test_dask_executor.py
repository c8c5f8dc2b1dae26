"""The Dask executor: tasks on a 2-worker LocalCluster, progress, failures, cancel, and whole batches like local."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("distributed")

import sleepgen  # noqa: E402
from patience import HANG_S, until  # noqa: E402
from PIL import Image  # noqa: E402
from test_batch import balance, spec_file  # noqa: E402

from mediakit.errors import EngineError, MediaError  # noqa: E402
from mediakit.generation.run import plan_job  # noqa: E402
from runner import jobs  # noqa: E402
from runner.batch import RunOptions, run_spec  # noqa: E402
from runner.db import Database  # noqa: E402
from runner.executors import TaskFailed  # noqa: E402
from runner.executors import dask as dask_executor  # noqa: E402
from runner.executors.dask import DaskExecutor, DaskHandle  # noqa: E402
from runner.executors.task import Task, TaskResult  # noqa: E402
from runner.spec import load_spec  # noqa: E402

pytestmark = pytest.mark.slow

IMPORTS = (sleepgen.__name__,)


@pytest.fixture(scope="module")
def executor() -> Iterator[DaskExecutor]:
    """One LocalCluster (2 worker processes, 1 thread each) for the module's task-level tests."""
    ex = DaskExecutor(workers=2, imports=IMPORTS)
    yield ex
    ex.close()


def sleep_task(tmp_path: Path, name: str, **request: Any) -> Task:
    _, plan = plan_job(sleepgen.NAME, request)
    return Task(f"job-{name}", sleepgen.NAME, plan, tmp_path / ".staging" / f"job-{name}-1", name)


def finish(handle: DaskHandle, limit: float = HANG_S) -> list[float]:
    """Poll like the runner does until the task is done; the progress fractions seen on the way."""
    seen: list[float] = []
    started = time.monotonic()
    while not handle.done():
        assert time.monotonic() - started < limit, "the task did not finish"
        fraction = handle.progress()
        if fraction is not None:
            seen.append(fraction)
        time.sleep(0.05)
    return seen


def test_tasks_run_on_the_workers_two_at_a_time_with_progress(executor: DaskExecutor, tmp_path: Path):
    assert executor.slots == 2
    colours = {"a": "red", "b": "blue", "c": "lime"}
    handles = {name: executor.submit(sleep_task(tmp_path, name, seconds=0.6, colour=colour))
               for name, colour in colours.items()}
    seen = {name: finish(handle) for name, handle in handles.items()}
    for name, colour in colours.items():
        result = handles[name].result()
        assert isinstance(result, TaskResult)
        assert (result.output, result.files) == (f"{name}.png", {"receipt": f"{name}.receipt.json"})
        assert result.receipt["generator"] == "test_sleep" and 0.6 <= result.seconds < 5
        with Image.open(tmp_path / ".staging" / f"job-{name}-1" / f"{name}.png") as image:
            expected = {"red": (255, 0, 0), "blue": (0, 0, 255), "lime": (0, 255, 0)}[colour]
            assert image.size == (16, 16) and image.convert("RGB").getpixel((8, 8)) == expected
    progress = seen["a"]
    # polled while it runs: rising, above 0, and at most 1 (the last poll may land after the final report)
    assert progress and all(0 < f <= 1 for f in progress) and progress == sorted(progress)


def test_a_failed_render_raises_its_mediakit_error(executor: DaskExecutor, tmp_path: Path):
    handle = executor.submit(sleep_task(tmp_path, "broken", seconds=0.05, fail=True))
    finish(handle)
    with pytest.raises(MediaError, match="corrupt at render time") as caught:
        handle.result()
    assert caught.value.code == "media_error"


def test_cancel_kills_the_running_render(executor: DaskExecutor, tmp_path: Path):
    task = sleep_task(tmp_path, "long", seconds=1.5)
    handle = executor.submit(task)
    until(lambda: handle.progress() is not None, "the render did not start on a worker")
    rendering = time.monotonic()
    handle.cancel()
    assert handle.done()
    with pytest.raises(TaskFailed, match="canceled"):
        handle.result()
    time.sleep(max(0.0, rendering + 3.0 - time.monotonic()))  # past the moment a surviving render would write its PNG
    assert not (task.staging / "long.png").exists()


def test_connecting_to_a_scheduler_takes_its_threads_or_the_workers_given(executor: DaskExecutor, tmp_path: Path):
    address = executor.client.scheduler.address
    remote = DaskExecutor(scheduler=address, imports=IMPORTS)
    try:
        assert remote.slots == 2
        handle = remote.submit(sleep_task(tmp_path, "remote", seconds=0.05))
        finish(handle)
        assert handle.result().output == "remote.png"
    finally:
        remote.close()
    capped = DaskExecutor(workers=1, scheduler=address)
    capped.close()
    assert capped.slots == 1
    assert executor.client.status == "running"  # closing a connection leaves the cluster alone


def test_an_unreachable_scheduler_is_an_engine_error(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(dask_executor, "CONNECT_TIMEOUT_S", 1.0)
    with pytest.raises(EngineError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        DaskExecutor(scheduler="tcp://127.0.0.1:9")


def test_a_worker_without_the_runners_filesystem_ships_the_files_back(executor: DaskExecutor, tmp_path: Path):
    import distributed

    task = sleep_task(tmp_path, "elsewhere", seconds=0.2)  # its staging folder is not made: another machine's disk
    queue = distributed.Queue("ship-progress", client=executor.client)
    stop = distributed.Event("ship-stop", client=executor.client)
    future = executor.client.submit(dask_executor._work, task, IMPORTS, queue.name, stop.name, pure=False)
    handle = DaskHandle(future, queue, stop, task.staging)
    finish(handle)
    result = handle.result()
    made = task.staging / result.output
    assert made.name == "elsewhere.png" and Image.open(made).size == (16, 16)
    assert sorted(p.name for p in task.staging.iterdir()) == sorted({result.output, *result.files.values()})


def manifest(out: Path) -> list[tuple[Any, ...]]:
    rows = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
    return [(r["id"], r["status"], r["credits"], r["output"], r["error_message"]) for r in rows]


def test_a_batch_on_dask_ends_like_on_the_local_executor(tmp_path: Path):
    jobs_yaml = """  - {id: ok, generator: test_sleep, input: {seconds: 0.1}}
  - {id: breaks, generator: test_sleep, input: {fail: true}}
  - {id: unusable, generator: test_sleep, input: {bad_input: true}}
"""
    reports = {}
    for kind in ("local", "dask"):
        folder = tmp_path / kind
        folder.mkdir()
        opts = RunOptions(out=folder / "out", store=folder / "store", workers=2, executor=kind,
                          executor_options={"imports": IMPORTS})
        reports[kind] = run_spec(load_spec(spec_file(folder, jobs_yaml)), opts)
        assert balance(folder) == 7_000_000 - 50_000  # the failed job refunded
    assert reports["dask"].counts() == {"completed": 1, "failed": 2}
    assert manifest(tmp_path / "dask" / "out") == manifest(tmp_path / "local" / "out")
    assert manifest(tmp_path / "dask" / "out")[:2] == [
        ("ok", "completed", 50, "ok/ok.png", None),
        ("breaks", "failed", 0, None, "'input.mp4': turned out to be corrupt at render time")]
    out = tmp_path / "dask" / "out"
    assert (out / "ok" / "ok.png").is_file() and not (out / ".staging").exists()
    assert not (out / "breaks" / "breaks.png").exists()


def test_canceling_a_job_stops_its_render_on_the_cluster(tmp_path: Path):
    path = spec_file(tmp_path, f"  - {{id: long, generator: test_sleep, input: {{seconds: {2 * HANG_S}}}}}\n")
    opts = RunOptions(out=tmp_path / "out", store=tmp_path / "store", workers=1, executor="dask",
                      executor_options={"imports": IMPORTS})
    result: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: result.update(report=run_spec(load_spec(path), opts)))
    worker.start()
    db = Database(tmp_path / "store")

    def processing() -> list[jobs.Job]:
        return jobs.list_jobs(db, "local", status="processing")[0] if (tmp_path / "store").exists() else []

    [job] = until(processing, "the job did not start")
    answer = jobs.cancel(db, "local", job.id)
    worker.join(HANG_S)
    assert not worker.is_alive()  # stopped, not waited out: the render sleeps twice as long as the join waits
    assert answer["credits_refunded"] == 50
    assert result["report"].counts() == {"canceled": 1}
    assert not list((tmp_path / "out").rglob("*.png"))
    assert balance(tmp_path) == 7_000_000
