"""Credit conservation under any interleaving of submit, start, finish, fail, cancel, crash and restart.

Hypothesis drives a state machine against a real store.  After every step:
the cached balance equals the ledger's sum; every job's net charge is its
price while it is active or completed and zero once failed or canceled; and
the balance is exactly what was granted and bought less those charges.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from mediakit.errors import MediakitError
from runner import accounts, jobs, ledger
from runner.db import Database

pytestmark = pytest.mark.slow

USER = "p"
START = 6_900_000 + 500_000  # creator allowance + 500 purchased, millicredits


def _dead_owner() -> str:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return f"{os.uname().nodename}:{proc.pid}:dead"


DEAD = _dead_owner()


class Ledger(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mediakit-prop-"))
        self.db = Database(self.folder)
        with self.db.write() as conn:
            accounts.open_account(conn, USER, plan="creator", credits=500)
        self.prices: dict[str, int] = {}
        self.bought = 0
        self.owner = "runner-a"

    def teardown(self) -> None:
        self.db.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _ids(self, *statuses: str) -> list[str]:
        return [r[0] for r in self.db.read(f"SELECT id FROM jobs WHERE status IN ({','.join('?' * len(statuses))}) "
                                           "ORDER BY rowid", statuses)]

    @rule(credits=st.sampled_from([0, 20, 50, 150, 300, 700, 3000]), key=st.sampled_from([None, "k1", "k2"]),
          variant=st.integers(0, 2))
    def submit(self, credits: int, key: str | None, variant: int) -> None:
        sub = jobs.Submission(generator="ugc_video", input={"v": variant, "c": credits}, credits=credits, quote={},
                              receipt={}, idempotency_key=key)
        try:
            job, replayed = jobs.submit(self.db, USER, sub)
        except MediakitError as exc:
            assert exc.code in ("insufficient_credits", "idempotency_key_reused")
            return
        if not replayed:
            self.prices[job.id] = ledger.to_milli(credits)

    @precondition(lambda self: bool(self._ids("submitted", "queued")))
    @rule(pick=st.integers(0, 100))
    def start(self, pick: int) -> None:
        waiting = self._ids("submitted", "queued")
        jobs.claim(self.db, waiting[pick % len(waiting)], self.owner)

    @precondition(lambda self: bool(self._ids("processing")))
    @rule(pick=st.integers(0, 100), ok=st.booleans())
    def finish(self, pick: int, ok: bool) -> None:
        running = self._ids("processing")
        job_id = running[pick % len(running)]
        if ok:
            jobs.complete(self.db, job_id, self.owner, output="o.mp4", files={}, receipt={}, seconds=1.0)
        else:
            jobs.fail(self.db, job_id, "render_error", "failed", owner=self.owner)

    @precondition(lambda self: bool(self.prices))
    @rule(pick=st.integers(0, 100))
    def cancel(self, pick: int) -> None:
        ids = list(self.prices)
        try:
            jobs.cancel(self.db, USER, ids[pick % len(ids)])
        except MediakitError as exc:
            assert exc.code == "cannot_cancel"

    @rule()
    def crash_and_restart(self) -> None:
        """The runner dies (its jobs' owner is a dead process), the store is reopened, orphans requeued."""
        self.db.conn.execute("UPDATE jobs SET owner = ? WHERE status = 'processing'", (DEAD,))
        self.db.close()
        self.db = Database(self.folder)
        jobs.requeue_orphans(self.db)
        assert not self._ids("processing")

    @rule(credits=st.integers(1, 1000))
    def buy(self, credits: int) -> None:
        with self.db.write() as conn:
            accounts.add_credits(conn, USER, credits)
        self.bought += credits * 1000

    @invariant()
    def conserved(self) -> None:
        with self.db.write() as conn:
            cached, derived = ledger.balance(conn, USER), ledger.derived_balance(conn, USER)
            assert cached == derived and cached.monthly >= 0 and cached.purchased >= 0
            charged = 0
            for job_id, price in self.prices.items():
                status = conn.execute("SELECT status FROM jobs WHERE id = ?", (job_id,)).fetchone()[0]
                expected = 0 if status in ("failed", "canceled") else price
                assert ledger.job_net(conn, job_id) == expected, (job_id, status)
                charged += expected
            assert cached.total == START + self.bought - charged


TestConservation = Ledger.TestCase
TestConservation.settings = settings(max_examples=60, stateful_step_count=30, deadline=None)
