"""``GET /v1/characters``: the saved characters (``stages.characters.store``), for a signed-in caller.

The store is the local install's (one user), so every caller sees the same
characters; its URLs are file URLs on the serving machine.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from mediakit.stages.characters.store import DEFAULT_LIMIT, MAX_LIMIT

from ..core.deps import Reader

router = APIRouter(tags=["characters"])


@router.get("/v1/characters", summary="Saved characters with their sheet, portrait and thumbnail URLs")
def list_saved_characters(user: Reader, limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT
                          ) -> dict[str, Any]:
    """``{characters: [...]}``, newest first, as ``mediakit characters --json`` prints them."""
    from mediakit.stages.characters.store import list_characters

    return {"characters": list_characters(limit)}
