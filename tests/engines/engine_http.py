"""A local stand-in for an OpenAI-compatible server: routes programmed per test, requests recorded."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

Reply = tuple[int, str, bytes]  # status, content type, body


@dataclass
class Server:
    base: str
    routes: dict[str, Callable[[bytes], Reply]] = field(default_factory=dict)
    requests: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)


@contextmanager
def serve() -> Iterator[Server]:
    """A server on 127.0.0.1 (any free port) answering each path with its route, 404 otherwise."""
    state = Server(base="")

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self._answer()

        def do_POST(self) -> None:
            self._answer()

        def _answer(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            state.requests.append((self.path, dict(self.headers), body))
            route = state.routes.get(self.path)
            status, kind, data = route(body) if route else (404, "text/plain", b"no such route")
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    state.base = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
