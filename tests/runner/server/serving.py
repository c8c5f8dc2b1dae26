"""A real server on 127.0.0.1 (uvicorn in a thread, on a free port) for the server tests.

A module of its own (not conftest) so tests can import ``Live`` by a name no other conftest shares.
"""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from patience import HANG_S, until

from runner.server.app import ServerConfig, create_app
from runner.server.core.keys import KeyStore

sys.path.insert(0, str(Path(__file__).parents[1]))  # the runner's quick ``test_sleep`` generator
import sleepgen  # noqa: E402

JWT_SECRET = "test-secret-that-is-long-enough-for-hs256"
WORKER_IMPORTS = (sleepgen.__name__,)  # what a test server's render processes import (registers test_sleep)


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
    url = f"http://127.0.0.1:{port}"
    if config.worker is not None:  # as ``mediakit serve`` does: webhooks name outputs by their served URL
        config = replace(config, worker=replace(config.worker, files_url=f"{url}/v1/files/"))
    server = uvicorn.Server(uvicorn.Config(create_app(config), log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    until(lambda: server.started, "server did not start", step=0.02)
    with httpx.Client(base_url=url, timeout=HANG_S) as client:
        yield Live(url, config, KeyStore(config.keys_path), client)
    server.should_exit = True
    thread.join(5)
    sock.close()


SLEEP = f"/v1/generate/{sleepgen.NAME}"


def poll(live: Live, path: str, headers: dict[str, str], ends: tuple[str, ...], timeout: float,
         every: float = 0.1) -> dict[str, Any]:
    """GET ``path`` until its ``status`` is one of ``ends`` (or ``timeout`` passes); the last body."""
    deadline = time.monotonic() + timeout
    while True:
        r = live.client.get(path, headers=headers)
        assert r.status_code == 200, r.text
        if r.json()["status"] in ends or time.monotonic() > deadline:
            return dict(r.json())
        time.sleep(every)


def wait_for(live: Live, job_id: str, headers: dict[str, str], timeout: float = HANG_S) -> dict[str, Any]:
    """Poll the job's status until it is terminal."""
    return poll(live, f"/v1/videos/{job_id}", headers, ("completed", "failed", "canceled"), timeout)


def credits(live: Live, headers: dict[str, str]) -> float:
    return float(live.client.get("/v1/account", headers=headers).json()["credits"]["total"])
