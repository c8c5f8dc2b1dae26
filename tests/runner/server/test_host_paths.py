"""No error a client reads shows a host path: file errors name the client's URL or field, a 503 names no store."""

from __future__ import annotations

import base64
import sqlite3
import tempfile

import pytest
from serving import Live

from runner.db import Database

pytestmark = pytest.mark.slow

CUT_SHORT_PNG = b"\x89PNG\r\n\x1a\n" + b"junk" * 40  # sniffs as a PNG (so it uploads), but Pillow cannot read it


def _no_host_path(live: Live, text: str) -> None:
    for folder in (str(live.config.store), str(live.config.store.resolve()), tempfile.gettempdir(), "file://"):
        assert folder not in text, text


def test_an_upload_that_is_no_image_names_its_field(live: Live) -> None:
    r = live.client.post("/v1/uploads/image", json={"image_base64": base64.b64encode(b"hello there").decode()},
                         headers=live.key())
    assert r.status_code == 400 and r.json()["error"]["code"] == "media_error"
    assert r.json()["error"]["message"].startswith("image_base64: ")
    _no_host_path(live, r.text)


def test_an_unreadable_upload_used_as_input_names_its_url(live: Live) -> None:
    alice = live.key()
    url = live.client.post("/v1/uploads/image", json={"image_base64": base64.b64encode(CUT_SHORT_PNG).decode()},
                           headers=alice).json()["image_url"]
    quote = live.client.post("/v2/quote/video", json={"model": "auto", "prompt": "a cat walks", "first_frame": url},
                             headers=alice)
    ugc = live.client.post("/v1/generate/ugc_video", json={"script": "word " * 20, "product_image_url": url},
                           headers=alice)
    for r, field in ((quote, "first_frame"), (ugc, "product_image_url")):
        assert r.status_code == 400 and r.json()["error"]["code"] == "media_error", r.text
        assert r.json()["error"]["message"].startswith(f"{field}: {url!r}: is not an image")
        _no_host_path(live, r.text)


def test_a_503_names_no_store_path(live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    alice = live.key()
    read = Database.read

    def failing(self: Database, sql: str, params: object = ()) -> list[sqlite3.Row]:
        return read(self, "SELECT * FROM no_such_table")  # the store's own 503, with its own message

    monkeypatch.setattr(Database, "read", failing)
    r = live.client.get("/v1/videos/0e7c2f4e-6c1b-4a55-9a2a-0d8f5d1f5e11", headers=alice)
    assert r.status_code == 503 and r.json()["error"]["code"] == "STATUS_UNAVAILABLE"
    assert r.json()["error"]["message"] == "the store [server path] cannot answer: no such table: no_such_table"
    _no_host_path(live, r.text)
