"""Job-completion webhooks (the spec's "Events" section).

A job's ``webhook_url`` is POSTed a JSON body when the job completes or
fails.  The URL is caller-supplied, so it is a request-forgery vector: it is
checked when the spec is loaded (scheme, length, literal private addresses)
and again at every delivery attempt after DNS resolution.  The connection
then goes to the address that was checked, never to a second lookup, so a
host that resolves to a public address for the check and to a private one a
moment later (DNS rebinding) still cannot reach the inside.  The original
host name is kept for SNI, certificate verification and the Host header, so
TLS still proves who the receiver is.

Only the standard library is used: ``http.client`` does not follow
redirects, which is what the spec wants (a 3xx is a failed attempt, not an
invitation to POST somewhere else).

Every attempt is reported as it ends (``deliver``'s ``record``), and a
delivery can resume after the attempts an earlier process made, so a runner
keeps its pending deliveries in the store (``runner.pending_hooks``) and a
crash between attempts loses no callback.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import os
import socket
import ssl
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import SplitResult, urlsplit

from mediakit import __version__
from mediakit.addresses import first_non_public, literal_address, non_public, resolve
from mediakit.errors import ValidationError
from mediakit.generation.fields import WEBHOOK_MAX_CHARS
from mediakit.times import now_iso

ATTEMPTS = 3
WAITS_S = (1.0, 2.0)  # after the first failure, after the second
TIMEOUT_S = 10.0
ALLOW_PRIVATE_ENV = "MEDIAKIT_WEBHOOK_ALLOW_PRIVATE"
USER_AGENT = f"mediakit/{__version__}"


@dataclass(frozen=True)
class Attempt:
    """One POST: when it started, the HTTP status if one came back, else why not."""

    at: str
    status: int | None
    error: str | None

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "status": self.status, "error": self.error}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Attempt:
        return cls(str(data["at"]), data["status"], data["error"])


@dataclass
class Delivery:
    """Every attempt at one webhook; recorded in the job row so a lost callback can be diagnosed.

    ``done``: no attempt follows (delivered, refused, or out of attempts).
    """

    url: str
    attempts: list[Attempt] = field(default_factory=list)
    done: bool = False

    @property
    def delivered(self) -> bool:
        return any(attempt.ok for attempt in self.attempts)

    def to_dict(self) -> dict[str, Any]:
        return {"url": self.url, "delivered": self.delivered, "attempts": [a.to_dict() for a in self.attempts]}


class _Refused(Exception):
    """A resolved address is not public: abandon at once, a retry would only resolve again."""


def completed_body(job_id: str, video_url: str | None, credits: int | float) -> dict[str, Any]:
    """The spec's body for a completed job."""
    return {"job_id": job_id, "status": "completed", "video_url": video_url, "credits_deducted": credits}


def failed_body(job_id: str, message: str) -> dict[str, Any]:
    """The spec's body for a failed job."""
    return {"job_id": job_id, "status": "failed", "error_message": message}


def _allow_private(allow_private: bool | None) -> bool:
    """``None`` defers to the environment, so a local test receiver needs no code change."""
    if allow_private is None:
        return os.environ.get(ALLOW_PRIVATE_ENV) == "1"
    return allow_private


def _split(url: str, field: str) -> SplitResult:
    """Parse a webhook URL, refusing the shapes no receiver needs."""
    if len(url) > WEBHOOK_MAX_CHARS:
        raise ValidationError(field, url, f"must be at most {WEBHOOK_MAX_CHARS} characters")
    if any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in url):
        raise ValidationError(field, url, "must not contain spaces or control characters")
    parts = urlsplit(url)
    if parts.scheme.lower() != "https":
        raise ValidationError(field, url, "must use https (plain http is refused)")
    if not parts.hostname:
        raise ValidationError(field, url, "must name a host")
    try:
        parts.hostname.encode("idna")  # what the resolver will be asked; a bad label would fail only at delivery
    except UnicodeError:
        raise ValidationError(field, url, "must name a valid host") from None
    try:
        parts.port  # noqa: B018 - urlsplit validates the port lazily
    except ValueError:
        raise ValidationError(field, url, "has an invalid port") from None
    return parts


def check_webhook_url(url: str, *, field: str = "webhook_url", allow_private: bool | None = None) -> str:
    """Refuse a webhook URL that can never be delivered safely; return it unchanged.

    Names are resolved only at delivery (their addresses may change), so here
    only literal addresses and ``localhost`` are checked against the public
    ranges.
    """
    parts = _split(url, field)
    host = parts.hostname or ""
    if _allow_private(allow_private):
        return url
    if host == "localhost" or host.endswith(".localhost"):
        raise ValidationError(field, url, "must be publicly reachable (localhost is a loopback name)")
    literal = literal_address(host)
    kind = non_public(literal) if literal is not None else None
    if kind is not None:  # IPv6 as written (its text form varies by Python), IPv4 as resolvers read it
        shown = host if isinstance(literal, ipaddress.IPv6Address) else str(literal)
        raise ValidationError(field, url, f"must be publicly reachable ({shown} is {kind} address)")
    return url


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection to a fixed address that still speaks TLS and HTTP for the URL's host."""

    def __init__(self, host: str, port: int, address: str, *, context: ssl.SSLContext, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=context)
        self._address = address
        self._tls = context

    def connect(self) -> None:
        raw = socket.create_connection((self._address, self.port), self.timeout)
        try:
            self.sock = self._tls.wrap_socket(raw, server_hostname=self.host)
        except BaseException:
            raw.close()
            raise


def _addresses(host: str, port: int, *, check: bool) -> list[str]:
    """Resolve once; refuse if any address is not public (an attacker picks which one a client tries)."""
    found = resolve(host, port)
    problem = first_non_public(host, found) if check else None
    if problem is not None:
        raise _Refused(problem)
    return found


def _post(parts: SplitResult, payload: bytes, *, check: bool, context: ssl.SSLContext, timeout: float) -> int:
    """One attempt: resolve, check, POST to the checked address; returns the HTTP status."""
    host = parts.hostname or ""
    port = parts.port or 443
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    headers = {"Content-Type": "application/json", "User-Agent": USER_AGENT}
    last: OSError | None = None
    for address in _addresses(host, port, check=check):
        conn = _PinnedHTTPSConnection(host, port, address, context=context, timeout=timeout)
        try:
            try:
                conn.connect()
            except OSError as exc:  # this address is down: the next one may answer
                last = exc
                continue
            conn.request("POST", target, body=payload, headers=headers)
            return conn.getresponse().status
        finally:
            conn.close()
    raise last or OSError(f"{host} resolved to no address")


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def deliver(url: str, body: dict[str, Any], *, earlier: Sequence[Attempt] = (),
            record: Callable[[Delivery], None] = lambda delivery: None, allow_private: bool | None = None,
            context: ssl.SSLContext | None = None, timeout: float = TIMEOUT_S,
            sleep: Callable[[float], None] = time.sleep) -> Delivery:
    """POST ``body`` to ``url`` with the spec's retries; never raises, the outcome is in the result.

    ``earlier``: the attempts already made (a resumed delivery goes on from
    there, waiting as the spec says before the next one).  ``record`` gets
    the delivery after every attempt, so its caller can keep it.
    ``context`` replaces the default certificate checks (tests pass one that
    trusts a local CA); ``sleep`` is the wait between attempts.
    """
    delivery = Delivery(url, list(earlier), done=any(a.ok for a in earlier) or len(earlier) >= ATTEMPTS)

    def attempted(attempt: Attempt, *, final: bool = False) -> None:
        delivery.attempts.append(attempt)
        delivery.done = final or attempt.ok or len(delivery.attempts) >= ATTEMPTS
        record(delivery)

    check = not _allow_private(allow_private)
    payload = json.dumps(body).encode()
    tls = context or ssl.create_default_context()
    try:  # the spec was checked when loaded; a URL stored by an older runner is checked again here
        check_webhook_url(url, allow_private=not check)
        parts = urlsplit(url)
    except ValidationError as exc:
        attempted(Attempt(now_iso(), None, f"refused: {exc.rule}"), final=True)
        return delivery
    while not delivery.done:
        if delivery.attempts:
            sleep(WAITS_S[len(delivery.attempts) - 1])
        at = now_iso()
        try:
            status = _post(parts, payload, check=check, context=tls, timeout=timeout)
        except _Refused as exc:
            attempted(Attempt(at, None, f"refused: {exc}"), final=True)
        except (OSError, http.client.HTTPException) as exc:
            attempted(Attempt(at, None, _describe(exc)))
        else:
            attempted(Attempt(at, status, None))
    return delivery
