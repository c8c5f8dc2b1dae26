"""Helpers for the local HTTP server the script tests program per path (see conftest.py)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler

Handler = Callable[[BaseHTTPRequestHandler, bytes], None]


@dataclass
class LocalServer:
    base: str
    routes: dict[str, Handler] = field(default_factory=dict)
    requests: list[tuple[str, str, dict[str, str], bytes]] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)


def send(handler: BaseHTTPRequestHandler, status: int, body: bytes | str,
         content_type: str = "text/html; charset=utf-8") -> None:
    data = body.encode() if isinstance(body, str) else body
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)
