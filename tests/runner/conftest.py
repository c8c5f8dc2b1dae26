"""Runner fixtures: a fresh store with an account, and the ``test_sleep`` generator for scheduling tests."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # so runner tasks (forkserver children) import sleepgen too

import sleepgen  # noqa: E402,F401  (registers test_sleep)

from runner import accounts  # noqa: E402
from runner.db import Database  # noqa: E402

USER = "u1"


@pytest.fixture
def db(tmp_path: Path) -> Database:
    """A store whose user ``u1`` is on the creator plan (6900 monthly) with 100 purchased credits."""
    store = Database(tmp_path / "store")
    with store.write() as conn:
        accounts.open_account(conn, USER, plan="creator", credits=100)
    return store
