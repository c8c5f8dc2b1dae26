"""One request at a time, as the server takes them: quote it, or take its credits and record it as a job.

The same order as a batch (``runner.batch.run_spec``) for a single job:
plan (every check, inputs fetched and probed, nothing rendered; with the
user's own saved characters, ``runner.characters``), the plan
rules of the user's tier, the price, then one write transaction that debits
and records the job.  A refusal at any step costs nothing.  Users are opened
on first use with ``accounts.DEFAULT_PLAN`` and no purchased credits, so a
new credential can submit without a separate sign-up step.  The job is
rendered later by whoever watches the store (``runner.worker``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mediakit.catalog import RunStats
from mediakit.generation.contract import Plan
from mediakit.generation.run import plan_job

from . import accounts, jobs, ledger, webhooks
from .characters import options_for
from .db import Database
from .downloads import DOWNLOADS
from .jobs import Job, Submission
from .plans import check_plan, get_tier
from .pricing import quote_plan
from .served import canonical_urls, own_files
from .usage import run_stats


def open_user(db: Database, user: str) -> None:
    """Open ``user``'s account (default plan, its allowance, 0 purchased) unless it exists."""
    with db.write() as conn:
        accounts.open_account(conn, user)


def _plan(db: Database, user: str, generator: str, body: Mapping[str, Any],
          stats: Mapping[str, RunStats] | None) -> tuple[Plan, dict[str, Any]]:
    """``body`` planned and allowed by the user's tier, with its quote; raises the first refusal.

    A server's own file URLs in ``body`` are read as ``user``'s stored files (``runner.served``), and its
    downloads count against ``user``'s bound (``runner.downloads``).
    """
    with own_files(db, user), DOWNLOADS.of(user):
        _, plan = plan_job(generator, body, options=options_for(db.folder, user),
                           stats=run_stats(db) if stats is None else stats)
    with db.write() as conn:
        tier = get_tier(accounts.plan_of(conn, user))
    check_plan(tier, plan)
    return plan, quote_plan(plan).to_dict()


def quote_request(db: Database, user: str, generator: str, body: Mapping[str, Any],
                  stats: Mapping[str, RunStats] | None = None) -> dict[str, Any]:
    """The spec's quote body ``{credits, usd, model?, mode?, quality?, breakdown, auto?}``; nothing is debited."""
    open_user(db, user)
    return _plan(db, user, generator, body, stats)[1]


def balance(db: Database, user: str) -> dict[str, Any]:
    """What ``user`` can spend and what is already committed to unfinished jobs (both in credits)."""
    open_user(db, user)
    with db.write() as conn:
        held = ledger.balance(conn, user).total
        committed = conn.execute(f"SELECT COALESCE(SUM(credits), 0) FROM jobs WHERE user_id = ? AND status IN "
                                 f"({', '.join('?' * len(jobs.ACTIVE))})", (user, *jobs.ACTIVE)).fetchone()[0]
    return {"available": ledger.from_milli(held), "committed": ledger.from_milli(int(committed))}


def submit_request(db: Database, user: str, generator: str, body: Mapping[str, Any], *,
                   idempotency_key: str | None = None, webhook_url: str | None = None,
                   stats: Mapping[str, RunStats] | None = None) -> tuple[Job, bool]:
    """Debit and record one job as ``submitted``: ``(job, replayed)``.

    A known ``idempotency_key`` with the same inputs replays the saved job
    before anything is planned again (an input that has since gone away
    must not turn a retry into an error); with other inputs it is refused.
    The server's own file URLs are kept as its worker will read them (``served.canonical_urls``).
    """
    body = canonical_urls(body)
    open_user(db, user)
    if webhook_url is not None:
        webhooks.check_webhook_url(webhook_url)
    if idempotency_key is not None:
        with db.write() as conn:
            saved = jobs.replay(conn, user, Submission(generator, body, 0, {}, {}, idempotency_key=idempotency_key))
        if saved is not None:
            return saved, True
    plan, quote = _plan(db, user, generator, body, stats)
    metered = plan.metered
    sub = Submission(generator=generator, input=body, credits=quote["credits"], quote=quote,
                     receipt={**plan.receipt.to_dict(), "metered": metered.to_dict()}, model=metered.model,
                     auto_reason=metered.auto_reason, idempotency_key=idempotency_key, webhook_url=webhook_url)
    return jobs.submit(db, user, sub)
