"""Submitting over HTTP: generator routes end to end through the worker, 402, 404, idempotent /v2 replay."""

from __future__ import annotations

import shutil
from pathlib import Path

import httpx
import pytest
from openapi_spec_validator import validate
from serving import SLEEP, Live, credits, wait_for

from mediakit.paths import data_dir
from runner import ledger
from runner.db import Database, outputs_of
from runner.served import uploads_folder

pytestmark = pytest.mark.slow


def test_a_job_is_charged_rendered_and_served_with_ranges(working: Live) -> None:
    alice = working.key("alice")
    before = credits(working, alice)
    r = working.client.post(SLEEP, json={"seconds": 0.1, "colour": "blue"}, headers=alice)
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["status"] == "submitted" and body["credits_deducted"] == 50
    assert body["estimated_duration"] == 1 and "metered" not in body
    assert credits(working, alice) == before - 50
    done = wait_for(working, body["job_id"], alice)
    assert done["status"] == "completed" and done["progress"]["fraction"] == 1.0
    assert done["video_url"] == f"{working.url}/v1/files/{body['job_id']}/{body['job_id']}.png"
    whole = httpx.get(done["video_url"])
    assert whole.status_code == 200 and whole.content.startswith(b"\x89PNG")
    part = httpx.get(done["video_url"], headers={"Range": "bytes=0-3"})
    assert part.status_code == 206 and part.content == b"\x89PNG"
    assert part.headers["content-range"] == f"bytes 0-3/{len(whole.content)}"
    assert credits(working, alice) == before - 50  # charged once


def test_another_users_job_is_not_found(working: Live) -> None:
    alice, bob = working.key("alice"), working.key("bob")
    job_id = working.client.post(SLEEP, json={"seconds": 0}, headers=alice).json()["job_id"]
    for method, path in (("GET", f"/v1/videos/{job_id}"), ("POST", f"/v1/videos/{job_id}/cancel"),
                         ("DELETE", f"/v1/videos/{job_id}"), ("GET", f"/v1/skills/runs/{job_id}")):
        r = working.client.request(method, path, headers=bob)
        assert r.status_code == 404 and r.json()["error"]["code"] == "job_not_found", (method, path, r.text)
    assert working.client.get("/v1/videos", headers=bob).json() == {"jobs": [], "total": 0}


def test_unknown_generator_bad_body_and_402(working: Live) -> None:
    alice = working.key("alice")
    r = working.client.post("/v1/generate/nope", json={}, headers=alice)
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    assert "subtitle" in r.json()["error"]["message"] and "make_ugc" not in r.json()["error"]["message"]
    r = working.client.post(SLEEP, json={"seconds": 0, "extra": 1}, headers=alice)
    assert r.status_code == 400 and r.json()["error"]["code"] == "validation_error"
    r = working.client.post(SLEEP, content=b"{nope", headers={**alice, "Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "invalid_json"
    db = Database(working.config.store)  # leave alice 20 of her plan's credits
    with db.write() as conn:
        ledger.post(conn, "alice", "expire", "monthly", -ledger.balance(conn, "alice").monthly + ledger.to_milli(20))
    r = working.client.post(SLEEP, json={"seconds": 0}, headers=alice)
    assert r.status_code == 402
    assert r.json() == {"error": "insufficient_credits", "error_description": "this needs 50 credits; 20 are available",
                        "credits_required": 50, "credits_available": 20}
    assert working.client.get("/v1/videos", headers=alice).json()["total"] == 0


def test_v2_generate_replays_a_key_without_charging_twice(live: Live) -> None:
    """On a server without a worker: the video job is only recorded."""
    alice = live.key("alice")
    body = {"prompt": "a red kite over a beach at dawn", "seconds": 5}
    quote = live.client.post("/v2/quote/video", json=body, headers=alice)
    assert quote.status_code == 200, quote.text
    before = credits(live, alice)
    key = {**alice, "Idempotency-Key": "kite-1"}
    first = live.client.post("/v2/generate/video", json=body, headers=key)
    assert first.status_code == 201, first.text
    again = live.client.post("/v2/generate/video", json=body, headers=key)
    assert again.status_code == 200 and again.json() == first.json()
    receipt = first.json()
    assert receipt["credits_deducted"] == quote.json()["credits"] and receipt["breakdown"] == quote.json()["breakdown"]
    assert receipt["model"] == quote.json()["model"]
    assert receipt["status_url"] == f"{live.url}/v1/videos/{receipt['job_id']}"
    assert credits(live, alice) == before - quote.json()["credits"]
    other = live.client.post("/v2/generate/video", json={**body, "seconds": 10}, headers=key)
    assert other.status_code == 409 and other.json()["error"]["code"] == "idempotency_key_reused"
    assert other.json()["error"]["type"] == "conflict"  # docs/server.md: the 409s, outside the spec's table
    assert live.client.post("/v2/quote/music", json=body, headers=alice).status_code == 404
    status = live.client.get(f"/v1/videos/{receipt['job_id']}", headers=alice)
    assert status.json()["status"] == "submitted" and status.headers["retry-after"] == "5"


def test_a_subtitle_job_renders_a_video_a_browser_can_seek(working: Live) -> None:
    alice = working.key("alice")
    video = Path(__file__).parents[4] / "samples" / "jfk.mp4"
    r = working.client.post("/v1/generate/subtitle", json={"video_url": str(video), "style": "karaoke"},
                            headers=alice)
    assert r.status_code == 201, r.text
    assert r.json()["credits_deducted"] == 50 and r.json()["subtitle_style"] == "karaoke"
    done = wait_for(working, r.json()["job_id"], alice)
    assert done["status"] == "completed", done
    part = httpx.get(done["video_url"], headers={"Range": "bytes=0-99"})
    assert part.status_code == 206 and len(part.content) == 100
    assert part.headers["content-type"] == "video/mp4" and part.content[4:8] == b"ftyp"
    size = int(part.headers["content-range"].rpartition("/")[2])
    assert size > 10_000 and httpx.get(done["video_url"]).content[:100] == part.content


def test_the_older_create_route_and_webhook_rules(live: Live) -> None:
    alice = live.key("alice")
    r = live.client.post("/v1/videos", json={"actor_slug": "maya-chen"}, headers=alice)
    assert r.status_code == 400 and r.json()["error"]["code"] == "missing_script", r.text
    hook = {"seconds": 0, "webhook_url": "http://example.com/hook"}
    r = live.client.post(SLEEP, json=hook, headers=alice)
    assert r.status_code == 400 and r.json()["error"]["details"][0]["field"] == "webhook_url", r.text
    assert live.client.get("/v1/videos", headers=alice).json()["total"] == 0


def test_openapi_shows_each_submit_body_as_the_generators_request_model(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    validate(spec)
    body = spec["paths"]["/v1/generate/subtitle"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/SubtitleRequest"}
    subtitle = spec["components"]["schemas"]["SubtitleRequest"]
    assert subtitle["required"] == ["video_url"] and subtitle["additionalProperties"] is False
    generic = spec["paths"]["/v2/generate/{kind}"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert len(generic["oneOf"]) == 3
    assert spec["paths"]["/v1/videos"]["post"]["deprecated"] is True
    for path in ("/v1/videos/{jobId}", "/v1/videos/{jobId}/restore", "/v1/account/usage",
                 "/v1/skills/runs/{skill_run_id}"):
        assert path in spec["paths"], path


def test_submits_count_against_the_generate_limit_and_reads_against_their_own(tight: Live) -> None:
    alice = tight.key("alice")
    answers = [tight.client.post(SLEEP, json={"seconds": 0}, headers=alice) for _ in range(4)]
    assert [a.status_code for a in answers] == [201, 201, 201, 429]
    assert answers[0].headers["x-ratelimit-limit"] == "3" and answers[2].headers["x-ratelimit-remaining"] == "0"
    assert int(answers[3].headers["retry-after"]) >= 1
    assert tight.client.get("/v1/videos", headers=alice).json()["total"] == 3  # reads have their own bucket


@pytest.mark.parametrize("path", ["/v2/generate/audio", "/v1/skills/make_subtitles/run"])
def test_an_empty_idempotency_key_is_refused_naming_the_header(live: Live, path: str) -> None:
    """Taken as a key, an empty header would replay one client's job to every other that sends it blank."""
    alice = live.key("alice")
    before = credits(live, alice)
    r = live.client.post(path, json={"text": "hello there"}, headers={**alice, "Idempotency-Key": ""})
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "validation_error" and error["message"].startswith("Idempotency-Key: must not be empty")
    assert error["details"] == [{"field": "Idempotency-Key", "rule": error["details"][0]["rule"]}]
    assert credits(live, alice) == before and live.client.get("/v1/videos", headers=alice).json()["total"] == 0


def test_a_footage_ad_is_priced_by_its_clip_and_bad_footage_is_refused_before_credits(
        live: Live, real: Path, long_clip: Path, silent_video: Path) -> None:
    """``footage_url`` (a mediakit extension) on the talking routes: a path or this server's own file URL; its clip's
    length is the bucket; a clip that cannot be the voice is a 400 naming the field, and nothing is charged."""
    alice = live.key("alice")
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    before = credits(live, alice)
    r = live.client.post("/v1/generate/ugc_video", json={"footage_url": str(grid)}, headers=alice)
    assert r.status_code == 201, r.text
    assert r.json()["estimated_duration"] == 5 and credits(live, alice) == before - r.json()["credits_deducted"]
    # the server's own URL of a file of alice's (as an upload is kept), read from the store, alice's only
    kept = outputs_of(live.config.store) / uploads_folder("alice") / "talk.mpg"
    kept.parent.mkdir(parents=True)
    shutil.copy(grid, kept)
    own = f"{live.url}/v1/files/{uploads_folder('alice')}/talk.mpg"
    r = live.client.post("/v1/generate/saas_review", json={"footage_url": own}, headers=alice)
    assert r.status_code == 201, r.text
    before = credits(live, alice)
    bob = live.key("bob")
    for body, who, code, rule in (
            ({"footage_url": str(long_clip)}, alice, "validation_error", "must last at most 15 s"),
            ({"footage_url": str(silent_video)}, alice, "media_error", "must have both a picture and a sound"),
            ({"footage_url": str(grid), "actor_slug": "maya-chen"}, alice, "validation_error",
             "give footage_url or actor_slug"),
            ({"footage_url": own}, bob, "media_error", "is not a file of this account")):
        r = live.client.post("/v1/generate/ugc_video", json=body, headers=who)
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert error["code"] == code and error["details"][0]["field"] == "footage_url", error
        assert rule in error["message"] and str(live.config.store) not in error["message"], error
    assert credits(live, alice) == before and credits(live, bob) == credits(live, live.key("carol"))


def test_footage_url_on_the_phone_laptop_and_product_routes_is_priced_by_the_clip(
        live: Live, real: Path, long_clip: Path) -> None:
    """show_your_app, laptop_ugc and product_acting_ugc take ``footage_url`` as ugc_video does: no script or actor
    needed, the clip's bucket priced (laptop_ugc's shortest, 15 s), a bad clip a 400 naming the field, no charge."""
    alice = live.key("alice")
    grid = str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg")
    screen = str(data_dir("samples") / "app_screen.png")
    routes = {"show_your_app": ({"app_screenshot_url": screen}, 5),
              "laptop_ugc": ({"app_screen_image_url": screen}, 15),
              "product_acting_ugc": ({"product_image_url": str(data_dir("samples") / "coffee.png")}, 5)}
    for route, (body, seconds) in routes.items():
        before = credits(live, alice)
        r = live.client.post(f"/v1/generate/{route}", json={**body, "footage_url": grid}, headers=alice)
        assert r.status_code == 201, r.text
        assert r.json()["estimated_duration"] == seconds, route
        assert credits(live, alice) == before - r.json()["credits_deducted"]
        before = credits(live, alice)
        r = live.client.post(f"/v1/generate/{route}", json={**body, "footage_url": str(long_clip)}, headers=alice)
        assert r.status_code == 400, r.text
        assert r.json()["error"]["details"][0] == {"field": "footage_url", "rule": "must last at most 15 s"}
        assert credits(live, alice) == before
