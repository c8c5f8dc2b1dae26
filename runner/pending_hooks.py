"""Webhook deliveries not yet done, kept in the store so a crash between attempts loses no callback.

A job's delivery is written to ``webhook_pending`` (its URL, body and the
attempts so far) in the transaction that settles the job, by the runner
that settles it and delivers it, its owner.  Each
attempt is recorded as it ends; the last one (delivered, refused, or out of
attempts) moves the delivery to the job's ``webhook`` record and removes the
row.  A row whose owner died (its process is gone, or it stopped beating,
``jobs.owner_alive``) is taken over by any runner on the store, on start and
at every watch after, and resumed from its recorded attempts.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from mediakit.times import now_iso

from . import jobs
from .db import Database
from .webhooks import Attempt, Delivery


@dataclass(frozen=True)
class Pending:
    """One delivery to make or go on with."""

    job_id: str
    url: str
    body: dict[str, Any]
    attempts: tuple[Attempt, ...] = ()


def add(conn: sqlite3.Connection, pending: Pending, owner: str) -> None:
    """Keep ``pending`` as ``owner``'s before its first attempt, in the transaction that settles its job."""
    conn.execute("INSERT OR REPLACE INTO webhook_pending (job_id, url, body_json, attempts_json, owner, heartbeat, "
                 "created_at) VALUES (?, ?, ?, '[]', ?, ?, ?)",
                 (pending.job_id, pending.url, json.dumps(pending.body), owner, time.time(), now_iso()))


def record(db: Database, job_id: str, delivery: Delivery) -> None:
    """Keep the attempts made so far; once ``delivery`` is done, it is the job's webhook record instead."""
    with db.write() as conn:
        if delivery.done:
            conn.execute("DELETE FROM webhook_pending WHERE job_id = ?", (job_id,))
            jobs.record_webhook(conn, job_id, delivery.to_dict())
        else:
            conn.execute("UPDATE webhook_pending SET attempts_json = ?, heartbeat = ? WHERE job_id = ?",
                         (json.dumps([a.to_dict() for a in delivery.attempts]), time.time(), job_id))


def heartbeat(db: Database, owner: str) -> None:
    """Mark ``owner``'s deliveries as in hand (another runner takes them over only without it)."""
    with db.write() as conn:
        conn.execute("UPDATE webhook_pending SET heartbeat = ? WHERE owner = ?", (time.time(), owner))


def take(db: Database, owner: str) -> list[Pending]:
    """``owner``'s deliveries and those whose owner died (now ``owner``'s), with their attempts so far."""
    with db.write() as conn:
        rows = conn.execute("SELECT * FROM webhook_pending").fetchall()
        taken = [row for row in rows if row["owner"] in (None, owner)
                 or not jobs.owner_alive(row["owner"], row["heartbeat"])]
        for row in taken:
            conn.execute("UPDATE webhook_pending SET owner = ?, heartbeat = ? WHERE job_id = ?",
                         (owner, time.time(), row["job_id"]))
    return [Pending(row["job_id"], row["url"], json.loads(row["body_json"]),
                    tuple(Attempt.from_dict(a) for a in json.loads(row["attempts_json"]))) for row in taken]
