"""Response models of the account's own data: API keys, usage, saved characters and the gallery.

Like ``bodies``, they describe the bodies the routes already build, field
for field and in their order, so as a route's ``response_model`` they
change nothing.  Money fields are ``money.Credits``.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from .money import Credits


class KeyCreated(BaseModel):
    """``POST /v1/account/keys`` (201): the full key, shown only here."""

    key: str
    id: str
    key_prefix: str
    name: str
    created_at: str


class Key(BaseModel):
    """An active key as listed: never the key itself."""

    id: str
    key_prefix: str
    name: str
    created_at: str
    last_used_at: str | None


class KeyList(BaseModel):
    """``GET /v1/account/keys``."""

    keys: list[Key]


class KeyRevoked(BaseModel):
    """``DELETE /v1/account/keys/{keyId}``."""

    revoked: bool
    id: str


class UsageSummary(BaseModel):
    total_jobs: int
    completed_jobs: int
    failed_jobs: int
    credits_used: Credits


class ModelUsage(BaseModel):
    model_slug: str
    job_count: int
    credits_used: Credits
    avg_duration_seconds: float | None


class DayUsage(BaseModel):
    date: str = Field(description="YYYY-MM-DD (UTC).")
    job_count: int
    credits_used: Credits


class OperationUsage(BaseModel):
    operation: str
    job_count: int


class Usage(BaseModel):
    """``GET /v1/account/usage``: the spec's Usage over the period."""

    period: str
    period_start: str
    period_end: str
    summary: UsageSummary
    by_model: list[ModelUsage]
    daily: list[DayUsage]
    by_operation: list[OperationUsage]


class SavedCharacter(BaseModel):
    """The spec's saved character; its URLs are this server's file URLs."""

    character_id: str
    name: str
    character_sheet_url: str
    portrait_url: str
    thumbnail_url: str
    created_at: str


class SavedCharacters(BaseModel):
    """``GET /v1/characters``: newest first."""

    characters: list[SavedCharacter]


class GalleryItem(BaseModel):
    job_id: str
    operation: str
    model: str
    status: str
    output_url: str | None
    poster_url: str | None
    created_at: str


class Gallery(BaseModel):
    """``GET /v1/me/gallery``: the newest generations and how many there are in all."""

    items: list[GalleryItem]
    total: int
