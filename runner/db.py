"""The runner's embedded database: one SQLite file in WAL mode, a schema with migrations.

Why SQLite: the store must survive ``kill -9`` and two runners (two
terminals, or ``mediakit run`` beside ``mediakit serve``) on one folder
without a server to install.  WAL lets readers (``mediakit jobs list``) work
while a runner writes, and ``BEGIN IMMEDIATE`` takes the write lock at the
start of a transaction, so two writers queue instead of failing half-way.
Every status change and its ledger entries are written in one
:meth:`Database.write` transaction: either both are on disk or neither.

Migrations are numbered SQL scripts applied in order; ``PRAGMA user_version``
records the last one applied, so an older store is upgraded on open.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import StoreUnavailable

DB_NAME = "mediakit.db"
BUSY_TIMEOUT_S = 30.0



def outputs_of(store: Path) -> Path:
    """Where a store's server-run jobs put their files: ``STORE/outputs/<job_id>/``."""
    return store / "outputs"


MIGRATIONS: tuple[str, ...] = (
    # 1: accounts, the append-only ledger, jobs
    """
    CREATE TABLE accounts (
        user_id TEXT PRIMARY KEY,
        plan TEXT NOT NULL,
        created_at TEXT NOT NULL,
        period_start TEXT NOT NULL,
        period_end TEXT NOT NULL,
        monthly_balance INTEGER NOT NULL DEFAULT 0,
        purchased_balance INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE ledger (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL REFERENCES accounts(user_id),
        job_id TEXT,
        kind TEXT NOT NULL CHECK (kind IN ('grant', 'purchase', 'debit', 'refund', 'expire')),
        bucket TEXT NOT NULL CHECK (bucket IN ('monthly', 'purchased')),
        amount INTEGER NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        at TEXT NOT NULL
    );
    CREATE INDEX ledger_user ON ledger(user_id, bucket);
    CREATE INDEX ledger_job ON ledger(job_id);
    CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
        BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END;
    CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
        BEGIN SELECT RAISE(ABORT, 'ledger entries are immutable'); END;
    CREATE TABLE jobs (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES accounts(user_id),
        operation TEXT NOT NULL,
        model TEXT,
        auto_reason TEXT,
        status TEXT NOT NULL CHECK (status IN
            ('submitted', 'queued', 'processing', 'completed', 'failed', 'canceled')),
        input_json TEXT NOT NULL,
        input_hash TEXT NOT NULL,
        idempotency_key TEXT,
        spec_key TEXT,
        batch TEXT,
        webhook_url TEXT,
        quote_json TEXT NOT NULL DEFAULT '{}',
        receipt_json TEXT NOT NULL DEFAULT '{}',
        credits INTEGER NOT NULL DEFAULT 0,
        output TEXT,
        files_json TEXT NOT NULL DEFAULT '{}',
        error_code TEXT,
        error_message TEXT,
        progress REAL NOT NULL DEFAULT 0,
        owner TEXT,
        heartbeat REAL,
        attempts INTEGER NOT NULL DEFAULT 0,
        webhook_json TEXT,
        rating INTEGER,
        rating_note TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        started_at TEXT,
        completed_at TEXT,
        seconds REAL,
        deleted_at TEXT
    );
    CREATE UNIQUE INDEX jobs_idempotency ON jobs(user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    CREATE INDEX jobs_spec_key ON jobs(user_id, spec_key);
    CREATE INDEX jobs_status ON jobs(status);
    CREATE INDEX jobs_user_created ON jobs(user_id, created_at);
    """,
    # 2: the skill marketplace: published packages (review-gated) and each user's install history
    """
    CREATE TABLE skill_packages (
        id TEXT PRIMARY KEY,
        slug TEXT NOT NULL,
        version TEXT NOT NULL,
        publisher TEXT NOT NULL,
        description TEXT NOT NULL,
        input_schema_json TEXT,
        recipe_json TEXT NOT NULL,
        review_status TEXT NOT NULL CHECK (review_status IN ('pending', 'approved')),
        created_at TEXT NOT NULL,
        reviewed_at TEXT,
        reviewer TEXT,
        UNIQUE (slug, version)
    );
    CREATE TABLE skill_installs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id TEXT NOT NULL,
        slug TEXT NOT NULL,
        version TEXT NOT NULL,
        installed_at TEXT NOT NULL,
        rolled_back_at TEXT,
        FOREIGN KEY (slug, version) REFERENCES skill_packages(slug, version)
    );
    CREATE INDEX skill_installs_user ON skill_installs(user_id, slug);
    """,
    # 3: webhook deliveries not yet done, with the attempts made so far (``runner.pending_hooks``)
    """
    CREATE TABLE webhook_pending (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id),
        url TEXT NOT NULL,
        body_json TEXT NOT NULL,
        attempts_json TEXT NOT NULL DEFAULT '[]',
        owner TEXT,
        heartbeat REAL,
        created_at TEXT NOT NULL
    );
    """,
)


class Database:
    """A store's SQLite file: opened in WAL mode and migrated to the newest schema."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.path = self.folder / DB_NAME
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None,
                                        check_same_thread=False)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except (sqlite3.Error, OSError) as exc:
            raise StoreUnavailable(f"the store {self.path} cannot be opened: {exc}") from None

    def _migrate(self) -> None:
        with self.write() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > len(MIGRATIONS):
                raise StoreUnavailable(f"the store {self.path} was written by a newer mediakit "
                                       f"(schema {version}; this one knows {len(MIGRATIONS)})")
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                for statement in _statements(script):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {number}")

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): committed when the block ends, rolled back if it raises."""
        self._begin()
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def read(self, sql: str, params: tuple[object, ...] | dict[str, object] = ()) -> list[sqlite3.Row]:
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            raise StoreUnavailable(f"the store {self.path} cannot answer: {exc}") from None

    def _begin(self) -> None:
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise StoreUnavailable(f"the store {self.path} cannot answer: {exc}") from None
                if time.monotonic() > deadline:
                    raise StoreUnavailable(f"the store {self.path} stayed locked for {BUSY_TIMEOUT_S:g} s") from None
                time.sleep(0.05)

    def close(self) -> None:
        self.conn.close()


def _statements(script: str) -> list[str]:
    """A migration script split into statements (triggers keep their inner ``;``)."""
    out: list[str] = []
    current = ""
    for line in script.strip().splitlines():
        current += line + "\n"
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    return out
