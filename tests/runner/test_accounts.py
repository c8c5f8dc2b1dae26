from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from runner import accounts, ledger
from runner.db import Database

USER = "u1"  # the account the db fixture opens (creator, 100 purchased)


def test_account_shape(db: Database):
    with db.write() as conn:
        data = accounts.account(conn, USER)
    assert data["user_id"] == USER
    assert {k: data["plan"][k] for k in ("tier", "name", "status", "trial_active", "trial_ends_at")} == {
        "tier": "creator", "name": "Pro", "status": "active", "trial_active": False, "trial_ends_at": None}
    assert data["credits"] == {"monthly_remaining": 6900, "monthly_allowance": 6900, "purchased": 100, "total": 7000}
    assert data["limits"]["max_concurrent_jobs"] == 5 and data["limits"]["max_video_duration"] == 15


def test_an_existing_account_keeps_its_balance(db: Database):
    with db.write() as conn:
        assert accounts.open_account(conn, USER, plan="pro_plus", credits=99999) is False
        assert ledger.balance(conn, USER).total == 7_000_000


def test_a_new_period_expires_the_rest_and_grants_the_allowance(db: Database):
    with db.write() as conn:
        ledger.debit(conn, USER, "j", 900_000)
        conn.execute("UPDATE accounts SET period_end = '2020-01-01T00:00:00Z' WHERE user_id = ?", (USER,))
        accounts.roll_period(conn, USER)
        assert ledger.balance(conn, USER) == ledger.Balance(6_900_000, 100_000)
        end = conn.execute("SELECT period_end FROM accounts").fetchone()[0]
        assert end > "2026"
        accounts.roll_period(conn, USER)  # nothing more within the period
        assert conn.execute("SELECT COUNT(*) FROM ledger WHERE kind = 'expire'").fetchone()[0] == 1


def test_plan_change_and_purchases(db: Database):
    with db.write() as conn:
        accounts.change_plan(conn, USER, "starter")
        accounts.add_credits(conn, USER, 25)
        data = accounts.account(conn, USER)
    assert data["plan"]["tier"] == "starter" and data["credits"]["total"] == 3900 + 125
    with pytest.raises(ValidationError, match="plan"), db.write() as conn:
        accounts.change_plan(conn, USER, "gold")
    with pytest.raises(ValidationError, match="credits"), db.write() as conn:
        accounts.add_credits(conn, USER, -5)
