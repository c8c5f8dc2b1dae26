"""Fixtures: a real server per test over a temporary store (see ``serving``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import JWT_SECRET, WORKER_IMPORTS, Live, serve

from runner.server.app import ServerConfig
from runner.server.core.auth import JwtConfig
from runner.server.core.limits import Bucket, RateLimiter
from runner.worker import WorkerOptions


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    """A server with the spec's limits and HS256 session tokens signed with ``JWT_SECRET``."""
    yield from serve(ServerConfig(tmp_path / "store", jwt=JwtConfig(secret=JWT_SECRET)))


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[Live]:
    """A server whose limits are 3 requests a minute in every bucket, so tests reach them quickly."""
    limiter = RateLimiter({bucket: 3 for bucket in Bucket})
    yield from serve(ServerConfig(tmp_path / "store", limiter=limiter))


@pytest.fixture
def working(tmp_path: Path) -> Iterator[Live]:
    """A server that renders its jobs (two at once, ``test_sleep`` importable), with room for 1000 requests a
    minute so tests that poll are not rate limited."""
    limiter = RateLimiter({bucket: 1000 for bucket in Bucket})
    worker = WorkerOptions(workers=2, executor_options={"imports": WORKER_IMPORTS})
    yield from serve(ServerConfig(tmp_path / "store", limiter=limiter, worker=worker))
