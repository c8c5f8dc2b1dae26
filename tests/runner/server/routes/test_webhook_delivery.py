"""A job submitted over HTTP with ``webhook_url`` reports to a local https receiver with the spec's body.

The receiver (as in ``tests/runner/test_webhooks.py``) is an ``http.server``
behind TLS with a ``trustme`` certificate for 127.0.0.1; the server's worker
trusts its CA through ``SSL_CERT_FILE`` (what the default TLS context reads)
and may call a loopback address through ``MEDIAKIT_WEBHOOK_ALLOW_PRIVATE=1``.
"""

from __future__ import annotations

import json
import socket
import ssl
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import trustme
from patience import until
from serving import SLEEP, WORKER_IMPORTS, Live, credits, serve, wait_for
from sleepgen import NAME

from runner import jobs, pending_hooks, service, webhooks
from runner.db import Database
from runner.server.app import ServerConfig
from runner.worker import WorkerOptions

pytestmark = pytest.mark.slow


@pytest.fixture
def receiver(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """``(url, deliveries)``: an https endpoint on 127.0.0.1 that answers 200 and records each request."""
    ca = trustme.CA()
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(tls)
    pem = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(pem))
    monkeypatch.setenv("SSL_CERT_FILE", str(pem))
    monkeypatch.setenv(webhooks.ALLOW_PRIVATE_ENV, "1")
    received: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = self.rfile.read(int(self.headers["Content-Length"]))
            received.append({"path": self.path, "headers": dict(self.headers), "body": json.loads(body)})
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = tls.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"https://127.0.0.1:{server.server_address[1]}/hooks/mediakit?secret=s3", received
    server.shutdown()
    server.server_close()


def test_completed_job_is_delivered_to_the_webhook(working: Live,
                                                   receiver: tuple[str, list[dict[str, Any]]]) -> None:
    url, received = receiver
    alice = working.key("alice")
    r = working.client.post(SLEEP, json={"seconds": 0.2, "webhook_url": url}, headers=alice)
    assert r.status_code == 201, r.text
    job_id = r.json()["job_id"]
    status = wait_for(working, job_id, alice)
    assert status["status"] == "completed"
    [delivery] = until(lambda: received, "no webhook was delivered")
    assert delivery["path"] == "/hooks/mediakit?secret=s3"  # the query string reaches the receiver unchanged
    assert delivery["headers"]["Content-Type"] == "application/json"
    body = delivery["body"]
    assert set(body) == {"job_id", "status", "video_url", "credits_deducted"}
    assert body["job_id"] == job_id and body["status"] == "completed" and body["credits_deducted"] == 50
    assert body["video_url"] == status["video_url"]  # the served URL, which the receiver can fetch
    assert credits(working, alice) == 6900 - 50


def test_a_plain_http_webhook_is_refused_at_submit(working: Live) -> None:
    alice = working.key("alice")
    r = working.client.post(SLEEP, json={"seconds": 0.2, "webhook_url": "http://example.com/hook"}, headers=alice)
    assert r.status_code == 400 and r.json()["error"]["details"][0]["field"] == "webhook_url"
    assert credits(working, alice) == 6900


class Crash(Exception):
    """The runner dies while it waits to try again."""


def _crash(_seconds: float) -> None:
    raise Crash


def _dead_runner() -> str:
    """The owner id of a runner on this host whose process has exited."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    return f"{socket.gethostname()}:{gone.pid}:dead"


def test_a_delivery_a_crash_left_pending_is_resumed_by_the_next_worker(
        tmp_path: Path, receiver: tuple[str, list[dict[str, Any]]]) -> None:
    url, received = receiver
    store = tmp_path / "store"
    db = Database(store)
    job, _ = service.submit_request(db, "alice", NAME, {"seconds": 0.1})
    failed = jobs.fail(db, job.id, "render_failed", "the render failed")
    assert failed is not None
    body = webhooks.failed_body(job.id, "the render failed")
    pending = pending_hooks.Pending(job.id, url, body)
    with db.write() as conn:  # as the runner that failed the job kept it, before it died
        pending_hooks.add(conn, pending, _dead_runner())
    untrusted = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)  # trusts no CA: the first attempt fails
    with pytest.raises(Crash):
        webhooks.deliver(url, body, record=lambda d: pending_hooks.record(db, job.id, d), context=untrusted,
                         sleep=_crash)
    [row] = db.read("SELECT attempts_json FROM webhook_pending WHERE job_id = ?", (job.id,))
    [first] = json.loads(row["attempts_json"])
    assert first["status"] is None and "CERTIFICATE_VERIFY_FAILED" in first["error"]
    assert jobs.get(db, job.id).webhook is None and received == []

    worker = WorkerOptions(workers=1, executor_options={"imports": WORKER_IMPORTS})
    for live in serve(ServerConfig(store, worker=worker)):
        record = until(lambda: jobs.get(db, job.id).webhook, "the webhook was not retried")
        assert record["delivered"] is True and record["url"] == url
        assert [a["status"] for a in record["attempts"]] == [None, 200]
        assert [r["body"] for r in received] == [body]
        assert db.read("SELECT * FROM webhook_pending") == []
        assert live.client.get(f"/v1/videos/{job.id}", headers=live.key("alice")).json()["status"] == "failed"
