"""Image uploads over HTTP: base64, presign + PUT + confirm, and what is refused; served back by URL."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from PIL import Image
from serving import Live

pytestmark = pytest.mark.slow


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 30, 40)).save(buf, "PNG")
    return buf.getvalue()


def test_base64_upload_is_served_back(live: Live) -> None:
    png = _png()
    r = live.client.post("/v1/uploads/image", json={"image_base64": base64.b64encode(png).decode()},
                         headers=live.key())
    assert r.status_code == 200
    url = r.json()["image_url"]
    assert url.startswith(live.url + "/v1/files/uploads/") and url.endswith(".png")
    back = live.client.get(url)
    assert back.content == png
    assert back.headers["content-type"] == "image/png"


def test_data_url_prefix_is_accepted(live: Live) -> None:
    data = "data:image/png;base64," + base64.b64encode(_png()).decode()
    assert live.client.post("/v1/uploads/image", json={"image_base64": data}, headers=live.key()).is_success


def test_refused_images(live: Live) -> None:
    auth = live.key()
    not_image = live.client.post("/v1/uploads/image", json={"image_base64": base64.b64encode(b"hello").decode()},
                                 headers=auth)
    assert not_image.status_code == 400
    assert not_image.json()["error"]["details"][0]["field"] == "image_base64"
    local = live.client.post("/v1/uploads/image", json={"image_url": "file:///etc/passwd"}, headers=auth)
    assert local.status_code == 400
    assert "https" in local.json()["error"]["message"]
    both = live.client.post("/v1/uploads/image", json={}, headers=auth)
    assert both.status_code == 400
    assert "exactly one" in both.json()["error"]["message"]
    assert not (live.config.store / "outputs" / "uploads").exists() or not any(
        (live.config.store / "outputs" / "uploads").iterdir())


def test_presign_put_confirm(live: Live) -> None:
    png, auth = _png(), live.key("alice")
    ticket = live.client.post("/v1/uploads/presign", json={"bytes": len(png), "content_type": "image/png"},
                              headers=auth).json()
    assert ticket["bytes"] == len(png) and ticket["expires_in"] == 900
    early = live.client.post("/v1/uploads/confirm", json={"upload_key": ticket["upload_key"]}, headers=auth)
    assert early.status_code == 400 and "no bytes" in early.json()["error"]["message"]
    short = live.client.put(ticket["put_url"], content=png[:-1])
    assert short.status_code == 400
    assert live.client.put(ticket["put_url"], content=png).is_success
    stranger = live.client.post("/v1/uploads/confirm", json={"upload_key": ticket["upload_key"]},
                                headers=live.key("bob"))
    assert stranger.status_code == 404
    done = live.client.post("/v1/uploads/confirm", json={"upload_key": ticket["upload_key"]}, headers=auth)
    assert done.json()["mime"] == "image/png" and done.json()["bytes"] == len(png)
    assert live.client.get(done.json()["image_url"]).content == png
    again = live.client.post("/v1/uploads/confirm", json={"upload_key": ticket["upload_key"]}, headers=auth)
    assert again.status_code == 404


def test_presigned_put_may_exceed_the_json_limit(live: Live) -> None:
    img = Image.effect_noise((700, 700), 90).convert("RGB")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    big = buf.getvalue()
    assert len(big) > 1_000_000
    auth = live.key()
    ticket = live.client.post("/v1/uploads/presign", json={"bytes": len(big)}, headers=auth).json()
    assert live.client.put(ticket["put_url"], content=big).is_success
    done = live.client.post("/v1/uploads/confirm", json={"upload_key": ticket["upload_key"]}, headers=auth)
    assert done.json()["bytes"] == len(big)


def test_presign_rules(live: Live) -> None:
    auth = live.key()
    assert live.client.post("/v1/uploads/presign", json={"bytes": 0}, headers=auth).status_code == 400
    bad_type = live.client.post("/v1/uploads/presign", json={"bytes": 10, "content_type": "text/html"},
                                headers=auth)
    assert bad_type.json()["error"]["details"][0]["field"] == "content_type"


def test_a_talking_clip_upload_is_a_footage_url_of_its_owner_only(live: Live, real: Path, silent_video: Path,
                                                                   long_clip: Path) -> None:
    """``POST /v1/uploads/raw/video`` (a mediakit extension): a clip with a picture and a sound, at most 15 s,
    kept as the owner's input; what cannot be a footage ad's clip is a 400 naming ``body`` and the rule."""
    alice, bob = live.key("alice"), live.key("bob")
    grid = (real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg").read_bytes()
    r = live.client.post("/v1/uploads/raw/video", content=grid, headers={**alice, "X-Filename": "me.mpg"})
    assert r.status_code == 201, r.text
    kept = r.json()
    assert kept["mime"] == "video/mpeg" and kept["bytes"] == len(grid) and 2.9 <= kept["duration_s"] <= 3.1, kept
    assert kept["video_url"].startswith(live.url + "/v1/files/uploads/")
    assert live.client.get(kept["video_url"]).content == grid
    r = live.client.post("/v1/generate/ugc_video", json={"footage_url": kept["video_url"]}, headers=alice)
    assert r.status_code == 201 and r.json()["estimated_duration"] == 5, r.text
    r = live.client.post("/v1/generate/ugc_video", json={"footage_url": kept["video_url"]}, headers=bob)
    assert r.status_code == 400 and "is not a file of this account" in r.json()["error"]["message"], r.text
    head_only = b"\x00\x00\x00\x18ftypmp42" + bytes(200)   # sniffs as MP4, but no container ffmpeg reads
    for content, rule in ((_png(), "has no video stream: it is image (png)"),
                          (b"hello, not a video at all", "is not a readable video file"),
                          (head_only, "is not a video ffmpeg can read"),
                          (silent_video.read_bytes(), "must have both a picture and a sound"),
                          (long_clip.read_bytes(), "must last at most 15 s")):
        r = live.client.post("/v1/uploads/raw/video", content=content, headers={**alice, "X-Filename": "clip"})
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert error["details"][0]["field"] == "body" and rule in error["message"], error
        assert str(live.config.store) not in error["message"] and "/tmp" not in error["message"], error
    assert live.client.post("/v1/uploads/raw/video", content=grid).status_code == 401
