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


class Canceled(BaseModel):
    """``POST /v1/videos/{jobId}/cancel``: the spec's body; the refund is already in the ledger."""

    canceled: bool
    jobId: str  # the spec's name
    credits_refunded: Credits
    refund_pending: bool


class Deleted(BaseModel):
    """``DELETE /v1/videos/{jobId}``: the spec's body."""

    success: bool
    jobId: str  # the spec's name
    deletedAt: str  # the spec's name


class Restored(BaseModel):
    """``POST /v1/videos/{jobId}/restore``."""

    restored: bool
    jobId: str  # as the cancel and delete bodies name it


class Rated(BaseModel):
    """``POST /v1/runs/{job_id}/rate``: the score kept for the job's model."""

    job_id: str
    model: str
    score: int


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


class Held(BaseModel):
    """What the caller can spend now, and what unfinished jobs already took from it."""

    available: Credits
    committed: Credits


class Generation(BaseModel):
    """Who renders: ``worker`` is running, stopped, or external (another process renders this store's jobs)."""

    worker: str
    executor: str | None


class Uploads(BaseModel):
    enabled: bool


class Readiness(BaseModel):
    """``GET /v1/me/readiness``."""

    authenticated: bool
    credits: Held
    generation: Generation
    uploads: Uploads
    billing_url: str | None = Field(description="None: a local store has no billing.")
