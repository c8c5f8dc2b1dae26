"""Response models of the run routes: primitive, skill and tool runs, each a job of the runner under a run id.

Like ``bodies``, they describe the bodies the routes already build, field
for field and in their order, so as ``response_model`` they change nothing.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from .money import Credits

RUN_STATUS = "queued, running, succeeded, failed or canceled."


class RunError(BaseModel):
    """Why a run failed (set only when it did)."""

    code: str | None
    message: str | None


class RunAccepted(BaseModel):
    """``POST /v1/primitives/...`` (202): the run (a job) and what it took."""

    run_id: str
    status: str = Field(description=RUN_STATUS)
    credits_deducted: Credits


class Artifact(BaseModel):
    kind: str = Field(description="portrait or character_sheet")
    url: str


class PrimitiveRun(BaseModel):
    """``GET /v1/primitives/runs/{run_id}``: the artifact once succeeded."""

    run_id: str
    primitive: str
    status: str = Field(description=RUN_STATUS)
    artifacts: list[Artifact]
    error: RunError | None


class SkillRunAccepted(BaseModel):
    """``POST /v1/skills/{slug}/run`` (202): the run (a job; ``workflow_id`` is the same id) and what it took."""

    skill_run_id: str
    workflow_id: str
    status: str = Field(description=RUN_STATUS)
    credits_deducted: Credits


class Step(BaseModel):
    name: str
    status: str = Field(description=RUN_STATUS)


class FinalOutput(BaseModel):
    video_url: str | None


class SkillRun(BaseModel):
    """``GET /v1/skills/runs/{skill_run_id}``: ``final_output`` once succeeded."""

    skill_run_id: str
    slug: str
    status: str = Field(description=RUN_STATUS)
    steps: list[Step]
    final_output: FinalOutput | None
    error: RunError | None


class ToolRunAccepted(BaseModel):
    """``POST /v1/tooling/runs`` (202): the run, what it took, and where to poll or stream it."""

    run_id: str
    status: str = Field(description=RUN_STATUS)
    credits_deducted: Credits
    status_url: str
    stream_url: str


class ToolRunState(BaseModel):
    """``GET /v1/tooling/runs/{runId}`` (and the stream's ``done`` event)."""

    run_id: str
    tool: str
    status: str = Field(description=RUN_STATUS)
    progress: float = Field(description="0 to 1.")
    output_url: str | None
    error: RunError | None
    created_at: str
    updated_at: str
