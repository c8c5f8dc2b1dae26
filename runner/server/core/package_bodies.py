"""Response models of the skill marketplace routes (``routes.marketplace`` says what each route does).

Like ``bodies``, they describe the bodies the routes already build, field
for field and in their order, so as a route's ``response_model`` they
change nothing.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

REVIEW = "pending or approved."


class PackageVersion(BaseModel):
    """One published version: publish (201) and approve answer it."""

    package_id: str
    slug: str
    version: str
    review_status: str = Field(description=REVIEW)


class ListedVersion(BaseModel):
    version: str
    review_status: str = Field(description=REVIEW)
    package_id: str
    created_at: str


class Package(BaseModel):
    slug: str
    description: str
    publisher: str
    latest: str | None = Field(description="The newest approved version.")
    installed: str | None = Field(description="The version the caller has installed.")
    versions: list[ListedVersion] = Field(description="Newest first.")


class PackageList(BaseModel):
    """``GET /v1/tooling/marketplace/skills``: approved packages and the caller's own pending versions."""

    packages: list[Package]
    count: int


class Installed(BaseModel):
    """``POST /v1/tooling/marketplace/install`` (201)."""

    slug: str
    version: str
    pinned: bool


class RolledBack(BaseModel):
    """``POST /v1/tooling/marketplace/rollback``: the version current again."""

    slug: str
    version: str
