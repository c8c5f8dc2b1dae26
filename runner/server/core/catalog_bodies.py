"""Response models of the catalog routes: actors, models, skills, generator contracts, story options and the
publisher's accounts.

Like ``bodies``, they describe the bodies the library already builds, field
for field and in their order, so as a route's ``response_model`` they
change nothing; a nested part whose shape is the catalog's own data (a
model's video modes, a contract's JSON Schema) is typed as an object and
described, not restated here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class Actor(BaseModel):
    """The spec's Actor resource."""

    id: str
    slug: str
    name: str
    gender: str
    age: int | None
    age_range: str | None
    nationality: str
    actor_type: str
    style: str
    portrait_url: str = Field(description="The portrait on this server (GET /v1/actors/{slug}/portrait.png).")
    green_screen_url: str | None = Field(description="The green-screen clip on this server, when the actor has one.")
    voice_id: str
    voice_gender: str
    lip_sync_engine: str
    preset: str | None
    presets: list[str]
    bio_occupation: str
    bio_story: str
    bio_hobbies: list[str]
    status: str
    created_at: str
    updated_at: str


class ActorPage(BaseModel):
    """``GET /v1/actors``: a page of the filtered actors."""

    actors: list[Actor]
    total: int
    limit: int
    offset: int


class ActorFound(BaseModel):
    """``GET /v1/actors?slug=...``: the one actor."""

    actor: Actor


class RecentRuns(BaseModel):
    """A model's run statistics over the last ``window_days`` (nulls until it has run)."""

    window_days: int
    runs: int | None
    fail_rate: float | None
    auto_score: float | None
    scored: int | None
    user_score: float | None
    rated: int | None
    p50_seconds: float | None


class CatalogModel(BaseModel):
    """One entry of the catalog, in the spec's order (``presets/models.yaml`` holds the facts)."""

    id: str
    kind: str = Field(description="video, image or audio.")
    tier: str = Field(description="standard or premium.")
    status: str = Field(description="live models are selectable.")
    provider: str
    modes: list[str]
    features: list[str]
    limits: dict[str, Any] = Field(description="resolutions and refsMax, each when known.")
    video: dict[str, Any] | None = Field(description="Video models: modes (each with its inputs, seconds, "
                                         "aspects, qualities and credits_per_second), prices, default quality.")
    credits: dict[str, Any] = Field(description="{unit, perUnit}.")
    price_default: str
    quality: str
    speed: str
    best_for: list[str]
    avoid_for: list[str]
    usage: dict[str, Any] = Field(description="{pick_when, prompt_tips, latency}.")
    recent: RecentRuns
    verified: dict[str, Any] | None
    docs_url: str
    select_with: dict[str, Any]


class Catalog(BaseModel):
    """``GET /v1/models``: every model, the default of each kind, and how ``auto`` chooses."""

    models: list[CatalogModel]
    count: int
    default_video_model: str
    defaults: dict[str, str] = Field(description="The default model of each kind: image, video, audio.")
    auto_policy: str
    note: str


class Skill(BaseModel):
    """One composed skill and its input schema."""

    slug: str
    name: str
    version: str
    description: str
    primitive: str
    workflowType: str  # noqa: N815 (the spec's name)
    agentFacing: bool  # noqa: N815 (the spec's name)
    input_schema: dict[str, Any] = Field(description="JSON Schema of the skill's request.")


class SkillList(BaseModel):
    """``GET /v1/skills``."""

    skills: list[Skill]


class Contract(BaseModel):
    """One generator's input contract."""

    id: str = Field(description="The generator id, as POST /v1/tooling/runs takes it in tool.")
    description: str
    input_schema: dict[str, Any] = Field(description="JSON Schema of the generator's request.")


class Contracts(BaseModel):
    """``GET /v1/tooling/contracts``: one contract per registered generator (plug-ins included)."""

    contracts: list[Contract]
    count: int


class StoryOption(BaseModel):
    title: str
    beats: list[str]


class StoryOptions(BaseModel):
    """``POST /v1/character/storyboard-suggest``: three stories, the same for the same input."""

    options: list[StoryOption]


class PublisherAccount(BaseModel):
    id: str = Field(description="An integration id publish_integration_ids can name.")


class PublisherAccounts(BaseModel):
    """``GET /v1/integrations/{publisher}/accounts``."""

    publisher: str
    accounts: list[PublisherAccount]

