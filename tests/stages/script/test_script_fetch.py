"""Product page fetching: what it extracts and every limit that fences it in."""

from __future__ import annotations

import socket
from http.server import BaseHTTPRequestHandler

import pytest
from patience import HANG_S
from script_http import LocalServer, send

from mediakit.errors import MediaError, ValidationError
from mediakit.stages.script.fetch import DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_S, fetch_page_context

PAGE = """<!doctype html><html><head><title>FocusFlow &ndash; Pomodoro timer</title>
<meta name="description" content="FocusFlow helps students stay focused.">
<meta property="og:site_name" content="FocusFlow">
<script>var junk = "not visible";</script><style>body{color:red}</style></head>
<body><nav>Menu</nav><h1>Deep work, made simple</h1><p>Timed sessions &amp; streaks.</p>
<svg><title>icon</title></svg></body></html>"""


def test_extracts_title_meta_and_visible_text(server: LocalServer) -> None:
    server.routes["/p"] = lambda h, _: send(h, 200, PAGE)
    page = fetch_page_context(server.base + "/p")
    assert page.title == "FocusFlow – Pomodoro timer"
    assert page.site_name == "FocusFlow"
    assert page.description == "FocusFlow helps students stay focused."
    assert page.text == "Deep work, made simple Timed sessions & streaks."
    assert not page.truncated


def test_og_tags_win_and_charset_is_honoured(server: LocalServer) -> None:
    html = ('<html><head><meta charset="latin-1"><title>Plain</title>'
            '<meta property="og:title" content="Caf\xe9 Kit"><meta property="og:description" content="Brews">'
            '</head></html>').encode("latin-1")
    server.routes["/p"] = lambda h, _: send(h, 200, html, "text/html")
    page = fetch_page_context(server.base + "/p")
    assert (page.title, page.description) == ("Café Kit", "Brews")


@pytest.mark.parametrize("url", ["ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)",
                                 "example.com/page", "http://"])
def test_only_http_urls(url: str) -> None:
    with pytest.raises(ValidationError) as err:
        fetch_page_context(url)
    assert err.value.field == "product_url"
    assert repr(url) in str(err.value)


def test_redirect_to_other_scheme_is_refused(server: LocalServer) -> None:
    def redirect(h: BaseHTTPRequestHandler, _: bytes) -> None:
        h.send_response(302)
        h.send_header("Location", "ftp://127.0.0.1/secret")
        h.end_headers()

    server.routes["/r"] = redirect
    with pytest.raises(ValidationError, match="product_url"):
        fetch_page_context(server.base + "/r")


@pytest.mark.slow
def test_slow_server_never_blocks_past_the_timeout(server: LocalServer) -> None:
    def slow(h: BaseHTTPRequestHandler, _: bytes) -> None:
        server.release.wait(HANG_S)  # answers only after the test: a client that waited would get the page
        send(h, 200, PAGE)

    server.routes["/slow"] = slow
    with pytest.raises(MediaError, match=r"no complete response within 0.3 s") as err:
        fetch_page_context(server.base + "/slow", timeout=0.3)
    assert server.base + "/slow" in str(err.value)
    assert DEFAULT_TIMEOUT_S == 5.0


def test_oversized_page_is_read_only_up_to_the_limit(server: LocalServer) -> None:
    def huge(h: BaseHTTPRequestHandler, _: bytes) -> None:
        h.send_response(200)
        h.send_header("Content-Type", "text/html")
        h.end_headers()
        try:
            h.wfile.write(b"<html><head><title>Big Page</title></head><body>")
            for _ in range(200):  # 3.2 MB, far past the limit
                h.wfile.write(b"<p>" + b"x" * 16_000 + b"</p>")
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped reading at its limit, as it should

    server.routes["/huge"] = huge
    page = fetch_page_context(server.base + "/huge", max_bytes=64_000)
    assert page.truncated
    assert page.title == "Big Page"
    assert DEFAULT_MAX_BYTES == 1_000_000


def test_non_2xx_names_url_and_status(server: LocalServer) -> None:
    server.routes["/gone"] = lambda h, _: send(h, 410, "gone")
    with pytest.raises(MediaError, match="HTTP 410") as err:
        fetch_page_context(server.base + "/gone")
    assert server.base + "/gone" in str(err.value)
    assert "\n" not in str(err.value)


def test_non_html_is_refused(server: LocalServer) -> None:
    server.routes["/api"] = lambda h, _: send(h, 200, '{"a": 1}', "application/json")
    with pytest.raises(MediaError, match=r"not an HTML page.*application/json"):
        fetch_page_context(server.base + "/api")


def test_unreachable_port(server: LocalServer) -> None:
    with socket.socket() as sock:  # a port that was free a moment ago and now has no listener
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    with pytest.raises(MediaError, match="unreachable") as err:
        fetch_page_context(url, timeout=2)
    assert url in str(err.value)
