"""Image uploads over HTTP: base64, presign + PUT + confirm, and what is refused; served back by URL."""

from __future__ import annotations

import base64
import io

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
