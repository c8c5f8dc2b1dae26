"""Tooling: generator contracts, tool runs, and a server-sent event stream of a run's progress.

The spec leaves these bodies unshown; here they are:

- ``GET /v1/tooling/contracts``: ``{contracts: [{id, description,
  input_schema}], count}``, one entry per registered generator (plug-ins
  included), built from the same pydantic models the CLI validates with, so
  an agent reading the contracts sends bodies the generators accept.
- ``POST /v1/tooling/runs``: ``{tool, input, idempotency_key?}`` -> 202
  ``{run_id, status, status_url, stream_url, credits_deducted}``.  ``tool``
  is a generator or skill id (a contract's ``id``) or the slug of a
  marketplace package the caller installed, which runs its pinned version's
  recipe: the recipe's skill with the preset input under ``input``.  A run
  is a job of the runner (``GET /v1/videos/{id}`` reads it too), so
  ``run_id`` is its job id; ``idempotency_key`` works as the
  ``Idempotency-Key`` header does on other routes.
- ``GET /v1/tooling/runs/{runId}``: ``{run_id, tool, status, progress,
  output_url, error, created_at, updated_at}``: ``tool`` is the generator or
  skill that ran, ``status`` the skill runs' names (queued, running,
  succeeded, failed, canceled), ``progress`` the job's fraction 0..1,
  ``output_url`` set once succeeded, ``error`` ``{code, message}`` once
  failed.
- ``GET /v1/tooling/runs/{runId}/stream``: ``text/event-stream``.  Events:
  ``status`` ``{run_id, status}`` whenever the status changes (the first
  event is always one), ``progress`` ``{run_id, progress}`` whenever the
  fraction moves, and last ``done`` with the whole run state (the body of
  ``GET /v1/tooling/runs/{runId}``); the stream then ends.  The job row is
  polled every ``POLL_S`` seconds; a comment line keeps an idle connection
  open every ``KEEPALIVE_S`` seconds.  The fallback: a client that cannot
  read server-sent events polls ``GET /v1/tooling/runs/{runId}`` (its
  ``status_url``) until the status is terminal; both read the same row.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import StreamingResponse
from pydantic import Field
from starlette.concurrency import run_in_threadpool

from mediakit.errors import ValidationError
from mediakit.generation.registry import generator_names, get_generator
from mediakit.generation.request import RequestModel
from runner import jobs, marketplace
from runner.jobs import Job

from ..core.catalog_bodies import Contracts
from ..core.deps import Generator, Reader, Store, StorePool, url_for_output
from ..core.lanes import fetching
from ..core.responses import PAID, content, errors
from ..core.run_bodies import ToolRunAccepted, ToolRunState
from .generate import submit_body
from .skills import RUN_STATUS

router = APIRouter(tags=["tooling"])

POLL_S = 0.25
KEEPALIVE_S = 15.0


class ToolRun(RequestModel):
    """``POST /v1/tooling/runs``."""

    tool: str = Field(min_length=1, max_length=100, description="A generator or skill id, or an installed package.")
    input: dict[str, Any] = Field(default_factory=dict, description="The tool's request fields.")
    idempotency_key: str | None = Field(None, min_length=1, max_length=200,
                                        description="Unique per intended run; a retry replays.")


@router.get("/v1/tooling/contracts", response_model=Contracts,
            summary="Input contracts (JSON Schema) of every generator")
def contracts(user: Reader) -> dict[str, Any]:
    found = []
    for name in generator_names():
        generator = get_generator(name)
        found.append({"id": name, "description": generator.description, "input_schema": generator.schema()})
    return {"contracts": found, "count": len(found)}


@router.post("/v1/tooling/runs", status_code=202, response_model=ToolRunAccepted,
             responses=errors(*PAID, 404, 409),  # 404: a skill's char_ id
             summary="Start a tool run (stream or poll it)")
@fetching
def start_run(request: Request, user: Generator, db: Store, body: ToolRun) -> dict[str, Any]:
    generator, request_body = body.tool, body.input
    if body.tool not in generator_names():
        package = marketplace.installed(db, user.user_id, body.tool)
        if package is None:
            raise ValidationError("tool", body.tool, "must be a generator or skill id (GET /v1/tooling/contracts) "
                                  "or a marketplace package you installed")
        generator, request_body = package.recipe["skill"], {**package.recipe["input"], **body.input}
    job, _ = submit_body(db, user.user_id, generator, request_body, body.idempotency_key)
    return {"run_id": job.id, "status": RUN_STATUS[job.status], "credits_deducted": job.credits,
            "status_url": str(request.url_for("get_tool_run", runId=job.id)),
            "stream_url": str(request.url_for("stream_tool_run", runId=job.id))}


def run_state(job: Job, url_for: Callable[[str], str]) -> dict[str, Any]:
    """The body of ``GET /v1/tooling/runs/{runId}`` (and of the stream's ``done`` event)."""
    error = {"code": job.error_code, "message": job.error_message} if job.status == jobs.FAILED else None
    return {"run_id": job.id, "tool": job.generator, "status": RUN_STATUS[job.status],
            "progress": round(job.progress, 3), "output_url": job.output_url(url_for), "error": error,
            "created_at": job.created_at, "updated_at": job.updated_at}


RunId = Annotated[str, PathParam(alias="runId")]


@router.get("/v1/tooling/runs/{runId}", name="get_tool_run", response_model=ToolRunState,
            summary="A tool run's state (the stream's fallback)")
def get_run(request: Request, user: Reader, db: Store, run_id: RunId) -> dict[str, Any]:
    return run_state(jobs.get(db, run_id, user.user_id), url_for_output(request))


@router.get("/v1/tooling/runs/{runId}/stream", name="stream_tool_run", response_class=StreamingResponse,
            responses=content("text/event-stream", "Events status, progress and done (the run's state); then the "
                              "stream ends.", {"type": "string"}),
            summary="Server-sent events of a tool run: status, progress, done")
def stream_run(request: Request, user: Reader, db: Store, run_id: RunId) -> StreamingResponse:
    jobs.get(db, run_id, user.user_id)  # 404 now, before a 200 stream has started
    events = run_events(request.app.state.stores, run_id, user.user_id, url_for_output(request))
    return StreamingResponse(events, media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


def sse(event: str, data: dict[str, Any]) -> str:
    """One server-sent event."""
    return f"event: {event}\ndata: {json.dumps(data)}\n\n"


async def run_events(stores: StorePool, run_id: str, user: str, url_for: Callable[[str], str]) -> AsyncIterator[str]:
    """The stream's events, from the job row polled on a pool thread (SQLite reads block) until it is terminal.

    The stream borrows a store connection per poll rather than the request's:
    it outlives the route function, and a long stream must not hold one.
    """

    def read() -> Job:
        with stores.lend() as db:
            return jobs.get(db, run_id, user)

    status: str | None = None
    progress: float | None = None
    quiet_since = time.monotonic()
    while True:
        job = await run_in_threadpool(read)
        state = run_state(job, url_for)
        if state["status"] != status:
            status = state["status"]
            quiet_since = time.monotonic()
            yield sse("status", {"run_id": run_id, "status": status})
        if state["progress"] != progress:
            progress = state["progress"]
            quiet_since = time.monotonic()
            yield sse("progress", {"run_id": run_id, "progress": progress})
        if job.terminal:
            yield sse("done", state)
            return
        if time.monotonic() - quiet_since > KEEPALIVE_S:
            quiet_since = time.monotonic()
            yield ": keep-alive\n\n"
        await asyncio.sleep(POLL_S)
