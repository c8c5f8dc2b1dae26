"""The app's shared behaviour over real HTTP: error shapes, the body limit, /openapi.json and /docs."""

from __future__ import annotations

from pathlib import Path

import pytest
from openapi_spec_validator import validate
from serving import Live

from mediakit.errors import MediakitError
from runner.server.app import MAX_BODY  # imports runner.errors, where the 409s are

SERVER_DOC = Path(__file__).parents[3] / "docs" / "server.md"

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


@pytest.mark.parametrize("body, why", [(b'{"name": "\xff\xfe"}', "is not UTF-8 text"),
                                       (b"[" * 200_000 + b"]" * 200_000, "nests too deeply")])
def test_undecodable_or_too_deep_json_is_invalid_json(live: Live, body: bytes, why: str) -> None:
    r = live.client.post("/v1/account/keys", content=body, headers={**live.key(), "Content-Type": "application/json"})
    assert r.status_code == 400
    assert r.json()["error"] == {"code": "invalid_json", "message": f"request body {why}", "type": "validation_error"}


def test_a_method_the_route_lacks_is_a_client_error(live: Live) -> None:
    r = live.client.put("/v1/account/keys", headers=live.key())
    assert r.status_code == 405
    assert r.json()["error"]["code"] == "method_not_allowed" and r.json()["error"]["type"] == "validation_error"


def test_the_409_codes_are_documented_as_mediakits_deviation() -> None:
    """The spec's error-type table has no 409: docs/server.md says which codes use it, and why."""
    conflicts = {cls.code for cls in _subclasses(MediakitError) if cls.status == 409}
    assert conflicts == {"cannot_cancel", "idempotency_key_reused", "package_conflict"}
    section = SERVER_DOC.read_text(encoding="utf-8").split("**Errors outside the spec's table**")[1].split("\n- ")[0]
    assert all(f"`{code}`" in section for code in conflicts) and "`conflict`" in section


def _subclasses(cls: type[MediakitError]) -> set[type[MediakitError]]:
    return {sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))}


def test_body_over_one_megabyte_is_refused_before_parsing(live: Live) -> None:
    body = b'{"name": "' + b"x" * MAX_BODY + b'"}'
    r = live.client.post("/v1/account/keys", content=body, headers={**live.key(), "Content-Type": "application/json"})
    assert r.status_code == 413
    assert r.json()["error"]["code"] == "invalid_json"
    assert r.json()["error"]["type"] == "validation_error"  # a client error, not the server's
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
