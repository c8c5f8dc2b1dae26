"""The character primitives over HTTP: a portrait run, a sheet from its artifact URL, run reports and refusals."""

from __future__ import annotations

import io
from typing import Any

import httpx
import pytest
from patience import HANG_S
from PIL import Image
from serving import SLEEP, Live, credits, poll

from mediakit.stages.characters.sheet import read_character

pytestmark = pytest.mark.slow

PORTRAIT = "/v1/primitives/portrait_image_engine"
SHEET = "/v1/primitives/character_sheet_image_engine"


def finished(live: Live, run_id: str, headers: dict[str, str], timeout: float = HANG_S) -> dict[str, Any]:
    return poll(live, f"/v1/primitives/runs/{run_id}", headers, ("succeeded", "failed", "canceled"), timeout,
                every=0.2)


def test_portrait_then_a_sheet_from_its_artifact(working: Live, tmp_path) -> None:
    alice = working.key("alice")
    r = working.client.post(PORTRAIT, json={"description": "a friendly baker with red hair and an apron"},
                            headers=alice)
    assert r.status_code == 202, r.text
    accepted = r.json()
    assert accepted["status"] == "queued" and accepted["credits_deducted"] == 10
    assert credits(working, alice) == 6890
    run = finished(working, accepted["run_id"], alice)
    assert run["status"] == "succeeded" and run["error"] is None and run["primitive"] == "portrait_image_engine"
    [artifact] = run["artifacts"]
    assert artifact["kind"] == "portrait" and artifact["url"].startswith(working.url + "/v1/files/")
    png = httpx.get(artifact["url"]).content
    assert Image.open(io.BytesIO(png)).size == (768, 1024)
    (tmp_path / "portrait.png").write_bytes(png)
    drawn = read_character(tmp_path / "portrait.png", field="portrait")
    assert drawn is not None and drawn.variant == "description" and drawn.look.hair_color != ""

    r = working.client.post(SHEET, json={"portrait_url": artifact["url"], "description": "the baker"}, headers=alice)
    assert r.status_code == 202, r.text
    assert r.json()["credits_deducted"] == 20  # a sheet from a reference
    sheet = finished(working, r.json()["run_id"], alice)
    assert sheet["status"] == "succeeded" and sheet["primitive"] == "character_sheet_image_engine"
    [art] = sheet["artifacts"]
    assert art["kind"] == "character_sheet"
    (tmp_path / "sheet.png").write_bytes(httpx.get(art["url"]).content)
    on_sheet = read_character(tmp_path / "sheet.png", field="sheet")
    assert on_sheet is not None and on_sheet.variant == "reference"
    assert Image.open(tmp_path / "sheet.png").size == (1536, 1024)
    # the sheet's job is also a job of /v1/videos; another user sees neither run
    assert working.client.get(f"/v1/videos/{sheet['run_id']}", headers=alice).json()["status"] == "completed"
    bob = working.key("bob")
    assert working.client.get(f"/v1/primitives/runs/{sheet['run_id']}", headers=bob).status_code == 404


def test_refusals(live: Live) -> None:
    alice = live.key("alice")
    assert live.client.post(PORTRAIT, json={"description": "a baker"}).status_code == 401
    both = live.client.post(PORTRAIT, json={"description": "a baker", "actor_slug": "maya-chen"}, headers=alice)
    assert both.status_code == 400 and both.json()["error"]["code"] == "validation_error"
    assert live.client.post(PORTRAIT, json={"description": "ab"}, headers=alice).status_code == 400
    unknown_actor = live.client.post(PORTRAIT, json={"actor_slug": "nobody-at-all"}, headers=alice)
    assert unknown_actor.status_code == 400
    assert unknown_actor.json()["error"]["details"][0]["field"] == "actor_slug"
    # a sheet reads only https portraits or this server's files: never a plain http URL or a path on its disk
    for url in ("http://example.com/p.png", "/etc/hostname", live.url + "/v1/files/nothing/here.png"):
        r = live.client.post(SHEET, json={"portrait_url": url}, headers=alice)
        assert r.status_code == 400, url
        assert r.json()["error"]["details"][0]["field"] == "portrait_url"
    assert live.client.post(SHEET, json={}, headers=alice).status_code == 400
    assert live.client.get("/v1/primitives/runs/not-a-run", headers=alice).status_code == 404
    # a job that is no primitive's is not a primitive run; nothing refused above was charged
    other = live.client.post(SLEEP, json={"seconds": 0}, headers=alice)
    assert live.client.get(f"/v1/primitives/runs/{other.json()['job_id']}", headers=alice).status_code == 404
    assert credits(live, alice) == 6900 - 50
