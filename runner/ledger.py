"""Credits as an append-only ledger: grants, purchases, debits, refunds, expiries, each tied to a job or a period.

The balance is never stored alone: it is the sum of the ledger's entries
per bucket (``monthly`` allowance, ``purchased`` credits).  Each account row
also caches the two balances so reads are cheap; every posting updates the
cache and re-derives the sums in the same transaction, and a disagreement
rolls the transaction back (``LedgerMismatch``) instead of writing a wrong
balance.  Entries are never updated or deleted (triggers refuse it): a
correction is a new entry, as in double-entry ledgers (TigerBeetle).

Amounts are integer **millicredits** (1 credit = 1000): every price of the
spec is a whole number of credits except speech, 0.016 credits per
character, which is 16 millicredits exactly, so no rounding ever happens.
"""

from __future__ import annotations

import sqlite3
import uuid
from dataclasses import dataclass
from decimal import Decimal

from mediakit.times import now_iso

from .errors import LedgerMismatch

MILLI = 1000
BUCKETS = ("monthly", "purchased")  # the order credits are spent in: allowance first


def to_milli(credits: int | float | Decimal) -> int:
    """Credits as integer millicredits (exact for every price of the spec)."""
    value = Decimal(str(credits)) * MILLI
    if value != value.to_integral_value():
        raise ValueError(f"{credits} credits is not a whole number of millicredits")
    return int(value)


def from_milli(milli: int) -> int | float:
    """Millicredits as the spec's credits: an integer when whole (nearly always), else a number to 3 places."""
    return milli // MILLI if milli % MILLI == 0 else round(milli / MILLI, 3)


def as_number(credits: int | float | Decimal) -> int | float:
    """Credits (a price is a ``Decimal``) as a JSON number exact to the millicredit: serialised as it is, a
    ``Decimal`` would leave the server as a string, unlike every other credit field."""
    return from_milli(to_milli(credits))


def usd(milli: int) -> float:
    """Millicredits in US dollars (1 credit = 0.01 USD) as a JSON number, exact: a millicredit is 0.00001 USD,
    and a float keeps those 5 decimals."""
    return float(Decimal(milli) / (MILLI * 100))


@dataclass(frozen=True)
class Balance:
    """An account's credits by bucket, in millicredits."""

    monthly: int
    purchased: int

    @property
    def total(self) -> int:
        return self.monthly + self.purchased


def balance(conn: sqlite3.Connection, user_id: str) -> Balance:
    """The cached balance of ``user_id`` (kept equal to the ledger's sums by :func:`post`)."""
    row = conn.execute("SELECT monthly_balance, purchased_balance FROM accounts WHERE user_id = ?",
                       (user_id,)).fetchone()
    return Balance(row[0], row[1]) if row else Balance(0, 0)


def derived_balance(conn: sqlite3.Connection, user_id: str) -> Balance:
    """The balance as the sum of the ledger's entries: the truth the cache is checked against."""
    sums = dict(conn.execute("SELECT bucket, COALESCE(SUM(amount), 0) FROM ledger WHERE user_id = ? GROUP BY bucket",
                             (user_id,)).fetchall())
    return Balance(int(sums.get("monthly", 0)), int(sums.get("purchased", 0)))


def post(conn: sqlite3.Connection, user_id: str, kind: str, bucket: str, amount: int, *,
         job_id: str | None = None, note: str = "") -> None:
    """Append one entry and move the cached balance with it; call inside a write transaction."""
    if amount == 0:
        return
    conn.execute("INSERT INTO ledger (id, user_id, job_id, kind, bucket, amount, note, at) VALUES (?,?,?,?,?,?,?,?)",
                 (str(uuid.uuid4()), user_id, job_id, kind, bucket, amount, note, now_iso()))
    column = f"{bucket}_balance"
    conn.execute(f"UPDATE accounts SET {column} = {column} + ? WHERE user_id = ?", (amount, user_id))
    cached, derived = balance(conn, user_id), derived_balance(conn, user_id)
    if cached != derived:
        raise LedgerMismatch(f"account {user_id}: cached balance {cached} differs from the ledger's {derived}")


def debit(conn: sqlite3.Connection, user_id: str, job_id: str, amount: int) -> dict[str, int]:
    """Take ``amount`` for a job, monthly allowance first, then purchased credits; the split by bucket.

    The caller has checked the total suffices (``runner.plans`` raises the
    spec's 402 body); a shortfall here would be a bug, so it is a mismatch.
    """
    held = balance(conn, user_id)
    if amount > held.total:
        raise LedgerMismatch(f"debit of {amount} millicredits for job {job_id} exceeds the balance {held.total}")
    from_monthly = min(amount, max(held.monthly, 0))
    split = {"monthly": from_monthly, "purchased": amount - from_monthly}
    for bucket, part in split.items():
        post(conn, user_id, "debit", bucket, -part, job_id=job_id)
    return split


def refund(conn: sqlite3.Connection, user_id: str, job_id: str, note: str) -> int:
    """Return a job's net debit to the buckets it came from; refunding twice returns nothing the second time."""
    rows = conn.execute("SELECT bucket, COALESCE(SUM(amount), 0) FROM ledger WHERE job_id = ? "
                        "AND kind IN ('debit', 'refund') GROUP BY bucket", (job_id,)).fetchall()
    total = 0
    for bucket, net in rows:
        if net < 0:
            post(conn, user_id, "refund", bucket, -net, job_id=job_id, note=note)
            total += -net
    return total


def job_net(conn: sqlite3.Connection, job_id: str) -> int:
    """What a job costs now, in millicredits (its debits less its refunds)."""
    row = conn.execute("SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE job_id = ? AND kind IN ('debit', 'refund')",
                       (job_id,)).fetchone()
    return -int(row[0])
