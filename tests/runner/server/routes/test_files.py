"""Outputs served from the store with range requests; nothing outside the outputs folder."""

from __future__ import annotations

import pytest
from serving import Live

pytestmark = pytest.mark.slow


def test_range_requests(live: Live) -> None:
    folder = live.config.outputs / "job"
    folder.mkdir(parents=True)
    data = bytes(range(256)) * 40
    (folder / "out.mp4").write_bytes(data)
    full = live.client.get("/v1/files/job/out.mp4")
    assert full.status_code == 200 and full.content == data
    assert full.headers["accept-ranges"] == "bytes"
    part = live.client.get("/v1/files/job/out.mp4", headers={"Range": "bytes=100-199"})
    assert part.status_code == 206
    assert part.headers["content-range"] == f"bytes 100-199/{len(data)}"
    assert part.content == data[100:200]
    tail = live.client.get("/v1/files/job/out.mp4", headers={"Range": "bytes=-10"})
    assert tail.content == data[-10:]
    beyond = live.client.get("/v1/files/job/out.mp4", headers={"Range": f"bytes={len(data) + 5}-"})
    assert beyond.status_code == 416


def test_a_range_it_cannot_honour_is_the_specs_error(live: Live) -> None:
    """Starlette answers a bad Range with an empty text/plain body; here it is the spec's error, naming the header."""
    folder = live.config.outputs / "job"
    folder.mkdir(parents=True)
    (folder / "out.mp4").write_bytes(b"x" * 100)
    portrait = live.client.get("/v1/actors", params={"limit": 1}).json()["actors"][0]["portrait_url"]
    for url in ("/v1/files/job/out.mp4", portrait):
        beyond = live.client.get(url, headers={"Range": "bytes=99999999-"})
        assert beyond.status_code == 416
        size = 100 if url.endswith(".mp4") else len(live.client.get(url).content)
        assert beyond.headers["content-range"] == f"bytes */{size}"
        error = beyond.json()["error"]
        assert error["code"] == "range_not_satisfiable" and error["details"][0]["field"] == "Range"
        malformed = live.client.get(url, headers={"Range": "pages=1-2"})
        assert malformed.status_code == 400, malformed.text
        assert malformed.json()["error"]["code"] == "validation_error"
        assert malformed.json()["error"]["message"].startswith("Range: ")
    stale = live.client.get("/v1/files/job/out.mp4", headers={"Range": "bytes=99999999-", "If-Range": '"old"'})
    assert stale.status_code == 200  # If-Range: a changed file is sent whole, as Starlette does


def test_nothing_outside_outputs(live: Live) -> None:
    live.config.store.mkdir(parents=True, exist_ok=True)
    (live.config.store / "secret.txt").write_text("no")
    for path in ("/v1/files/../secret.txt", "/v1/files/%2e%2e/secret.txt", "/v1/files/missing.mp4"):
        r = live.client.get(path)
        assert r.status_code == 404, path
        assert r.json()["error"]["code"] == "not_found"
