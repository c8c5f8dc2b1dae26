"""The account: its plan, credits and limits, its usage, and its API keys (create, shown once; list; revoke)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from runner import accounts, service, usage

from ..core.account_bodies import KeyCreated, KeyList, KeyRevoked, Usage
from ..core.bodies import Account
from ..core.deps import Reader, Store
from ..core.keys import MAX_NAME

router = APIRouter(tags=["account"])


class KeyCreate(BaseModel):
    """Body of ``POST /v1/account/keys``."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="Default", min_length=1, max_length=MAX_NAME)


@router.post("/v1/account/keys", status_code=201, response_model=KeyCreated,
             summary="Create an API key (the full key is shown only here)")
def create_key(request: Request, user: Reader, body: Annotated[KeyCreate | None, Body()] = None) -> dict[str, Any]:
    result: dict[str, Any] = request.app.state.keys.create(user.user_id, (body or KeyCreate.model_validate({})).name)
    return result


@router.get("/v1/account/keys", response_model=KeyList, summary="List the account's active API keys")
def list_keys(request: Request, user: Reader) -> dict[str, Any]:
    return {"keys": request.app.state.keys.list(user.user_id)}


@router.delete("/v1/account/keys/{keyId}", response_model=KeyRevoked,
               summary="Revoke an API key (it stops authenticating at once)")
def revoke_key(request: Request, user: Reader, key_id: Annotated[str, Path(alias="keyId")]) -> dict[str, Any]:
    result: dict[str, Any] = request.app.state.keys.revoke(user.user_id, key_id)
    return result


@router.get("/v1/account", response_model=Account, summary="Plan, credits and limits of the caller's account")
def get_account(user: Reader, db: Store) -> dict[str, Any]:
    service.open_user(db, user.user_id)
    with db.write() as conn:
        return accounts.account(conn, user.user_id)


@router.get("/v1/account/usage", response_model=Usage, summary="Credits spent and jobs run over a period")
def get_usage(user: Reader, db: Store,
              period: Annotated[str, Query(description=", ".join(usage.PERIODS))] = "30d") -> dict[str, Any]:
    return usage.usage(db, user.user_id, period)
