"""Response models of the job and account routes, so ``/openapi.json`` types what clients read most.

They describe the bodies the runner already builds (``runner.jobs.Job``'s
shapes, ``runner.accounts.account``) field for field: as a route's
``response_model`` they check each body on the way out and never change it
(every field is always present; a submit's generator receipt keeps its own
extra fields).  Money fields are ``money.Credits``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .money import Credits

STATUS = "submitted, queued, processing, completed, failed or canceled."
RUN_STATUS = "queued, running, succeeded, failed or canceled."


class Progress(BaseModel):
    """How far a job is: the fraction done (0..1) and how many times a worker has started it."""

    fraction: float
    attempts: int


class JobStatus(BaseModel):
    """``GET /v1/videos/{jobId}``: the older record's fields, then the spec's Job status (the body's order)."""

    id: str = Field(description="The older record's name for job_id.")
    model_slug: str
    operation: str
    status: str = Field(description=STATUS)
    credit_cost: Credits
    output_url: str | None
    created_at: str
    completed_at: str | None
    job_id: str
    progress: Progress
    video_url: str | None = Field(description="Set once completed.")
    error_message: str | None = Field(description="Set on failure.")
    updated_at: str


class JobList(BaseModel):
    """``GET /v1/videos``: a page of the caller's jobs and how many there are in all."""

    jobs: list[JobStatus]
    total: int


class JobSubmitted(BaseModel):
    """The spec's JobSubmitted (201): the job, what it took, and the generator's own receipt fields beside."""

    model_config = ConfigDict(extra="allow")
    job_id: str
    status: str = Field(description="submitted")
    credits_deducted: Credits


class RunAccepted(BaseModel):
    """``POST /v1/primitives/...`` (202): the run (a job) and what it took."""

    run_id: str
    status: str = Field(description=RUN_STATUS)
    credits_deducted: Credits


class SkillRunAccepted(BaseModel):
    """``POST /v1/skills/{slug}/run`` (202): the run (a job; ``workflow_id`` is the same id) and what it took."""

    skill_run_id: str
    workflow_id: str
    status: str = Field(description=RUN_STATUS)
    credits_deducted: Credits


class Plan(BaseModel):
    """The account's plan tier and its period."""

    tier: str
    name: str
    status: str
    trial_active: bool
    trial_ends_at: str | None
    current_period_end: str | None


class AccountCredits(BaseModel):
    """What the account holds: this month's remaining allowance, purchased credits and their total."""

    monthly_remaining: Credits
    monthly_allowance: int
    purchased: Credits
    total: Credits


class Limits(BaseModel):
    """What the plan allows."""

    max_concurrent_jobs: int
    max_video_duration: int
    models_available: list[str]


class Account(BaseModel):
    """``GET /v1/account``: the spec's Account shape."""

    user_id: str
    plan: Plan
    credits: AccountCredits
    limits: Limits
