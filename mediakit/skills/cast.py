"""Who appears in a skill's video: a saved character id, an image, or a person described in words.

A saved character id is ``char_`` + a library actor's slug (``char_maya-chen``):
the library's actors are the characters a local install has saved.  An image
(https, or a local file for local runs) talks as a photo actor.  A person
described in words is the library actor of the described gender chosen
deterministically from the words.
"""

from __future__ import annotations

import hashlib

from ..errors import ValidationError
from ..fetch import IMAGE
from ..generators.base import Context
from ..stages.actors.catalog import Actor, actor_from_record
from ..stages.actors.query import ActorNotFoundError, all_actors, get_actor
from ..stages.characters.describe import describe

CHARACTER_PREFIX = "char_"


def saved_character(value: str, field: str, context: Context) -> Actor:
    """The actor a ``char_<slug>`` id names; a ValidationError naming ``field`` (with close ids) otherwise."""
    if not value.startswith(CHARACTER_PREFIX):
        raise ValidationError(field, value, f"must be a saved character id ({CHARACTER_PREFIX}<actor slug>)")
    slug = value[len(CHARACTER_PREFIX):]
    try:
        return get_actor(slug, actors=all_actors(context.options.actors_paths))
    except ActorNotFoundError as exc:
        hint = f"; did you mean {', '.join(CHARACTER_PREFIX + s for s in exc.similar)}?" if exc.similar else ""
        raise ValidationError(field, value, f"names no saved character{hint}") from None


def character_or_image(value: str, field: str, context: Context) -> Actor:
    """A saved character id as its actor, or an image as a photo actor."""
    if value.startswith(CHARACTER_PREFIX):
        return saved_character(value, field, context)
    photo = context.fetch(value, field=field, limits=IMAGE)
    return actor_from_record({"slug": f"photo-{field.replace('_', '-')}", "name": field, "gender": "female",
                              "nationality": "", "actor_type": "Casual", "style": "your own photo",
                              "created_at": "2025-01-01T00:00:00Z"}, portrait=photo, source=str(photo))


def described_person(words: str, context: Context) -> Actor:
    """The library actor of the gender ``words`` describe, the same one for the same words."""
    gender = describe(words).gender
    pool = [a for a in all_actors(context.options.actors_paths) if a.gender == gender]
    digest = int(hashlib.sha256(words.strip().lower().encode()).hexdigest()[:8], 16)
    return pool[digest % len(pool)]
