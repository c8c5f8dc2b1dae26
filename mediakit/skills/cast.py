"""Who appears in a skill's video: a saved character, a character sheet, an image, or a person in words.

A saved character id is ``char_`` + a slug: a character kept in the store
(``char_<hash>``, ``stages.characters.store``) or a library actor
(``char_maya-chen``).  A character sheet (URL or file) made by mediakit
carries its character: it is saved to the store (once) and cast from there,
so the video's actor is that drawn character; a sheet from elsewhere talks as
a photo of its front view.  An image (https, base64, or a local file for local
runs) talks as a photo actor.  A person described in words is a library
actor of the described gender and age whose look already is what the words
state (curly hair, a grey beard, round glasses...), chosen deterministically
from the words; when none is, a new character drawn from the words.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from dataclasses import replace
from pathlib import Path

import yaml

from ..cache import cache_key, cached_file, cached_png
from ..errors import MediaError, NotFoundError, ValidationError
from ..fetch import IMAGE, check_file
from ..generation.contract import Context
from ..stages.actors.catalog import Actor, actor_from_record
from ..stages.actors.face_mesh import find_face
from ..stages.actors.look import Look
from ..stages.actors.portraits import portrait as portrait_of
from ..stages.actors.query import ActorNotFoundError, all_actors, get_actor
from ..stages.characters.describe import describe, restyle
from ..stages.characters.fit import misfits
from ..stages.characters.sheet import front_crop, read_character
from ..stages.characters.store import CHARACTER_PREFIX, character_hash, save_character, saved_actor_paths

PHOTO_PREFIX = "photo-"  # the slug of a photo given in a request (``photo_actor``)
MIN_BASE64 = 64  # shorter strings are names or paths, never an image
# words that say how old a person is -> the actor age ranges they fit
AGE_WORDS: tuple[tuple[frozenset[str], tuple[str, ...]], ...] = (
    (frozenset(("young", "teen", "teenager", "student", "twenties", "girl", "boy", "youthful")), ("18-25", "26-35")),
    (frozenset(("thirties",)), ("26-35",)),
    (frozenset(("forties", "middle", "mature")), ("36-50",)),
    (frozenset(("old", "older", "elderly", "senior", "fifties", "sixties", "seventies", "retired", "grandma",
                "grandpa", "grandmother", "grandfather")), ("51+",)),
)
# what a restyled library actor's record keeps of the bundled actor's (the rest is derived again from these)
RECORD_FIELDS = ("name", "gender", "age", "nationality", "actor_type", "style", "voice_id", "presets",
                 "bio_occupation", "bio_story", "bio_hobbies", "status", "lip_sync_engine")
_BASE64 = re.compile(r"^[A-Za-z0-9+/=\s]+$")


def with_saved_characters(context: Context) -> Context:
    """``context`` whose actors include the saved characters, so a generator can cast one by slug."""
    saved = saved_actor_paths(context.options.characters_dir)
    store = [p for p in saved if p not in context.options.actors_paths]
    if not store:
        return context
    return replace(context, options=replace(context.options, actors_paths=(*context.options.actors_paths, *store)))


def saved_character(value: str, field: str, context: Context) -> Actor:
    """The actor a ``char_<slug>`` id names among the caller's characters and the library's actors.

    An id that names none of them is a NotFoundError naming ``field`` (404 in the service, like another
    account's id: whose it is stays unsaid)."""
    if not value.startswith(CHARACTER_PREFIX):
        raise ValidationError(field, value, f"must be a saved character id ({CHARACTER_PREFIX}<slug>)")
    slug = value[len(CHARACTER_PREFIX):]
    try:
        return get_actor(slug, actors=all_actors(with_saved_characters(context).options.actors_paths))
    except ActorNotFoundError as exc:
        hint = f"; did you mean {', '.join(CHARACTER_PREFIX + s for s in exc.similar)}?" if exc.similar else ""
        raise NotFoundError(f"{field}: {value!r} names no saved character (`mediakit characters`){hint}",
                            details=[{"field": field, "rule": "a saved character id of yours"}]) from None


def sheet_character(value: str, field: str, context: Context) -> Actor:
    """The character a sheet (URL or file) carries, saved and cast from the store; a foreign sheet's front
    view as a photo actor."""
    sheet = context.fetch(value, field=field, limits=IMAGE)
    character = read_character(sheet, field=field)
    if character is None:
        front = cached_png("sheet-front", hashlib.sha256(sheet.read_bytes()).hexdigest(), lambda: front_crop(sheet))
        try:
            return photo_actor(front, field)
        except MediaError as exc:  # the sheet is the user's file, its front view ours
            raise MediaError(sheet, f"its front view: {exc.problem}", field=field) from None
    saved_id = CHARACTER_PREFIX + character_hash(character)
    try:
        return saved_character(saved_id, field, context)
    except NotFoundError:
        saved = save_character(character, sheet, context.options.characters_dir)
        return saved_character(saved.id, field, context)


def character_or_image(value: str, field: str, context: Context) -> Actor:
    """A saved character id as its actor, or an image (URL, file or base64) as a photo actor."""
    if value.startswith(CHARACTER_PREFIX):
        return saved_character(value, field, context)
    return photo_actor(image_file(value, field, context), field)


def photo_actor(photo: Path, field: str) -> Actor:
    """A photo given in ``field`` as an actor of kind ``photo`` (the portrait is the photo); one the photo rig
    cannot animate (no face, several, a tiny one) is refused here, before any work."""
    find_face(photo, field=field)
    return actor_from_record({"slug": PHOTO_PREFIX + field.replace("_", "-"), "name": field, "gender": "female",
                              "nationality": "", "actor_type": "Casual", "style": "your own photo",
                              "created_at": "2025-01-01T00:00:00Z"}, portrait=photo, source=str(photo))


def given_photo(actor: Actor) -> Path | None:
    """The photo a request gave, when ``actor`` is one (a generator takes it as a face photo, not a slug)."""
    return actor.portrait_path if actor.slug.startswith(PHOTO_PREFIX) else None


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


def described_person(words: str, context: Context) -> tuple[Actor, Context, str | None]:
    """The person ``words`` describe, the context that casts it by slug, and a receipt note when it was built.

    A library actor of the described gender and age whose own look already shows what the words state (hair,
    beard, glasses, skin: ``characters.fit``) is cast, the same one for the same words, wearing any clothes
    the words name.  When no library actor fits, a new character is drawn from the description on the same
    rig, with the age and voice of the library actor of that gender and age the words pick."""
    drawn = describe(words)
    pool = [a for a in all_actors(context.options.actors_paths) if a.gender == drawn.gender and a.look is not None]
    said = set(re.findall(r"[a-z]+", words.lower()))
    ages = {r for keys, ranges in AGE_WORDS for r in ranges if said.intersection(keys)}
    pool = [a for a in pool if a.age_range in ages] or pool
    digest = int(hashlib.sha256(words.strip().lower().encode()).hexdigest()[:8], 16)
    fitting = [a for a in pool if a.look is not None and not misfits(a.look, words)]
    if fitting:
        actor = fitting[digest % len(fitting)]
        look = restyle(actor.look, words) if actor.look is not None else None
        if look is None or look == actor.look:
            return actor, context, None
        record, note = {**_record(actor), "slug": f"{actor.slug}-{cache_key('look', look)[:8]}"}, None
    else:
        lender = pool[digest % len(pool)]
        look = drawn.look
        if lender.age_range == "51+" and "wrinkles" not in look.extras:
            look = replace(look, extras=(*look.extras, "wrinkles"))
        record = {**_record(lender), "slug": f"drawn-{cache_key('look', look)[:8]}", "name": drawn.name,
                  "style": "drawn from a description"}
        missing = misfits(lender.look, words) if lender.look is not None else []
        note = (f"person: no library actor fits the description (the closest lacks {', '.join(missing)}), so "
                f"{drawn.name} is a new character drawn from it (age and voice as {lender.name}'s)")
    library = described_library(record, look)
    context = replace(context, options=replace(context.options,
                                               actors_paths=(*context.options.actors_paths, library)))
    return get_actor(str(record["slug"]), actors=all_actors(context.options.actors_paths)), context, note


def _record(actor: Actor) -> dict[str, object]:
    """What a described person's record keeps of the library ``actor``'s."""
    return {k: v for k, v in actor.to_dict().items() if k in RECORD_FIELDS}


def described_library(record: dict[str, object], look: Look) -> Path:
    """A one-actor library file (cached, beside its portrait) holding ``record`` drawn with ``look``."""
    key = (record["slug"], record["name"], look)
    portrait = cached_png("described-portrait", key, lambda: portrait_of(look))
    entry = {**record, "portrait": portrait.name, "look": look.to_dict()}
    return cached_file("described-actor", key, ".yaml",
                       lambda tmp: tmp.write_text(yaml.safe_dump({"actors": [entry]}, sort_keys=True)))
