"""``GET /v1/characters`` over HTTP: signed in, the store's rows, the limit checked."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from serving import Live

from mediakit.stages.characters.describe import describe
from mediakit.stages.characters.sheet import Character
from mediakit.stages.characters.store import save_character


@pytest.mark.slow
def test_saved_characters(live: Live, tmp_path: Path) -> None:
    assert live.client.get("/v1/characters").status_code == 401
    auth = live.key()
    assert live.client.get("/v1/characters", headers=auth).json() == {"characters": []}
    sheet = tmp_path / "s.png"
    Image.new("RGB", (30, 20), "white").save(sheet)
    saved = save_character(Character("Ines", describe("a woman named Ines").look, "description"), sheet)
    body = live.client.get("/v1/characters", params={"limit": 1}, headers=auth).json()
    assert [(c["character_id"], c["name"]) for c in body["characters"]] == [(saved.id, "Ines")]
    assert body["characters"][0]["thumbnail_url"].endswith("/thumbnail.png")
    assert live.client.get("/v1/characters", params={"limit": 101}, headers=auth).status_code == 400
