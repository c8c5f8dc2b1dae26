"""``runner.served.canonical_urls``: a job names this server's files under the address its worker reads them at."""

from __future__ import annotations

from pathlib import Path

from runner.served import Served, canonical_urls, serving

PUBLIC = "http://127.0.0.1:8000/v1/files/"
OTHER = "http://localhost:8000/v1/files/"


def test_this_servers_urls_are_named_under_the_public_prefix_at_any_depth(tmp_path: Path) -> None:
    body = {"image": OTHER + "uploads/a.png", "refs": [OTHER + "j/1.png", PUBLIC + "j/2.png"],
            "scene": {"still": OTHER + "j/3.png", "seconds": 5}, "elsewhere": "https://example.com/v1/files/x.png"}
    with serving(Served((OTHER, PUBLIC), tmp_path, canonical=PUBLIC)):
        named = canonical_urls(body)
    assert named == {"image": PUBLIC + "uploads/a.png", "refs": [PUBLIC + "j/1.png", PUBLIC + "j/2.png"],
                     "scene": {"still": PUBLIC + "j/3.png", "seconds": 5},
                     "elsewhere": "https://example.com/v1/files/x.png"}


def test_unchanged_without_a_worker_address_or_outside_a_request(tmp_path: Path) -> None:
    body = {"image": OTHER + "uploads/a.png"}
    with serving(Served((OTHER,), tmp_path)):
        assert canonical_urls(body) == body
    assert canonical_urls(body) == body
