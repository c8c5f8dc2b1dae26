"""The public routes: the actor library and the model catalog, each 60 requests per minute per IP in its own bucket.

An actor's ``portrait_url`` and ``green_screen_url`` are URLs on this server (``files.get_portrait``,
``files.get_green_screen``), never the ``file://`` paths the library reports: a client cannot read this
machine's disk.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request

from mediakit.stages.actors.catalog import ACTOR_TYPES, AGE_RANGES

from ..core.catalog_bodies import ActorFound, ActorPage, Catalog
from ..core.deps import per_ip
from ..core.limits import Bucket
from ..core.responses import errors

router = APIRouter(tags=["public"])

Gender = Literal["female", "male"]
AgeRange = Literal[AGE_RANGES]  # type: ignore[valid-type]
ActorType = Literal[ACTOR_TYPES]  # type: ignore[valid-type]


@router.get("/v1/actors", response_model=ActorPage | ActorFound, responses=errors(404, 429),
            summary="List actors, or look one up by slug",
            dependencies=[Depends(per_ip(Bucket.ACTOR))])
def list_actors(request: Request, gender: Gender | None = None, age_range: AgeRange | None = None,
                actor_type: ActorType | None = None, preset: str | None = None, search: str | None = None,
                slug: str | None = None, limit: Annotated[int, Query(ge=1, le=500)] = 500,
                offset: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    """``{actors, total, limit, offset}``, or ``{actor}`` with ``slug`` (404 ACTOR_NOT_FOUND with ``similar``)."""
    from mediakit.stages.actors.query import query_actors

    found = query_actors(slug=slug, gender=gender, age_range=age_range, actor_type=actor_type, preset=preset,
                         search=search, limit=limit, offset=offset)
    for actor in found.get("actors", []) + ([found["actor"]] if "actor" in found else []):
        actor["portrait_url"] = str(request.url_for("get_portrait", slug=actor["slug"]))
        if actor["green_screen_url"] is not None:
            actor["green_screen_url"] = str(request.url_for("get_green_screen", slug=actor["slug"]))
    return found


@router.get("/v1/models", response_model=Catalog, responses=errors(429), summary="The model catalog",
            dependencies=[Depends(per_ip(Bucket.CATALOG))])
def list_models() -> dict[str, Any]:
    """Every live model with its tier, prices and rules, as ``mediakit models --json`` prints it."""
    from mediakit.catalog import load_catalog

    return load_catalog().to_json()
