"""Files the server serves: outputs from the store (with HTTP range requests so a browser's <video> can seek), and
the actors' portraits.

Public like a signed URL is: the paths hold job ids (random UUIDs), and a
``<video src>`` cannot send an Authorization header.  Only files under the
store's ``outputs`` folder are reachable; ``..`` and links out of it are 404.
Portraits are public like the actor library, and outside its rate limit, as
a page of ``<img>`` tags fetches them all at once.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse

from mediakit.errors import NotFoundError
from mediakit.stages.actors.query import get_actor

from ..core.responses import content

router = APIRouter(tags=["files"])


@router.get("/v1/files/{path:path}", response_class=FileResponse, summary="Download an output (supports Range)",
            responses=content("*/*", "The file (206: the Range asked for); its Content-Type follows its name: "
                              "video/mp4, image/png, image/jpeg, audio/mpeg...", statuses=(200, 206)))
def get_file(path: str, request: Request) -> FileResponse:
    root = request.app.state.config.outputs.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        raise NotFoundError(f"path: no output {path!r} in this store",
                            details=[{"field": "path", "rule": "a file under the store's outputs"}])
    return FileResponse(target)


@router.get("/v1/actors/{slug}/portrait.png", response_class=FileResponse,
            responses=content("image/png", "The portrait."), summary="An actor's portrait (the actor's portrait_url)")
def get_portrait(slug: str) -> FileResponse:
    return FileResponse(get_actor(slug).portrait_path)  # its type from its name, as every file here
