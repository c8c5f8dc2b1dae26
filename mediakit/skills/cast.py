"""Who appears in a skill's video: a saved character id, an image, or a person described in words.

A saved character id is ``char_`` + a library actor's slug (``char_maya-chen``):
the library's actors are the characters a local install has saved.  An image
(https, base64, or a local file for local runs) talks as a photo actor.  A person
described in words is the library actor of the described gender chosen
deterministically from the words.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from pathlib import Path

from ..cache import cached_file
from ..errors import ValidationError
from ..fetch import IMAGE, check_file
from ..generators.base import Context
from ..stages.actors.catalog import Actor, actor_from_record
from ..stages.actors.query import ActorNotFoundError, all_actors, get_actor
from ..stages.characters.describe import describe

CHARACTER_PREFIX = "char_"
MIN_BASE64 = 64  # shorter strings are names or paths, never an image
# words that say how old a person is -> the actor age ranges they fit
AGE_WORDS: tuple[tuple[frozenset[str], tuple[str, ...]], ...] = (
    (frozenset(("young", "teen", "teenager", "student", "twenties", "girl", "boy", "youthful")), ("18-25", "26-35")),
    (frozenset(("thirties",)), ("26-35",)),
    (frozenset(("forties", "middle", "mature")), ("36-50",)),
    (frozenset(("old", "older", "elderly", "senior", "fifties", "sixties", "seventies", "retired", "grandma",
                "grandpa", "grandmother", "grandfather")), ("51+",)),
)
_BASE64 = re.compile(r"^[A-Za-z0-9+/=\s]+$")


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
    """A saved character id as its actor, or an image (URL, file or base64) as a photo actor."""
    if value.startswith(CHARACTER_PREFIX):
        return saved_character(value, field, context)
    photo = image_file(value, field, context)
    return actor_from_record({"slug": f"photo-{field.replace('_', '-')}", "name": field, "gender": "female",
                              "nationality": "", "actor_type": "Casual", "style": "your own photo",
                              "created_at": "2025-01-01T00:00:00Z"}, portrait=photo, source=str(photo))


def image_file(value: str, field: str, context: Context) -> Path:
    """An image field's file: an https URL or local path, or base64 bytes (``data:image/...;base64,`` or bare)."""
    data = value.split(",", 1)[1] if value.startswith("data:") and "," in value else value
    if value.startswith("data:") or (len(data) > MIN_BASE64 and _BASE64.match(data)):
        try:
            raw = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise ValidationError(field, value[:40] + "...", "is neither a URL nor valid base64") from None
        path = cached_file("base64-image", hashlib.sha256(raw).hexdigest(), ".img", lambda tmp: tmp.write_bytes(raw))
        return check_file(path, field=field, limits=IMAGE)
    return context.fetch(value, field=field, limits=IMAGE)


def described_person(words: str, context: Context) -> Actor:
    """The library actor of the gender and age ``words`` describe, the same one for the same words."""
    gender = describe(words).gender
    pool = [a for a in all_actors(context.options.actors_paths) if a.gender == gender]
    said = set(re.findall(r"[a-z]+", words.lower()))
    ages = {r for keys, ranges in AGE_WORDS for r in ranges if said.intersection(keys)}
    pool = [a for a in pool if a.age_range in ages] or pool
    digest = int(hashlib.sha256(words.strip().lower().encode()).hexdigest()[:8], 16)
    return pool[digest % len(pool)]
