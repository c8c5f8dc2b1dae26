"""Accounts: a plan tier, its monthly allowance, purchased credits, and the billing period.

An account is opened once per store and user, from a job spec's ``account``
section (or the defaults): the plan's allowance is granted into the
``monthly`` bucket and the spec's ``credits`` are a purchase into the
``purchased`` bucket.  A store that already has the account keeps its own
balance: re-running a spec never mints credits.  When a period ends the
unspent allowance expires and the next month's is granted (two entries), so
the balance stays the ledger's sum.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Any

from mediakit.errors import ValidationError
from mediakit.times import now_iso

from . import ledger
from .plans import get_tier

LOCAL_USER = "local"
DEFAULT_PLAN = "creator"
PERIOD = timedelta(days=30)


def _iso(when: datetime) -> str:
    return when.isoformat(timespec="seconds").replace("+00:00", "Z")


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def exists(conn: sqlite3.Connection, user_id: str) -> bool:
    return conn.execute("SELECT 1 FROM accounts WHERE user_id = ?", (user_id,)).fetchone() is not None


def open_account(conn: sqlite3.Connection, user_id: str, *, plan: str = DEFAULT_PLAN,
                 credits: int | float = 0) -> bool:
    """Create the account with its allowance and purchased credits unless it exists; True when created."""
    if exists(conn, user_id):
        return False
    tier = get_tier(plan)
    if isinstance(credits, bool) or not isinstance(credits, int | float) or credits < 0:
        raise ValidationError("account.credits", credits, "must be a number of credits >= 0")
    start = datetime.now(UTC).replace(microsecond=0)
    conn.execute("INSERT INTO accounts (user_id, plan, created_at, period_start, period_end) VALUES (?,?,?,?,?)",
                 (user_id, tier.tier, now_iso(), _iso(start), _iso(start + PERIOD)))
    ledger.post(conn, user_id, "grant", "monthly", ledger.to_milli(tier.monthly_credits), note=f"{tier.tier} allowance")
    ledger.post(conn, user_id, "purchase", "purchased", ledger.to_milli(credits), note="opening credits")
    return True


def roll_period(conn: sqlite3.Connection, user_id: str) -> None:
    """Start a new billing period when the current one has ended: expire the rest, grant the new allowance."""
    row = conn.execute("SELECT plan, period_end FROM accounts WHERE user_id = ?", (user_id,)).fetchone()
    if row is None:
        return
    now = datetime.now(UTC)
    end = _parse(row["period_end"])
    if now < end:
        return
    while end <= now:
        end += PERIOD
    left = ledger.balance(conn, user_id).monthly
    ledger.post(conn, user_id, "expire", "monthly", -left, note="period ended")
    ledger.post(conn, user_id, "grant", "monthly", ledger.to_milli(get_tier(row["plan"]).monthly_credits),
                note=f"{row['plan']} allowance")
    conn.execute("UPDATE accounts SET period_start = ?, period_end = ? WHERE user_id = ?",
                 (_iso(end - PERIOD), _iso(end), user_id))


def change_plan(conn: sqlite3.Connection, user_id: str, plan: str) -> None:
    """Move to ``plan`` now: a new period starts with the new allowance (the old allowance's rest expires)."""
    tier = get_tier(plan)
    start = datetime.now(UTC).replace(microsecond=0)
    left = ledger.balance(conn, user_id).monthly
    ledger.post(conn, user_id, "expire", "monthly", -left, note=f"plan changed to {tier.tier}")
    ledger.post(conn, user_id, "grant", "monthly", ledger.to_milli(tier.monthly_credits), note=f"{tier.tier} allowance")
    conn.execute("UPDATE accounts SET plan = ?, period_start = ?, period_end = ? WHERE user_id = ?",
                 (tier.tier, _iso(start), _iso(start + PERIOD), user_id))


def add_credits(conn: sqlite3.Connection, user_id: str, credits: int | float) -> None:
    """A purchase of ``credits`` into the purchased bucket."""
    if isinstance(credits, bool) or not isinstance(credits, int | float) or credits <= 0:
        raise ValidationError("credits", credits, "must be a number of credits > 0")
    ledger.post(conn, user_id, "purchase", "purchased", ledger.to_milli(credits), note="credits added")


def account(conn: sqlite3.Connection, user_id: str) -> dict[str, Any]:
    """The spec's Account shape: user_id, plan, credits, limits."""
    row = conn.execute("SELECT * FROM accounts WHERE user_id = ?", (user_id,)).fetchone()
    if row is None:
        raise ValidationError("account", user_id, "has no account in this store yet; run a job spec or "
                              "`mediakit account plan TIER` to open one")
    tier = get_tier(row["plan"])
    held = ledger.balance(conn, user_id)
    return {
        "user_id": user_id,
        "plan": {"tier": tier.tier, "name": tier.name, "status": "active", "trial_active": False,
                 "trial_ends_at": None, "current_period_end": row["period_end"]},
        "credits": {"monthly_remaining": ledger.from_milli(held.monthly),
                    "monthly_allowance": tier.monthly_credits,
                    "purchased": ledger.from_milli(held.purchased), "total": ledger.from_milli(held.total)},
        "limits": {"max_concurrent_jobs": tier.max_concurrent_jobs, "max_video_duration": tier.max_video_duration,
                   "models_available": list(tier.models_available)},
    }


def plan_of(conn: sqlite3.Connection, user_id: str) -> str:
    row = conn.execute("SELECT plan FROM accounts WHERE user_id = ?", (user_id,)).fetchone()
    return str(row[0]) if row else DEFAULT_PLAN
