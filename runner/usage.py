"""What the store knows about past jobs: the Usage shape of the account, and the catalog's run statistics.

Both are read from the jobs and the ledger, never kept separately, so they
cannot drift from what was charged.  ``run_stats`` feeds the catalog's
``recent`` block and the ``model: auto`` policy (runs, failure rate, median
wall time and people's ratings per model over the last 30 days); mediakit
has no automatic judge of quality yet, so ``auto_score`` stays null.
"""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

from mediakit.catalog import RunStats
from mediakit.catalog.stats import WINDOW_DAYS
from mediakit.errors import ValidationError

from . import ledger
from .db import Database

PERIODS = {"7d": 7, "30d": 30, "90d": 90}


def _since(days: int) -> tuple[datetime, str]:
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(days=days)
    return start, start.isoformat().replace("+00:00", "Z")


def run_stats(db: Database) -> dict[str, RunStats]:
    """``{model_id: RunStats}`` over the catalog's window, from finished jobs that named a catalog model."""
    _, since = _since(WINDOW_DAYS)
    rows = db.read("SELECT model, status, seconds, rating FROM jobs WHERE model IS NOT NULL AND completed_at >= ? "
                   "AND status IN ('completed', 'failed')", (since,))
    by_model: dict[str, list[Any]] = defaultdict(list)
    for row in rows:
        by_model[row["model"]].append(row)
    out = {}
    for model, runs in by_model.items():
        seconds = [r["seconds"] for r in runs if r["status"] == "completed" and r["seconds"] is not None]
        ratings = [r["rating"] for r in runs if r["rating"] is not None]
        out[model] = RunStats(runs=len(runs), fail_rate=sum(r["status"] == "failed" for r in runs) / len(runs),
                              p50_seconds=statistics.median(seconds) if seconds else None,
                              user_score=statistics.fmean(ratings) if ratings else None, rated=len(ratings))
    return out


def usage(db: Database, user_id: str, period: str = "30d") -> dict[str, Any]:
    """The spec's Usage: period, period_start/end, summary, by_model, daily, by_operation."""
    if period not in PERIODS:
        raise ValidationError("period", period, f"must be one of {', '.join(PERIODS)}")
    start, since = _since(PERIODS[period])
    end = datetime.now(UTC).replace(microsecond=0)
    jobs = db.read("SELECT id, operation, model, status, created_at, receipt_json FROM jobs WHERE user_id = ? "
                   "AND created_at >= ?", (user_id, since))
    spent = db.read("SELECT job_id, substr(at, 1, 10) AS day, -SUM(amount) AS net FROM ledger WHERE user_id = ? "
                    "AND kind IN ('debit', 'refund') AND at >= ? GROUP BY job_id, day", (user_id, since))
    net_by_job: dict[str, int] = defaultdict(int)
    daily_credits: dict[str, int] = defaultdict(int)
    for row in spent:
        net_by_job[row["job_id"]] += row["net"]
        daily_credits[row["day"]] += row["net"]
    models: dict[str, dict[str, Any]] = {}
    generators: dict[str, int] = defaultdict(int)
    daily_jobs: dict[str, int] = defaultdict(int)
    for job in jobs:
        slug = job["model"] or job["operation"]
        entry = models.setdefault(slug, {"model_slug": slug, "job_count": 0, "credits": 0, "durations": []})
        entry["job_count"] += 1
        entry["credits"] += net_by_job.get(job["id"], 0)
        duration = _duration(job["receipt_json"])
        if duration is not None:
            entry["durations"].append(duration)
        generators[job["operation"]] += 1
        daily_jobs[job["created_at"][:10]] += 1
    days = sorted(set(daily_jobs) | set(daily_credits))
    return {
        "period": period, "period_start": since, "period_end": end.isoformat().replace("+00:00", "Z"),
        "summary": {"total_jobs": len(jobs), "completed_jobs": sum(j["status"] == "completed" for j in jobs),
                    "failed_jobs": sum(j["status"] == "failed" for j in jobs),
                    "credits_used": ledger.from_milli(sum(net_by_job.values()))},
        "by_model": [{"model_slug": m["model_slug"], "job_count": m["job_count"],
                      "credits_used": ledger.from_milli(m["credits"]),
                      "avg_duration_seconds": round(statistics.fmean(m["durations"]), 2) if m["durations"] else None}
                     for m in sorted(models.values(), key=lambda m: -m["job_count"])],
        "daily": [{"date": d, "job_count": daily_jobs.get(d, 0),
                   "credits_used": ledger.from_milli(daily_credits.get(d, 0))} for d in days],
        "by_operation": [{"operation": generator, "job_count": n}
                         for generator, n in sorted(generators.items(), key=lambda x: -x[1])],
    }


def _duration(receipt_json: str) -> float | None:
    value = json.loads(receipt_json).get("estimated_duration")
    return float(value) if isinstance(value, int | float) else None
