"""Turn a request's URL field into a local file: local paths, file:// URLs and bounded https downloads.

The spec gives inputs as URLs; a local tool must also take files on disk, so
every URL field accepts a path, a ``file://`` URL, or an ``https://`` URL
(plain ``http://`` is refused where the spec says https).  Downloads are
fenced in: a byte limit (checked against Content-Length before reading, and
while reading), a wall-clock deadline covering connect and every read, and a
content check by sniffing the first bytes, never by extension or the
server's word.

Downloads are cached on disk keyed by URL; a later fetch revalidates with
the stored ETag / Last-Modified (a 304 costs no body), and within one
process a URL already fetched is not asked again, so a batch that uses the
same product photo 100 times downloads it once.

A server whose own file URLs are inputs (an upload, an earlier job's
output) names them through :func:`served_files`: a resolver that turns such a
URL into the stored file, for the requesting user only, before any other
rule; the library knows no server.  A request from a remote client
(``mediakit serve``) is also fetched under :func:`remote_inputs`: a path or
``file://`` URL on the server's disk is refused, plain http is refused, and
an https host that resolves to a loopback, private, link-local or metadata
address is refused, so a client cannot read the server's files or reach its
network.  A server also bounds how many downloads one caller has in flight
(:func:`gated_downloads`): a download to a host that never answers holds a
thread for its whole deadline, and the library knows no callers.

Limits per input (spec values where it gives them, else documented here):

=========================  ========  ===========================
input                      bytes     other
=========================  ========  ===========================
laptop screen recording    10 MB     10 s of video (checked by the generator)
laptop screen image        5 MB
video frames (first/last)  30 MB
other images               20 MB
videos (subtitle, refs)    200 MB
b-roll (a still or a clip) 200 MB    png/jpeg/webp or mp4/mov/webm
audio                      50 MB
=========================  ========  ===========================
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
import urllib.parse
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, BinaryIO

from pydantic import AfterValidator

from .addresses import first_non_public, resolve
from .cache import cache_dir
from .errors import MediaError, ValidationError
from .media_io import atomic_path, write_text
from .scoped import scoped

MB = 1024 * 1024
DEFAULT_TIMEOUT_S = 30.0
USER_AGENT = "mediakit (+https://github.com/mediakit)"
_CHUNK = 256 * 1024


@dataclass(frozen=True)
class Limits:
    """What an input may be: its kinds (``image``, ``video``, ``audio``), formats, size and download time."""

    kinds: tuple[str, ...]
    max_bytes: int
    formats: tuple[str, ...] = ()          # e.g. ("png", "jpeg", "webp"); empty: any format of the kinds
    timeout_s: float = DEFAULT_TIMEOUT_S
    https_only: bool = True


IMAGE = Limits(("image",), 20 * MB, ("png", "jpeg", "webp"))
VIDEO = Limits(("video",), 200 * MB)
AUDIO = Limits(("audio",), 50 * MB)
BROLL = Limits(("image", "video"), 200 * MB, ("png", "jpeg", "webp", "mp4", "mov", "webm"))
FRAME = Limits(("image",), 30 * MB, ("png", "jpeg", "webp"))
SCREEN_RECORDING = Limits(("video",), 10 * MB, ("mp4", "mov"))
SCREEN_IMAGE = Limits(("image",), 5 * MB, ("png", "jpeg", "webp"))


def sniff(head: bytes) -> tuple[str, str] | None:
    """(kind, format) from a file's first bytes, or None when it is not a media type mediakit reads."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image", "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image", "jpeg"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image", "webp"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "image", "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WAVE":
        return "audio", "wav"
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        if brand in (b"M4A ", b"M4B "):
            return "audio", "m4a"
        return "video", "mov" if brand == b"qt  " else "mp4"
    if head.startswith(b"\x1a\x45\xdf\xa3"):
        return "video", "webm"
    if head[:4] == b"RIFF" and head[8:12] == b"AVI ":
        return "video", "avi"
    if head.startswith(b"FLV"):
        return "video", "flv"
    if head.startswith(b"\x00\x00\x01\xba"):
        return "video", "mpeg"
    if head[:1] == b"\x47" and (len(head) < 189 or head[188:189] == b"\x47"):
        return "video", "ts"
    if head.startswith(b"ID3") or (len(head) > 1 and head[0] == 0xFF and head[1] & 0xE0 == 0xE0
                                   and head[1] & 0x06 != 0):
        return "audio", "mp3"
    if head.startswith(b"fLaC"):
        return "audio", "flac"
    if head.startswith(b"OggS"):
        return "audio", "ogg"
    return None


@dataclass(frozen=True)
class RemoteInputs:
    """Inputs of a remote client's request: https to public hosts (its server's own files come by ``served_files``).

    https hosts are checked when the request is planned; a download then
    resolves the name again and follows redirects, so a host that changes
    its answer in between is not caught (a resolver pinned to the checked
    address, as webhooks use, would be).
    """

    files_url: str  # the server's file URL prefix, named in the rule, e.g. "http://127.0.0.1:8000/v1/files/"

    def admit(self, text: str, field: str) -> str:
        """``text`` if the fetch may read it: an https URL to a public host."""
        rule = f"must be an https URL or a file URL of this server ({self.files_url}...)"
        parts = urllib.parse.urlsplit(text)
        if parts.scheme.lower() != "https" or not parts.hostname:
            raise ValidationError(field, text, rule)
        try:
            problem = first_non_public(parts.hostname, resolve(parts.hostname, parts.port or 443))
        except OSError as exc:
            raise MediaError(text, f"cannot be reached: {exc.strerror or exc}", field=field) from None
        if problem is not None:
            raise ValidationError(field, text, f"must be publicly reachable ({problem})")
        return text


_REMOTE: ContextVar[RemoteInputs | None] = ContextVar("mediakit_remote_inputs", default=None)

# (url, field) -> the stored file behind one of a server's own URLs, or None for any other URL; it raises
# (naming ``field``) for a URL of the server that is not the requesting user's file
ServedFiles = Callable[[str, str], Path | None]
_SERVED: ContextVar[ServedFiles | None] = ContextVar("mediakit_served_files", default=None)


# (url, field) -> a context held for that URL's download (not for a local file, a server's own file or a URL
# already fetched in this process); it may refuse the download by raising, naming ``field``
DownloadGate = Callable[[str, str], AbstractContextManager[None]]
_GATE: ContextVar[DownloadGate | None] = ContextVar("mediakit_download_gate", default=None)


def remote_inputs(rules: RemoteInputs) -> AbstractContextManager[None]:
    """Fetch under ``rules`` inside this block (this thread or task only): a remote client's request."""
    return scoped(_REMOTE, rules)


def served_files(resolve_url: ServedFiles) -> AbstractContextManager[None]:
    """Read a server's own URLs as the files ``resolve_url`` maps them to inside this block (this thread or task)."""
    return scoped(_SERVED, resolve_url)


def gated_downloads(gate: DownloadGate) -> AbstractContextManager[None]:
    """Hold ``gate`` around each download inside this block (this thread or task only)."""
    return scoped(_GATE, gate)


def fetch(value: str, *, field: str, limits: Limits) -> Path:
    """The local file behind a URL field, checked against ``limits``; errors name ``field``."""
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(field, value, "must be a URL or a file path")
    text = value.strip()
    served = _SERVED.get()
    own = served(text, field) if served is not None else None
    if own is not None:
        return check_file(own, field=field, limits=limits, shown=text)
    rules = _REMOTE.get()
    if rules is not None:
        text = rules.admit(text, field)
    scheme = urllib.parse.urlsplit(text).scheme.lower()
    if scheme == "https" or (scheme == "http" and not limits.https_only):
        return check_file(_download(text, field, limits), field=field, limits=limits, shown=text)
    if scheme == "http":
        raise ValidationError(field, text, "must start with https:// (plain http is refused)")
    if scheme == "file":
        from urllib.request import url2pathname  # urllib.request costs 18 ms to import: only when needed

        path = Path(url2pathname(urllib.parse.urlsplit(text).path))
    elif scheme and len(scheme) > 1:  # a Windows drive letter is not a scheme
        raise ValidationError(field, text, "must be an https:// URL, a file:// URL or a file path")
    else:
        path = Path(text).expanduser()
    return check_file(path, field=field, limits=limits)


def check_file(path: Path, *, field: str, limits: Limits, shown: str | None = None) -> Path:
    """``path`` exists, is within the size limit and sniffs as one of the allowed kinds and formats.

    Errors name ``shown`` (the URL a server's client gave, not the server's own path) or else ``path``.
    """
    where = str(path) if shown is None else shown
    if not path.is_file():
        raise MediaError(where, "does not exist or is not a file", field=field)
    size = path.stat().st_size
    if size > limits.max_bytes:
        raise MediaError(where, f"is {size / MB:.1f} MB; at most {limits.max_bytes / MB:g} MB is accepted",
                         field=field)
    with path.open("rb") as fh:
        _check_type(fh.read(256), where, field, limits)
    return path


def _check_type(head: bytes, where: str, field: str, limits: Limits) -> None:
    found = sniff(head)
    wanted = "/".join(limits.formats) if limits.formats else " or ".join(limits.kinds)
    if found is None:
        raise MediaError(where, f"is not a readable {wanted} file", field=field)
    kind, fmt = found
    if kind not in limits.kinds:
        raise MediaError(where, f"has no {' or '.join(limits.kinds)} stream: it is {kind} ({fmt})", field=field)
    if limits.formats and fmt not in limits.formats:
        raise MediaError(where, f"is {fmt}; {wanted} is required", field=field)


# ---- downloads -----------------------------------------------------------------------------------------------

_SEEN: dict[str, Path] = {}
_SEEN_LOCK = threading.Lock()


def _download(url: str, field: str, limits: Limits) -> Path:
    with _SEEN_LOCK:
        seen = _SEEN.get(url)
    if seen is not None and seen.is_file():
        return seen
    gate = _GATE.get()
    with nullcontext() if gate is None else gate(url, field):
        body = _get(url, field, limits)
    with _SEEN_LOCK:
        _SEEN[url] = body
    return body


def _get(url: str, field: str, limits: Limits) -> Path:
    """``url``'s body in the disk cache, downloaded or revalidated within ``limits``."""
    import urllib.error
    import urllib.request

    folder = cache_dir() / "fetch"
    folder.mkdir(parents=True, exist_ok=True)
    key = hashlib.sha256(url.encode()).hexdigest()[:32]
    body, meta = folder / f"{key}.bin", folder / f"{key}.json"
    known = _read_meta(meta) if body.is_file() else {}
    headers = {"User-Agent": USER_AGENT}
    if known.get("etag"):
        headers["If-None-Match"] = known["etag"]
    if known.get("last_modified"):
        headers["If-Modified-Since"] = known["last_modified"]
    deadline = time.monotonic() + limits.timeout_s
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=limits.timeout_s) as resp:
            final = resp.geturl()
            if limits.https_only and not final.lower().startswith("https://"):
                raise ValidationError(field, url, "redirected to a plain http URL, which is refused")
            length = resp.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > limits.max_bytes:
                raise MediaError(url, f"is {int(length) / MB:.1f} MB; at most {limits.max_bytes / MB:g} MB "
                                 "is accepted", field=field)
            with atomic_path(body, field=field) as tmp:
                _copy(resp, tmp, url, field, limits, deadline)
                with tmp.open("rb") as fh:
                    _check_type(fh.read(256), url, field, limits)
            write_text(meta, json.dumps({"url": url, "etag": resp.headers.get("ETag"),
                                         "last_modified": resp.headers.get("Last-Modified")}))
    except urllib.error.HTTPError as exc:
        if exc.code != 304 or not body.is_file():
            raise MediaError(url, f"answered HTTP {exc.code} {exc.reason}", field=field) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise MediaError(url, f"could not be downloaded: {reason}", field=field) from None
    return body


def _copy(resp: BinaryIO, tmp: Path, url: str, field: str, limits: Limits, deadline: float) -> None:
    total = 0
    with tmp.open("wb") as out:
        while True:
            if time.monotonic() > deadline:
                raise MediaError(url, f"took longer than {limits.timeout_s:g} s to download", field=field)
            chunk = resp.read(_CHUNK)
            if not chunk:
                return
            total += len(chunk)
            if total > limits.max_bytes:
                raise MediaError(url, f"is larger than {limits.max_bytes / MB:g} MB, the most accepted",
                                 field=field)
            out.write(chunk)


def _read_meta(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def forget_session() -> None:
    """Forget this process's already-fetched URLs (the disk cache stays); for tests and long-lived servers."""
    with _SEEN_LOCK:
        _SEEN.clear()


def _uri(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be empty")
    return value


# A URL field of the spec.  Local paths and file:// URLs are accepted too (checked when fetched).
Url = Annotated[str, AfterValidator(_uri)]
