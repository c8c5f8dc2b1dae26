"""The app's shared behaviour over real HTTP: error shapes, the body limit, /openapi.json and /docs."""

from __future__ import annotations

import pytest
from openapi_spec_validator import validate
from serving import Live

from runner.server.app import MAX_BODY

pytestmark = pytest.mark.slow


def test_unknown_route_is_a_not_found_error_body(live: Live) -> None:
    r = live.client.get("/v1/nothing-here")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "not_found"
    assert r.json()["error"]["type"] == "not_found"
    assert "/v1/nothing-here" in r.json()["error"]["message"]


def test_malformed_json_is_invalid_json(live: Live) -> None:
    r = live.client.post("/v1/account/keys", content=b'{"name": ', headers={**live.key(),
                                                                           "Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "invalid_json"


def test_body_over_one_megabyte_is_refused_before_parsing(live: Live) -> None:
    body = b'{"name": "' + b"x" * MAX_BODY + b'"}'
    r = live.client.post("/v1/account/keys", content=body, headers={**live.key(), "Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "invalid_json"
    assert str(MAX_BODY) in r.json()["error"]["message"]


def test_field_rule_names_the_field(live: Live) -> None:
    r = live.client.post("/v1/account/keys", json={"name": "n" * 101}, headers=live.key())
    assert r.status_code == 400
    error = r.json()["error"]
    assert error["code"] == "validation_error"
    assert error["details"][0]["field"] == "name"
    assert error["message"].startswith("name: ")


def test_unknown_body_field_is_rejected(live: Live) -> None:
    r = live.client.post("/v1/account/keys", json={"name": "ok", "scope": "all"}, headers=live.key())
    assert r.status_code == 400
    assert r.json()["error"]["details"][0]["field"] == "scope"


def test_openapi_describes_the_routes_and_bearer_auth(live: Live) -> None:
    spec = live.client.get("/openapi.json").json()
    validate(spec)  # a valid OpenAPI 3.1 document, or this raises
    assert spec["info"]["version"] == "1.0.0"
    assert {"/v1/actors", "/v1/models", "/v1/account/keys", "/v1/account/keys/{keyId}"} <= set(spec["paths"])
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    assert "security" not in spec["paths"]["/v1/actors"]["get"]
    assert spec["paths"]["/v1/account/keys"]["post"]["security"] == [{"HTTPBearer": []}]


def test_docs_page_points_at_the_description(live: Live) -> None:
    r = live.client.get("/docs")
    assert r.status_code == 200
    assert "/openapi.json" in r.text


def test_docs_assets_are_served_locally(live: Live) -> None:
    page = live.client.get("/docs").text
    assert "cdn" not in page
    script = live.client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.content) > 100_000


def test_streamed_body_over_one_megabyte_is_refused(live: Live) -> None:
    def chunks():  # no Content-Length: the limit is enforced while reading
        yield b'{"name": "'
        for _ in range(20):
            yield b"x" * 100_000
        yield b'"}'

    r = live.client.post("/v1/account/keys", content=chunks(), headers={**live.key(),
                                                                     "Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "invalid_json"
