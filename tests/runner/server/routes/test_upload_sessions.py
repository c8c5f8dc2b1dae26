"""Upload sessions over HTTP: create, upload by token, read, list, previews; owners only; limits."""

from __future__ import annotations

import io
from pathlib import Path
from unittest import mock

import pytest
from PIL import Image
from serving import Live

from runner.server.core import upload_sessions

pytestmark = pytest.mark.slow


def _jpeg(size: tuple[int, int] = (640, 480)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, (20, 120, 220)).save(buf, "JPEG")
    return buf.getvalue()


def test_session_round_trip(live: Live) -> None:
    auth = live.key("alice")
    created = live.client.post("/v1/upload-sessions", json={}, headers=auth)
    assert created.status_code == 201
    session = created.json()
    assert session["images"] == [] and session["max_files"] == 10 and session["max_bytes"] == 20 * 1024 * 1024
    assert session["upload_token"] in session["upload_url"]
    photo = _jpeg()
    up = live.client.post(session["upload_url"], content=photo, headers={"X-Filename": "my photo.jpg"})
    assert up.status_code == 201
    assert up.json()["filename"] == "my_photo.jpg" and up.json()["mime"] == "image/jpeg"
    assert live.client.get(up.json()["image_url"]).content == photo
    read = live.client.get(f"/v1/upload-sessions/{session['session_id']}", headers=auth).json()
    assert [i["filename"] for i in read["images"]] == ["my_photo.jpg"]
    assert "upload_token" not in read
    listed = live.client.get("/v1/upload-sessions", headers=auth).json()["sessions"]
    assert listed == [{"session_id": session["session_id"], "expires_at": session["expires_at"],
                       "filenames": ["my_photo.jpg"]}]
    previews = live.client.get(f"/v1/upload-sessions/{session['session_id']}/previews", headers=auth).json()
    assert previews["unavailable"] == []
    preview = Image.open(io.BytesIO(live.client.get(previews["previews"][0]["preview_url"]).content))
    assert preview.format == "JPEG" and max(preview.size) == 256


def test_sessions_belong_to_their_owner(live: Live) -> None:
    session = live.client.post("/v1/upload-sessions", headers=live.key("alice")).json()
    bob = live.key("bob")
    assert live.client.get(f"/v1/upload-sessions/{session['session_id']}", headers=bob).status_code == 404
    assert live.client.get("/v1/upload-sessions", headers=bob).json() == {"sessions": []}
    wrong = session["upload_url"].split("?")[0] + "?upload_token=guess"
    r = live.client.post(wrong, content=_jpeg())
    assert r.status_code == 404 and r.json()["error"]["details"][0]["field"] == "session_id"


def test_expired_session_is_gone(live: Live) -> None:
    auth = live.key()
    with mock.patch.object(upload_sessions, "TTL_S", -1):
        session = live.client.post("/v1/upload-sessions", headers=auth).json()
    assert live.client.get(f"/v1/upload-sessions/{session['session_id']}", headers=auth).status_code == 404
    assert live.client.post(session["upload_url"], content=_jpeg()).status_code == 404


def test_session_limits(live: Live) -> None:
    session = live.client.post("/v1/upload-sessions", headers=live.key()).json()
    not_image = live.client.post(session["upload_url"], content=b"plain text")
    assert not_image.status_code == 400
    small = _jpeg((16, 16))
    with mock.patch.object(upload_sessions, "MAX_FILES", 2):
        codes = [live.client.post(session["upload_url"], content=small).status_code for _ in range(3)]
    assert codes == [201, 201, 400]


def test_a_session_takes_a_talking_clip_for_footage_url(live: Live, real: Path, silent_video: Path) -> None:
    """A mediakit extension: a clip posted to a session's upload_url (a phone's recording) is checked as
    ``/v1/uploads/raw/video`` checks it, listed in ``videos``, and is a footage_url of the session's owner."""
    alice = live.key("alice")
    session = live.client.post("/v1/upload-sessions", headers=alice).json()
    assert session["videos"] == []
    grid = (real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg").read_bytes()
    up = live.client.post(session["upload_url"], content=grid, headers={"X-Filename": "me talking.mpg"})
    assert up.status_code == 201, up.text
    clip = up.json()
    assert clip["filename"] == "me_talking.mpg" and clip["mime"] == "video/mpeg" and "image_url" not in clip
    assert live.client.get(clip["video_url"]).content == grid
    read = live.client.get(f"/v1/upload-sessions/{session['session_id']}", headers=alice).json()
    assert read["images"] == [] and [v["video_url"] for v in read["videos"]] == [clip["video_url"]]
    r = live.client.post("/v1/generate/ugc_video", json={"footage_url": clip["video_url"]}, headers=alice)
    assert r.status_code == 201 and r.json()["estimated_duration"] == 5, r.text
    silent = live.client.post(session["upload_url"], content=silent_video.read_bytes(),
                              headers={"X-Filename": "quiet.mp4"})
    assert silent.status_code == 400 and silent.json()["error"]["details"][0]["field"] == "body", silent.text
    assert "'quiet.mp4': must have both a picture and a sound" in silent.json()["error"]["message"]
