"""The runner's errors: branches of mediakit's one exception tree with the spec's codes.

Each carries the spec's HTTP status (the server answers with it) and the
CLI's exit code, like every ``MediakitError``; plan and credit refusals live
with the plan rules in ``runner.plans``.  The server's own refusals (a
credential that does not authenticate, a quota reached) are here too: the
library never sees a key or a quota.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mediakit.errors import EXIT_BAD_INPUT, MediakitError, NotFoundError


class JobNotFound(NotFoundError):
    """No such job for this user (another user's job is not found either: users are isolated)."""

    code = "job_not_found"

    def __init__(self, job_id: str) -> None:
        self.job_id = job_id
        super().__init__(f"job {job_id!r} does not exist", details=[{"field": "job_id", "rule": "must name a job"}])


class CannotCancel(MediakitError):
    """Cancel (or another move) asked of a job already in a terminal state."""

    code = "cannot_cancel"
    status = 409
    exit_code = EXIT_BAD_INPUT

    def __init__(self, job_id: str, status: str) -> None:
        self.job_id = job_id
        self.job_status = status
        super().__init__(f"job {job_id} is already {status}; only submitted, queued or processing jobs can be "
                         f"canceled", details=[{"field": "job_id", "rule": f"job is {status}"}])


class IdempotencyConflict(MediakitError):
    """An idempotency key reused with other inputs: refused, so one key never means two generations."""

    code = "idempotency_key_reused"
    status = 409
    exit_code = EXIT_BAD_INPUT

    def __init__(self, key: str, job_id: str) -> None:
        self.key = key
        self.job_id = job_id
        super().__init__(f"idempotency_key {key!r} was used for job {job_id} with different inputs; use a new "
                         f"key for new inputs",
                         details=[{"field": "idempotency_key", "rule": "reused with other inputs"}])


class StoreUnavailable(MediakitError):
    """The store cannot answer (locked too long, unreadable, newer schema): the spec's 503 STATUS_UNAVAILABLE."""

    code = "STATUS_UNAVAILABLE"
    status = 503


class LedgerMismatch(MediakitError):
    """The derived balance and the cached balance disagree: the transaction is rolled back, nothing is lost."""

    code = "ledger_mismatch"
    status = 500


class PackageNotFound(NotFoundError):
    """No such skill package (or version of it) in the marketplace, or none installed for this user."""

    code = "package_not_found"


class PackageConflict(MediakitError):
    """A marketplace move the packages' state refuses: a taken version or slug, an unreviewed pin, no earlier
    install to roll back to."""

    code = "package_conflict"
    status = 409
    exit_code = EXIT_BAD_INPUT


class ReviewerRequired(MediakitError):
    """Approving a package is the store's admin's (``mediakit serve --admin USER``); anyone else is refused."""

    code = "admin_required"
    status = 403
    exit_code = EXIT_BAD_INPUT


class AuthError(MediakitError):
    """A protected route was called without a credential or with one that does not authenticate (401)."""

    code = "invalid_api_key"
    status = 401
    exit_code = EXIT_BAD_INPUT

    def __init__(self, message: str, *, code: str | None = None) -> None:
        if code is not None:
            self.code = code
        super().__init__(message)


class RangeNotSatisfiable(MediakitError):
    """A ``Range`` header that asks for bytes past the end of the file (416, with the file's size in
    ``Content-Range`` as RFC 9110 asks)."""

    code = "range_not_satisfiable"
    status = 416
    exit_code = EXIT_BAD_INPUT

    def __init__(self, requested: str, size: int) -> None:
        self.headers = {"Content-Range": f"bytes */{size}"}
        super().__init__(f"Range: {requested!r} starts past the end of the file ({size} bytes)",
                         details=[{"field": "Range", "rule": f"byte ranges within 0-{max(size - 1, 0)}"}])


class LimitError(MediakitError):
    """A quota was reached (too many requests, too many active keys); ``retry_after`` in seconds when it passes."""

    code = "rate_limited"
    status = 429
    exit_code = EXIT_BAD_INPUT

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None,
                 retry_after: int | None = None, headers: dict[str, str] | None = None,
                 details: Sequence[dict[str, Any]] = ()) -> None:
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.retry_after = retry_after
        self.headers = dict(headers or {})
        super().__init__(message, details=details)
