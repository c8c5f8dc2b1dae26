"""The single-request path and the server's worker: submit, replay, refuse, render, fail with a refund."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import sleepgen
from patience import HANG_S, until

from mediakit.errors import MediaError, ValidationError
from runner import accounts, jobs, ledger, service
from runner.db import Database
from runner.errors import IdempotencyConflict
from runner.plans import InsufficientCredits
from runner.worker import Worker, WorkerOptions


def _total(db: Database, user: str) -> int:
    with db.write() as conn:
        return ledger.balance(conn, user).total


def _wait(db: Database, job_id: str, timeout: float = HANG_S) -> jobs.Job:
    deadline = time.monotonic() + timeout
    while True:
        job = jobs.get(db, job_id, deleted=True)
        if job.terminal or time.monotonic() > deadline:
            return job
        time.sleep(0.05)


def test_a_new_user_is_opened_on_the_default_plan_and_charged_once_per_key(db: Database):
    quote = service.quote_request(db, "newbie", sleepgen.NAME, {"seconds": 0})
    assert quote["credits"] == 50 and quote["usd"] == 0.5
    start = _total(db, "newbie")
    assert start == ledger.to_milli(6900)  # the creator plan's allowance, nothing purchased
    job, replayed = service.submit_request(db, "newbie", sleepgen.NAME, {"seconds": 0}, idempotency_key="k1")
    again, replayed_again = service.submit_request(db, "newbie", sleepgen.NAME, {"seconds": 0}, idempotency_key="k1")
    assert (replayed, replayed_again, again.id) == (False, True, job.id)
    assert job.status == jobs.SUBMITTED and job.credits == 50
    assert _total(db, "newbie") == start - ledger.to_milli(50)
    assert job.receipt["metered"] == {"operation": "subtitle"}
    with pytest.raises(IdempotencyConflict):
        service.submit_request(db, "newbie", sleepgen.NAME, {"seconds": 1}, idempotency_key="k1")
    assert service.balance(db, "newbie") == {"available": 6850, "committed": 50}


def test_refusals_cost_nothing(db: Database):
    with db.write() as conn:
        accounts.open_account(conn, "poor", plan="payg", credits=100)
    service.submit_request(db, "poor", sleepgen.NAME, {"seconds": 0})
    service.submit_request(db, "poor", sleepgen.NAME, {"seconds": 0})
    with pytest.raises(InsufficientCredits) as caught:
        service.submit_request(db, "poor", sleepgen.NAME, {"seconds": 0})
    assert caught.value.to_dict()["credits_available"] == 0
    with pytest.raises(ValidationError):
        service.submit_request(db, "poor", sleepgen.NAME, {"seconds": 0}, webhook_url="http://example.com/hook")
    assert jobs.list_jobs(db, "poor")[1] == 2


@pytest.mark.slow
def test_the_worker_renders_into_outputs_and_fails_bad_inputs_with_a_refund(db: Database, tmp_path: Path):
    store = db.folder
    good, _ = service.submit_request(db, "u1", sleepgen.NAME, {"seconds": 0.1, "colour": "blue"})
    # planned fine at submit; re-planned by the worker, which finds the input gone
    bad, _ = service.submit_request(db, "u1", sleepgen.NAME, {"seconds": 0})
    with db.write() as conn:
        conn.execute("UPDATE jobs SET input_json = ? WHERE id = ?", ('{"bad_input": true}', bad.id))
    before = _total(db, "u1")
    worker = Worker(store, WorkerOptions(workers=2, executor_options={"imports": (sleepgen.__name__,)}))
    worker.start()
    try:
        done, failed = _wait(db, good.id), _wait(db, bad.id)
        late, _ = service.submit_request(db, "u1", sleepgen.NAME, {"seconds": 0})  # fed while running
        assert _wait(db, late.id).status == jobs.COMPLETED
    finally:
        worker.stop()
    assert worker.error is None and not worker.thread.is_alive()  # type: ignore[union-attr]
    assert done.status == jobs.COMPLETED
    assert done.output == str((store / "outputs" / good.id / f"{good.id}.png").resolve())
    assert Path(done.output).stat().st_size > 0
    assert (failed.status, failed.error_code, failed.credits) == (jobs.FAILED, "media_error", 0)
    assert _total(db, "u1") == before + ledger.to_milli(50) - ledger.to_milli(50)  # refund in, the late job out


def test_a_restarted_worker_takes_back_the_jobs_its_last_scheduler_held(db: Database):
    job, _ = service.submit_request(db, "u1", sleepgen.NAME, {"seconds": 0})
    other, _ = service.submit_request(db, "u2", sleepgen.NAME, {"seconds": 0})
    assert jobs.claim(db, job.id, "old") is not None and jobs.claim(db, other.id, "someone") is not None
    assert jobs.release_all(db, "old") == [job.id]
    assert jobs.get(db, job.id).status == jobs.QUEUED and jobs.get(db, other.id).status == jobs.PROCESSING


@pytest.mark.slow
def test_a_stopped_worker_gives_its_renders_back_to_the_queue_with_the_debit_standing(db: Database):
    job, _ = service.submit_request(db, "u1", sleepgen.NAME, {"seconds": 30})
    held = _total(db, "u1")
    worker = Worker(db.folder, WorkerOptions(workers=1, executor_options={"imports": (sleepgen.__name__,)}))
    worker.start()
    until(lambda: jobs.get(db, job.id).status == jobs.PROCESSING, "the worker did not start the job")
    worker.stop()
    after = jobs.get(db, job.id)
    assert (after.status, after.owner, after.attempts, after.credits) == (jobs.QUEUED, None, 1, 50)
    assert _total(db, "u1") == held
    assert not (db.folder / "outputs" / ".staging" / f"{job.id}-1").exists()


@pytest.mark.slow  # the photo is searched for a face (MediaPipe)
def test_a_face_photo_without_a_face_is_refused_before_any_credit_is_taken(db: Database, real: Path):
    service.open_user(db, "maker")
    before = _total(db, "maker")
    shop = real / "skimage-coffee" / "coffee.png"
    body = {"script": "I tried this cold brew for a week and it changed my mornings.", "face_photo_url": str(shop)}
    with pytest.raises(MediaError, match="no face found") as refused:
        service.submit_request(db, "maker", "ugc_video", body)
    assert refused.value.field == "face_photo_url"
    assert _total(db, "maker") == before and jobs.list_jobs(db, "maker")[1] == 0
