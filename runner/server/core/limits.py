"""Request rate limits: a fixed one-minute window per (bucket, caller).

The spec's limits: 10 generate and 60 read requests per minute per user,
60 actor-list requests per minute per IP.  The model catalog is public too,
so it is counted per IP like the actor list, but in a bucket of its own at
the spec's read rate (60 a minute): a client paging through actors must not
lose the catalog, nor the other way round.  A fixed window is what the
``X-RateLimit-Reset`` header describes (the moment the count starts again),
and it is one counter per caller, so it costs nothing under load.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from runner.errors import LimitError

WINDOW = 60.0
PRUNE_AT = 10_000  # callers tracked before expired windows are dropped (IPs come and go)


class Bucket(StrEnum):
    """What a request counts against."""

    GENERATE = "generate"
    READ = "read"
    ACTOR = "actor"
    CATALOG = "catalog"


PER_MINUTE = {Bucket.GENERATE: 10, Bucket.READ: 60, Bucket.ACTOR: 60, Bucket.CATALOG: 60}


@dataclass(frozen=True)
class Quota:
    """One request's standing in its window: what the X-RateLimit-* headers say."""

    limit: int
    remaining: int
    reset: int  # epoch seconds when the window starts again

    def headers(self) -> dict[str, str]:
        return {"X-RateLimit-Limit": str(self.limit), "X-RateLimit-Remaining": str(self.remaining),
                "X-RateLimit-Reset": str(self.reset)}


class RateLimiter:
    """Counts requests per (bucket, caller) in one-minute windows; thread-safe."""

    def __init__(self, per_minute: dict[Bucket, int] | None = None, clock: Callable[[], float] = time.time) -> None:
        self.per_minute = dict(PER_MINUTE if per_minute is None else per_minute)
        self.clock = clock
        self._lock = threading.Lock()
        self._windows: dict[tuple[Bucket, str], tuple[float, int]] = {}

    def hit(self, bucket: Bucket, caller: str) -> Quota:
        """Count one request; ``LimitError`` (429, with ``retry_after``) once the window is full."""
        limit = self.per_minute[bucket]
        now = self.clock()
        with self._lock:
            if len(self._windows) >= PRUNE_AT:
                self._windows = {k: v for k, v in self._windows.items() if now - v[0] < WINDOW}
            start, count = self._windows.get((bucket, caller), (now, 0))
            if now - start >= WINDOW:
                start, count = now, 0
            reset = start + WINDOW
            if count >= limit:
                retry = max(1, math.ceil(reset - now))
                raise LimitError(f"too many {bucket} requests: at most {limit} per minute; retry in {retry} s",
                                 retry_after=retry, headers=Quota(limit, 0, math.ceil(reset)).headers())
            self._windows[(bucket, caller)] = (start, count + 1)
        return Quota(limit, limit - count - 1, math.ceil(reset))
