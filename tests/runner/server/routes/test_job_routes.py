"""Jobs over HTTP: Retry-After while running, cancel with refund, pages, delete and restore, rating, gallery, 503."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from serving import SLEEP, Live, credits, wait_for

from runner import jobs, service
from runner.db import Database
from runner.errors import StoreUnavailable

pytestmark = pytest.mark.slow


def test_a_running_job_says_retry_after_5_and_cancel_refunds(working: Live) -> None:
    alice = working.key("alice")
    before = credits(working, alice)
    job_id = working.client.post(SLEEP, json={"seconds": 30}, headers=alice).json()["job_id"]
    r = working.client.get(f"/v1/videos/{job_id}", headers=alice)
    assert r.headers["retry-after"] == "5" and r.json()["status"] in ("submitted", "processing")
    assert r.json()["video_url"] is None and r.json()["model_slug"] == "test_sleep"
    assert credits(working, alice) == before - 50
    cancel = working.client.post(f"/v1/videos/{job_id}/cancel", headers=alice)
    assert cancel.status_code == 200
    assert cancel.json() == {"canceled": True, "jobId": job_id, "credits_refunded": 50, "refund_pending": False}
    assert credits(working, alice) == before
    done = working.client.get(f"/v1/videos/{job_id}", headers=alice)
    assert done.json()["status"] == "canceled" and "retry-after" not in done.headers
    again = working.client.post(f"/v1/videos/{job_id}/cancel", headers=alice)
    assert again.status_code == 409 and again.json()["error"]["code"] == "cannot_cancel"


def test_pages_delete_restore_rate_and_gallery(working: Live) -> None:
    alice = working.key("alice")
    ids = [working.client.post(SLEEP, json={"seconds": 0, "colour": c}, headers=alice).json()["job_id"]
           for c in ("red", "green", "blue")]
    page = working.client.get("/v1/videos?limit=2&offset=0&sort=oldest", headers=alice).json()
    assert page["total"] == 3 and [j["job_id"] for j in page["jobs"]] == ids[:2]
    rest = working.client.get("/v1/videos?limit=2&offset=2&sort=oldest", headers=alice).json()
    assert [j["job_id"] for j in rest["jobs"]] == ids[2:]
    newest = working.client.get("/v1/videos?limit=1", headers=alice).json()
    assert [j["job_id"] for j in newest["jobs"]] == ids[2:]
    for query in ("limit=101", "limit=0", "offset=-1", "status=done", "sort=random"):
        r = working.client.get(f"/v1/videos?{query}", headers=alice)
        assert r.status_code == 400 and r.json()["error"]["code"] == "validation_error", query
    for job_id in ids:
        assert wait_for(working, job_id, alice)["status"] == "completed"
    assert working.client.get("/v1/videos?status=completed", headers=alice).json()["total"] == 3
    gone = working.client.delete(f"/v1/videos/{ids[0]}", headers=alice)
    assert gone.status_code == 200 and gone.json()["success"] is True and gone.json()["jobId"] == ids[0]
    assert working.client.get(f"/v1/videos/{ids[0]}", headers=alice).status_code == 404
    assert working.client.get("/v1/videos", headers=alice).json()["total"] == 2
    back = working.client.post(f"/v1/videos/{ids[0]}/restore", headers=alice)
    assert back.json() == {"restored": True, "jobId": ids[0]}
    assert working.client.post(f"/v1/videos/{ids[0]}/restore", headers=alice).status_code == 404
    rated = working.client.post(f"/v1/runs/{ids[1]}/rate", json={"score": 4, "note": "fine"}, headers=alice)
    assert rated.json() == {"job_id": ids[1], "model": "test_sleep", "score": 4}
    assert working.client.post(f"/v1/runs/{ids[1]}/rate", json={"score": 6}, headers=alice).status_code == 400
    gallery = working.client.get("/v1/me/gallery?limit=2", headers=alice).json()
    assert gallery["total"] == 3 and [i["job_id"] for i in gallery["items"]] == ids[:0:-1]
    assert gallery["items"][0]["output_url"].endswith(f"/v1/files/{ids[2]}/{ids[2]}.png")


def test_account_usage_and_readiness(working: Live) -> None:
    alice = working.key("alice")
    account = working.client.get("/v1/account", headers=alice).json()
    assert account["user_id"] == "alice" and account["plan"]["tier"] == "creator"
    assert account["credits"]["total"] == 6900
    wait_for(working, working.client.post(SLEEP, json={"seconds": 0}, headers=alice).json()["job_id"], alice)
    usage = working.client.get("/v1/account/usage?period=7d", headers=alice).json()
    assert usage["period"] == "7d" and usage["summary"]["credits_used"] == 50
    assert working.client.get("/v1/account/usage?period=1y", headers=alice).status_code == 400
    ready = working.client.get("/v1/me/readiness", headers=alice).json()
    assert ready == {"authenticated": True, "credits": {"available": 6850, "committed": 0},
                     "generation": {"worker": "running", "executor": "local"}, "uploads": {"enabled": True},
                     "billing_url": None}


def test_a_store_that_cannot_answer_is_503_status_unavailable(working: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = working.key("alice")
    job_id = working.client.post(SLEEP, json={"seconds": 0}, headers=alice).json()["job_id"]

    worker_refused = threading.Event()

    def locked(self: Database, sql: str, params: object = ()) -> list[sqlite3.Row]:
        if threading.current_thread().name == "mediakit-worker":
            worker_refused.set()
        raise StoreUnavailable(f"the store {self.path} cannot answer: database is locked")

    monkeypatch.setattr(Database, "read", locked)
    r = working.client.get(f"/v1/videos/{job_id}", headers=alice)
    assert r.status_code == 503 and r.json()["error"]["code"] == "STATUS_UNAVAILABLE"
    assert worker_refused.wait(10), "the worker never polled the locked store"  # its polls fail too meanwhile
    monkeypatch.undo()
    assert wait_for(working, job_id, alice)["status"] == "completed"  # the worker waited for the store, did not die
    assert working.client.get("/v1/me/readiness", headers=alice).json()["generation"]["worker"] == "running"


def test_a_batch_jobs_output_outside_the_served_folder_is_its_file_url(live: Live, tmp_path: Path) -> None:
    alice = live.key("alice")
    db = Database(live.config.store)
    service.open_user(db, "alice")
    sub = jobs.Submission(generator="test_sleep", input={}, credits=50, quote={"credits": 50}, receipt={},
                          batch="spec.yaml")
    job, _ = jobs.submit(db, "alice", sub)
    assert jobs.claim(db, job.id, "me") is not None
    out = tmp_path / "batch-out" / "a.png"
    jobs.complete(db, job.id, "me", output=str(out), files={}, receipt={}, seconds=0.1)
    r = live.client.get(f"/v1/videos/{job.id}", headers=alice)
    assert r.status_code == 200 and r.json()["video_url"] == out.resolve().as_uri()


@pytest.mark.parametrize("score", ["5", 4.0, True])
def test_a_score_must_be_a_json_integer(live: Live, score: object) -> None:
    """``"5"``, ``4.0`` and ``true`` are refused before the job is looked up, naming the field."""
    r = live.client.post("/v1/runs/any-job/rate", json={"score": score}, headers=live.key())
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "validation_error" and r.json()["error"]["message"].startswith("score: ")
