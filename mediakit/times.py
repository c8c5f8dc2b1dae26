"""Timestamps in the spec's ISO 8601 shape (UTC, seconds, ``Z``): keys, sessions, uploads, jobs, ledger entries."""

from __future__ import annotations

import time
from datetime import UTC, datetime


def iso(epoch: float) -> str:
    """``epoch`` seconds as the spec's date-time."""
    return datetime.fromtimestamp(epoch, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def now_iso() -> str:
    """The current time as the spec's date-time."""
    return iso(time.time())
