from __future__ import annotations

from pathlib import Path

import pytest

from runner.db import MIGRATIONS, Database
from runner.errors import StoreUnavailable


def test_store_is_wal_and_migrated(tmp_path: Path):
    db = Database(tmp_path / "s")
    assert db.read("PRAGMA journal_mode")[0][0] == "wal"
    assert db.read("PRAGMA user_version")[0][0] == len(MIGRATIONS)
    db.close()
    again = Database(tmp_path / "s")  # reopening an up-to-date store applies nothing twice
    assert again.read("PRAGMA user_version")[0][0] == len(MIGRATIONS)


def test_a_newer_store_is_refused(tmp_path: Path):
    db = Database(tmp_path / "s")
    db.conn.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreUnavailable, match="newer mediakit"):
        Database(tmp_path / "s")


def test_an_unreadable_store_is_unavailable(tmp_path: Path):
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "mediakit.db").write_bytes(b"not a database" * 100)
    with pytest.raises(StoreUnavailable) as err:
        Database(tmp_path / "s")
    assert err.value.status == 503 and err.value.code == "STATUS_UNAVAILABLE"


def test_a_failed_transaction_writes_nothing(tmp_path: Path):
    db = Database(tmp_path / "s")
    with pytest.raises(RuntimeError), db.write() as conn:
        conn.execute("INSERT INTO accounts (user_id, plan, created_at, period_start, period_end) "
                     "VALUES ('x', 'free', '', '', '')")
        raise RuntimeError("boom")
    assert db.read("SELECT COUNT(*) FROM accounts")[0][0] == 0
