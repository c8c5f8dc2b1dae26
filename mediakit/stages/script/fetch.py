"""Read a product page for script context: title, description and a little visible text.

The spec lets ``product_url`` supply context for script writing.  A page
fetch is the one network call in an otherwise local stage, so it is fenced
in: http(s) only (also after redirects), a hard wall-clock limit that covers
DNS, connect and every read (the work runs in a daemon thread the caller
stops waiting for), and a byte limit.  Pages are commonly larger than the
limit because of inline scripts, while title and meta tags sit at the top,
so an oversized page is parsed up to the limit rather than refused.
"""

from __future__ import annotations

import http.client
import queue
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import IO, Any

from ...errors import MediaError, ValidationError

DEFAULT_TIMEOUT_S = 5.0
DEFAULT_MAX_BYTES = 1_000_000
TEXT_CHARS = 600  # enough visible text to name a benefit; more is noise for a 37-word script
_CHUNK = 64 * 1024
_HTML_TYPES = ("text/html", "application/xhtml+xml")
_SKIP_TAGS = {"script", "style", "noscript", "template", "svg", "head", "title", "nav", "footer"}
_VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
              "track", "wbr"}


@dataclass(frozen=True)
class PageContext:
    """What a product page says about itself, in the words the script can reuse."""

    url: str
    title: str = ""
    site_name: str = ""
    description: str = ""
    text: str = ""
    truncated: bool = False


def check_url(url: str, *, field: str = "product_url") -> str:
    """Refuse anything but an absolute http(s) URL, before any connection is made."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise ValidationError(field, url, "must be an absolute http:// or https:// URL")
    return url.strip()


def fetch_page_context(url: str, *, timeout: float = DEFAULT_TIMEOUT_S,
                       max_bytes: int = DEFAULT_MAX_BYTES) -> PageContext:
    """Fetch ``url`` and extract its title, meta description and some visible text.

    Never blocks longer than ``timeout`` seconds in total.  Raises
    ``ValidationError`` for a non-http(s) URL and ``MediaError`` (naming the URL)
    when the page is unreachable, answers non-2xx, is not HTML, or is too slow.
    """
    url = check_url(url)
    box: queue.Queue[tuple[bytes, str, bool] | Exception] = queue.Queue(maxsize=1)

    def work() -> None:
        try:
            box.put(_download(url, timeout, max_bytes))
        except Exception as exc:  # noqa: BLE001 - handed to the waiting caller, who re-raises it
            box.put(exc)

    threading.Thread(target=work, name="mediakit-fetch", daemon=True).start()
    try:
        outcome = box.get(timeout=timeout)
    except queue.Empty:
        raise MediaError(url, f"no complete response within {timeout:g} s") from None
    if isinstance(outcome, Exception):
        raise outcome
    body, charset, truncated = outcome
    return _parse(url, body.decode(charset, errors="replace"), truncated)


class _HttpOnlyRedirects(urllib.request.HTTPRedirectHandler):
    """urllib would follow a redirect to ftp://; a product page fetch must stay on http(s)."""

    def redirect_request(self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str,
                         headers: Any, newurl: str) -> urllib.request.Request | None:
        check_url(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _download(url: str, timeout: float, max_bytes: int) -> tuple[bytes, str, bool]:
    deadline = time.monotonic() + timeout  # a server trickling bytes must not keep this thread alive
    opener = urllib.request.build_opener(_HttpOnlyRedirects)
    request = urllib.request.Request(url, headers={"User-Agent": "mediakit-script/1",
                                                   "Accept": "text/html,application/xhtml+xml"})
    try:
        with opener.open(request, timeout=timeout) as response:
            ctype = response.headers.get_content_type() if response.headers.get("Content-Type") else ""
            if ctype and ctype not in _HTML_TYPES:  # refuse before reading a PDF or an image
                raise MediaError(url, f"not an HTML page (content type {ctype!r})")
            data = bytearray()
            while len(data) <= max_bytes and time.monotonic() < deadline:
                chunk = response.read(min(_CHUNK, max_bytes + 1 - len(data)))
                if not chunk:
                    break
                data.extend(chunk)
            charset = response.headers.get_content_charset() or ""
    except urllib.error.HTTPError as exc:
        raise MediaError(url, f"HTTP {exc.code} {exc.reason}") from None
    except (TimeoutError, urllib.error.URLError) as exc:
        if isinstance(exc, TimeoutError) or isinstance(getattr(exc, "reason", None), TimeoutError):
            # the socket's own timeout can fire a moment before the caller's deadline: one message for both
            raise MediaError(url, f"no complete response within {timeout:g} s") from None
        raise MediaError(url, f"unreachable: {getattr(exc, 'reason', exc)}") from None
    except (OSError, http.client.HTTPException) as exc:
        raise MediaError(url, f"unreachable: {exc or type(exc).__name__}") from None
    truncated = len(data) > max_bytes
    body = bytes(data[:max_bytes])
    if not ctype and not _looks_like_html(body):
        raise MediaError(url, "not an HTML page (no content type, and the body is not HTML)")
    return body, _charset(charset, body), truncated


def _looks_like_html(body: bytes) -> bool:
    head = body[:1024].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html"))


def _charset(declared: str, body: bytes) -> str:
    """The declared charset, else a <meta charset>, else UTF-8; unknown names fall back to UTF-8."""
    name = declared
    if not name:
        match = re.search(rb"""<meta[^>]+charset=["']?([\w-]+)""", body[:4096], re.IGNORECASE)
        name = match.group(1).decode("ascii") if match else "utf-8"
    try:
        "".encode(name)
    except LookupError:
        return "utf-8"
    return name


def _parse(url: str, html: str, truncated: bool) -> PageContext:
    parser = _PageParser()
    parser.feed(html)
    parser.close()
    meta = parser.meta
    return PageContext(
        url=url,
        title=_squash(meta.get("og:title") or "".join(parser.title)),
        site_name=_squash(meta.get("og:site_name", "")),
        description=_squash(meta.get("og:description") or meta.get("description", "")),
        text=_squash(" ".join(parser.text))[:TEXT_CHARS],
        truncated=truncated,
    )


def _squash(text: str) -> str:
    return " ".join(text.split())


class _PageParser(HTMLParser):
    """Collects <title>, the meta tags that describe a page, and body text outside scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.title: list[str] = []
        self.meta: dict[str, str] = {}
        self.text: list[str] = []
        self._stack: list[str] = []
        self._chars = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "meta":
            values = {k.lower(): (v or "") for k, v in attrs}
            key = (values.get("property") or values.get("name") or "").lower()
            if key in ("description", "og:title", "og:description", "og:site_name") and key not in self.meta:
                self.meta[key] = values.get("content", "")
        elif tag not in _VOID_TAGS:
            self._stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._stack:  # tolerate unclosed tags: pop back to the matching one
            while self._stack and self._stack.pop() != tag:
                pass

    def handle_data(self, data: str) -> None:
        if self._stack[-1:] == ["title"] and "svg" not in self._stack:
            self.title.append(data)
        elif not _SKIP_TAGS.intersection(self._stack) and self._chars < TEXT_CHARS and data.strip():
            self.text.append(data.strip())
            self._chars += len(data.strip()) + 1
