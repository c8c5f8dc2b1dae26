from __future__ import annotations

from mediakit.catalog import load_catalog
from runner import jobs
from runner.db import Database
from runner.usage import run_stats, usage

USER = "u1"  # the account the db fixture opens


def _job(db: Database, model: str | None, ok: bool, seconds: float, credits: int = 60, generator: str = "video"
         ) -> str:
    job, _ = jobs.submit(db, USER, jobs.Submission(generator=generator, input={"n": jobs.runner_id()},
                                                   credits=credits, quote={}, receipt={"estimated_duration": 5},
                                                   model=model))
    jobs.claim(db, job.id, "me")
    if ok:
        jobs.complete(db, job.id, "me", output="o.mp4", files={}, receipt={}, seconds=seconds)
    else:
        jobs.fail(db, job.id, "engine_error", "model failed", owner="me")
    return job.id


def test_run_stats_feed_the_catalogs_recent(db: Database):
    done = [_job(db, "video-engine-2.0", True, s) for s in (10.0, 20.0, 30.0)]
    _job(db, "video-engine-2.0", False, 0)
    jobs.rate(db, USER, done[0], 5)
    jobs.rate(db, USER, done[1], 3)
    _job(db, None, True, 1.0, generator="subtitle")  # not a catalog model: no stats
    stats = run_stats(db)
    assert set(stats) == {"video-engine-2.0"}
    s = stats["video-engine-2.0"]
    assert (s.runs, s.fail_rate, s.p50_seconds, s.user_score, s.rated) == (4, 0.25, 20.0, 4.0, 2)
    entry = next(m for m in load_catalog().to_json(stats)["models"] if m["id"] == "video-engine-2.0")
    assert entry["recent"]["runs"] == 4 and entry["recent"]["fail_rate"] == 0.25


def test_usage_shape_counts_what_was_charged(db: Database):
    _job(db, "video-engine-2.0", True, 10.0, credits=300)
    _job(db, "video-engine-2.0", False, 0, credits=300)  # refunded: uses nothing
    _job(db, None, True, 1.0, credits=50, generator="subtitle")
    got = usage(db, USER, "7d")
    assert got["period"] == "7d" and got["period_start"] < got["period_end"]
    assert got["summary"] == {"total_jobs": 3, "completed_jobs": 2, "failed_jobs": 1, "credits_used": 350}
    assert got["by_model"][0] == {"model_slug": "video-engine-2.0", "job_count": 2, "credits_used": 300,
                                  "avg_duration_seconds": 5.0}
    assert got["by_operation"] == [{"operation": "video", "job_count": 2}, {"operation": "subtitle", "job_count": 1}]
    assert len(got["daily"]) == 1 and got["daily"][0]["job_count"] == 3 and got["daily"][0]["credits_used"] == 350
