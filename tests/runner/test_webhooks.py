"""Webhooks: URL checks, request-forgery refusals after DNS, and real HTTPS deliveries to a local receiver.

The receiver is an ``http.server`` behind TLS with a ``trustme`` certificate
for made-up host names; ``getaddrinfo`` is patched so those names resolve to
127.0.0.1, which lets a test see the Host header and SNI name a real
receiver gets while the connection goes to the checked address.
"""

from __future__ import annotations

import json
import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import trustme

from mediakit.errors import ValidationError
from runner import webhooks
from runner.webhooks import check_webhook_url, completed_body, deliver, failed_body

HOST = "hooks.example"
HANG = 0  # a scripted "status" that makes the receiver stall instead of answering

_real_getaddrinfo = socket.getaddrinfo


@dataclass
class Receiver:
    """A local HTTPS receiver: answers with ``statuses`` in turn (the last repeats) and records every request."""

    port: int
    statuses: list[int] = field(default_factory=lambda: [200])
    requests: list[dict[str, Any]] = field(default_factory=list)
    sni: list[str | None] = field(default_factory=list)

    def url(self, rest: str = "/hook", host: str = HOST) -> str:
        return f"https://{host}:{self.port}{rest}"

    def next_status(self) -> int:
        return self.statuses.pop(0) if len(self.statuses) > 1 else self.statuses[0]


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def client_tls(ca: trustme.CA) -> ssl.SSLContext:
    """A default (verifying) client context that also trusts the test CA."""
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return context


def fake_dns(monkeypatch: pytest.MonkeyPatch, names: dict[str, Callable[[], list[str]]]) -> list[str]:
    """Resolve the given names to the addresses their callables return; every lookup of them is logged."""
    looked_up: list[str] = []

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host not in names:
            return _real_getaddrinfo(host, port, *args, **kwargs)
        looked_up.append(host)
        out = []
        for address in names[host]():
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            sockaddr = (address, port, 0, 0) if family == socket.AF_INET6 else (address, port)
            out.append((family, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", sockaddr))
        return out

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return looked_up


@pytest.fixture
def receiver(ca: trustme.CA, monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(HOST, "rebind.example").configure_cert(server_tls)
    state = Receiver(port=0)
    server_tls.sni_callback = lambda _sock, name, _ctx: state.sni.append(name)  # type: ignore[assignment,func-returns-value]

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
            status = state.next_status()
            if status == HANG:
                time.sleep(1.0)
                status = 200
            self.send_response(status)
            if 300 <= status < 400:
                self.send_header("Location", "https://elsewhere.example/stolen")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.socket = server_tls.wrap_socket(server.socket, server_side=True)
    state.port = server.server_address[1]
    fake_dns(monkeypatch, {HOST: lambda: ["127.0.0.1"]})
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state
    server.shutdown()
    server.server_close()


class Waits(list[float]):
    """Records the waits instead of sleeping, so retry tests take milliseconds."""

    def __call__(self, seconds: float) -> None:
        self.append(seconds)


# --- URL checks (spec load time) ------------------------------------------------------------------


def rule_of(url: str, **kwargs: Any) -> str:
    with pytest.raises(ValidationError) as err:
        check_webhook_url(url, field="jobs[0].webhook_url", **kwargs)
    assert err.value.field == "jobs[0].webhook_url"
    assert err.value.value == url
    return err.value.rule


def test_plain_http_is_refused_even_when_private_addresses_are_allowed():
    assert rule_of("http://example.com/hook") == "must use https (plain http is refused)"
    assert rule_of("http://127.0.0.1/hook", allow_private=True) == "must use https (plain http is refused)"
    assert rule_of("ftp://example.com/hook") == "must use https (plain http is refused)"


def test_length_limit_is_2048_characters():
    base = "https://example.com/?pad="
    assert check_webhook_url(base + "a" * (2048 - len(base))) == base + "a" * (2048 - len(base))
    assert rule_of(base + "a" * (2049 - len(base))) == "must be at most 2048 characters"


@pytest.mark.parametrize(("url", "reason"), [
    ("https://127.0.0.1/hook", "127.0.0.1 is a loopback address"),
    ("https://10.1.2.3/hook", "10.1.2.3 is a private address"),
    ("https://192.168.0.7:8443/hook", "192.168.0.7 is a private address"),
    ("https://169.254.169.254/latest/meta-data", "169.254.169.254 is a link-local address"),
    ("https://[::1]/hook", "::1 is a loopback address"),
    ("https://[::ffff:127.0.0.1]/hook", "::ffff:127.0.0.1 is a loopback address"),
    ("https://[2002:a00:1::]/hook", "2002:a00:1:: is a private address"),  # 6to4 wrapping 10.0.0.1
    ("https://[fe80::1%25eth0]/hook", "fe80::1%25eth0 is a link-local address"),
    ("https://0.0.0.0/hook", "0.0.0.0 is an unspecified address"),
    ("https://224.0.0.1/hook", "224.0.0.1 is a multicast address"),
    ("https://240.0.0.1/hook", "240.0.0.1 is a reserved address"),
    ("https://100.64.0.1/hook", "100.64.0.1 is a non-global address"),  # carrier-grade NAT
    ("https://2130706433/hook", "127.0.0.1 is a loopback address"),  # decimal IPv4, as resolvers read it
    ("https://0x7f.1/hook", "127.0.0.1 is a loopback address"),
])
def test_literal_non_public_addresses_are_refused(url: str, reason: str):
    assert rule_of(url) == f"must be publicly reachable ({reason})"


@pytest.mark.parametrize("url", ["https://localhost/hook", "https://LOCALHOST:8443/hook", "https://api.localhost/x"])
def test_localhost_is_refused(url: str):
    assert rule_of(url) == "must be publicly reachable (localhost is a loopback name)"


def test_malformed_urls_are_refused():
    assert rule_of("https:///no-host") == "must name a host"
    assert rule_of("https://" + "a" * 64 + ".example.com/hook") == "must name a valid host"
    assert rule_of("https://example.com:99999/hook") == "has an invalid port"
    assert rule_of("https://example.com/a b") == "must not contain spaces or control characters"
    assert rule_of("https://example.com/a\r\nX-Injected: 1") == "must not contain spaces or control characters"


@pytest.mark.parametrize("url", [
    "https://example.com/hooks/mediakit?secret=s3",
    "https://93.184.216.34:8443/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://Example.COM",
    "https://bücher.example/hook",
])
def test_public_urls_pass_unchanged(url: str):
    assert check_webhook_url(url) == url


def test_allow_private_comes_from_the_environment_when_not_given(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(webhooks.ALLOW_PRIVATE_ENV, "1")
    assert check_webhook_url("https://localhost:8443/hook") == "https://localhost:8443/hook"
    assert rule_of("https://localhost:8443/hook", allow_private=False).startswith("must be publicly reachable")
    monkeypatch.setenv(webhooks.ALLOW_PRIVATE_ENV, "0")
    assert rule_of("https://127.0.0.1/hook").startswith("must be publicly reachable")


# --- delivery ----------------------------------------------------------------------------------


def no_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"connected to {args}")

    monkeypatch.setattr(socket, "create_connection", refuse)


def test_a_name_resolving_to_a_private_address_is_refused_at_delivery(monkeypatch: pytest.MonkeyPatch):
    fake_dns(monkeypatch, {"evil.example": lambda: ["93.184.216.34", "10.0.0.5"]})
    no_connections(monkeypatch)
    waits = Waits()
    url = "https://evil.example/hook?secret=s3"
    assert check_webhook_url(url) == url  # a name passes the load-time check: only its addresses can say
    got = deliver(url, failed_body("job_1", "boom"), sleep=waits).to_dict()
    assert got["url"] == url
    assert got["delivered"] is False
    assert waits == []  # refused once, not retried
    assert [(a["status"], a["error"]) for a in got["attempts"]] == [
        (None, "refused: evil.example resolves to 10.0.0.5, a private address")]


def test_a_name_resolving_to_mapped_loopback_is_refused(monkeypatch: pytest.MonkeyPatch):
    fake_dns(monkeypatch, {"evil6.example": lambda: ["::ffff:127.0.0.1"]})
    no_connections(monkeypatch)
    got = deliver("https://evil6.example/hook", failed_body("job_1", "boom"), sleep=Waits())
    assert [a.error for a in got.attempts] == [
        "refused: evil6.example resolves to ::ffff:127.0.0.1, a loopback address"]


def test_a_refused_url_is_recorded_not_raised(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(webhooks.ALLOW_PRIVATE_ENV, raising=False)
    no_connections(monkeypatch)
    got = deliver("https://127.0.0.1/hook", failed_body("job_1", "boom"), sleep=Waits())
    assert not got.delivered
    assert [a.error for a in got.attempts] == ["refused: must be publicly reachable (127.0.0.1 is a loopback address)"]


@pytest.mark.slow
def test_body_and_query_string_arrive_exactly(receiver: Receiver, client_tls: ssl.SSLContext):
    url = receiver.url("/hooks/mediakit?secret=s3&next=%2Fa%2Bb&x=")
    body = completed_body("job_42", "file:///out/launch/video.mp4", 21.5)
    waits = Waits()
    got = deliver(url, body, allow_private=True, context=client_tls, sleep=waits)
    assert got.delivered is True
    assert waits == []
    [request] = receiver.requests
    assert request["path"] == "/hooks/mediakit?secret=s3&next=%2Fa%2Bb&x="
    assert json.loads(request["body"]) == {"job_id": "job_42", "status": "completed",
                                           "video_url": "file:///out/launch/video.mp4", "credits_deducted": 21.5}
    assert request["headers"]["Content-Type"] == "application/json"
    assert request["headers"]["User-Agent"] == "mediakit/0.1.0"
    assert request["headers"]["Host"] == f"{HOST}:{receiver.port}"  # the URL's host, not the address connected to
    assert receiver.sni == [HOST]
    row = got.to_dict()
    assert row["url"] == url and row["delivered"] is True
    [attempt] = row["attempts"]
    assert attempt["status"] == 200 and attempt["error"] is None
    assert attempt["at"].endswith("Z") and attempt["at"][:2] == "20"


@pytest.mark.slow
def test_500_500_200_is_delivered_on_the_third_attempt_after_waits_of_1_and_2(
        receiver: Receiver, client_tls: ssl.SSLContext):
    receiver.statuses = [500, 500, 200]
    waits = Waits()
    got = deliver(receiver.url(), failed_body("job_7", "render failed"), allow_private=True, context=client_tls,
                  sleep=waits)
    assert got.delivered is True
    assert waits == [1.0, 2.0]
    assert [a["status"] for a in got.to_dict()["attempts"]] == [500, 500, 200]
    assert [json.loads(r["body"]) for r in receiver.requests] == [
        {"job_id": "job_7", "status": "failed", "error_message": "render failed"}] * 3


@pytest.mark.slow
def test_always_500_is_abandoned_after_three_attempts(receiver: Receiver, client_tls: ssl.SSLContext):
    receiver.statuses = [500]
    waits = Waits()
    got = deliver(receiver.url(), failed_body("job_7", "x"), allow_private=True, context=client_tls, sleep=waits)
    assert got.delivered is False
    assert waits == [1.0, 2.0]
    assert [(a.status, a.error) for a in got.attempts] == [(500, None)] * 3
    assert len(receiver.requests) == 3


@pytest.mark.slow
def test_redirects_are_not_followed(receiver: Receiver, client_tls: ssl.SSLContext):
    receiver.statuses = [302]
    got = deliver(receiver.url("/hook?secret=s3"), failed_body("job_7", "x"), allow_private=True,
                  context=client_tls, sleep=Waits())
    assert [a.status for a in got.attempts] == [302] * 3 and not got.delivered
    assert [r["path"] for r in receiver.requests] == ["/hook?secret=s3"] * 3


@pytest.mark.slow
def test_connection_errors_are_retried_then_abandoned(receiver: Receiver, client_tls: ssl.SSLContext):
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    waits = Waits()
    got = deliver(f"https://{HOST}:{port}/hook", failed_body("job_7", "x"), allow_private=True,
                  context=client_tls, sleep=waits)
    assert not got.delivered and waits == [1.0, 2.0]
    assert [a.status for a in got.attempts] == [None] * 3
    assert all(a.error and a.error.startswith("ConnectionRefusedError") for a in got.attempts)


@pytest.mark.slow
def test_an_untrusted_certificate_is_a_failed_attempt(receiver: Receiver):
    got = deliver(receiver.url(), failed_body("job_7", "x"), allow_private=True, sleep=Waits())
    assert not got.delivered and len(got.attempts) == 3
    assert all(a.error and "CERTIFICATE_VERIFY_FAILED" in a.error for a in got.attempts)
    assert receiver.requests == []


@pytest.mark.slow
def test_a_stalled_receiver_times_out(receiver: Receiver, client_tls: ssl.SSLContext):
    receiver.statuses = [HANG, 200]
    waits = Waits()
    got = deliver(receiver.url(), failed_body("job_7", "x"), allow_private=True, context=client_tls,
                  timeout=0.2, sleep=waits)
    assert [a.status for a in got.attempts] == [None, 200]
    assert got.attempts[0].error == "TimeoutError: The read operation timed out"
    assert waits == [1.0]


@pytest.mark.slow
def test_the_connection_goes_to_the_checked_address_not_a_second_lookup(
        receiver: Receiver, client_tls: ssl.SSLContext, monkeypatch: pytest.MonkeyPatch):
    """DNS rebinding: the name answers public once, then loopback; only the checked answer is ever used."""
    answers = iter([["93.184.216.34"]])
    looked_up = fake_dns(monkeypatch, {"rebind.example": lambda: next(answers, ["127.0.0.1"])})
    connected: list[tuple[str, int]] = []
    real_connect = socket.create_connection

    def connect(address: tuple[str, int], *args: Any, **kwargs: Any) -> socket.socket:
        connected.append(address)  # stand in for the public host: route its address to the local receiver
        return real_connect(("127.0.0.1", receiver.port), *args, **kwargs)

    monkeypatch.setattr(socket, "create_connection", connect)
    got = deliver(receiver.url(host="rebind.example"), failed_body("job_7", "x"), allow_private=False,
                  context=client_tls, sleep=Waits())
    assert got.delivered
    assert connected == [("93.184.216.34", receiver.port)]
    assert looked_up == ["rebind.example"]
    assert receiver.sni == ["rebind.example"]
    assert receiver.requests[0]["headers"]["Host"] == f"rebind.example:{receiver.port}"


def test_bodies_have_the_spec_shapes():
    assert completed_body("job_1", "https://cdn.example/v.mp4", 12) == {
        "job_id": "job_1", "status": "completed", "video_url": "https://cdn.example/v.mp4", "credits_deducted": 12}
    assert failed_body("job_2", "Script too long") == {
        "job_id": "job_2", "status": "failed", "error_message": "Script too long"}
