"""Jobs and their states, each move committed together with its ledger entries.

States are the spec's: ``submitted`` (credits taken) -> ``queued`` (waiting
for a free slot of the plan's concurrent jobs) -> ``processing`` ->
``completed`` | ``failed`` (refunded); ``canceled`` (refunded) from any
non-terminal state.  A job whose runner died while ``processing`` goes back
to ``queued`` with its debit standing, so it is finished later and charged
once.  Every move is a compare-and-set on the current status inside one
write transaction, so two runners (or a runner and ``mediakit jobs cancel``)
never both move the same job.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sqlite3
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mediakit.errors import ValidationError
from mediakit.times import now_iso

from . import accounts, ledger
from .db import Database
from .errors import CannotCancel, IdempotencyConflict, JobNotFound
from .plans import InsufficientCredits, get_tier

SUBMITTED, QUEUED, PROCESSING = "submitted", "queued", "processing"
COMPLETED, FAILED, CANCELED = "completed", "failed", "canceled"
STATUSES = (SUBMITTED, QUEUED, PROCESSING, COMPLETED, FAILED, CANCELED)
ACTIVE = (SUBMITTED, QUEUED, PROCESSING)
TERMINAL = (COMPLETED, FAILED, CANCELED)
# the moves a job may make; anything else is a bug or a race lost to another runner
TRANSITIONS: dict[str, tuple[str, ...]] = {
    SUBMITTED: (QUEUED, PROCESSING, FAILED, CANCELED),
    QUEUED: (PROCESSING, FAILED, CANCELED),
    PROCESSING: (COMPLETED, FAILED, CANCELED, QUEUED),
}
STALE_AFTER_S = 60.0  # a processing job whose runner has not beaten its heart for this long is requeued
MAX_PAGE = 100


def input_hash(generator: str, body: Mapping[str, Any]) -> str:
    """What "the same inputs" means: the generator and its request, canonical JSON, SHA-256.

    The JSON key stays ``operation``, so hashes already stored keep matching.
    """
    text = json.dumps({"operation": generator, "input": body}, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def runner_id() -> str:
    """This process as a job owner: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True)
class Job:
    """One job row, as the runner, the CLI and the server read it."""

    id: str
    user_id: str
    generator: str  # the generator id (column and JSON key ``operation``)
    status: str
    input: dict[str, Any]
    credits: int | float  # what the job costs now: its debit, or 0 once refunded
    model: str | None
    auto_reason: str | None
    idempotency_key: str | None
    spec_key: str | None
    batch: str | None
    webhook_url: str | None
    quote: dict[str, Any]
    receipt: dict[str, Any]
    output: str | None
    files: dict[str, str]
    error_code: str | None
    error_message: str | None
    progress: float
    owner: str | None
    attempts: int
    webhook: dict[str, Any] | None
    rating: int | None
    created_at: str
    updated_at: str
    started_at: str | None
    completed_at: str | None
    seconds: float | None
    deleted_at: str | None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Job:
        return cls(id=row["id"], user_id=row["user_id"], generator=row["operation"], status=row["status"],
                   input=json.loads(row["input_json"]), credits=ledger.from_milli(row["credits"]),
                   model=row["model"], auto_reason=row["auto_reason"], idempotency_key=row["idempotency_key"],
                   spec_key=row["spec_key"], batch=row["batch"], webhook_url=row["webhook_url"],
                   quote=json.loads(row["quote_json"]), receipt=json.loads(row["receipt_json"]),
                   output=row["output"], files=json.loads(row["files_json"]), error_code=row["error_code"],
                   error_message=row["error_message"], progress=row["progress"], owner=row["owner"],
                   attempts=row["attempts"], webhook=json.loads(row["webhook_json"]) if row["webhook_json"] else None,
                   rating=row["rating"], created_at=row["created_at"], updated_at=row["updated_at"],
                   started_at=row["started_at"], completed_at=row["completed_at"], seconds=row["seconds"],
                   deleted_at=row["deleted_at"])

    @property
    def terminal(self) -> bool:
        return self.status in TERMINAL

    def output_url(self, url_for: Callable[[str], str] | None = None) -> str | None:
        if self.output is None or self.status != COMPLETED:
            return None
        return url_for(self.output) if url_for else Path(self.output).resolve().as_uri()

    def status_shape(self, url_for: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The spec's Job status: job_id, status, progress, video_url, error_message, created_at, updated_at."""
        return {"job_id": self.id, "status": self.status,
                "progress": {"fraction": round(self.progress, 3), "attempts": self.attempts},
                "video_url": self.output_url(url_for), "error_message": self.error_message,
                "created_at": self.created_at, "updated_at": self.updated_at}

    def legacy_shape(self, url_for: Callable[[str], str] | None = None) -> dict[str, Any]:
        """The spec's older record: id, model_slug, operation, status, credit_cost, output_url, created_at,
        completed_at."""
        return {"id": self.id, "model_slug": self.model or self.generator, "operation": self.generator,
                "status": self.status, "credit_cost": self.credits, "output_url": self.output_url(url_for),
                "created_at": self.created_at, "completed_at": self.completed_at}

    def submitted_shape(self) -> dict[str, Any]:
        """The spec's JobSubmitted: job_id, status submitted, credits_deducted and the generator's receipt."""
        receipt = {k: v for k, v in self.receipt.items() if k not in ("generator", "output", "metered")}
        return {"job_id": self.id, "status": SUBMITTED, "credits_deducted": self.credits, **receipt}


def get(db: Database, job_id: str, user_id: str | None = None, *, deleted: bool = False) -> Job:
    """The job ``job_id`` (of ``user_id`` when given); ``job_not_found`` otherwise, or when soft-deleted."""
    rows = db.read("SELECT * FROM jobs WHERE id = ?", (job_id,))
    if not rows or (user_id is not None and rows[0]["user_id"] != user_id):
        raise JobNotFound(job_id)
    job = Job.from_row(rows[0])
    if job.deleted_at is not None and not deleted:
        raise JobNotFound(job_id)
    return job


def _get(conn: sqlite3.Connection, job_id: str) -> Job:
    row = conn.execute("SELECT * FROM jobs WHERE id = ?", (job_id,)).fetchone()
    if row is None:
        raise JobNotFound(job_id)
    return Job.from_row(row)


def _move(conn: sqlite3.Connection, job: Job, to: str, **fields: Any) -> Job:
    """Compare-and-set ``job`` from its status to ``to`` with ``fields``; raises if the move is not allowed."""
    if to not in TRANSITIONS.get(job.status, ()):
        raise CannotCancel(job.id, job.status) if to == CANCELED else ValueError(
            f"job {job.id}: {job.status} -> {to} is not a transition")
    fields["updated_at"] = now_iso()
    sets = ", ".join(f"{k} = ?" for k in fields)
    cur = conn.execute(f"UPDATE jobs SET status = ?, {sets} WHERE id = ? AND status = ?",
                       (to, *fields.values(), job.id, job.status))
    if cur.rowcount != 1:
        raise ValueError(f"job {job.id} changed under us (expected {job.status})")
    return _get(conn, job.id)


@dataclass(frozen=True)
class Submission:
    """What a submit call needs besides the user: the request, its price, and where it came from."""

    generator: str
    input: Mapping[str, Any]
    credits: int | float
    quote: Mapping[str, Any]
    receipt: Mapping[str, Any]
    model: str | None = None
    auto_reason: str | None = None
    idempotency_key: str | None = None
    spec_key: str | None = None
    batch: str | None = None
    webhook_url: str | None = None


def _insert(conn: sqlite3.Connection, user_id: str, sub: Submission, status: str, credits_milli: int,
            **extra: Any) -> str:
    job_id = str(uuid.uuid4())
    now = now_iso()
    row = {"id": job_id, "user_id": user_id, "operation": sub.generator, "model": sub.model,
           "auto_reason": sub.auto_reason, "status": status,
           "input_json": json.dumps(dict(sub.input), ensure_ascii=False, default=str),
           "input_hash": input_hash(sub.generator, sub.input), "idempotency_key": sub.idempotency_key,
           "spec_key": sub.spec_key, "batch": sub.batch, "webhook_url": sub.webhook_url,
           "quote_json": json.dumps(dict(sub.quote), default=str),
           "receipt_json": json.dumps(dict(sub.receipt), ensure_ascii=False, default=str),
           "credits": credits_milli, "created_at": now, "updated_at": now, **extra}
    conn.execute(f"INSERT INTO jobs ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})", tuple(row.values()))
    return job_id


def replay(conn: sqlite3.Connection, user_id: str, sub: Submission) -> Job | None:
    """The saved job for ``sub``'s idempotency key (same inputs), None for a new key; refused for other inputs."""
    if sub.idempotency_key is None:
        return None
    row = conn.execute("SELECT * FROM jobs WHERE user_id = ? AND idempotency_key = ?",
                       (user_id, sub.idempotency_key)).fetchone()
    if row is None:
        return None
    if row["input_hash"] != input_hash(sub.generator, sub.input):
        raise IdempotencyConflict(sub.idempotency_key, row["id"])
    return Job.from_row(row)


def submit(db: Database, user_id: str, sub: Submission) -> tuple[Job, bool]:
    """Take the credits and record the job as ``submitted``; ``(job, replayed)``.

    A key seen before with the same inputs replays the saved job and takes
    nothing; with other inputs it is refused.  Too few credits: the spec's
    402 body, nothing recorded.
    """
    with db.write() as conn:
        saved = replay(conn, user_id, sub)
        if saved is not None:
            return saved, True
        return _get(conn, take(conn, user_id, sub)), False


def take(conn: sqlite3.Connection, user_id: str, sub: Submission) -> str:
    """Inside a write transaction: debit ``sub``'s price and insert it as submitted; the new job's id."""
    accounts.roll_period(conn, user_id)
    amount = ledger.to_milli(sub.credits)
    held = ledger.balance(conn, user_id)
    if amount > held.total:
        raise InsufficientCredits(ledger.from_milli(amount), ledger.from_milli(held.total))
    job_id = _insert(conn, user_id, sub, SUBMITTED, amount)
    ledger.debit(conn, user_id, job_id, amount)
    return job_id


def record_failed(db: Database, user_id: str, sub: Submission, code: str, message: str) -> Job:
    """A job refused once its inputs were fetched or probed: ``failed`` at no cost, for the record."""
    with db.write() as conn:
        now = now_iso()
        job_id = _insert(conn, user_id, sub, FAILED, 0, error_code=code, error_message=message, completed_at=now)
        return _get(conn, job_id)


def claim(db: Database, job_id: str, owner: str) -> Job | None:
    """Start ``job_id`` if the plan's concurrent-job limit allows (``processing``); else leave it ``queued``.

    The limit counts the user's processing jobs across every runner on the
    store, in the same transaction as the move.  None when it must wait or
    is no longer waiting (canceled meanwhile).
    """
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.status not in (SUBMITTED, QUEUED):
            return None
        limit = get_tier(accounts.plan_of(conn, job.user_id)).max_concurrent_jobs
        running = conn.execute("SELECT COUNT(*) FROM jobs WHERE user_id = ? AND status = ?",
                               (job.user_id, PROCESSING)).fetchone()[0]
        if running >= limit:
            if job.status == SUBMITTED:
                _move(conn, job, QUEUED)
            return None
        return _move(conn, job, PROCESSING, owner=owner, heartbeat=time.time(), started_at=now_iso(),
                     attempts=job.attempts + 1, progress=0.0)


Settled = Callable[[sqlite3.Connection, Job], None]  # what else a settle writes, in its transaction


def complete(db: Database, job_id: str, owner: str, *, output: str, files: Mapping[str, str],
             receipt: Mapping[str, Any], seconds: float, then: Settled | None = None) -> Job | None:
    """``processing`` -> ``completed`` with its output, and ``then`` (its webhook delivery) in the same
    transaction; None if the job was canceled or taken over meanwhile."""
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.status != PROCESSING or job.owner != owner:
            return None
        done = _move(conn, job, COMPLETED, output=output, files_json=json.dumps(dict(files)),
                     receipt_json=json.dumps(dict(receipt), ensure_ascii=False, default=str),
                     completed_at=now_iso(), progress=1.0, seconds=seconds, owner=None)
        if then is not None:
            then(conn, done)
        return done


def fail(db: Database, job_id: str, code: str, message: str, *, owner: str | None = None,
         then: Settled | None = None) -> Job | None:
    """A non-terminal job -> ``failed`` and refunded, together with ``then`` (its webhook delivery); None if it
    already ended (or another runner has it)."""
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.terminal or (owner is not None and job.owner not in (owner, None)):
            return None
        ledger.refund(conn, job.user_id, job.id, note=f"job failed: {code}")
        failed = _move(conn, job, FAILED, error_code=code, error_message=message[:2000], completed_at=now_iso(),
                       owner=None, credits=ledger.job_net(conn, job.id))
        if then is not None:
            then(conn, failed)
        return failed


def cancel(db: Database, user_id: str, job_id: str) -> dict[str, Any]:
    """Cancel a non-terminal job and refund it: the spec's {canceled, jobId, credits_refunded, refund_pending}."""
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.user_id != user_id or job.deleted_at is not None:
            raise JobNotFound(job_id)
        if job.terminal:
            raise CannotCancel(job_id, job.status)
        refunded = ledger.refund(conn, user_id, job_id, note="job canceled")
        _move(conn, job, CANCELED, completed_at=now_iso(), error_message="canceled",
              credits=ledger.job_net(conn, job_id))
    return {"canceled": True, "jobId": job_id, "credits_refunded": ledger.from_milli(refunded),
            "refund_pending": False}


def soft_delete(db: Database, user_id: str, job_id: str) -> dict[str, Any]:
    """Hide a job from lists and status (its files and ledger stay); the spec's {success, jobId, deletedAt}."""
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.user_id != user_id or job.deleted_at is not None:
            raise JobNotFound(job_id)
        when = now_iso()
        conn.execute("UPDATE jobs SET deleted_at = ?, updated_at = ? WHERE id = ?", (when, when, job_id))
    return {"success": True, "jobId": job_id, "deletedAt": when}


def restore(db: Database, user_id: str, job_id: str) -> dict[str, Any]:
    """Undo a soft delete: {restored, jobId}; job_not_found unless the job exists and is deleted."""
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.user_id != user_id or job.deleted_at is None:
            raise JobNotFound(job_id)
        conn.execute("UPDATE jobs SET deleted_at = NULL, updated_at = ? WHERE id = ?", (now_iso(), job_id))
    return {"restored": True, "jobId": job_id}


def list_jobs(db: Database, user_id: str, *, status: str | None = None, sort: str = "newest", limit: int = 20,
              offset: int = 0) -> tuple[list[Job], int]:
    """A page of the user's jobs (not deleted) and the total, the spec's query rules."""
    if status is not None and status not in STATUSES:
        raise ValidationError("status", status, f"must be one of {', '.join(STATUSES)}")
    if sort not in ("newest", "oldest"):
        raise ValidationError("sort", sort, "must be newest or oldest")
    if not 1 <= limit <= MAX_PAGE:
        raise ValidationError("limit", limit, f"must be from 1 to {MAX_PAGE}")
    if offset < 0:
        raise ValidationError("offset", offset, "must be 0 or more")
    where, params = "user_id = ? AND deleted_at IS NULL", [user_id]
    if status is not None:
        where += " AND status = ?"
        params.append(status)
    order = "DESC" if sort == "newest" else "ASC"
    total = db.read(f"SELECT COUNT(*) FROM jobs WHERE {where}", tuple(params))[0][0]
    rows = db.read(f"SELECT * FROM jobs WHERE {where} ORDER BY created_at {order}, rowid {order} LIMIT ? OFFSET ?",
                   (*params, limit, offset))
    return [Job.from_row(r) for r in rows], int(total)


def latest_for_spec(db: Database, user_id: str, spec_key: str) -> Job | None:
    """The newest job a batch made for one of its spec's jobs (same inputs), to skip or resume it."""
    rows = db.read("SELECT * FROM jobs WHERE user_id = ? AND spec_key = ? ORDER BY created_at DESC, rowid DESC "
                   "LIMIT 1", (user_id, spec_key))
    return Job.from_row(rows[0]) if rows else None


def waiting(db: Database, exclude: set[str] | frozenset[str] = frozenset(), *, limit: int = 100) -> list[Job]:
    """What a server's worker has yet to start, oldest first, less ``exclude`` (the jobs it already holds).

    Only jobs submitted one at a time: a batch's jobs are rendered by the runner of that batch.
    """
    rows = db.read("SELECT * FROM jobs WHERE status IN (?, ?) AND batch IS NULL ORDER BY created_at, rowid LIMIT ?",
                   (SUBMITTED, QUEUED, limit + len(exclude)))
    return [Job.from_row(r) for r in rows if r["id"] not in exclude][:limit]


def set_progress(db: Database, job_id: str, fraction: float) -> None:
    with db.write() as conn:
        conn.execute("UPDATE jobs SET progress = ? WHERE id = ? AND status = ?", (fraction, job_id, PROCESSING))


def heartbeat(db: Database, owner: str) -> None:
    """Mark this runner's processing jobs as alive (a requeue waits :data:`STALE_AFTER_S` without it)."""
    with db.write() as conn:
        conn.execute("UPDATE jobs SET heartbeat = ? WHERE owner = ? AND status = ?", (time.time(), owner, PROCESSING))


def owner_alive(owner: str, beat: float | None, *, now: float | None = None) -> bool:
    """Whether the runner ``owner`` may still be working: its process exists (same host) and it beat lately."""
    host, _, rest = owner.partition(":")
    pid = rest.partition(":")[0]
    if host == socket.gethostname() and pid.isdigit():
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
    return beat is not None and (now or time.time()) - beat < STALE_AFTER_S


def requeue_orphans(db: Database) -> list[str]:
    """Jobs left ``processing`` by a runner that died go back to ``queued``; their debit stands."""
    with db.write() as conn:
        rows = conn.execute("SELECT * FROM jobs WHERE status = ?", (PROCESSING,)).fetchall()
        moved = []
        for row in rows:
            job = Job.from_row(row)
            if job.owner is None or not owner_alive(job.owner, row["heartbeat"]):
                _move(conn, job, QUEUED, owner=None, heartbeat=None)
                moved.append(job.id)
        return moved


def record_webhook(conn: sqlite3.Connection, job_id: str, delivery: Mapping[str, Any]) -> None:
    """The job's final webhook record, in the caller's transaction (``pending_hooks.record``)."""
    conn.execute("UPDATE jobs SET webhook_json = ? WHERE id = ?", (json.dumps(dict(delivery)), job_id))


def rate(db: Database, user_id: str, job_id: str, score: int, note: str | None = None) -> dict[str, Any]:
    """A person's 1-5 score of a finished job (fed to the catalog's user_score): {job_id, model, score}."""
    if isinstance(score, bool) or not isinstance(score, int) or not 1 <= score <= 5:
        raise ValidationError("score", score, "must be a whole number from 1 to 5")
    if note is not None and len(note) > 1000:
        raise ValidationError("note", note, "must be at most 1000 characters")
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.user_id != user_id or job.deleted_at is not None:
            raise JobNotFound(job_id)
        conn.execute("UPDATE jobs SET rating = ?, rating_note = ? WHERE id = ?", (score, note, job_id))
    return {"job_id": job_id, "model": job.model or job.generator, "score": score}


def release_all(db: Database, owner: str) -> list[str]:
    """Give every job ``owner`` still holds back to the queue; the ids.

    For a worker starting again after its store failed it: ``owner`` is this
    live process, so ``requeue_orphans`` would leave its jobs alone.
    """
    with db.write() as conn:
        rows = conn.execute("SELECT * FROM jobs WHERE status = ? AND owner = ?", (PROCESSING, owner)).fetchall()
        for row in rows:
            _move(conn, Job.from_row(row), QUEUED, owner=None, heartbeat=None)
    return [row["id"] for row in rows]


def release(db: Database, job_id: str, owner: str) -> None:
    """Give a processing job back to the queue (the runner was interrupted): its debit stands, a re-run finishes it."""
    with db.write() as conn:
        job = _get(conn, job_id)
        if job.status == PROCESSING and job.owner == owner:
            _move(conn, job, QUEUED, owner=None, heartbeat=None)
