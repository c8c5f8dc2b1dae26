"""``/openapi.json`` says what the server answers: each live response, error or success, has its status documented
for its route and matches the documented body (issue 21, item 7: a 422 that never occurs, none of the real errors,
untyped bodies)."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from PIL import Image
from serving import SLEEP, Live, serve

from mediakit.generation.run import generate
from mediakit.paths import data_dir
from mediakit.stages.characters.describe import describe
from mediakit.stages.characters.sheet import Character
from mediakit.stages.characters.store import save_character
from runner import ledger, usage
from runner.characters import characters_of
from runner.db import Database
from runner.server.app import ServerConfig
from runner.server.core.limits import Bucket, RateLimiter

pytestmark = pytest.mark.slow

VIDEO = {"prompt": "a red kite over a beach at dawn", "seconds": 5}


def documented(spec: dict[str, Any], method: str, path: str, r: httpx.Response) -> dict[str, Any]:
    """The schema ``spec`` gives the body of ``r`` (a ``method`` on the route ``path``), asserting it validates: a
    JSON body against its schema, any other against the media types documented for its status."""
    responses = spec["paths"][path][method.lower()]["responses"]
    assert str(r.status_code) in responses, f"{method} {path}: {r.status_code} is not documented ({list(responses)})"
    content = responses[str(r.status_code)]["content"]
    if "application/json" not in content:
        media = r.headers["content-type"].split(";")[0]
        assert media in content or "*/*" in content, f"{method} {path}: {media} is not documented ({list(content)})"
        return dict(content.get(media) or content["*/*"])["schema"]
    schema = content["application/json"]["schema"]
    # the document is the root resource, so "#/components/schemas/..." resolves inside it
    Draft202012Validator({**schema, "components": spec["components"]}).validate(r.json())
    return dict(schema)


def test_the_description_validates_and_lists_no_422(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    validate(spec)
    statuses = {s for item in spec["paths"].values() for op in item.values() for s in op["responses"]}
    assert "422" not in statuses
    assert {"400", "401", "402", "403", "404", "409", "413", "429"} <= statuses
    assert not {"HTTPValidationError", "ValidationError"} & set(spec["components"]["schemas"])


def test_each_route_lists_only_the_errors_it_can_return(live: Live) -> None:
    paths = live.client.get("/openapi.json").json()["paths"]

    def errors(path: str, method: str) -> set[int]:
        return {int(s) for s in paths[path][method]["responses"] if int(s) >= 400}

    assert errors("/v2/generate/{kind}", "post") == {400, 401, 402, 403, 404, 409, 413, 429, 500, 503}
    assert errors("/v2/quote/{kind}", "post") == {400, 401, 403, 404, 413, 429, 500, 503}  # a quote charges nothing
    assert errors("/v1/videos/{jobId}", "get") == {401, 404, 429, 500, 503}
    assert errors("/v1/videos/{jobId}/cancel", "post") == {401, 404, 409, 429, 500, 503}
    assert errors("/v1/account", "get") == {401, 429, 500, 503}
    assert errors("/v1/models", "get") == {429, 500}  # 500 on every route: an error it did not expect
    assert errors("/v1/actors", "get") == {400, 404, 429, 500}
    assert errors("/v1/files/{path}", "get") == {400, 404, 416, 500}  # 400, 416: a Range it cannot honour
    assert errors("/v1/uploads/confirm", "post") == {400, 401, 404, 413, 429, 500}
    assert errors("/v1/account/keys/{keyId}", "delete") == {401, 404, 429, 500}  # keys live beside the store
    assert errors("/v1/uploads/raw/{upload_key}", "put") == {400, 404, 500}  # image bytes, bounded by their own rule
    assert errors("/v1/uploads/raw/video", "post") == {400, 401, 429, 500}  # a clip's bytes, bounded the same way
    assert errors("/v1/tooling/runs", "post") == {400, 401, 402, 403, 404, 409, 413, 429, 500, 503}
    retry = paths["/v1/account"]["get"]["responses"]["429"]["headers"]["Retry-After"]
    assert retry["schema"] == {"type": "integer"}


def test_live_errors_match_their_documented_body(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    alice, bob = live.key("alice"), live.key("bob")
    c = live.client
    documented(spec, "GET", "/v1/account", c.get("/v1/account"))  # 401 without a key
    documented(spec, "GET", "/v1/videos/{jobId}", c.get("/v1/videos/nope", headers=alice))  # 404
    documented(spec, "POST", "/v2/quote/{kind}", c.post("/v2/quote/video", json={"nope": 1}, headers=alice))  # 400
    big = b'{"prompt": "' + b"x" * 1_000_001 + b'"}'
    documented(spec, "POST", "/v2/quote/{kind}",
               c.post("/v2/quote/video", content=big, headers={**alice, "Content-Type": "application/json"}))  # 413
    key = {**alice, "Idempotency-Key": "kite"}
    job = c.post("/v2/generate/video", json=VIDEO, headers=key).json()["job_id"]
    reused = c.post("/v2/generate/video", json={**VIDEO, "seconds": 10}, headers=key)
    assert reused.status_code == 409
    documented(spec, "POST", "/v2/generate/{kind}", reused)
    assert c.post(f"/v1/videos/{job}/cancel", headers=alice).status_code == 200
    documented(spec, "POST", "/v1/videos/{jobId}/cancel", c.post(f"/v1/videos/{job}/cancel", headers=alice))  # 409
    approve = c.post("/v1/tooling/marketplace/skills/any/1.0.0/approve", headers=bob)
    assert approve.status_code == 403
    documented(spec, "POST", "/v1/tooling/marketplace/skills/{slug}/{version}/approve", approve)
    missing = c.get("/v1/actors", params={"slug": "nobody-at-all"})
    assert missing.status_code == 404
    documented(spec, "GET", "/v1/actors", missing)  # ACTOR_NOT_FOUND with similar[]
    portrait = c.get("/v1/actors", params={"limit": 1}).json()["actors"][0]["portrait_url"]
    documented(spec, "GET", "/v1/actors/{slug}/portrait.png", c.get(portrait, headers={"Range": "bytes=99999999-"}))
    assert c.get("/v1/account", headers=bob).status_code == 200  # bob's account opens with the free plan's credits
    with Database(live.config.store).write() as conn:  # leave bob nothing to spend
        ledger.post(conn, "bob", "expire", "monthly", -ledger.balance(conn, "bob").monthly)
    broke = c.post("/v2/generate/video", json=VIDEO, headers=bob)
    assert broke.status_code == 402
    schema = documented(spec, "POST", "/v2/generate/{kind}", broke)
    assert schema == {"$ref": "#/components/schemas/InsufficientCredits"}


def test_a_live_500_matches_its_documented_body(live: Live, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = live.client.get("/openapi.json").json()

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(usage, "usage", broken)
    r = live.client.get("/v1/account/usage", headers=live.key("alice"))
    assert r.status_code == 500 and r.json()["error"]["code"] == "server_error"
    documented(spec, "GET", "/v1/account/usage", r)


def test_a_live_429_matches_its_documented_body(tight: Live) -> None:
    spec = tight.client.get("/openapi.json").json()
    alice = tight.key("alice")
    answers = [tight.client.get("/v1/account", headers=alice) for _ in range(4)]
    assert [r.status_code for r in answers] == [200, 200, 200, 429]
    documented(spec, "GET", "/v1/account", answers[-1])


class Checked:
    """Live responses checked against ``/openapi.json``, and which documented successes they covered."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.spec = live.client.get("/openapi.json").json()
        self.seen: set[tuple[str, str, str]] = set()

    def __call__(self, method: str, route: str, url: str | None = None, status: int | None = None,
                 **kwargs: Any) -> httpx.Response:
        """``method`` on ``url`` (default: the route itself), its success checked against the route's description."""
        r = self.live.client.request(method, url or route, **kwargs)
        assert r.is_success and (status is None or r.status_code == status), (method, url or route, r.text)
        documented(self.spec, method, route, r)
        self.seen.add((method.lower(), route, str(r.status_code)))
        return r

    def successes(self) -> set[tuple[str, str, str]]:
        """Every (method, route, status) the description documents as a success."""
        return {(method, route, status) for route, item in self.spec["paths"].items()
                for method, operation in item.items() for status in operation["responses"] if status[0] == "2"}


@pytest.fixture
def roomy(tmp_path: Path) -> Iterator[Live]:
    """A server with room for every route in one test (1000 requests a minute), whose admin is alice."""
    limiter = RateLimiter({bucket: 1000 for bucket in Bucket})
    yield from serve(ServerConfig(tmp_path / "store", limiter=limiter, admins=frozenset({"alice"})))


SCRIPT = "Cold brew in seconds, smooth and never bitter. Grab yours today."


def _inputs(tmp_path: Path, tiny_video: Path) -> dict[str, dict[str, Any]]:
    """A valid body for each submit route, naming small files on this machine (the server is on loopback)."""
    sheet, board, screen = tmp_path / "sheet.png", tmp_path / "board.png", tmp_path / "screen.png"
    beats = ["Zoe walks in", "Zoe waves", "Zoe laughs"]
    generate("character_sheet", {"description": "a girl named Zoe with a ponytail"}, sheet)
    generate("storyboard_generate", {"character_sheet_url": str(sheet), "beats": beats}, board)
    Image.new("RGB", (300, 600), "#224466").save(screen)
    actor = {"script": SCRIPT, "actor_slug": "maya-chen"}
    return {"/v1/generate/ugc_video": {**actor, "target_duration": 5},
            "/v1/generate/saas_review": {**actor, "target_duration": 5},
            "/v1/generate/subtitle": {"video_url": str(tiny_video)},
            "/v1/generate/show_your_app": {**actor, "app_screenshot_url": str(screen)},
            "/v1/generate/laptop_ugc": {**actor, "app_screen_image_url": str(screen), "duration": 15},
            "/v1/generate/product_acting_ugc": {**actor, "product_image_url": str(data_dir("samples") / "coffee.png"),
                                                "product_name": "Morning Brew", "duration": 5},
            "/v1/generate/character_video": {"character_sheet_url": str(sheet), "storyboard_url": str(board),
                                             "duration": 5},
            "/v1/generate/text_to_video": {"prompt": "a red kite over a beach at dawn, slowly"},
            "/v1/videos": actor,
            "/v1/character/sheet-generate": {"description": "a friendly baker"},
            "/v1/character/storyboard-generate": {"character_sheet_url": str(sheet), "beats": beats}}


def test_every_documented_success_matches_a_live_response(roomy: Live, tmp_path: Path, tiny_video: Path,
                                                          green_actor: str, real: Path) -> None:
    check, alice = Checked(roomy), roomy.key("alice")
    auth = {"headers": alice}
    check("GET", "/v1/account", **auth)  # opens alice's account
    with Database(roomy.config.store).write() as conn:  # room for one of every paid route
        ledger.post(conn, "alice", "purchase", "purchased", ledger.to_milli(10_000))
    for route, body in _inputs(tmp_path, tiny_video).items():
        check("POST", route, json=body, **auth)
    check("POST", "/v1/generate/{generatorId}", SLEEP, json={"seconds": 0}, **auth)
    check("POST", "/v2/quote/{kind}", "/v2/quote/video", json=VIDEO, **auth)
    job = check("POST", "/v2/generate/{kind}", "/v2/generate/video", json=VIDEO, **auth).json()["job_id"]
    check("GET", "/v1/videos/{jobId}", f"/v1/videos/{job}", **auth)
    check("GET", "/v1/videos", **auth)
    check("POST", "/v1/runs/{job_id}/rate", f"/v1/runs/{job}/rate", json={"score": 4}, **auth)
    check("POST", "/v1/videos/{jobId}/cancel", f"/v1/videos/{job}/cancel", **auth)
    check("DELETE", "/v1/videos/{jobId}", f"/v1/videos/{job}", **auth)
    check("POST", "/v1/videos/{jobId}/restore", f"/v1/videos/{job}/restore", **auth)
    check("GET", "/v1/me/gallery", **auth)
    check("GET", "/v1/me/readiness", **auth)
    check("POST", "/v1/character/storyboard-suggest", json={"character_description": "a baker", "vibe": "cozy"},
          **auth)

    key = check("POST", "/v1/account/keys", json={"name": "ci"}, status=201, **auth).json()["id"]
    check("GET", "/v1/account/keys", **auth)
    check("DELETE", "/v1/account/keys/{keyId}", f"/v1/account/keys/{key}", **auth)
    check("GET", "/v1/account/usage", **auth)

    character = Character("Ines", describe("a woman named Ines").look, "description")
    saved = save_character(character, tmp_path / "sheet.png", characters_of(roomy.config.store, "alice"))
    check("GET", "/v1/characters", **auth)
    check("GET", "/v1/characters/{character_id}", f"/v1/characters/{saved.id}", **auth)
    check("GET", "/v1/integrations/{publisher}/accounts", "/v1/integrations/local-folder/accounts", **auth)

    actors = check("GET", "/v1/actors", params={"limit": 2}).json()["actors"]
    check("GET", "/v1/actors", params={"slug": actors[0]["slug"]})
    for status, headers in ((200, {}), (206, {"Range": "bytes=0-9"})):
        check("GET", "/v1/actors/{slug}/portrait.png", actors[0]["portrait_url"], status=status, headers=headers)
        check("GET", "/v1/actors/{slug}/green-screen", f"/v1/actors/{green_actor}/green-screen", status=status,
              headers=headers)
    check("GET", "/v1/models")

    check("GET", "/v1/skills", **auth)
    check("POST", "/v1/skills/make_ugc/quote", json={"script": SCRIPT, "person": "a woman in her thirties"}, **auth)
    ugc = {"script": SCRIPT, "person": "a woman in her thirties, friendly"}
    run = check("POST", "/v1/skills/{slug}/run", "/v1/skills/make_ugc/run", json=ugc, **auth).json()
    check("GET", "/v1/skills/runs/{skill_run_id}", f"/v1/skills/runs/{run['skill_run_id']}", **auth)
    png = (tmp_path / "screen.png").read_bytes()
    image = check("POST", "/v1/uploads/image", json={"image_base64": base64.b64encode(png).decode()},
                  **auth).json()["image_url"]
    check("GET", "/v1/files/{path}", image, status=200)
    check("GET", "/v1/files/{path}", image, status=206, headers={"Range": "bytes=0-9"})
    ticket = check("POST", "/v1/uploads/presign", json={"bytes": len(png), "content_type": "image/png"},
                   **auth).json()
    check("PUT", "/v1/uploads/raw/{upload_key}", ticket["put_url"], content=png)
    check("POST", "/v1/uploads/confirm", json={"upload_key": ticket["upload_key"]}, **auth)
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    check("POST", "/v1/uploads/raw/video", content=grid.read_bytes(), status=201, **auth)
    session = check("POST", "/v1/upload-sessions", **auth).json()
    check("POST", "/v1/uploads/raw/sessions/{session_id}", session["upload_url"], content=png,
          headers={"X-Filename": "screen.png"})
    check("GET", "/v1/upload-sessions", **auth)
    check("GET", "/v1/upload-sessions/{session_id}", f"/v1/upload-sessions/{session['session_id']}", **auth)
    check("GET", "/v1/upload-sessions/{session_id}/previews",
          f"/v1/upload-sessions/{session['session_id']}/previews", **auth)

    for primitive, body in (("portrait_image_engine", {"description": "a tall woman"}),
                            ("character_sheet_image_engine", {"portrait_url": image,
                                                              "description": "a friendly baker"})):
        run = check("POST", f"/v1/primitives/{primitive}", json=body, **auth).json()
    check("GET", "/v1/primitives/runs/{run_id}", f"/v1/primitives/runs/{run['run_id']}", **auth)

    check("GET", "/v1/tooling/contracts", **auth)
    kite = {"tool": "text_to_video", "input": {"prompt": "a red kite, slowly, at dawn"}}
    tool = check("POST", "/v1/tooling/runs", json=kite, **auth).json()
    check("GET", "/v1/tooling/runs/{runId}", tool["status_url"], **auth)
    check("POST", "/v1/videos/{jobId}/cancel", f"/v1/videos/{tool['run_id']}/cancel", **auth)
    stream = check("GET", "/v1/tooling/runs/{runId}/stream", tool["stream_url"], **auth)  # canceled: it ends
    assert "event: done" in stream.text
    package = {"slug": "kite", "description": "kites", "recipe": {"skill": "make_ugc", "input": {}}}
    for version, route in (("1.0.0", "/v1/tooling/marketplace/skills/publish"),
                           ("1.1.0", "/v1/tooling/marketplace/publish")):
        check("POST", route, json={**package, "version": version}, **auth)
        check("POST", "/v1/tooling/marketplace/skills/{slug}/{version}/approve",
              f"/v1/tooling/marketplace/skills/kite/{version}/approve", **auth)
        check("POST", "/v1/tooling/marketplace/install", json={"slug": "kite", "version": version}, **auth)
    check("GET", "/v1/tooling/marketplace/skills", **auth)
    check("POST", "/v1/tooling/marketplace/rollback", json={"slug": "kite"}, **auth)

    assert check.successes() - check.seen == set(), "documented successes no live response checked"
