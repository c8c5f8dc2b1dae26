"""This server's own URLs as inputs, on a loopback server: uploads, session uploads and earlier jobs' outputs, each
its owner's only; and actor portraits at URLs a client can fetch."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from serving import Live, credits, wait_for

from mediakit.generation.run import generate
from mediakit.stages.actors.catalog import portrait_folder
from runner import jobs
from runner.db import Database

pytestmark = pytest.mark.slow

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
APP = "/v1/generate/show_your_app"
SCRIPT = "My streak is at twelve days and counting."
NOT_YOURS = "is not a file of this account on this server"


def _png() -> str:
    return base64.b64encode((SAMPLES / "app_screen.png").read_bytes()).decode()


def _refused(live: Live, path: str, body: dict[str, object], headers: dict[str, str], field: str) -> None:
    """``body`` is refused with a media_error naming ``field`` and no server path, and nothing is charged."""
    before = credits(live, headers)
    r = live.client.post(path, json=body, headers=headers)
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "media_error" and error["details"][0]["field"] == field
    assert NOT_YOURS in error["message"] and str(live.config.store) not in error["message"]
    assert credits(live, headers) == before


def test_an_upload_is_an_input_of_its_owner_only(live: Live) -> None:
    alice, bob = live.key("alice"), live.key("bob")
    up = live.client.post("/v1/uploads/image", json={"image_base64": _png()}, headers=alice)
    image_url = up.json()["image_url"]
    assert image_url.startswith(live.url + "/v1/files/uploads/")
    r = live.client.post(APP, json={"app_screenshot_url": image_url, "script": SCRIPT, "duration": 5}, headers=alice)
    assert r.status_code == 201, r.text
    # another user's URL reads exactly like a missing one
    _refused(live, APP, {"app_screenshot_url": image_url, "script": SCRIPT, "duration": 5}, bob,
             "app_screenshot_url")
    missing = image_url.rsplit("/", 1)[0] + "/no-such-image.png"
    _refused(live, APP, {"app_screenshot_url": missing, "script": SCRIPT, "duration": 5}, alice, "app_screenshot_url")


def test_a_session_upload_is_an_input_of_its_owner_only(live: Live) -> None:
    alice, bob = live.key("alice"), live.key("bob")
    session = live.client.post("/v1/upload-sessions", headers=alice).json()
    image = live.client.post(session["upload_url"], content=base64.b64decode(_png()),
                             headers={"X-Filename": "screen.png"})
    assert image.status_code == 201, image.text
    image_url = image.json()["image_url"]
    body = {"app_screenshot_url": image_url, "script": SCRIPT, "duration": 5}
    assert live.client.post(APP, json=body, headers=alice).status_code == 201
    _refused(live, APP, body, bob, "app_screenshot_url")


def test_a_sheet_then_a_storyboard_then_a_video_from_output_urls(working: Live) -> None:
    alice, bob = working.key("alice"), working.key("bob")
    sheet = working.client.post("/v1/character/sheet-generate", json={"description": "a friendly baker"},
                                headers=alice)
    assert sheet.status_code == 202, sheet.text
    sheet_url = wait_for(working, sheet.json()["job_id"], alice)["video_url"]
    assert sheet_url.startswith(working.url + "/v1/files/")
    board_body = {"character_sheet_url": sheet_url, "beats": ["wakes up", "bakes bread", "sells it"]}
    board = working.client.post("/v1/character/storyboard-generate", json=board_body, headers=alice)
    assert board.status_code == 202, board.text
    done = wait_for(working, board.json()["job_id"], alice)  # planned again by the worker, for alice
    assert done["status"] == "completed", done
    assert working.client.get(done["video_url"]).headers["content-type"] == "image/png"
    video_body = {"character_sheet_url": sheet_url, "storyboard_url": done["video_url"], "duration": 5,
                  "aspect_ratio": "1:1", "generate_audio": False, "action_prompt": "bakes bread"}
    video = working.client.post("/v1/generate/character_video", json=video_body, headers=alice)
    assert video.status_code == 201, video.text
    assert wait_for(working, video.json()["job_id"], alice)["status"] == "completed"
    _refused(working, "/v1/character/storyboard-generate", board_body, bob, "character_sheet_url")
    _refused(working, "/v1/primitives/character_sheet_image_engine", {"portrait_url": sheet_url}, bob,
             "portrait_url")


def test_actor_portraits_are_served_at_the_urls_the_actors_name(live: Live) -> None:
    actor = live.client.get("/v1/actors", params={"slug": "maya-chen"}).json()["actor"]
    assert actor["portrait_url"] == live.url + "/v1/actors/maya-chen/portrait.png"
    r = live.client.get(actor["portrait_url"])
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content == (portrait_folder() / "maya-chen.png").read_bytes()
    listed = live.client.get("/v1/actors", params={"limit": 500}).json()["actors"]
    assert all(a["portrait_url"].startswith(live.url + "/v1/actors/") for a in listed)
    missing = live.client.get("/v1/actors/nobody-at-all/portrait.png")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "ACTOR_NOT_FOUND"


def test_a_url_under_another_address_of_this_server_is_read_back_by_the_worker(working: Live, tmp_path: Path) -> None:
    """A client that reached the server by another name (here ``localhost``, its Host header) is given, and names,
    URLs under that name; the worker knows the server by ``--public-url`` only, so the job keeps them under it, and
    the render reads the same file the submit accepted (it failed at render, refunded, before)."""
    alice = working.key("alice")
    other = {**alice, "Host": working.url.replace("http://127.0.0.1", "localhost").removeprefix("http://")}
    sheet = tmp_path / "sheet.png"
    generate("character_sheet", {"description": "a girl named Zoe with a ponytail"}, sheet)
    up = working.client.post("/v1/uploads/image", json={"image_base64": base64.b64encode(sheet.read_bytes()).decode()},
                             headers=other)
    sheet_url = up.json()["image_url"]
    assert sheet_url.startswith("http://localhost:")
    body = {"character_sheet_url": sheet_url, "beats": ["Zoe walks in", "Zoe waves", "Zoe laughs"]}
    board = working.client.post("/v1/character/storyboard-generate", json=body, headers=other)
    assert board.status_code == 202, board.text
    job = jobs.get(Database(working.config.store), board.json()["job_id"], "alice")
    assert job.input["character_sheet_url"] == sheet_url.replace("http://localhost", "http://127.0.0.1")
    done = wait_for(working, job.id, alice)
    assert done["status"] == "completed", done
