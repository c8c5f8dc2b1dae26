"""Files the server serves: outputs from the store (with HTTP range requests so a browser's <video> can seek), and
the actors' portraits and green-screen clips.

Public like a signed URL is: the paths hold job ids (random UUIDs), and a
``<video src>`` cannot send an Authorization header.  Only files under the
store's ``outputs`` folder are reachable; ``..`` and links out of it are 404.
Portraits and green-screen clips are public like the actor library, and
outside its rate limit, as a page of ``<img>`` tags fetches them all at once.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from starlette.responses import MalformedRangeHeader
from starlette.responses import RangeNotSatisfiable as PastTheEnd

from mediakit.errors import NotFoundError, ValidationError
from mediakit.stages.actors.query import get_actor
from runner.errors import RangeNotSatisfiable

from ..core.responses import content, errors

router = APIRouter(tags=["files"])


@router.get("/v1/files/{path:path}", response_class=FileResponse, summary="Download an output (supports Range)",
            responses=content("*/*", "The file (206: the Range asked for); its Content-Type follows its name: "
                              "video/mp4, image/png, image/jpeg, audio/mpeg...", statuses=(200, 206))
            | errors(400, 416))
def get_file(path: str, request: Request) -> FileResponse:
    root = request.app.state.config.outputs.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        raise NotFoundError(f"path: no output {path!r} in this store",
                            details=[{"field": "path", "rule": "a file under the store's outputs"}])
    return file_response(target, request)


@router.get("/v1/actors/{slug}/portrait.png", response_class=FileResponse,
            responses=content("image/png", "The portrait (206: the Range asked for).", statuses=(200, 206))
            | errors(400, 416),
            summary="An actor's portrait (the actor's portrait_url)")
def get_portrait(slug: str, request: Request) -> FileResponse:
    return file_response(get_actor(slug).portrait_path, request)


@router.get("/v1/actors/{slug}/green-screen", response_class=FileResponse,
            responses=content("video/mp4", "The clip (206: the Range asked for).", statuses=(200, 206))
            | errors(400, 416), summary="An actor's green-screen clip (the actor's green_screen_url)")
def get_green_screen(slug: str, request: Request) -> FileResponse:
    clip = get_actor(slug).green_screen_clip
    if clip is None:
        raise NotFoundError(f"slug: actor {slug!r} has no green-screen clip",
                            details=[{"field": "slug", "rule": "an actor with a green-screen clip"}])
    return file_response(clip, request)


def file_response(path: Path, request: Request) -> FileResponse:
    """``path`` as a response (its type from its name), a ``Range`` it cannot honour refused first in the spec's
    error shape: Starlette itself would answer a bare text/plain 400 or 416, the one body here no client parses.
    The check is Starlette's own parser, so what is refused here is exactly what FileResponse would refuse."""
    asked = request.headers.get("range")
    if asked is not None and "if-range" not in request.headers:  # with If-Range, a stale range is ignored, not refused
        try:
            FileResponse._parse_range_header(asked, path.stat().st_size)
        except MalformedRangeHeader as exc:
            raise ValidationError("Range", asked, exc.content or "must be bytes=START-END[, ...]") from None
        except PastTheEnd as exc:
            raise RangeNotSatisfiable(asked, exc.max_size) from None
    return FileResponse(path)
