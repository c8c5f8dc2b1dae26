"""The local HTTP server the adapter tests program (see engine_http.py); proxies never see 127.0.0.1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from engine_http import Server, serve


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
    with serve() as state:
        yield state
