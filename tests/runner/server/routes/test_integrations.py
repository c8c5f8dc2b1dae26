"""``GET /v1/integrations/<publisher>/accounts``: the integration ids of the server's publisher, for users only."""

from __future__ import annotations

from pathlib import Path

import pytest
from serving import Live

pytestmark = pytest.mark.slow


def test_accounts_of_the_local_folder_publisher(live: Live, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDIAKIT_PUBLISH_DIR", str(tmp_path / "pub"))
    (tmp_path / "pub" / "tiktok-main").mkdir(parents=True)
    r = live.client.get("/v1/integrations/local-folder/accounts", headers=live.key())
    assert r.status_code == 200, r.text
    assert r.json() == {"publisher": "local-folder", "accounts": [{"id": "tiktok-main"}]}
    assert "x-ratelimit-remaining" in r.headers  # counted like the other reads


def test_accounts_need_a_credential_and_the_servers_publisher(live: Live) -> None:
    anonymous = live.client.get("/v1/integrations/local-folder/accounts")
    assert anonymous.status_code == 401 and anonymous.json()["error"]["code"] == "missing_api_key"
    other = live.client.get("/v1/integrations/social/accounts", headers=live.key())
    assert other.status_code == 404 and "'local-folder'" in other.json()["error"]["message"]
