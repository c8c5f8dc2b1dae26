"""``GET /v1/characters`` and ``GET /v1/characters/{character_id}``: the caller's own saved characters.

Each account's characters live in its own folder of the store
(``runner.characters``), so a caller lists only theirs, and another
account's id is 404 like an unknown one.  Their URLs are this server's file
URLs (``GET /v1/files/...``), which a client can fetch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from mediakit.stages.characters.store import DEFAULT_LIMIT, MAX_LIMIT, get_character, list_characters
from runner.characters import characters_of

from ..core.account_bodies import SavedCharacter, SavedCharacters
from ..core.deps import Reader, url_for_output

router = APIRouter(tags=["characters"])


@router.get("/v1/characters", response_model=SavedCharacters,
            summary="Your saved characters with their sheet, portrait and thumbnail URLs")
def list_saved_characters(request: Request, user: Reader,
                          limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT) -> dict[str, Any]:
    """``{characters: [...]}``, newest first, as ``mediakit characters --json`` prints them."""
    return {"characters": list_characters(limit, _folder(request, user.user_id), _url(request))}


@router.get("/v1/characters/{character_id}", response_model=SavedCharacter, summary="One of your saved characters")
def get_saved_character(request: Request, user: Reader, character_id: str) -> dict[str, Any]:
    """The saved character, as in the listing; 404 for an id that is not the caller's."""
    return get_character(character_id, _folder(request, user.user_id), _url(request))


def _folder(request: Request, user: str) -> Path:
    return characters_of(request.app.state.config.store, user)


def _url(request: Request) -> Callable[[Path], str]:
    """A saved file's URL on this server (``url_for_output`` takes its path as a string)."""
    url = url_for_output(request)
    return lambda path: url(str(path))
