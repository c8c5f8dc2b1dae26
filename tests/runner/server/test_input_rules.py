"""A server for remote clients (``local_inputs=False``): inputs are https to public hosts or this server's files."""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from serving import Live, serve

from runner.server.app import ServerConfig

pytestmark = pytest.mark.slow

SAMPLES = Path(__file__).resolve().parents[3] / "samples"


@pytest.fixture
def remote(tmp_path: Path) -> Iterator[Live]:
    yield from serve(ServerConfig(tmp_path / "store", local_inputs=False))


@pytest.mark.parametrize("url, rule", [
    (str(SAMPLES / "jfk.mp4"), "must be an https URL or a file URL of this server"),
    ((SAMPLES / "jfk.mp4").as_uri(), "must be an https URL or a file URL of this server"),
    ("http://example.com/talk.mp4", "must be an https URL or a file URL of this server"),
    ("https://127.0.0.1/talk.mp4", "must be publicly reachable (127.0.0.1 resolves to 127.0.0.1, a loopback"),
    ("https://169.254.169.254/latest", "must be publicly reachable"),
])
def test_local_files_and_private_hosts_are_refused(remote: Live, url: str, rule: str) -> None:
    r = remote.client.post("/v1/generate/subtitle", json={"video_url": url}, headers=remote.key())
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "validation_error" and error["details"][0]["field"] == "video_url"
    assert error["details"][0]["rule"].startswith(rule)


def test_a_file_this_server_serves_is_an_input(remote: Live) -> None:
    headers = remote.key()
    png = io.BytesIO()
    Image.open(SAMPLES / "app_screen.png").save(png, "PNG")
    up = remote.client.post("/v1/uploads/image", json={"image_base64": base64.b64encode(png.getvalue()).decode()},
                            headers=headers)
    assert up.status_code in (200, 201), up.text
    image_url = up.json()["image_url"]
    assert image_url.startswith(remote.url + "/v1/files/")
    r = remote.client.post("/v1/generate/show_your_app", headers=headers, json={
        "app_screenshot_url": image_url, "script": "My streak is at twelve days and counting.", "duration": 5})
    assert r.status_code == 201, r.text
    theirs = remote.client.post("/v1/generate/show_your_app", headers=remote.key("bob"), json={
        "app_screenshot_url": image_url, "script": "My streak is at twelve days and counting.", "duration": 5})
    assert theirs.status_code == 400 and theirs.json()["error"]["code"] == "media_error"
    escape = remote.client.post("/v1/generate/show_your_app", headers=headers, json={
        "app_screenshot_url": remote.url + "/v1/files/../../store/mediakit.db", "script": "Twelve days in.",
        "duration": 5})
    assert escape.status_code == 400 and escape.json()["error"]["details"][0]["field"] == "app_screenshot_url"
