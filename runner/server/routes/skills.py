"""Composed skills: the list, a quote, a run (a job of the runner), and the run's report.

A skill run is a job whose generator is the skill, so it is charged,
queued, canceled and refunded like any job; ``skill_run_id`` and
``workflow_id`` are its job id, and ``GET /v1/videos/{id}`` reads it too.
Run states map from the job's: submitted and queued are ``queued``,
processing ``running``, then ``succeeded``, ``failed`` or ``canceled``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam

from mediakit.generator_ids import SKILL_IDS, GeneratorId
from mediakit.skills.base import get_skill
from runner import jobs, service
from runner.errors import JobNotFound

from ..core.catalog_bodies import SkillList
from ..core.deps import Generator, Reader, Store, url_for_output
from ..core.lanes import fetching
from ..core.money import SkillQuoteBody
from ..core.responses import PAID, errors
from ..core.run_bodies import SkillRun, SkillRunAccepted
from .generate import IdempotencyKey, JsonBody, submit_body

router = APIRouter(tags=["skills"])

RUN_STATUS = {jobs.SUBMITTED: "queued", jobs.QUEUED: "queued", jobs.PROCESSING: "running",
              jobs.COMPLETED: "succeeded", jobs.FAILED: "failed", jobs.CANCELED: "canceled"}


@router.get("/v1/skills", response_model=SkillList, summary="The composed skills with their input schemas")
def list_skills(user: Reader) -> dict[str, Any]:
    return {"skills": [get_skill(generator).skill_entry() for generator in SKILL_IDS]}


@router.post("/v1/skills/make_ugc/quote", response_model=SkillQuoteBody, responses=errors(403, 404),
             summary="Price a make_ugc run against the balance (nothing is debited)")
@fetching
def quote_make_ugc(user: Reader, db: Store, body: JsonBody) -> dict[str, Any]:
    """``{credits, available, committed, sufficient}``: ``committed`` is what unfinished jobs already took."""
    credits = service.quote_request(db, user.user_id, GeneratorId.MAKE_UGC, body)["credits"]
    held = service.balance(db, user.user_id)
    return {"credits": credits, **held, "sufficient": credits <= held["available"]}


@router.post("/v1/skills/{slug}/run", status_code=202, response_model=SkillRunAccepted,
             responses=errors(*PAID, 409),
             summary="Start a skill run (poll /v1/skills/runs/{id})")
@fetching
def run_skill(user: Generator, db: Store, body: JsonBody,
              generator: Annotated[str, PathParam(alias="slug")],  # the path (and /openapi.json) says slug
              idempotency_key: IdempotencyKey = None) -> dict[str, Any]:
    skill = get_skill(generator)
    job, _ = submit_body(db, user.user_id, skill.id, body, idempotency_key)
    return {"skill_run_id": job.id, "workflow_id": job.id, "status": RUN_STATUS[job.status],
            "credits_deducted": job.credits}


@router.get("/v1/skills/runs/{skill_run_id}", response_model=SkillRun,
            summary="A skill run: status, steps, final_output, error")
def get_run(request: Request, user: Reader, db: Store,
            skill_run_id: Annotated[str, PathParam()]) -> dict[str, Any]:
    job = jobs.get(db, skill_run_id, user.user_id)
    if job.generator not in SKILL_IDS:
        raise JobNotFound(skill_run_id)
    status = RUN_STATUS[job.status]
    steps = [{"name": step["operation"], "status": status} for step in job.receipt.get("metered", {}).get("steps", [])]
    final = {"video_url": job.output_url(url_for_output(request))} if job.status == jobs.COMPLETED else None
    error = {"code": job.error_code, "message": job.error_message} if job.status == jobs.FAILED else None
    return {"skill_run_id": job.id, "slug": job.generator, "status": status, "steps": steps,
            "final_output": final, "error": error}
