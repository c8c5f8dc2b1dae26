from __future__ import annotations

import sqlite3
from decimal import Decimal

import pytest

from runner import ledger
from runner.db import Database
from runner.errors import LedgerMismatch

USER = "u1"  # the account the db fixture opens


def test_millicredits_are_exact_for_every_price():
    assert ledger.to_milli(300) == 300_000
    assert ledger.to_milli(Decimal("0.016") * 37) == 592  # speech: 0.016 credits a character
    assert ledger.from_milli(300_000) == 300
    assert ledger.from_milli(592) == 0.592
    with pytest.raises(ValueError):
        ledger.to_milli(Decimal("0.0001"))


def test_opening_grants_allowance_and_purchase(db: Database):
    with db.write() as conn:
        assert ledger.balance(conn, USER) == ledger.Balance(6_900_000, 100_000)
        kinds = conn.execute("SELECT kind, bucket, amount FROM ledger ORDER BY seq").fetchall()
    assert [tuple(k) for k in kinds] == [("grant", "monthly", 6_900_000), ("purchase", "purchased", 100_000)]


def test_debit_spends_allowance_first_and_refund_returns_to_each_bucket(db: Database):
    with db.write() as conn:
        ledger.post(conn, USER, "expire", "monthly", -6_800_000)  # 100 monthly left
        split = ledger.debit(conn, USER, "job-1", 150_000)
        assert split == {"monthly": 100_000, "purchased": 50_000}
        assert ledger.balance(conn, USER) == ledger.Balance(0, 50_000)
        assert ledger.refund(conn, USER, "job-1", note="failed") == 150_000
        assert ledger.balance(conn, USER) == ledger.Balance(100_000, 100_000)
        assert ledger.refund(conn, USER, "job-1", note="again") == 0  # a second refund returns nothing
        assert ledger.job_net(conn, "job-1") == 0


def test_entries_are_immutable(db: Database):
    with pytest.raises(sqlite3.IntegrityError, match="immutable"), db.write() as conn:
        conn.execute("UPDATE ledger SET amount = 0")
    with pytest.raises(sqlite3.IntegrityError, match="immutable"), db.write() as conn:
        conn.execute("DELETE FROM ledger")


def test_a_cache_that_drifts_from_the_ledger_rolls_back(db: Database):
    with db.write() as conn:
        conn.execute("UPDATE accounts SET purchased_balance = purchased_balance + 1 WHERE user_id = ?", (USER,))
    with pytest.raises(LedgerMismatch), db.write() as conn:
        ledger.post(conn, USER, "purchase", "purchased", 5_000)
    with db.write() as conn:  # the failed posting left nothing behind
        assert conn.execute("SELECT COUNT(*) FROM ledger").fetchone()[0] == 2
