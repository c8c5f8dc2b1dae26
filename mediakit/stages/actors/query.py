"""``GET /v1/actors`` as a function: filters, paging, slug lookup and its errors.

The rules are the spec's: filters combine with AND; ``search`` is a
case-insensitive substring of the name; ``slug`` is an exact lookup that
ignores ``limit`` and ``offset`` and answers ``{actor}`` or ACTOR_NOT_FOUND
with similar slugs; ``limit`` is 1 to 500 (default 500), ``offset`` 0 or more.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import NotFoundError, ValidationError
from .catalog import ACTOR_TYPES, AGE_RANGES, GENDERS, Actor, bundled_actors, check_unique

MAX_LIMIT = 500
DEFAULT_LIMIT = 500
ACTORS_PATH_ENV = "MEDIAKIT_ACTORS_PATH"


class ActorNotFoundError(NotFoundError):
    """A slug lookup matched no actor; ``similar`` holds the closest slugs (the spec's 404 body)."""

    code = "ACTOR_NOT_FOUND"

    def __init__(self, slug: str, similar: Sequence[str]) -> None:
        self.slug = slug
        self.similar = list(similar)
        hint = f"; did you mean {', '.join(repr(s) for s in self.similar)}?" if self.similar else ""
        super().__init__(f"no actor has slug {slug!r}{hint}")

    def to_dict(self) -> dict[str, Any]:
        body = super().to_dict()
        body["error"]["similar"] = self.similar
        return body


@dataclass(frozen=True)
class ActorPage:
    """One page of a filtered listing: the spec's ``{actors, total, limit, offset}``."""

    actors: tuple[Actor, ...]
    total: int
    limit: int
    offset: int

    def to_dict(self) -> dict[str, Any]:
        return {"actors": [a.to_dict() for a in self.actors], "total": self.total, "limit": self.limit,
                "offset": self.offset}


def all_actors(paths: Sequence[str | Path] = ()) -> tuple[Actor, ...]:
    """Bundled actors, then user actors from ``$MEDIAKIT_ACTORS_PATH`` and ``paths``.

    ``$MEDIAKIT_ACTORS_PATH`` holds folders or YAML files separated like PATH.
    Slugs must be unique across all of them.
    """
    from .user import load_user_actors

    sources = [p for p in os.environ.get(ACTORS_PATH_ENV, "").split(os.pathsep) if p.strip()]
    sources += [str(p) for p in paths]
    if not sources:
        return bundled_actors()
    actors = bundled_actors() + tuple(a for src in sources for a in load_user_actors(src))
    check_unique(actors)
    return actors


def _choice(field: str, value: str | None, allowed: Sequence[str]) -> str | None:
    """The canonical spelling of ``value`` (matched case-insensitively), or a ValidationError listing values."""
    if value is None:
        return None
    for option in allowed:
        if value.strip().casefold() == option.casefold():
            return option
    raise ValidationError(field, value, f"must be one of {', '.join(allowed)}")


def _int(field: str, value: Any, low: int, high: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise ValidationError(field, value, "must be a whole number") from None
    if value < low or (high is not None and value > high):
        raise ValidationError(field, value, f"must be {low} to {high}" if high is not None else f"must be >= {low}")
    return value


def find_actors(*, gender: str | None = None, age_range: str | None = None, actor_type: str | None = None,
                preset: str | None = None, search: str | None = None, limit: Any = DEFAULT_LIMIT,
                offset: Any = 0, actors: Sequence[Actor] | None = None) -> ActorPage:
    """Filter and page the actors (bundled and user ones unless ``actors`` is given)."""
    g = _choice("gender", gender, GENDERS)
    ar = _choice("age_range", age_range, AGE_RANGES)
    at = _choice("actor_type", actor_type, ACTOR_TYPES)
    lim = _int("limit", limit, 1, MAX_LIMIT)
    off = _int("offset", offset, 0, None)
    needle = search.casefold() if search else None
    tag = preset.strip() if preset else None
    pool = all_actors() if actors is None else actors
    hits = [a for a in pool
            if (g is None or a.gender == g) and (ar is None or a.age_range == ar)
            and (at is None or a.actor_type == at) and (tag is None or tag in a.presets)
            and (needle is None or needle in a.name.casefold())]
    return ActorPage(tuple(hits[off:off + lim]), len(hits), lim, off)


def get_actor(slug: str, *, actors: Sequence[Actor] | None = None) -> Actor:
    """The actor with exactly this slug; ``ActorNotFoundError`` with up to 3 similar slugs otherwise."""
    pool = all_actors() if actors is None else actors
    for actor in pool:
        if actor.slug == slug:
            return actor
    slugs = [a.slug for a in pool]
    similar = difflib.get_close_matches(slug.lower(), slugs, n=3, cutoff=0.5)
    if not similar:  # a first name alone ("maya") is a fair guess too
        similar = [s for s in slugs if s.split("-")[0] == slug.lower().split("-")[0]][:3]
    raise ActorNotFoundError(slug, similar)


def query_actors(*, slug: str | None = None, gender: str | None = None, age_range: str | None = None,
                 actor_type: str | None = None, preset: str | None = None, search: str | None = None,
                 limit: Any = DEFAULT_LIMIT, offset: Any = 0,
                 actors: Sequence[Actor] | None = None) -> dict[str, Any]:
    """The route's response body: ``{actor}`` with ``slug``, else ``{actors, total, limit, offset}``.

    With ``slug``, ``limit`` and ``offset`` are ignored, as the spec says.
    """
    if slug is not None:
        return {"actor": get_actor(slug, actors=actors).to_dict()}
    return find_actors(gender=gender, age_range=age_range, actor_type=actor_type, preset=preset, search=search,
                       limit=limit, offset=offset, actors=actors).to_dict()
