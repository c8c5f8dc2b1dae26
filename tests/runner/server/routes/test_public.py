"""The public routes: actors (filters, slug lookup, ACTOR_NOT_FOUND) and the model catalog."""

from __future__ import annotations

import pytest
from serving import Live

pytestmark = pytest.mark.slow


def test_actor_list_without_credentials(live: Live) -> None:
    r = live.client.get("/v1/actors", params={"gender": "female", "limit": 2, "offset": 1})
    assert r.status_code == 200
    body = r.json()
    assert body["limit"] == 2 and body["offset"] == 1 and len(body["actors"]) == 2
    assert body["total"] > 2
    assert all(a["gender"] == "female" for a in body["actors"])
    assert r.headers["X-RateLimit-Limit"] == "60"


def test_actor_by_slug_and_similar_slugs(live: Live) -> None:
    slug = live.client.get("/v1/actors", params={"limit": 1}).json()["actors"][0]["slug"]
    assert live.client.get("/v1/actors", params={"slug": slug}).json()["actor"]["slug"] == slug
    missing = live.client.get("/v1/actors", params={"slug": slug + "x"})
    assert missing.status_code == 404
    error = missing.json()["error"]
    assert error["code"] == "ACTOR_NOT_FOUND"
    assert slug in error["similar"]


def test_actor_filters_are_checked(live: Live) -> None:
    r = live.client.get("/v1/actors", params={"age_range": "12-17"})
    assert r.status_code == 400
    assert r.json()["error"]["details"][0]["field"] == "query.age_range"
    assert live.client.get("/v1/actors", params={"limit": 501}).status_code == 400


def test_models_catalog(live: Live) -> None:
    body = live.client.get("/v1/models").json()
    assert body["count"] == len(body["models"]) > 0
    assert set(body["defaults"]) == {"image", "video", "audio"}


def test_a_green_screen_url_is_this_servers(live: Live, green_actor: str) -> None:
    actor = live.client.get("/v1/actors", params={"slug": green_actor}).json()["actor"]
    assert actor["green_screen_url"] == f"{live.url}/v1/actors/{green_actor}/green-screen"  # not file://
    listed = live.client.get("/v1/actors", params={"search": "gina"}).json()["actors"]
    assert [a["green_screen_url"] for a in listed] == [actor["green_screen_url"]]
    clip = live.client.get(actor["green_screen_url"])
    assert clip.status_code == 200 and clip.headers["content-type"] == "video/mp4" and clip.content[4:8] == b"ftyp"
    other = live.client.get("/v1/actors", params={"limit": 1}).json()["actors"][0]
    assert other["green_screen_url"] is None
    missing = live.client.get(f"/v1/actors/{other['slug']}/green-screen")
    assert missing.status_code == 404 and missing.json()["error"]["details"][0]["field"] == "slug"
