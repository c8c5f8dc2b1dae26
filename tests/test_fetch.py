"""URL fields -> local files: paths, file:// URLs and bounded https downloads with an ETag cache."""

from __future__ import annotations

import http.server
import ssl
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import pytest
import trustme

from mediakit import fetch as fetch_mod
from mediakit.errors import MediaError, ValidationError
from mediakit.fetch import BROLL, IMAGE, SCREEN_IMAGE, VIDEO, Limits, fetch, gated_downloads, sniff

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 100


class _Handler(http.server.BaseHTTPRequestHandler):
    files: dict[str, tuple[bytes, str | None]] = {}
    hits: list[tuple[str, str | None]] = []

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        _Handler.hits.append((self.path, self.headers.get("If-None-Match")))
        if self.path.startswith("/redirect"):
            self.send_response(302)
            self.send_header("Location", "http://127.0.0.1:1/plain.png")
            self.end_headers()
            return
        body, etag = self.files.get(self.path.split("?")[0], (b"", None))
        if not body:
            self.send_response(404)
            self.end_headers()
            return
        if etag is not None and self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")  # the server's word is ignored: content is sniffed
        self.send_header("Content-Length", str(len(body)))
        if etag:
            self.send_header("ETag", etag)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    ca = trustme.CA()
    cert = ca.issue_cert("127.0.0.1")
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    cert.configure_cert(ctx)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)
    bundle = tmp_path_factory.mktemp("ca") / "ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    mp = pytest.MonkeyPatch()
    mp.setenv("SSL_CERT_FILE", str(bundle))
    yield f"https://127.0.0.1:{httpd.server_address[1]}"
    mp.undo()
    httpd.shutdown()


@pytest.fixture(autouse=True)
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDIAKIT_CACHE", str(tmp_path / "cache"))
    fetch_mod.forget_session()
    _Handler.hits.clear()


def test_local_paths_and_file_urls(tmp_path: Path) -> None:
    img = tmp_path / "shot image.png"
    img.write_bytes(PNG)
    assert fetch(str(img), field="app_screenshot_url", limits=IMAGE) == img
    assert fetch(img.as_uri(), field="app_screenshot_url", limits=IMAGE) == img
    with pytest.raises(MediaError, match="does not exist") as info:
        fetch(str(tmp_path / "nope.png"), field="product_image_url", limits=IMAGE)
    assert info.value.to_dict()["error"]["details"][0]["field"] == "product_image_url"
    with pytest.raises(MediaError, match="has no video stream: it is image"):
        fetch(str(img), field="video_url", limits=VIDEO)
    big = tmp_path / "big.png"
    big.write_bytes(PNG + b"\x00" * (5 * 1024 * 1024))
    with pytest.raises(MediaError, match="at most 5 MB"):
        fetch(str(big), field="app_screen_image_url", limits=SCREEN_IMAGE)


def test_plain_http_and_other_schemes_are_refused() -> None:
    with pytest.raises(ValidationError, match="must start with https://"):
        fetch("http://example.com/a.png", field="product_image_url", limits=IMAGE)
    with pytest.raises(ValidationError, match="https:// URL, a file:// URL or a file path"):
        fetch("ftp://example.com/a.png", field="product_image_url", limits=IMAGE)


def test_download_is_sniffed_cached_and_revalidated_by_etag(server: str) -> None:
    _Handler.files["/cup.png"] = (PNG, '"v1"')
    url = f"{server}/cup.png?size=large"
    first = fetch(url, field="product_image_url", limits=IMAGE)
    assert first.read_bytes() == PNG
    for _ in range(100):  # a batch using the same photo: asked once in this process
        assert fetch(url, field="product_image_url", limits=IMAGE) == first
    assert len(_Handler.hits) == 1
    fetch_mod.forget_session()  # a new process: revalidates, 304, no body
    assert fetch(url, field="product_image_url", limits=IMAGE) == first
    assert _Handler.hits[-1] == ("/cup.png?size=large", '"v1"')


def test_the_download_gate_is_held_around_downloads_only_and_may_refuse(server: str, tmp_path: Path) -> None:
    """A server bounds a caller's downloads with the gate: only a network download enters it (not a local
    file, not a URL already fetched), and what it raises is the fetch's answer."""
    _Handler.files["/gated.png"] = (PNG, None)
    url, local = f"{server}/gated.png", tmp_path / "local.png"
    local.write_bytes(PNG)
    entered: list[tuple[str, str]] = []

    @contextmanager
    def gate(target: str, field: str) -> Iterator[None]:
        entered.append((target, field))
        yield

    with gated_downloads(gate):
        fetch(str(local), field="product_image_url", limits=IMAGE)
        fetch(url, field="product_image_url", limits=IMAGE)
        fetch(url, field="product_image_url", limits=IMAGE)  # already fetched in this process
    assert entered == [(url, "product_image_url")]

    def refuse(target: str, field: str) -> AbstractContextManager[None]:
        raise ValidationError(field, target, "too many downloads")

    fetch_mod.forget_session()
    with gated_downloads(refuse), pytest.raises(ValidationError, match="too many downloads"):
        fetch(url, field="product_image_url", limits=IMAGE)
    assert len(_Handler.hits) == 1  # the refused download never reached the host


@pytest.mark.slow
def test_download_limits_type_and_errors(server: str) -> None:
    _Handler.files["/notes.png"] = (b"just some text, not an image at all", None)
    with pytest.raises(MediaError, match="is not a readable png/jpeg/webp file"):
        fetch(f"{server}/notes.png", field="product_image_url", limits=IMAGE)
    _Handler.files["/huge.png"] = (PNG + b"\x00" * 4096, None)
    with pytest.raises(MediaError, match="at most"):
        fetch(f"{server}/huge.png", field="product_image_url", limits=Limits(("image",), 1024))
    with pytest.raises(MediaError, match="answered HTTP 404"):
        fetch(f"{server}/missing.png", field="product_image_url", limits=IMAGE)
    with pytest.raises((ValidationError, MediaError)):
        fetch(f"{server}/redirect", field="product_image_url", limits=IMAGE)
    assert not list((Path(fetch_mod.cache_dir()) / "fetch").glob("*.bin"))


def test_a_cached_download_refused_later_names_its_url(server: str) -> None:
    """A URL fetched once is checked again from the cache for another field's rules; the error names the URL,
    never the cache's file (a server's client must not see its paths)."""
    _Handler.files["/clip.mp4"] = (b"\x00\x00\x00\x20ftypisom" + b"\x00" * 64, None)
    fetch(f"{server}/clip.mp4", field="broll_url", limits=BROLL)
    with pytest.raises(MediaError, match="has no image stream") as refused:
        fetch(f"{server}/clip.mp4", field="product_image_url", limits=IMAGE)
    assert refused.value.path == f"{server}/clip.mp4"


@pytest.mark.slow
@pytest.mark.parametrize(("head", "found"), [
    (b"\x89PNG\r\n\x1a\n", ("image", "png")), (b"\xff\xd8\xff\xe0", ("image", "jpeg")),
    (b"RIFF\x00\x00\x00\x00WEBPVP8 ", ("image", "webp")), (b"RIFF\x00\x00\x00\x00WAVEfmt ", ("audio", "wav")),
    (b"\x00\x00\x00\x20ftypisom", ("video", "mp4")), (b"\x00\x00\x00\x14ftypqt  ", ("video", "mov")),
    (b"\x00\x00\x00\x20ftypM4A ", ("audio", "m4a")), (b"ID3\x04", ("audio", "mp3")),
    (b"\x1a\x45\xdf\xa3", ("video", "webm")), (b"hello", None),
])
def test_sniffing(head: bytes, found: tuple[str, str] | None) -> None:
    assert sniff(head) == found
