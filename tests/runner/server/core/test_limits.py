"""Rate limits: one-minute windows per bucket and caller, their headers, and 429 with Retry-After."""

from __future__ import annotations

import pytest
from serving import Live

from runner.errors import LimitError
from runner.server.core.limits import PER_MINUTE, Bucket, RateLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_spec_limits() -> None:
    assert PER_MINUTE == {Bucket.GENERATE: 10, Bucket.READ: 60, Bucket.ACTOR: 60, Bucket.CATALOG: 60}


def test_window_fills_then_resets_a_minute_later() -> None:
    clock = Clock()
    limiter = RateLimiter(clock=clock)
    quotas = [limiter.hit(Bucket.GENERATE, "alice") for _ in range(10)]
    assert [q.remaining for q in quotas] == list(range(9, -1, -1))
    assert quotas[0].reset == 1060
    clock.now = 1045.2
    with pytest.raises(LimitError) as caught:
        limiter.hit(Bucket.GENERATE, "alice")
    assert caught.value.status == 429
    assert caught.value.retry_after == 15
    assert caught.value.headers["X-RateLimit-Remaining"] == "0"
    assert limiter.hit(Bucket.GENERATE, "bob").remaining == 9  # another user has their own window
    assert limiter.hit(Bucket.READ, "alice").remaining == 59  # and reads are counted apart
    clock.now = 1060.0
    assert limiter.hit(Bucket.GENERATE, "alice").remaining == 9


@pytest.mark.slow
def test_read_limit_over_http_with_headers(tight: Live) -> None:
    headers = tight.key()
    seen = [tight.client.get("/v1/account/keys", headers=headers) for _ in range(4)]
    assert [r.status_code for r in seen] == [200, 200, 200, 429]
    assert [r.headers["X-RateLimit-Remaining"] for r in seen] == ["2", "1", "0", "0"]
    assert all(r.headers["X-RateLimit-Limit"] == "3" for r in seen)
    last = seen[-1]
    assert last.json()["error"]["type"] == "rate_limit_error"
    assert 1 <= int(last.headers["Retry-After"]) <= 60
    assert int(last.headers["X-RateLimit-Reset"]) == int(seen[0].headers["X-RateLimit-Reset"])
    other = tight.client.get("/v1/account/keys", headers=tight.key("bob"))
    assert other.status_code == 200  # keyed on the user, not the connection


@pytest.mark.slow
def test_actor_limit_is_per_ip_without_credentials(tight: Live) -> None:
    codes = [tight.client.get("/v1/actors", params={"limit": 1}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


@pytest.mark.slow
def test_the_catalog_answers_when_the_actor_list_is_exhausted(tight: Live) -> None:
    """The catalog and the actor list are both public and per IP, but each has its own bucket."""
    assert [tight.client.get("/v1/actors", params={"limit": 1}).status_code for _ in range(4)][-1] == 429
    models = tight.client.get("/v1/models")
    assert models.status_code == 200 and models.headers["x-ratelimit-remaining"] == "2"
    assert [tight.client.get("/v1/models").status_code for _ in range(3)][-1] == 429
    assert tight.client.get("/v1/actors", params={"limit": 1}).status_code == 429  # still its own count


@pytest.mark.slow
def test_failed_credentials_are_counted_per_ip(tight: Live) -> None:
    bad = {"Authorization": "Bearer ma_guess"}
    seen = [tight.client.get("/v1/account/keys", headers=bad) for _ in range(4)]
    assert [r.status_code for r in seen] == [401, 401, 401, 429]
    assert seen[0].headers["X-RateLimit-Remaining"] == "2"
    assert tight.client.get("/v1/account/keys", headers=tight.key()).status_code == 200  # users keep their own


def test_expired_windows_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    from runner.server.core import limits

    monkeypatch.setattr(limits, "PRUNE_AT", 3)
    clock = Clock()
    limiter = RateLimiter(clock=clock)
    for ip in ("a", "b", "c"):
        limiter.hit(Bucket.ACTOR, ip)
    clock.now += 61
    limiter.hit(Bucket.ACTOR, "d")
    assert set(limiter._windows) == {(Bucket.ACTOR, "d")}
