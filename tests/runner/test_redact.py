"""``hide_paths``: host paths and file URLs go, URLs and the API's own routes stay."""

from __future__ import annotations

import pytest

from runner.redact import hide_paths


@pytest.mark.parametrize(("text", "shown"), [
    ("the store /root/.mediakit/store/jobs.db cannot answer", "the store [server path] cannot answer"),
    ("image_url: '/tmp/a b/x.png': bad", "image_url: [server path]: bad"),
    ("cannot identify image file \"/srv/x.png\"", "cannot identify image file [server path]"),
    ("see file:///root/a.png", "see [server path]"),
    ("C:\\Users\\me\\x.png is missing", "[server path] is missing"),
    ("get https://example.com/a/b.png or http://127.0.0.1:8000/v1/files/u/x.png",
     "get https://example.com/a/b.png or http://127.0.0.1:8000/v1/files/u/x.png"),
    ("GET /v1/videos: Not Found", "GET /v1/videos: Not Found"),
    ("a ratio of 9/16 at 3 words/s", "a ratio of 9/16 at 3 words/s"),
])
def test_hide_paths(text: str, shown: str) -> None:
    assert hide_paths(text) == shown
