"""The skill marketplace: packages published for review, approved by the store's admin, installed with a pin.

A package is a named, versioned preset of a composed skill: ``recipe`` names
a ``make_*`` skill and fixes some of its input, so running the package is
running that skill with the preset merged under the caller's input.
Packages are review-gated: a publish is ``pending`` until the store's admin
approves it, and only approved versions can be installed.  A slug belongs
to whoever first published it; versions are semver and never replaced.

Installs are kept per user as a history (``skill_installs``): an install
appends the pinned version, a rollback marks the newest install rolled back
so the one before it is current again.  Every change is one write
transaction of the runner's store (``runner.db``, migration 2).
"""

from __future__ import annotations

import json
import re
import sqlite3
import uuid
from dataclasses import dataclass
from typing import Any

from pydantic import Field, ValidationInfo, field_validator

from mediakit.generation.registry import generator_names
from mediakit.generation.request import RequestModel
from mediakit.generator_ids import SKILL_IDS
from mediakit.skills.base import get_skill
from mediakit.times import now_iso

from .db import Database
from .errors import PackageConflict, PackageNotFound

PENDING, APPROVED = "pending", "approved"
SEMVER = r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$"


class Recipe(RequestModel):
    """What a package runs: a composed skill and the part of its input the package fixes."""

    skill: str = Field(description="A composed skill's slug (make_ugc, make_subtitles, make_podcast).")
    input: dict[str, Any] = Field(default_factory=dict, description="Preset fields of the skill's input.")

    @field_validator("skill")
    @classmethod
    def _a_skill(cls, skill: str) -> str:
        if skill not in SKILL_IDS:
            raise ValueError(f"must be a composed skill: one of {', '.join(SKILL_IDS)}")
        return skill

    @field_validator("input")
    @classmethod
    def _its_fields(cls, preset: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        skill = info.data.get("skill")
        if skill is not None:
            unknown = sorted(set(preset) - set(get_skill(skill).request_model.model_fields))
            if unknown:
                raise ValueError(f"{skill} has no field {', '.join(unknown)}")
        return preset


class SkillPackage(RequestModel):
    """The body of ``POST /v1/tooling/marketplace/skills/publish``."""

    slug: str = Field(pattern=r"^[a-z][a-z0-9_-]{1,62}$", description="The package's name (lower case).")
    version: str = Field(pattern=SEMVER, description="Semantic version, e.g. 1.2.0; never replaced.")
    description: str = Field(min_length=3, max_length=500)
    input_schema: dict[str, Any] | None = Field(None, description="JSON Schema of the input callers add.")
    recipe: Recipe

    @field_validator("slug")
    @classmethod
    def _not_a_generator(cls, slug: str) -> str:
        if slug in generator_names():  # a tooling run names either, so they must not collide
            raise ValueError("is a generator or skill id; choose another")
        return slug


@dataclass(frozen=True)
class Package:
    """One published version of a package."""

    id: str
    slug: str
    version: str
    publisher: str
    description: str
    input_schema: dict[str, Any] | None
    recipe: dict[str, Any]
    review_status: str
    created_at: str

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Package:
        schema = row["input_schema_json"]
        return cls(id=row["id"], slug=row["slug"], version=row["version"], publisher=row["publisher"],
                   description=row["description"], input_schema=json.loads(schema) if schema else None,
                   recipe=json.loads(row["recipe_json"]), review_status=row["review_status"],
                   created_at=row["created_at"])


def version_key(version: str) -> tuple[int, int, int, int, str]:
    """Semver precedence, simplified: numbers first, and a pre-release sorts before its release."""
    match = re.match(SEMVER, version)
    assert match is not None, version  # versions are checked when published
    major, minor, patch, pre = match.groups()
    return int(major), int(minor), int(patch), 0 if pre else 1, pre or ""


def publish(db: Database, user: str, package: SkillPackage) -> Package:
    """Record ``package`` as ``pending``; its slug must be free or ``user``'s own."""
    with db.write() as conn:
        owner = conn.execute("SELECT publisher FROM skill_packages WHERE slug = ? LIMIT 1",
                             (package.slug,)).fetchone()
        if owner is not None and owner["publisher"] != user:
            raise PackageConflict(f"slug {package.slug!r} is published by another account",
                                  details=[{"field": "slug", "rule": "must be free or yours"}])
        if conn.execute("SELECT 1 FROM skill_packages WHERE slug = ? AND version = ?",
                        (package.slug, package.version)).fetchone():
            raise PackageConflict(f"{package.slug} {package.version} is already published; versions are never "
                                  f"replaced", details=[{"field": "version", "rule": "must be new"}])
        row = {"id": f"pkg_{uuid.uuid4().hex}", "slug": package.slug, "version": package.version,
               "publisher": user, "description": package.description,
               "input_schema_json": json.dumps(package.input_schema) if package.input_schema is not None else None,
               "recipe_json": json.dumps(package.recipe.model_dump(mode="json")), "review_status": PENDING,
               "created_at": now_iso()}
        conn.execute(f"INSERT INTO skill_packages ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                     tuple(row.values()))
        return Package.from_row(conn.execute("SELECT * FROM skill_packages WHERE id = ?", (row["id"],)).fetchone())


def approve(db: Database, reviewer: str, slug: str, version: str) -> Package:
    """Mark ``slug`` ``version`` approved (again is a no-op); the caller checked ``reviewer`` may review."""
    with db.write() as conn:
        _version_row(conn, slug, version)
        conn.execute("UPDATE skill_packages SET review_status = ?, reviewed_at = ?, reviewer = ? "
                     "WHERE slug = ? AND version = ? AND review_status = ?",
                     (APPROVED, now_iso(), reviewer, slug, version, PENDING))
        return Package.from_row(_version_row(conn, slug, version))


def listing(db: Database, user: str, *, everything: bool = False) -> list[dict[str, Any]]:
    """Packages with their versions, newest first: approved ones, and ``user``'s own (all when ``everything``).

    Each entry: ``{slug, description, publisher, latest (newest approved or null), installed (user's current
    version or null), versions: [{version, review_status, package_id, created_at}]}``.
    """
    rows = db.read("SELECT * FROM skill_packages WHERE review_status = ? OR publisher = ? OR ?",
                   (APPROVED, user, everything))
    by_slug: dict[str, list[Package]] = {}
    for row in rows:
        package = Package.from_row(row)
        by_slug.setdefault(package.slug, []).append(package)
    out = []
    for slug in sorted(by_slug):
        versions = sorted(by_slug[slug], key=lambda p: version_key(p.version), reverse=True)
        approved = [p.version for p in versions if p.review_status == APPROVED]
        out.append({"slug": slug, "description": versions[0].description, "publisher": versions[0].publisher,
                    "latest": approved[0] if approved else None, "installed": _current(db, user, slug),
                    "versions": [{"version": p.version, "review_status": p.review_status, "package_id": p.id,
                                  "created_at": p.created_at} for p in versions]})
    return out


def install(db: Database, user: str, slug: str, version: str | None = None) -> str:
    """Pin ``user`` to ``version`` of ``slug`` (default: the newest approved); the pinned version."""
    with db.write() as conn:
        if version is None:
            approved = [r["version"] for r in conn.execute(
                "SELECT version FROM skill_packages WHERE slug = ? AND review_status = ?", (slug, APPROVED))]
            if not approved:
                _slug_exists(conn, slug)
                raise PackageConflict(f"{slug} has no approved version yet (publishes wait for review)",
                                      details=[{"field": "slug", "rule": "must have an approved version"}])
            version = max(approved, key=version_key)
        elif _version_row(conn, slug, version)["review_status"] != APPROVED:
            raise PackageConflict(f"{slug} {version} is pending review; only approved versions install",
                                  details=[{"field": "version", "rule": "must be approved"}])
        current = _installs(conn, user, slug)
        if not current or current[0]["version"] != version:  # installing the current version again changes nothing
            conn.execute("INSERT INTO skill_installs (user_id, slug, version, installed_at) VALUES (?, ?, ?, ?)",
                         (user, slug, version, now_iso()))
    return version


def rollback(db: Database, user: str, slug: str) -> str:
    """Undo ``user``'s newest install of ``slug``; the version installed before it, now current again."""
    with db.write() as conn:
        installs = _installs(conn, user, slug)
        if not installs:
            raise PackageNotFound(f"{slug} is not installed", details=[{"field": "slug", "rule": "must be installed"}])
        if len(installs) < 2:
            raise PackageConflict(f"{slug} {installs[0]['version']} is the only version installed; nothing to "
                                  f"roll back to", details=[{"field": "slug", "rule": "needs an earlier install"}])
        conn.execute("UPDATE skill_installs SET rolled_back_at = ? WHERE seq = ?", (now_iso(), installs[0]["seq"]))
        return str(installs[1]["version"])


def installed(db: Database, user: str, slug: str) -> Package | None:
    """The package version ``user`` has installed as ``slug``, or None."""
    version = _current(db, user, slug)
    if version is None:
        return None
    rows = db.read("SELECT * FROM skill_packages WHERE slug = ? AND version = ?", (slug, version))
    return Package.from_row(rows[0])


def _current(db: Database, user: str, slug: str) -> str | None:
    rows = db.read("SELECT version FROM skill_installs WHERE user_id = ? AND slug = ? AND rolled_back_at IS NULL "
                   "ORDER BY seq DESC LIMIT 1", (user, slug))
    return str(rows[0]["version"]) if rows else None


def _installs(conn: sqlite3.Connection, user: str, slug: str) -> list[sqlite3.Row]:
    """``user``'s standing installs of ``slug``, newest first."""
    return conn.execute("SELECT seq, version FROM skill_installs WHERE user_id = ? AND slug = ? "
                        "AND rolled_back_at IS NULL ORDER BY seq DESC", (user, slug)).fetchall()


def _slug_exists(conn: sqlite3.Connection, slug: str) -> None:
    if conn.execute("SELECT 1 FROM skill_packages WHERE slug = ? LIMIT 1", (slug,)).fetchone() is None:
        raise PackageNotFound(f"no skill package {slug!r}", details=[{"field": "slug", "rule": "must name a package"}])


def _version_row(conn: sqlite3.Connection, slug: str, version: str) -> sqlite3.Row:
    _slug_exists(conn, slug)
    row = conn.execute("SELECT * FROM skill_packages WHERE slug = ? AND version = ?", (slug, version)).fetchone()
    if row is None:
        raise PackageNotFound(f"{slug} has no version {version!r}",
                              details=[{"field": "version", "rule": "must name a published version"}])
    return row
