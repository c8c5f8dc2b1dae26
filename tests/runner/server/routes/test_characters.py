"""``GET /v1/characters`` over HTTP: signed in, each account's own characters only, served URLs, the limit.

Characters are kept per user in the server's store (``runner.characters``):
another account's id is 404 everywhere (the listing, one character, a
make_ugc quote), and a second store shares none of them.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from PIL import Image
from serving import Live, serve, wait_for

from mediakit.stages.characters.describe import describe
from mediakit.stages.characters.sheet import Character
from mediakit.stages.characters.store import SavedCharacter, save_character
from runner.characters import characters_of
from runner.server.app import ServerConfig

pytestmark = pytest.mark.slow


def _save(live: Live, user: str, tmp_path: Path) -> SavedCharacter:
    """A character saved for ``user`` in the server's store, as a finished sheet job of theirs saves it."""
    sheet = tmp_path / "s.png"
    Image.new("RGB", (30, 20), "white").save(sheet)
    character = Character("Ines", describe("a woman named Ines").look, "description")
    return save_character(character, sheet, characters_of(live.config.store, user))


def _quote(live: Live, character: str, headers: dict[str, str]) -> httpx.Response:
    body = {"scene_action": "waves at the camera", "character": character}
    return live.client.post("/v1/skills/make_ugc/quote", json=body, headers=headers)


def test_saved_characters_are_the_callers_own(live: Live, tmp_path: Path) -> None:
    assert live.client.get("/v1/characters").status_code == 401
    alice, bob = live.key("alice"), live.key("bob")
    assert live.client.get("/v1/characters", headers=alice).json() == {"characters": []}
    saved = _save(live, "alice", tmp_path)
    body = live.client.get("/v1/characters", params={"limit": 1}, headers=alice).json()
    assert [(c["character_id"], c["name"]) for c in body["characters"]] == [(saved.id, "Ines")]
    thumbnail = body["characters"][0]["thumbnail_url"]
    assert thumbnail.startswith(f"{live.url}/v1/files/") and thumbnail.endswith("/thumbnail.png")
    assert live.client.get(thumbnail).headers["content-type"] == "image/png"
    assert live.client.get(f"/v1/characters/{saved.id}", headers=alice).json() == body["characters"][0]
    assert _quote(live, saved.id, alice).status_code == 200

    assert live.client.get("/v1/characters", headers=bob).json() == {"characters": []}
    for r in (live.client.get(f"/v1/characters/{saved.id}", headers=bob), _quote(live, saved.id, bob)):
        assert r.status_code == 404, r.text
        assert r.json()["error"]["code"] == "not_found" and "character" in r.json()["error"]["message"]
    assert live.client.get("/v1/characters", params={"limit": 101}, headers=alice).status_code == 400


def test_a_sheet_job_saves_into_its_owners_folder(working: Live, private_home: Path) -> None:
    alice, bob = working.key("alice"), working.key("bob")
    sheet = working.client.post("/v1/character/sheet-generate", json={"description": "a friendly baker"},
                                headers=alice)
    assert sheet.status_code == 202, sheet.text
    assert wait_for(working, sheet.json()["job_id"], alice)["status"] == "completed"
    mine = working.client.get("/v1/characters", headers=alice).json()["characters"]
    assert len(mine) == 1 and working.client.get("/v1/characters", headers=bob).json() == {"characters": []}
    assert not (private_home / "characters").exists()  # nothing in the CLI's folder


def test_two_stores_share_no_characters(live: Live, tmp_path: Path) -> None:
    saved = _save(live, "alice", tmp_path)
    for other in serve(ServerConfig(tmp_path / "other-store")):
        alice = other.key("alice")
        assert other.client.get("/v1/characters", headers=alice).json() == {"characters": []}
        assert _quote(other, saved.id, alice).status_code == 404
