"""Jobs: status, list, cancel, soft delete and restore, rating, and the user's gallery.

Every move is the runner's (``runner.jobs``: compare-and-set states, refunds
in the same transaction); another user's job is ``job_not_found``.  A job's
``video_url`` is its ``/v1/files/...`` URL on this server.

Restore is mediakit's route for what the spec leaves unshown:
``POST /v1/videos/{id}/restore`` undoes ``DELETE /v1/videos/{id}`` and
answers ``{restored: true, jobId}``; a job that is not deleted (or not the
caller's) is ``job_not_found``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi import Path as PathParam
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from runner import jobs
from runner.jobs import Job

from ..core.account_bodies import Gallery
from ..core.bodies import Canceled, Deleted, JobList, JobStatus, Rated, Restored
from ..core.deps import Reader, Store, url_for_output
from ..core.responses import errors

router = APIRouter(tags=["jobs"])

JobId = Annotated[str, PathParam(alias="jobId", description="The job's id.")]
RETRY_AFTER_S = 5  # the spec: callers poll every 5 seconds while a job is not terminal


def job_body(request: Request, job: Job) -> dict[str, Any]:
    """A job as the status and list routes answer: the spec's Job status with the older record's fields beside."""
    url = url_for_output(request)
    return {**job.legacy_shape(url), **job.status_shape(url)}


@router.get("/v1/videos/{jobId}", response_model=JobStatus,
            summary="A job's status (Retry-After: 5 while it is not finished)")
def get_video(request: Request, response: Response, user: Reader, db: Store, job_id: JobId) -> dict[str, Any]:
    job = jobs.get(db, job_id, user.user_id)
    if not job.terminal:
        response.headers["Retry-After"] = str(RETRY_AFTER_S)
    return job_body(request, job)


@router.get("/v1/videos", response_model=JobList, summary="The user's jobs, a page at a time")
def list_videos(request: Request, user: Reader, db: Store,
                limit: Annotated[int, Query(description=f"1 to {jobs.MAX_PAGE}")] = 20,
                offset: Annotated[int, Query(description="0 or more")] = 0,
                status: Annotated[str | None, Query(description=", ".join(jobs.STATUSES))] = None,
                sort: Annotated[str, Query(description="newest or oldest")] = "newest") -> dict[str, Any]:
    """The runner checks the query (one set of rules for the CLI and the server)."""
    page, total = jobs.list_jobs(db, user.user_id, status=status, sort=sort, limit=limit, offset=offset)
    return {"jobs": [job_body(request, j) for j in page], "total": total}


@router.post("/v1/videos/{jobId}/cancel", response_model=Canceled, responses=errors(409),
             summary="Cancel a job that has not finished; its credits are refunded")
def cancel_video(user: Reader, db: Store, job_id: JobId) -> dict[str, Any]:
    return jobs.cancel(db, user.user_id, job_id)


@router.delete("/v1/videos/{jobId}", response_model=Deleted,
               summary="Soft-delete a job (restore it with POST .../restore)")
def delete_video(user: Reader, db: Store, job_id: JobId) -> dict[str, Any]:
    return jobs.soft_delete(db, user.user_id, job_id)


@router.post("/v1/videos/{jobId}/restore", response_model=Restored, summary="Undo a soft delete: {restored, jobId}")
def restore_video(user: Reader, db: Store, job_id: JobId) -> dict[str, Any]:
    return jobs.restore(db, user.user_id, job_id)


class Rating(BaseModel):
    """Body of ``POST /v1/runs/{job_id}/rate``: the score is a JSON number (``"5"`` is refused, not coerced, so a
    client's type mistake surfaces here rather than in the next client that reads it)."""

    model_config = ConfigDict(extra="forbid")
    score: StrictInt = Field(ge=1, le=5, description="1 (bad) to 5 (great).")
    note: str | None = Field(None, max_length=1000)


@router.post("/v1/runs/{job_id}/rate", response_model=Rated,
             summary="Rate a run 1-5 (feeds the model catalog's user_score)")
def rate_run(user: Reader, db: Store, job_id: Annotated[str, PathParam()], body: Rating) -> dict[str, Any]:
    return jobs.rate(db, user.user_id, job_id, body.score, body.note)


@router.get("/v1/me/gallery", response_model=Gallery, summary="The user's recent generations, newest first")
def gallery(request: Request, user: Reader, db: Store,
            limit: Annotated[int, Query(ge=1, le=100)] = 40) -> dict[str, Any]:
    """Items: job_id, operation, model, status, output_url, poster_url, created_at (mediakit's choice of fields)."""
    page, total = jobs.list_jobs(db, user.user_id, limit=limit)
    url = url_for_output(request)
    items = [{"job_id": j.id, "operation": j.generator, "model": j.model or j.generator, "status": j.status,
              "output_url": j.output_url(url),
              "poster_url": url(j.files["poster"]) if j.status == jobs.COMPLETED and "poster" in j.files else None,
              "created_at": j.created_at} for j in page]
    return {"items": items, "total": total}
