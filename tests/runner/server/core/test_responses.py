"""``/openapi.json`` types every success: each 2xx names a model (or, for a file or an event stream, its media type
and bytes), never an empty schema or an open object (issue 21, item 7: untyped response bodies)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.server.app import ServerConfig, create_app


def untyped(spec: dict[str, Any]) -> list[str]:
    """The successes of ``spec`` whose body says nothing of its shape."""
    found = []
    for route, item in spec["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                if not status.startswith("2"):
                    continue
                media = response.get("content") or {"(none)": {}}
                for media_type, body in media.items():
                    schema = body.get("schema") or {}
                    if not schema or (schema.get("type") == "object" and not schema.get("properties")):
                        found.append(f"{method.upper()} {route} {status} {media_type}")
    return found


def test_every_success_is_typed(tmp_path: Path) -> None:
    spec = create_app(ServerConfig(tmp_path / "store")).openapi()
    assert untyped(spec) == []


def test_an_open_object_counts_as_untyped() -> None:
    spec = {"paths": {"/x": {"get": {"responses": {
        "200": {"content": {"application/json": {"schema": {"type": "object", "additionalProperties": True}}}},
        "201": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/X"}}}},
        "202": {"description": "no body"}}}}}}
    assert untyped(spec) == ["GET /x 200 application/json", "GET /x 202 (none)"]
