"""The ``character_sheet`` step (``POST /v1/character/sheet-generate``): a 3:2 sheet of one character.

Three ways in, and the plan says which (``Metered.variant``; the runner
prices ``actor`` and ``reference`` at 20 credits, ``description`` at 35):

- ``actor_slug``: a library actor; a drawn actor is drawn as it is, a photo
  actor's colours are read from its portrait;
- ``reference_image_url``: a portrait whose colours (skin, hair, clothes,
  backdrop) the drawn character takes, on the shape a description gives
  (the reference is shown on the sheet);
- ``description`` alone: the words drive the drawn look (hair, age,
  clothes, colours; see ``stages.characters.describe``).

``actor_slug`` and ``reference_image_url`` are mutually exclusive; a
description beside either names the character's look in words on the sheet.
The sheet carries its character inside the PNG, so the storyboard and the
video draw the same person (``stages.characters.sheet``).  A finished sheet is
also saved in the character store (``stages.characters.store``): the receipt
names its id (``char_...``), which make_ugc and make_podcast accept as
``character``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from uuid import UUID

from pydantic import Field, model_validator

from ..errors import ValidationError
from ..fetch import IMAGE, Url
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.fields import ActorSlug
from ..generation.request import RequestModel, rule_error
from ..generator_ids import GeneratorId
from ..render import ProgressCallback
from ..stages.actors.query import ActorNotFoundError, all_actors, get_actor
from ..stages.characters.describe import describe
from ..stages.characters.session import record
from ..stages.characters.sheet import Character, draw_sheet, look_from_photo, save_sheet
from ..stages.characters.store import save_character

LOCAL_NOTE = ("local-character-sheet: a local stand-in for the hosted character sheet model; the character is "
              "drawn (front, three-quarter, profile, expressions) from the look")


class CharacterSheetRequest(RequestModel):
    """``POST /v1/character/sheet-generate``."""

    description: str | None = Field(None, min_length=3, max_length=400,
                                    description="Who the character is; alone, it drives the drawn look.")
    actor_slug: ActorSlug | None = Field(None, description="A library actor (not with reference_image_url).")
    reference_image_url: Url | None = Field(None, description="A portrait (https) whose colouring is used.")
    session_id: UUID | None = Field(None, description="Links the sheet, storyboard and video steps.")

    @model_validator(mode="after")
    def _one_source(self) -> CharacterSheetRequest:
        if self.actor_slug is not None and self.reference_image_url is not None:
            raise rule_error("reference_image_url", "cannot be given with actor_slug (they are mutually exclusive)")
        if self.actor_slug is None and self.reference_image_url is None and self.description is None:
            raise rule_error("description", "is required when neither actor_slug nor reference_image_url is given")
        return self

    @property
    def variant(self) -> str:
        if self.actor_slug is not None:
            return "actor"
        return "reference" if self.reference_image_url is not None else "description"


@dataclass(frozen=True, kw_only=True)
class CharacterSheetPlan(Plan):
    character: Character
    reference: Path | None
    session_id: str | None
    characters_dir: Path | None = None  # where the sheet's character is saved (``Options.characters_dir``)


def actor_character(slug: str, words: str, context: Context) -> tuple[Character, Path | None]:
    """The library actor ``slug`` as a character, and its portrait when its colours were read from a photo."""
    try:
        actor = get_actor(slug, actors=all_actors(context.options.actors_paths))
    except ActorNotFoundError as exc:
        hint = f"; did you mean {', '.join(exc.similar)}?" if exc.similar else ""
        raise ValidationError("actor_slug", slug, f"names no actor{hint}") from None
    if actor.look is not None:
        return Character(actor.name, actor.look, "actor", actor.gender, words), None
    look = look_from_photo(actor.portrait_path, field="actor_slug")
    return Character(actor.name, look, "actor", actor.gender, words), actor.portrait_path


class CharacterSheetGenerator(Generator[CharacterSheetRequest, CharacterSheetPlan]):
    id = GeneratorId.CHARACTER_SHEET
    request_model = CharacterSheetRequest
    description = "A 3:2 character sheet: front, three-quarter and profile views, expressions and name."
    output_suffix = ".png"

    def plan(self, request: CharacterSheetRequest, context: Context) -> CharacterSheetPlan:
        words = request.description or ""
        reference: Path | None = None
        if request.actor_slug is not None:
            character, reference = actor_character(request.actor_slug, words, context)
        elif request.reference_image_url is not None:
            reference = context.fetch(request.reference_image_url, field="reference_image_url", limits=IMAGE)
            drawn = describe(words or request.reference_image_url)
            colours = look_from_photo(reference, field="reference_image_url")
            # the reference's colouring on the described shape (hair style, clothes, glasses...)
            look = replace(drawn.look, skin=colours.skin, hair_color=colours.hair_color,
                           outfit_color=colours.outfit_color, background=colours.background)
            character = Character(drawn.name, look, "reference", drawn.gender, words)
        else:
            drawn = describe(words)
            character = Character(drawn.name, drawn.look, "description", drawn.gender, words)
        session = str(request.session_id) if request.session_id else None
        return CharacterSheetPlan(
            generator=self.id, receipt=Receipt(engine="local-character-sheet", notes=(LOCAL_NOTE,)),
            metered=Metered(generator=self.id, variant=request.variant),
            character=character, reference=reference, session_id=session,
            characters_dir=context.options.characters_dir)

    def build(self, plan: CharacterSheetPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        path = save_sheet(draw_sheet(plan.character, plan.reference), plan.character, workdir / "sheet.png")
        if plan.session_id is not None:
            record(plan.session_id, "character_sheet", plan.character.to_dict())
        saved = save_character(plan.character, path, plan.characters_dir)
        notes = (*plan.receipt.notes, f"saved as character {saved.id} (`mediakit characters`)")
        return Built(file=path, receipt=replace(plan.receipt, notes=notes))
