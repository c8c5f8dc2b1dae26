"""Plan-time decisions the video generators share: who speaks, what they say, in which voice.

Each function is cheap (no synthesis, no rendering) and raises the request's
own field names, so a generator's ``plan`` is a short list of calls:

* :func:`cast` - the actor: a slug, a persona's actor, a face photo, or one
  chosen for the generator (``actor_random``), deterministic for the same request;
* :func:`script_for` - the script: given (paced against the generator's word
  budget) or written from a prompt / product page / description
  (``generated_script``, billed +5 by the runner);
* :func:`voice_for` - the voice request: named or raw voice, the actor's own
  voice when none is named (``selected_voice``, ``voice_auto_detected``),
  speed, tone, dub language, all checked before anything is spoken; or a
  recorded voiceover file when the caller gives one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..errors import ValidationError
from ..fetch import IMAGE
from ..generator_ids import GeneratorId
from ..stages.actors.catalog import Actor, actor_from_record
from ..stages.actors.face_mesh import face_notes, find_face
from ..stages.actors.personas import Persona, get_persona
from ..stages.actors.query import ActorNotFoundError, all_actors, get_actor
from ..stages.pacing import PacingReceipt, pace
from ..stages.script import write_script
from ..stages.voice import SpeechRequest, prepare
from .contract import Context

# which bundled actors suit a generator when the request names none (actor preset tags)
GENERATOR_PRESETS: dict[str, str] = {
    GeneratorId.SHOW_YOUR_APP: "app-on-phone",
    GeneratorId.LAPTOP_UGC: "laptop",
    GeneratorId.SAAS_REVIEW: "saas-review",
    GeneratorId.UGC_VIDEO: "ugc",
    GeneratorId.PRODUCT_ACTING_UGC: "product-in-hand",
}


PHOTO_SLUG = "face-photo"


@dataclass(frozen=True)
class Casting:
    """The actor and how they were chosen (the receipt's ``actor_slug`` and ``actor_random``)."""

    actor: Actor
    random: bool
    persona: Persona | None = None


def persona_fields(slug: str | None) -> Persona | None:
    """The persona named by ``persona_slug`` (its fields fill what the request leaves unset)."""
    return None if slug is None else get_persona(slug)


def cast(generator: str, *, actor_slug: str | None, context: Context, face_photo_url: str | None = None,
         persona: Persona | None = None, seed_text: str = "") -> Casting:
    """The actor for this job; every failure names the request field at fault."""
    pool = all_actors(context.options.actors_paths)
    if face_photo_url is not None:
        photo = context.fetch(face_photo_url, field="face_photo_url", limits=IMAGE)
        find_face(photo, field="face_photo_url")  # no face, several or a tiny one: refused before any work
        return Casting(_photo_actor(photo), False, persona)
    slug = actor_slug if actor_slug is not None else (persona.actor_slug if persona else None)
    if slug is not None:
        field = "actor_slug" if actor_slug is not None else "persona_slug"
        try:
            actor = get_actor(slug, actors=pool)
        except ActorNotFoundError as exc:
            hint = f"; did you mean {', '.join(exc.similar)}?" if exc.similar else ""
            raise ValidationError(field, slug, f"names no actor (see `mediakit actors`){hint}") from None
        if actor.kind == "photo":
            find_face(actor.portrait_path, field=field)
        return Casting(actor, False, persona)
    return Casting(pick_actor(generator, seed_text, pool), True, persona)


def photo_notes(casting: Casting, *, field: str) -> list[str]:
    """Receipt notes on a photo actor's face: what the rig does, and whether the face is small; none for
    other actors (a blown-up photo is ``plan_spoken_ad``'s note)."""
    if casting.actor.kind != "photo":
        return []
    face = find_face(casting.actor.portrait_path, field=field)
    return [f"{field}: the face is rigged from its landmarks (mouth shapes, blinks, brows and head motion "
            "are warps of the photo)", *face_notes(face, field=field)]


def pick_actor(generator: str, seed_text: str, pool: Sequence[Actor]) -> Actor:
    """An actor suited to ``generator`` (by preset tag), the same one for the same request text."""
    tag = GENERATOR_PRESETS.get(generator)
    suited = [a for a in pool if tag in a.presets] or list(pool)
    digest = int(hashlib.sha256(f"{generator}|{seed_text}".encode()).hexdigest()[:8], 16)
    return suited[digest % len(suited)]


def _photo_actor(photo: Path) -> Actor:
    """A face photo as an actor of kind ``photo`` (animated by the actor's lip-sync engine)."""
    return actor_from_record({"slug": PHOTO_SLUG, "name": "Face photo", "gender": "female", "nationality": "",
                              "actor_type": "Casual", "style": "your own photo",
                              "created_at": "2025-01-01T00:00:00Z"}, portrait=photo, source=str(photo))


@dataclass(frozen=True)
class ScriptDecision:
    """The words to speak, whether they were written for this job, and their pacing receipt."""

    script: str
    generated: bool
    pacing: PacingReceipt


def script_for(generator: str, *, script: str | None, duration: int | None, prompt: str | None = None,
               product_url: str | None = None, product_name: str | None = None,
               product_description: str | None = None, template: str | None = None, angle: str | None = None,
               tone: str | None = None, cta: str | None = None, acting_style: str | None = None) -> ScriptDecision:
    """A given script paced against ``generator``'s budget, or one written to fit ``duration``."""
    if script is not None:
        return ScriptDecision(script, False, pace(script, duration=duration, generator=generator))
    written = write_script(generator=generator, duration=duration, prompt=prompt, product_url=product_url,
                           product_name=product_name, product_description=product_description, template=template,
                           angle=angle, tone=tone, cta=cta, acting_style=acting_style)
    return ScriptDecision(written.script, True, written.pacing)


def voice_for(script: str, *, voice: str | None, actor: Actor, speed: float | None = None, tone: str | None = None,
              dub_language: str | None = None) -> SpeechRequest:
    """The checked speech request: voice (the actor's when none is named), speed, tone, dub language."""
    own = None if actor.slug == PHOTO_SLUG else actor.voice_id  # a photo has no voice of its own
    return prepare(script, voice=voice, speed=1.0 if speed is None else speed, tone=tone, actor_voice_id=own,
                   dub_language=dub_language)
