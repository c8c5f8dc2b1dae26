"""The skill marketplace over HTTP: publish (review-gated), approve, list, install with a pin, roll back.

Packages and installs live in the runner's store (``runner.marketplace``);
installs are per user.  The spec leaves the bodies unshown; here they are:

- ``POST /v1/tooling/marketplace/skills/publish``: ``{slug, version (semver),
  description, input_schema?, recipe: {skill (a make_* skill), input
  (preset fields of it)}}`` -> 201 ``{package_id, slug, version,
  review_status: "pending"}``; 409 ``package_conflict`` for a version
  already published or a slug another account publishes.
- ``POST /v1/tooling/marketplace/publish``: the same, deprecated (spec,
  Versioning 3): its responses carry ``Deprecation: true`` and ``Link:
  </v1/tooling/marketplace/skills/publish>; rel="successor-version"``.
- ``POST /v1/tooling/marketplace/skills/{slug}/{version}/approve``: the
  review step, for the store's admins only (``mediakit serve --admin
  USER``; anyone else 403 ``admin_required``) -> 200 the package with
  ``review_status: "approved"``.
- ``GET /v1/tooling/marketplace/skills``: ``{packages: [{slug, description,
  publisher, latest, installed, versions: [{version, review_status,
  package_id, created_at}]}], count}``: approved packages, plus the
  caller's own pending versions (an admin sees every pending one).
- ``POST /v1/tooling/marketplace/install``: ``{slug, version?}`` -> 201
  ``{slug, version, pinned: true}``: the version given, or the newest
  approved; 409 for a version still pending review, 404 for an unknown one.
- ``POST /v1/tooling/marketplace/rollback``: ``{slug}`` -> 200 ``{slug,
  version}``: the newest install is undone and the version installed before
  it is current again; 409 when there is no earlier install, 404 when none.

An installed package runs as a tool: ``POST /v1/tooling/runs {tool: slug}``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from fastapi import Path as PathParam
from pydantic import Field

from mediakit.generation.request import RequestModel
from runner import marketplace
from runner.errors import ReviewerRequired
from runner.marketplace import SEMVER, Package, SkillPackage

from ..core.deps import Reader, Store
from ..core.package_bodies import Installed, PackageList, PackageVersion, RolledBack
from ..core.responses import errors

router = APIRouter(tags=["marketplace"])

PUBLISH = "/v1/tooling/marketplace/skills/publish"


class Install(RequestModel):
    """``POST /v1/tooling/marketplace/install``."""

    slug: str = Field(min_length=1, max_length=63)
    version: str | None = Field(None, pattern=SEMVER, description="The version to pin; default the newest approved.")


class Rollback(RequestModel):
    """``POST /v1/tooling/marketplace/rollback``."""

    slug: str = Field(min_length=1, max_length=63)


def _package_shape(package: Package) -> dict[str, Any]:
    return {"package_id": package.id, "slug": package.slug, "version": package.version,
            "review_status": package.review_status}


@router.post(PUBLISH, status_code=201, response_model=PackageVersion, responses=errors(409),
             summary="Publish a skill package (pending until an admin approves it)")
def publish(user: Reader, db: Store, body: SkillPackage) -> dict[str, Any]:
    return _package_shape(marketplace.publish(db, user.user_id, body))


@router.post("/v1/tooling/marketplace/publish", status_code=201, deprecated=True, response_model=PackageVersion,
             responses=errors(409),
             summary="Publish a skill package (deprecated: use /v1/tooling/marketplace/skills/publish)")
def publish_deprecated(response: Response, user: Reader, db: Store, body: SkillPackage) -> dict[str, Any]:
    response.headers["Deprecation"] = "true"
    response.headers["Link"] = f'<{PUBLISH}>; rel="successor-version"'
    return publish(user, db, body)


@router.post("/v1/tooling/marketplace/skills/{slug}/{version}/approve", response_model=PackageVersion,
             responses=errors(403),
             summary="Approve a pending package version (the store's admins)")
def approve(request: Request, user: Reader, db: Store, slug: Annotated[str, PathParam()],
            version: Annotated[str, PathParam()]) -> dict[str, Any]:
    if user.user_id not in request.app.state.config.admins:
        raise ReviewerRequired("only the store's admins approve packages (mediakit serve --admin USER)")
    return _package_shape(marketplace.approve(db, user.user_id, slug, version))


@router.get("/v1/tooling/marketplace/skills", response_model=PackageList,
            summary="Skill packages with their versions and review status")
def list_packages(request: Request, user: Reader, db: Store) -> dict[str, Any]:
    admin = user.user_id in request.app.state.config.admins
    packages = marketplace.listing(db, user.user_id, everything=admin)
    return {"packages": packages, "count": len(packages)}


@router.post("/v1/tooling/marketplace/install", status_code=201, response_model=Installed, responses=errors(404, 409),
             summary="Install an approved package, pinned")
def install(user: Reader, db: Store, body: Install) -> dict[str, Any]:
    return {"slug": body.slug, "version": marketplace.install(db, user.user_id, body.slug, body.version),
            "pinned": True}


@router.post("/v1/tooling/marketplace/rollback", response_model=RolledBack, responses=errors(404, 409),
             summary="Roll back to the previously installed version")
def rollback(user: Reader, db: Store, body: Rollback) -> dict[str, Any]:
    return {"slug": body.slug, "version": marketplace.rollback(db, user.user_id, body.slug)}
