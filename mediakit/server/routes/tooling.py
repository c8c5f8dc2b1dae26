"""``GET /v1/tooling/contracts``: what each generator takes, as JSON Schema from its request model.

The spec leaves the body unshown; here it is ``{contracts: [{id, description,
input_schema}], count}``, one entry per registered generator (plug-ins
included), built from the same pydantic models the CLI validates with, so an
agent reading the contracts sends bodies the generators accept.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ..deps import Reader

router = APIRouter(tags=["tooling"])


@router.get("/v1/tooling/contracts", summary="Input contracts (JSON Schema) of every generator")
def contracts(user: Reader) -> dict[str, Any]:
    from ...generators import generator_names, get_generator

    found = []
    for name in generator_names():
        generator = get_generator(name)
        found.append({"id": name, "description": generator.description, "input_schema": generator.schema()})
    return {"contracts": found, "count": len(found)}
