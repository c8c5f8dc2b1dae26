"""A real server on 127.0.0.1 (uvicorn in a thread, on a free port) over a temporary store, per test."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import uvicorn

from mediakit.server.app import ServerConfig, create_app
from mediakit.server.auth import JwtConfig
from mediakit.server.keys import KeyStore
from mediakit.server.limits import Bucket, RateLimiter

JWT_SECRET = "test-secret-that-is-long-enough-for-hs256"


@dataclass
class Live:
    """A running server: its base URL, store, key store and a client."""

    url: str
    config: ServerConfig
    keys: KeyStore
    client: httpx.Client

    def key(self, user: str = "alice") -> dict[str, str]:
        """Authorization headers with a fresh API key for ``user``."""
        return {"Authorization": f"Bearer {self.keys.create(user)['key']}"}


def serve(config: ServerConfig) -> Iterator[Live]:
    """Run ``create_app(config)`` on a free port until the test ends."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(config), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    url = f"http://127.0.0.1:{port}"
    with httpx.Client(base_url=url, timeout=10) as client:
        yield Live(url, config, KeyStore(config.keys_path), client)
    server.should_exit = True
    thread.join(5)
    sock.close()


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    """A server with the spec's limits and HS256 session tokens signed with ``JWT_SECRET``."""
    yield from serve(ServerConfig(tmp_path / "store", jwt=JwtConfig(secret=JWT_SECRET)))


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[Live]:
    """A server whose limits are 3 requests a minute in every bucket, so tests reach them quickly."""
    limiter = RateLimiter({bucket: 3 for bucket in Bucket})
    yield from serve(ServerConfig(tmp_path / "store", limiter=limiter))
