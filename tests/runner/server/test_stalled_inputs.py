"""Input URLs whose host never answers: each user's downloads are bounded (429 past the bound, nothing charged),
and status, account and catalog reads keep answering while the downloads hang.

The host is a local socket that accepts connections and answers nothing until the test releases it, so the
downloads hang for as long as the test needs and no outcome depends on how long anything takes (the clients'
timeouts only guard against a hung test).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from patience import HANG_S
from serving import Live, credits

from runner.downloads import PER_USER
from runner.server.core.lanes import FETCH_THREADS

pytestmark = pytest.mark.slow

APP = "/v1/generate/show_your_app"
SCRIPT = "My streak is at twelve days and counting."
SCREEN = Path(__file__).resolve().parents[3] / "samples" / "app_screen.png"
GUARD_S = 10.0  # only a failure guard: every wait below ends on an event, not on time


class SilentHost:
    """A TCP listener on 127.0.0.1 that accepts every connection and sends nothing until ``release``."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0), backlog=128)
        self.url = f"https://127.0.0.1:{self.sock.getsockname()[1]}/screen.png"
        self.held: list[socket.socket] = []
        self.released = False
        self.arrived = threading.Condition()
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # released: the listener is shut down
                return
            with self.arrived:
                if self.released:
                    conn.close()
                else:
                    self.held.append(conn)
                    self.arrived.notify_all()

    def wait_for(self, count: int) -> None:
        """Until ``count`` connections are held (they hang in their downloads)."""
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.held) >= count, GUARD_S), f"{len(self.held)} < {count}"

    def __enter__(self) -> SilentHost:
        return self

    def __exit__(self, *_: object) -> None:
        """Leaving a test's block releases the host before its pool waits for the submits, even on failure."""
        self.release()

    def release(self) -> None:
        """Close everything: every hanging download fails at once, and later ones are refused."""
        with self.arrived:
            self.released = True
            for conn in self.held:
                conn.close()
        if self.thread.is_alive():
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept (a close alone would not, on Linux)
            self.thread.join(GUARD_S)
        self.sock.close()


@pytest.fixture
def silent() -> Iterator[SilentHost]:
    host = SilentHost()
    yield host
    host.release()


def _submit(pool: ThreadPoolExecutor, client: httpx.Client, headers: dict[str, str], url: str
            ) -> Future[httpx.Response]:
    return pool.submit(client.post, APP, json={"app_screenshot_url": url, "script": SCRIPT, "duration": 5},
                       headers=headers)


def _reads_answer(live: Live, headers: dict[str, str], job_id: str) -> None:
    for path in (f"/v1/videos/{job_id}", "/v1/account", "/v1/models"):
        assert live.client.get(path, headers=headers, timeout=GUARD_S).status_code == 200, path


def test_one_users_downloads_past_the_bound_are_refused_and_reads_answer(live: Live, silent: SilentHost) -> None:
    alice = live.key("alice")
    job = live.client.post(APP, json={"app_screenshot_url": str(SCREEN), "script": SCRIPT, "duration": 5},
                           headers=alice)
    assert job.status_code == 201, job.text
    before = credits(live, alice)
    with ThreadPoolExecutor(PER_USER) as pool, httpx.Client(base_url=live.url, timeout=HANG_S) as client, silent:
        hanging = [_submit(pool, client, alice, silent.url) for _ in range(PER_USER)]
        silent.wait_for(PER_USER)
        for _ in range(2):  # alice's downloads are all in flight: more are refused at once, naming the field
            r = live.client.post(APP, json={"app_screenshot_url": silent.url, "script": SCRIPT, "duration": 5},
                                 headers=alice, timeout=GUARD_S)
            assert r.status_code == 429, r.text
            error = r.json()["error"]
            assert error["code"] == "rate_limited" and error["details"][0]["field"] == "app_screenshot_url"
            assert f"at most {PER_USER} input downloads in flight per user" in error["message"]
            assert r.headers["Retry-After"] == "1"
        _reads_answer(live, alice, job.json()["job_id"])
        assert credits(live, alice) == before
        local = live.client.post(APP, json={"app_screenshot_url": str(SCREEN), "script": SCRIPT, "duration": 5},
                                 headers=alice, timeout=GUARD_S)  # no download: not bounded
        assert local.status_code == 201, local.text
        before = round(before - local.json()["credits_deducted"], 3)
        silent.release()
        for future in hanging:
            r = future.result(GUARD_S)
            assert r.status_code == 400 and r.json()["error"]["code"] == "media_error", r.text
    assert round(credits(live, alice), 3) == before  # nothing charged for the jobs that did not run


def test_reads_answer_while_many_users_downloads_hang(live: Live, silent: SilentHost) -> None:
    """More hanging downloads than the shared pool's 40 threads: they wait on their own lane, reads do not."""
    alice = live.key("alice")
    job = live.client.post(APP, json={"app_screenshot_url": str(SCREEN), "script": SCRIPT, "duration": 5},
                           headers=alice)
    assert job.status_code == 201, job.text
    users = [live.key(f"user{n}") for n in range(48 // PER_USER)]
    before = [credits(live, h) for h in users]
    with ThreadPoolExecutor(48) as pool, httpx.Client(base_url=live.url, timeout=HANG_S,
                                                      limits=httpx.Limits(max_connections=64)) as client, silent:
        hanging = [_submit(pool, client, h, silent.url) for h in users for _ in range(PER_USER)]
        silent.wait_for(FETCH_THREADS)
        _reads_answer(live, alice, job.json()["job_id"])
        silent.release()
        for future in hanging:
            r = future.result(GUARD_S)
            assert r.status_code == 400 and r.json()["error"]["code"] == "media_error", r.text
    assert [credits(live, h) for h in users] == before
