"""How many input downloads one user may have in flight at once: a bound per user, refused past it.

An input URL whose host accepts the connection and never answers holds the
thread that plans the request for the download's whole deadline (30 s).
Without a bound one caller naming such a URL in 40 concurrent requests
ties up 40 threads; with it, that caller's downloads past ``PER_USER``
are refused at once with the spec's 429 ``rate_limited`` (no credits are
taken: nothing is debited before a plan is whole), and a retry is safe.
Only real downloads count: a local file, a server's own file URL or a URL
already fetched costs no thread time, so concurrent submits naming those
are never refused here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from mediakit.fetch import gated_downloads

from .errors import LimitError

PER_USER = 4


class Downloads:
    """Counts each user's downloads in flight; thread-safe (a server plans requests on many threads)."""

    def __init__(self, per_user: int = PER_USER) -> None:
        self.per_user = per_user
        self._lock = threading.Lock()
        self._active: dict[str, int] = {}

    @contextmanager
    def hold(self, user: str, field: str) -> Iterator[None]:
        """One of ``user``'s download slots for this block; ``LimitError`` (429, naming ``field``) when none is free."""
        with self._lock:
            active = self._active.get(user, 0)
            if active >= self.per_user:
                rule = f"at most {self.per_user} input downloads in flight per user"
                raise LimitError(f"{field}: too many input downloads at once: {rule}; retry when one finishes",
                                 retry_after=1, details=[{"field": field, "rule": rule}])
            self._active[user] = active + 1
        try:
            yield
        finally:
            with self._lock:
                left = self._active.pop(user) - 1
                if left:
                    self._active[user] = left

    def of(self, user: str) -> AbstractContextManager[None]:
        """Plan inside this block: every download counts against ``user``'s slots (``mediakit.fetch``)."""
        return gated_downloads(lambda _url, field: self.hold(user, field))


DOWNLOADS = Downloads()  # the process's: every request it plans shares the same threads
