"""The character primitives: a portrait, a sheet built from a hosted portrait, and their runs.

A primitive run is a job of the runner (charged, queued, canceled and
refunded like any job; ``GET /v1/videos/{id}`` reads it too), so
``run_id`` is its job id.  The spec leaves the bodies unshown; here they are:

- ``POST /v1/primitives/portrait_image_engine``: ``{description (3..400
  characters) | actor_slug, session_id?}``, exactly one of the first two
  (the ``portrait_image_engine`` generator; 10 credits) -> 202
  ``{run_id, status, credits_deducted}``;
- ``POST /v1/primitives/character_sheet_image_engine``: ``{portrait_url,
  description?, session_id?}`` -> 202 the same.  ``portrait_url`` is an
  https image URL or an image this server serves (an upload's
  ``image_url``, or a portrait run's artifact URL); the sheet is the
  ``character_sheet`` step with that portrait as its reference (20 credits);
- ``GET /v1/primitives/runs/{run_id}``: ``{run_id, primitive, status,
  artifacts: [{kind, url}], error}``; ``artifacts`` lists the PNG (kind
  ``portrait`` or ``character_sheet``) once the run succeeded, ``error`` is
  ``{code, message}`` when it failed.  Statuses are the skill runs' (queued,
  running, succeeded, failed, canceled).

Errors: 400 invalid input, 401 without a credential, 404 for a run that is
not a primitive's or not the caller's.  Never 502 or 503: the "workflow
runtime" is this store, which either records the job or answers 503
``STATUS_UNAVAILABLE`` like every route.
"""

from __future__ import annotations

import urllib.parse
from typing import Annotated, Any
from uuid import UUID

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from pydantic import Field

from mediakit.errors import ValidationError
from mediakit.fetch import IMAGE, fetch
from mediakit.generation.request import RequestModel
from mediakit.generator_ids import GeneratorId
from runner import jobs
from runner.db import Database
from runner.downloads import DOWNLOADS
from runner.errors import JobNotFound
from runner.jobs import Job
from runner.served import own_files

from ..core.deps import Generator, Reader, Store, url_for_output
from ..core.lanes import fetching
from ..core.responses import PAID, errors
from ..core.run_bodies import PrimitiveRun, RunAccepted
from .generate import IdempotencyKey, JsonBody, documented, submit_body
from .skills import RUN_STATUS

router = APIRouter(tags=["primitives"])

# a primitive's generator id -> (the primitive's name, the kind of its artifact)
PRIMITIVES = {GeneratorId.PORTRAIT_IMAGE_ENGINE: ("portrait_image_engine", "portrait"),
              GeneratorId.CHARACTER_SHEET: ("character_sheet_image_engine", "character_sheet")}


class SheetFromPortrait(RequestModel):
    """``POST /v1/primitives/character_sheet_image_engine``."""

    portrait_url: str = Field(min_length=1, max_length=2048,
                              description="An https image URL, or an image URL of this server (upload, portrait).")
    description: str | None = Field(None, min_length=3, max_length=400, description="The character in words.")
    session_id: UUID | None = Field(None, description="Links the sheet to later character steps.")


def _accepted(job: Job) -> dict[str, Any]:
    return {"run_id": job.id, "status": RUN_STATUS[job.status], "credits_deducted": job.credits}


@router.post(documented("/v1/primitives/portrait_image_engine", GeneratorId.PORTRAIT_IMAGE_ENGINE), status_code=202,
             response_model=RunAccepted, responses=errors(*PAID, 409),
             summary="Draw a portrait (poll /v1/primitives/runs/{run_id})")
@fetching
def portrait(user: Generator, db: Store, body: JsonBody,
             idempotency_key: IdempotencyKey = None) -> dict[str, Any]:
    return _accepted(submit_body(db, user.user_id, GeneratorId.PORTRAIT_IMAGE_ENGINE, body, idempotency_key)[0])


@router.post("/v1/primitives/character_sheet_image_engine", status_code=202, response_model=RunAccepted,
             responses=errors(*PAID, 409),
             summary="Draw a character sheet from a hosted portrait (poll /v1/primitives/runs/{run_id})")
@fetching
def sheet_from_portrait(request: Request, user: Generator, db: Store, body: SheetFromPortrait,
                        idempotency_key: IdempotencyKey = None) -> dict[str, Any]:
    sheet = {"reference_image_url": _portrait_source(request, db, user.user_id, body.portrait_url)}
    sheet |= body.model_dump(mode="json", exclude={"portrait_url"}, exclude_none=True)
    return _accepted(submit_body(db, user.user_id, GeneratorId.CHARACTER_SHEET, sheet, idempotency_key)[0])


def _portrait_source(request: Request, db: Database, user: str, url: str) -> str:
    """``url``, checked under the field's own name: an https image, or an image of this user's on this server.

    Anything else (plain http elsewhere, a path on this machine) is refused:
    a client must not make the server read its own disk outside the outputs.
    The sheet's request keeps the URL; planning reads it again for the user
    (``runner.served``), from the download cache or the store.
    """
    if urllib.parse.urlsplit(url).scheme.lower() not in ("http", "https"):
        files = str(request.url_for("get_file", path=""))
        raise ValidationError("portrait_url", url, f"must be an https URL or an image URL under {files}")
    with own_files(db, user), DOWNLOADS.of(user):
        fetch(url, field="portrait_url", limits=IMAGE)
    return url


@router.get("/v1/primitives/runs/{run_id}", response_model=PrimitiveRun,
            summary="A primitive run: status, artifacts, error")
def get_run(request: Request, user: Reader, db: Store, run_id: Annotated[str, PathParam()]) -> dict[str, Any]:
    job = jobs.get(db, run_id, user.user_id)
    if job.generator not in PRIMITIVES:
        raise JobNotFound(run_id)
    name, kind = PRIMITIVES[GeneratorId(job.generator)]
    url = job.output_url(url_for_output(request))
    artifacts = [{"kind": kind, "url": url}] if url is not None else []
    error = {"code": job.error_code, "message": job.error_message} if job.status == jobs.FAILED else None
    return {"run_id": job.id, "primitive": name, "status": RUN_STATUS[job.status], "artifacts": artifacts,
            "error": error}

