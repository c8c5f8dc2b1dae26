from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace

import pytest

from runner import jobs, ledger, pending_hooks
from runner.db import Database
from runner.errors import CannotCancel, IdempotencyConflict, JobNotFound
from runner.plans import InsufficientCredits

USER = "u1"  # the account the db fixture opens (creator plan, 6900 monthly + 100 purchased)


def sub(credits: int = 300, key: str | None = None, **body) -> jobs.Submission:
    return jobs.Submission(generator="ugc_video", input=body or {"script": "x"}, credits=credits,
                           quote={"credits": credits}, receipt={"estimated_duration": 10}, idempotency_key=key)


def total(db: Database) -> int:
    with db.write() as conn:
        return ledger.balance(conn, USER).total


def test_submit_debits_and_records_submitted(db: Database):
    job, replayed = jobs.submit(db, USER, sub())
    assert not replayed and job.status == "submitted" and job.credits == 300
    assert total(db) == 7_000_000 - 300_000
    shape = job.submitted_shape()
    assert shape == {"job_id": job.id, "status": "submitted", "credits_deducted": 300, "estimated_duration": 10}


def test_same_key_same_inputs_replays_without_charging(db: Database):
    first, _ = jobs.submit(db, USER, sub(key="launch-v1"))
    again, replayed = jobs.submit(db, USER, sub(key="launch-v1"))
    assert replayed and again.id == first.id
    assert total(db) == 7_000_000 - 300_000


def test_same_key_other_inputs_is_refused(db: Database):
    jobs.submit(db, USER, sub(key="k"))
    with pytest.raises(IdempotencyConflict) as err:
        jobs.submit(db, USER, sub(key="k", script="other"))
    assert err.value.status == 409 and err.value.details[0]["field"] == "idempotency_key"


@pytest.mark.slow
def test_keys_are_per_account(db: Database):
    with db.write() as conn:
        from runner import accounts

        accounts.open_account(conn, "u2", plan="creator")
    a, _ = jobs.submit(db, USER, sub(key="k"))
    b, replayed = jobs.submit(db, "u2", sub(key="k"))
    assert not replayed and a.id != b.id


def test_too_few_credits_records_nothing(db: Database):
    with pytest.raises(InsufficientCredits):
        jobs.submit(db, USER, sub(credits=7001))
    assert jobs.list_jobs(db, USER)[1] == 0
    assert total(db) == 7_000_000


def test_claim_respects_the_plans_concurrent_jobs(db: Database):
    subs = [jobs.submit(db, USER, sub(credits=10, n=i))[0] for i in range(6)]
    started = [jobs.claim(db, j.id, "me") for j in subs]
    assert [s is not None for s in started] == [True] * 5 + [False]  # creator: 5 at once
    assert jobs.get(db, subs[5].id).status == "queued"


def test_fail_refunds_in_the_same_move(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    jobs.claim(db, job.id, "me")
    failed = jobs.fail(db, job.id, "render_error", "ffmpeg died", owner="me")
    assert failed is not None and failed.status == "failed" and failed.credits == 0
    assert failed.error_message == "ffmpeg died"
    assert total(db) == 7_000_000


def test_cancel_refunds_and_answers_the_spec_shape(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    assert jobs.cancel(db, USER, job.id) == {"canceled": True, "jobId": job.id, "credits_refunded": 300,
                                              "refund_pending": False}
    assert total(db) == 7_000_000
    with pytest.raises(CannotCancel) as err:
        jobs.cancel(db, USER, job.id)
    assert err.value.code == "cannot_cancel"


def test_a_canceled_job_cannot_be_completed_by_its_runner(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    jobs.claim(db, job.id, "me")
    jobs.cancel(db, USER, job.id)
    assert jobs.complete(db, job.id, "me", output="x.mp4", files={}, receipt={}, seconds=1.0) is None
    assert jobs.get(db, job.id).status == "canceled"


def test_other_users_jobs_are_not_found(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    with pytest.raises(JobNotFound) as err:
        jobs.get(db, job.id, "intruder")
    assert err.value.code == "job_not_found" and err.value.status == 404
    with pytest.raises(JobNotFound):
        jobs.cancel(db, "intruder", job.id)


def test_soft_delete_and_restore(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    gone = jobs.soft_delete(db, USER, job.id)
    assert gone["success"] and gone["jobId"] == job.id and gone["deletedAt"]
    assert jobs.list_jobs(db, USER)[1] == 0
    with pytest.raises(JobNotFound):
        jobs.get(db, job.id, USER)
    assert jobs.restore(db, USER, job.id) == {"restored": True, "jobId": job.id}
    assert jobs.get(db, job.id, USER).deleted_at is None


def test_list_pages_filters_and_sorts(db: Database):
    made = [jobs.submit(db, USER, sub(credits=1, n=i))[0] for i in range(5)]
    jobs.cancel(db, USER, made[0].id)
    page, count = jobs.list_jobs(db, USER, limit=2, offset=1)
    assert count == 5 and [j.id for j in page] == [made[3].id, made[2].id]
    assert [j.id for j in jobs.list_jobs(db, USER, sort="oldest", limit=1)[0]] == [made[0].id]
    assert [j.id for j in jobs.list_jobs(db, USER, status="canceled")[0]] == [made[0].id]
    for bad in ({"limit": 101}, {"limit": 0}, {"offset": -1}, {"status": "done"}, {"sort": "best"}):
        with pytest.raises(Exception) as err:
            jobs.list_jobs(db, USER, **bad)
        assert err.value.status == 400  # type: ignore[attr-defined]


def test_a_dead_runners_jobs_are_requeued_and_not_charged_again(db: Database):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    job, _ = jobs.submit(db, USER, sub())
    owner = f"{os.uname().nodename}:{dead.pid}:abcd1234"
    assert jobs.claim(db, job.id, owner) is not None
    assert jobs.requeue_orphans(db) == [job.id]
    assert jobs.get(db, job.id).status == "queued"
    assert total(db) == 7_000_000 - 300_000


def test_a_live_runners_jobs_stay(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    jobs.claim(db, job.id, jobs.runner_id())
    assert jobs.requeue_orphans(db) == []


def test_a_silent_runner_on_another_host_is_requeued():
    assert jobs.owner_alive("elsewhere:1:x", time.time() - 5)
    assert not jobs.owner_alive("elsewhere:1:x", time.time() - jobs.STALE_AFTER_S - 1)


def test_rate(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    assert jobs.rate(db, USER, job.id, 4, "nice") == {"job_id": job.id, "model": "ugc_video", "score": 4}
    with pytest.raises(Exception, match="1 to 5"):
        jobs.rate(db, USER, job.id, 6)


def test_status_and_legacy_shapes(db: Database):
    job, _ = jobs.submit(db, USER, sub())
    jobs.claim(db, job.id, "me")
    done = jobs.complete(db, job.id, "me", output="/tmp/out/a.mp4", files={"srt": "/tmp/out/a.srt"}, receipt={},
                         seconds=2.5)
    assert done is not None
    status = done.status_shape(url_for=lambda p: "http://h/v1/files/a.mp4")
    assert set(status) == {"job_id", "status", "progress", "video_url", "error_message", "created_at", "updated_at"}
    assert status["video_url"] == "http://h/v1/files/a.mp4" and status["status"] == "completed"
    legacy = done.legacy_shape()
    assert set(legacy) == {"id", "model_slug", "operation", "status", "credit_cost", "output_url", "created_at",
                           "completed_at"}
    assert legacy["output_url"] == "file:///tmp/out/a.mp4" and legacy["credit_cost"] == 300


def test_a_settle_and_its_webhook_delivery_are_one_transaction(db: Database):
    """A job is never settled without its pending delivery (``pending_hooks``): a crash between the two
    writes would lose the callback, so what ``then`` writes commits or rolls back with the settle."""
    job, _ = jobs.submit(db, USER, replace(sub(), webhook_url="https://hooks.example/h"))
    jobs.claim(db, job.id, "me")

    def broken(conn: sqlite3.Connection, settled: jobs.Job) -> None:
        raise RuntimeError("the store went away mid-settle")

    with pytest.raises(RuntimeError):
        jobs.fail(db, job.id, "render_error", "ffmpeg died", owner="me", then=broken)
    assert jobs.get(db, job.id).status == "processing" and total(db) == 6_700_000

    def keep(conn: sqlite3.Connection, settled: jobs.Job) -> None:
        assert settled.webhook_url is not None
        pending_hooks.add(conn, pending_hooks.Pending(settled.id, settled.webhook_url, {"job_id": settled.id}), "me")

    assert jobs.fail(db, job.id, "render_error", "ffmpeg died", owner="me", then=keep) is not None
    [taken] = pending_hooks.take(db, "me")
    assert (taken.job_id, taken.url, taken.body, taken.attempts) == (job.id, "https://hooks.example/h",
                                                                     {"job_id": job.id}, ())
