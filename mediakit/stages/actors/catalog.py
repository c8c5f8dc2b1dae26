"""The Actor resource of the spec, and the bundled catalog in ``presets/actors.yaml``.

Bundled and user actors go through the same ``actor_from_record``: one set of
rules and defaults, so a user's actor is indistinguishable from a bundled one
once loaded.  Fields that follow from others are derived, never written twice:
the id is a uuid5 of the slug (stable across releases and machines), the age
range follows from the age, the voice gender from the voice, ``preset`` is the
first preset tag.  A record may still state a derived field; it must then agree.
"""

from __future__ import annotations

import functools
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from ...errors import MediakitError, ValidationError
from ...paths import data_dir
from .look import Look

GENDERS: tuple[str, ...] = ("female", "male")
AGE_RANGES: tuple[str, ...] = ("18-25", "26-35", "36-50", "51+")
ACTOR_TYPES: tuple[str, ...] = ("Young Adult", "Professional", "Mom", "Elder", "Casual")
STATUSES: tuple[str, ...] = ("active",)
DEFAULT_LIP_SYNC_ENGINE = "mediakit-viseme"
# Namespace of actor ids: uuid5(ACTOR_NAMESPACE, slug).  Never change it: ids are public.
ACTOR_NAMESPACE = uuid.UUID("6b1f0d5e-3c2a-5e8f-9a41-0c7d2e6f4b10")
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
CATALOG_FILE = "actors.yaml"
PORTRAIT_FOLDER = "actors"

# The spec's fields, in the spec's order: what ``Actor.to_dict`` returns.
SPEC_FIELDS: tuple[str, ...] = (
    "id", "slug", "name", "gender", "age", "age_range", "nationality", "actor_type", "style", "portrait_url",
    "green_screen_url", "voice_id", "voice_gender", "lip_sync_engine", "preset", "presets", "bio_occupation",
    "bio_story", "bio_hobbies", "status", "created_at", "updated_at")


def age_range_of(age: int) -> str:
    """The spec's age bucket of ``age`` (18 and over)."""
    if age < 18:
        raise ValidationError("age", age, "must be 18 or more")
    return "18-25" if age <= 25 else "26-35" if age <= 35 else "36-50" if age <= 50 else "51+"


def actor_id(slug: str) -> str:
    return str(uuid.uuid5(ACTOR_NAMESPACE, slug))


@dataclass(frozen=True)
class Actor:
    """One actor: the spec's fields plus what mediakit needs to make it talk.

    ``look`` draws a generated character; ``talking_clip`` and
    ``green_screen_clip`` are a user's own footage.  Which one exists decides
    how the actor is animated (see ``kind``).
    """

    id: str
    slug: str
    name: str
    gender: str
    age: int | None
    age_range: str | None
    nationality: str
    actor_type: str
    style: str
    portrait_url: str
    green_screen_url: str | None
    voice_id: str
    voice_gender: str
    lip_sync_engine: str
    preset: str | None
    presets: tuple[str, ...]
    bio_occupation: str
    bio_story: str
    bio_hobbies: tuple[str, ...]
    status: str
    created_at: str
    updated_at: str
    portrait_path: Path
    look: Look | None = None
    talking_clip: Path | None = None
    green_screen_clip: Path | None = None
    source: str = "bundled"

    @property
    def kind(self) -> str:
        """How the actor talks: ``footage``, ``green-screen``, ``generated`` (a drawn look) or ``photo``."""
        if self.talking_clip is not None:
            return "footage"
        if self.green_screen_clip is not None:
            return "green-screen"
        return "generated" if self.look is not None else "photo"

    @property
    def drawn_look(self) -> Look | None:
        """The look the actor is drawn with, None when what is seen is footage or a photo (arms drawn beside
        them would not be theirs)."""
        return self.look if self.kind == "generated" else None

    def to_dict(self) -> dict[str, Any]:
        """The spec's Actor resource (JSON-ready: lists, not tuples)."""
        out: dict[str, Any] = {}
        for name in SPEC_FIELDS:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


def actor_from_record(data: Mapping[str, Any], *, portrait: Path, talking_clip: Path | None = None,
                      green_screen_clip: Path | None = None, defaults: Mapping[str, Any] | None = None,
                      source: str = "bundled") -> Actor:
    """Validate one actor record and fill every derived or defaulted field.

    Raises ``ValidationError`` naming the field (prefixed by the slug when known).
    """
    from .voices import default_voice, voice_gender

    rec = {**(defaults or {}), **data}
    slug = rec.get("slug")
    if not isinstance(slug, str) or not 1 <= len(slug) <= 100 or not SLUG.match(slug):
        raise ValidationError("actor.slug", slug, "must be 1 to 100 lower-case letters, digits and hyphens")
    where = f"actor {slug!r}"

    def bad(field: str, rule: str) -> ValidationError:
        return ValidationError(f"{where}: {field}", rec.get(field), rule)

    known = set(SPEC_FIELDS) | {"look"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValidationError(f"{where}: {unknown[0]}", data[unknown[0]],
                              f"is not an actor field; fields are {', '.join(sorted(known))}")
    name = _text(rec, "name", where, required=True)
    gender = rec.get("gender")
    if gender not in GENDERS:
        raise bad("gender", f"must be one of {', '.join(GENDERS)}")
    age = rec.get("age")
    if age is not None and (isinstance(age, bool) or not isinstance(age, int) or not 18 <= age <= 120):
        raise bad("age", "must be a whole number from 18 to 120")
    age_range = age_range_of(age) if age is not None else rec.get("age_range")
    if rec.get("age_range") is not None and rec.get("age_range") != age_range:
        raise bad("age_range", f"must match age {age} ({age_range})" if age is not None
                  else f"must be one of {', '.join(AGE_RANGES)}")
    if age_range is not None and age_range not in AGE_RANGES:
        raise bad("age_range", f"must be one of {', '.join(AGE_RANGES)}")
    actor_type = rec.get("actor_type", "Casual")
    if actor_type not in ACTOR_TYPES:
        raise bad("actor_type", f"must be one of {', '.join(ACTOR_TYPES)}")
    voice_id = rec.get("voice_id") or default_voice(gender)
    if not isinstance(voice_id, str):
        raise bad("voice_id", "must be a voice name")
    presets = _strings(rec, "presets", where)
    hobbies = _strings(rec, "bio_hobbies", where)
    status = rec.get("status", "active")
    if status not in STATUSES:
        raise bad("status", f"must be one of {', '.join(STATUSES)}")
    engine = rec.get("lip_sync_engine", DEFAULT_LIP_SYNC_ENGINE)
    if not isinstance(engine, str) or not engine:
        raise bad("lip_sync_engine", "must be an engine name")
    created = _timestamp(rec, "created_at", where)
    updated = _timestamp(rec, "updated_at", where) if rec.get("updated_at") else created
    v_gender = voice_gender(voice_id, fallback=gender)
    preset = presets[0] if presets else None
    portrait_url = portrait.resolve().as_uri()
    green_url = green_screen_clip.resolve().as_uri() if green_screen_clip else None
    expected = {"voice_gender": v_gender, "preset": preset, "portrait_url": portrait_url, "green_screen_url": green_url}
    for field, value in expected.items():
        if data.get(field) is not None and data[field] != value:
            raise bad(field, f"must be {value!r}, derived from the other fields")
    try:
        ident = str(uuid.UUID(str(data.get("id") or actor_id(slug))))
    except ValueError as exc:
        raise bad("id", "must be a UUID") from exc
    look_data = rec.get("look")
    look = None
    if look_data is not None:
        if not isinstance(look_data, Mapping):
            raise bad("look", "must be a mapping of look fields")
        try:
            look = Look.from_dict(look_data)
        except ValidationError as exc:
            raise ValidationError(f"{where}: {exc.field}", exc.value, exc.rule) from exc
    return Actor(
        id=ident, slug=slug, name=name, gender=gender, age=age, age_range=age_range,
        nationality=_text(rec, "nationality", where), actor_type=actor_type, style=_text(rec, "style", where),
        portrait_url=portrait_url, green_screen_url=green_url, voice_id=voice_id, voice_gender=v_gender,
        lip_sync_engine=engine, preset=preset,
        presets=presets, bio_occupation=_text(rec, "bio_occupation", where),
        bio_story=_text(rec, "bio_story", where), bio_hobbies=hobbies, status=status, created_at=created,
        updated_at=updated, portrait_path=portrait, look=look, talking_clip=talking_clip,
        green_screen_clip=green_screen_clip, source=source)


def _text(rec: Mapping[str, Any], field: str, where: str, *, required: bool = False) -> str:
    value = rec.get(field, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise ValidationError(f"{where}: {field}", value, "must be text" + (" (required)" if required else ""))
    return value.strip()


def _strings(rec: Mapping[str, Any], field: str, where: str) -> tuple[str, ...]:
    value = rec.get(field) or []
    if isinstance(value, str) or not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValidationError(f"{where}: {field}", value, "must be a list of text")
    return tuple(value)


def _timestamp(rec: Mapping[str, Any], field: str, where: str) -> str:
    value = rec.get(field)
    if isinstance(value, datetime):  # YAML reads unquoted timestamps as datetimes
        value = value.isoformat().replace("+00:00", "Z")
    if not isinstance(value, str):
        raise ValidationError(f"{where}: {field}", value, "must be an ISO 8601 date-time")
    try:
        datetime.fromisoformat(value)
    except ValueError as exc:
        raise ValidationError(f"{where}: {field}", value, "must be an ISO 8601 date-time") from exc
    return value


def portrait_folder() -> Path:
    """Where the bundled portraits live (``presets/actors/``)."""
    return data_dir("presets") / PORTRAIT_FOLDER


@functools.cache
def bundled_actors() -> tuple[Actor, ...]:
    """The bundled catalog, read and validated once per process."""
    path = data_dir("presets") / CATALOG_FILE
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise MediakitError(f"actor catalog {str(path)!r} is missing or unreadable ({exc})") from exc
    defaults = doc.get("defaults", {})
    actors = tuple(actor_from_record(rec, portrait=portrait_folder() / f"{rec['slug']}.png", defaults=defaults)
                   for rec in doc["actors"])
    check_unique(actors)
    return actors


def check_unique(actors: tuple[Actor, ...]) -> None:
    """Slugs (the lookup key) and ids must not repeat across bundled and user actors."""
    seen: dict[str, Actor] = {}
    for actor in actors:
        for key in (actor.slug, actor.id):
            other = seen.get(key)
            if other is not None:
                raise ValidationError("actor.slug", actor.slug,
                                      f"is already used by the actor from {other.source} "
                                      f"(this one is from {actor.source})")
            seen[key] = actor
