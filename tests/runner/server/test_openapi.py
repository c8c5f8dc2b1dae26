"""``/openapi.json`` says what the server answers: each live response, error or success, has its status documented
for its route and matches the documented body (issue 21, item 7: a 422 that never occurs, none of the real errors,
untyped bodies)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from serving import Live

from runner import ledger
from runner.db import Database

pytestmark = pytest.mark.slow

VIDEO = {"prompt": "a red kite over a beach at dawn", "seconds": 5}


def documented(spec: dict[str, Any], method: str, path: str, r: httpx.Response) -> dict[str, Any]:
    """The schema ``spec`` gives the body of ``r`` (a ``method`` on the route ``path``), asserting it validates."""
    responses = spec["paths"][path][method.lower()]["responses"]
    assert str(r.status_code) in responses, f"{method} {path}: {r.status_code} is not documented ({list(responses)})"
    schema = responses[str(r.status_code)]["content"]["application/json"]["schema"]
    # the document is the root resource, so "#/components/schemas/..." resolves inside it
    Draft202012Validator({**schema, "components": spec["components"]}).validate(r.json())
    return schema


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

    assert errors("/v2/generate/{kind}", "post") == {400, 401, 402, 403, 404, 409, 413, 429, 503}
    assert errors("/v2/quote/{kind}", "post") == {400, 401, 403, 404, 413, 429, 503}  # a quote charges nothing
    assert errors("/v1/videos/{jobId}", "get") == {401, 404, 429, 503}
    assert errors("/v1/videos/{jobId}/cancel", "post") == {401, 404, 409, 429, 503}
    assert errors("/v1/account", "get") == {401, 429, 503}
    assert errors("/v1/models", "get") == {429}
    assert errors("/v1/actors", "get") == {400, 404, 429}
    assert errors("/v1/files/{path}", "get") == {404}
    assert errors("/v1/uploads/raw/{upload_key}", "put") == {400, 404}  # image bytes, bounded by their own rule
    assert errors("/v1/tooling/runs", "post") == {400, 401, 402, 403, 404, 409, 413, 429, 503}
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
    assert c.get("/v1/account", headers=bob).status_code == 200  # bob's account opens with the free plan's credits
    with Database(live.config.store).write() as conn:  # leave bob nothing to spend
        ledger.post(conn, "bob", "expire", "monthly", -ledger.balance(conn, "bob").monthly)
    broke = c.post("/v2/generate/video", json=VIDEO, headers=bob)
    assert broke.status_code == 402
    schema = documented(spec, "POST", "/v2/generate/{kind}", broke)
    assert schema == {"$ref": "#/components/schemas/InsufficientCredits"}


def test_a_live_429_matches_its_documented_body(tight: Live) -> None:
    spec = tight.client.get("/openapi.json").json()
    alice = tight.key("alice")
    answers = [tight.client.get("/v1/account", headers=alice) for _ in range(4)]
    assert [r.status_code for r in answers] == [200, 200, 200, 429]
    documented(spec, "GET", "/v1/account", answers[-1])


def test_live_successes_match_their_documented_body(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    alice = live.key("alice")
    c = live.client
    typed = [documented(spec, "POST", "/v2/quote/{kind}", c.post("/v2/quote/video", json=VIDEO, headers=alice))]
    receipt = c.post("/v2/generate/video", json=VIDEO, headers=alice)
    assert receipt.status_code == 201
    typed.append(documented(spec, "POST", "/v2/generate/{kind}", receipt))
    status = c.get(f"/v1/videos/{receipt.json()['job_id']}", headers=alice)
    assert status.status_code == 200 and status.json()["status"] == "submitted"  # no worker here: only recorded
    typed.append(documented(spec, "GET", "/v1/videos/{jobId}", status))
    typed.append(documented(spec, "GET", "/v1/videos", c.get("/v1/videos", headers=alice)))
    typed.append(documented(spec, "GET", "/v1/account", c.get("/v1/account", headers=alice)))
    submitted = c.post("/v1/generate/text_to_video", json={"prompt": "a red kite over a beach at dawn, slowly"},
                       headers=alice)
    assert submitted.status_code == 201, submitted.text
    typed.append(documented(spec, "POST", "/v1/generate/text_to_video", submitted))
    portrait = c.post("/v1/primitives/portrait_image_engine", json={"description": "a tall woman"}, headers=alice)
    assert portrait.status_code == 202, portrait.text
    typed.append(documented(spec, "POST", "/v1/primitives/portrait_image_engine", portrait))
    run = portrait.json()["run_id"]
    typed.append(documented(spec, "GET", "/v1/primitives/runs/{run_id}", c.get(f"/v1/primitives/runs/{run}",
                                                                                headers=alice)))
    kite = {"tool": "text_to_video", "input": {"prompt": "a red kite, slowly, at dawn"}}
    tool = c.post("/v1/tooling/runs", json=kite, headers=alice)
    assert tool.status_code == 202, tool.text
    typed.append(documented(spec, "POST", "/v1/tooling/runs", tool))
    typed.append(documented(spec, "GET", "/v1/tooling/runs/{runId}", c.get(tool.json()["status_url"], headers=alice)))
    typed.append(documented(spec, "GET", "/v1/me/readiness", c.get("/v1/me/readiness", headers=alice)))
    job = submitted.json()["job_id"]
    for method, path, template in (("POST", f"/v1/videos/{job}/cancel", "/v1/videos/{jobId}/cancel"),
                                   ("DELETE", f"/v1/videos/{job}", "/v1/videos/{jobId}"),
                                   ("POST", f"/v1/videos/{job}/restore", "/v1/videos/{jobId}/restore")):
        r = c.request(method, path, headers=alice)
        assert r.status_code == 200, (path, r.text)
        typed.append(documented(spec, method, template, r))
    assert all(set(schema) == {"$ref"} for schema in typed), typed  # each a named model, not an open object
