"""The storyboard steps: ``storyboard_suggest`` (three stories, free) and ``storyboard_generate`` (the panels).

``storyboard_suggest`` (``POST /v1/character/storyboard-suggest``) answers at
once with ``{options: [{title, beats[]}]}``, three options, the same for the
same input; it costs nothing (``Metered`` with no units) and writes JSON.

``storyboard_generate`` (``POST /v1/character/storyboard-generate``) draws a
storyboard of 4 to 10 panels from ``beats`` (3 to 10; three beats get an
establishing panel first, so a storyboard always has at least four) or a
``script`` (split into 4 to 6 panels), the sheet's character standing in
each panel with the beat as its caption.  ``ratio`` is each panel's frame
(the shot's aspect in ``character_video``).  With a ``session_id`` the beats
are recorded for the video step of the same session.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal
from uuid import UUID

from pydantic import Field, model_validator

from ..errors import ValidationError
from ..fetch import IMAGE, Url
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.fields import ActorSlug
from ..generation.request import RequestModel, rule_error, seconds_field
from ..generator_ids import GeneratorId
from ..media_io import write_text
from ..render import ProgressCallback
from ..stages.actors.query import ActorNotFoundError, all_actors, get_actor
from ..stages.characters.session import record
from ..stages.characters.sheet import Character, front_crop, read_character
from ..stages.characters.storyboard import (
    Option,
    beat_notes,
    draw_storyboard,
    save_storyboard,
    split_script,
    suggest,
)

MIN_PANELS = 4
Beat = Annotated[str, Field(min_length=1, max_length=300)]


class StoryboardSuggestRequest(RequestModel):
    """``POST /v1/character/storyboard-suggest``."""

    actor_slug: ActorSlug | None = Field(None, description="A library actor (not with character_description).")
    character_description: str | None = Field(None, min_length=1, max_length=200,
                                              description="Who the story is about, in words.")
    vibe: str = Field(min_length=1, max_length=200, description="The mood or setting of the story.")
    duration: seconds_field(5, 10) = Field(10, description="5 or 10 seconds.")  # type: ignore[valid-type]
    n_panels: int = Field(6, ge=4, le=10, description="Beats per option, 4 to 10.")

    @model_validator(mode="after")
    def _one_character(self) -> StoryboardSuggestRequest:
        if self.actor_slug is not None and self.character_description is not None:
            raise rule_error("character_description", "cannot be given with actor_slug (they are mutually "
                                                      "exclusive)")
        if self.actor_slug is None and self.character_description is None:
            raise rule_error("character_description", "is required when actor_slug is not given")
        return self


@dataclass(frozen=True, kw_only=True)
class StoryboardSuggestPlan(Plan):
    options: tuple[Option, ...]


class StoryboardSuggestGenerator(Generator[StoryboardSuggestRequest, StoryboardSuggestPlan]):
    id = GeneratorId.STORYBOARD_SUGGEST
    request_model = StoryboardSuggestRequest
    description = "Three story options {title, beats[]} for a character and a vibe (free, deterministic)."
    output_suffix = ".json"

    def plan(self, request: StoryboardSuggestRequest, context: Context) -> StoryboardSuggestPlan:
        if request.actor_slug is not None:
            try:
                who = get_actor(request.actor_slug, actors=all_actors(context.options.actors_paths)).name
            except ActorNotFoundError as exc:
                hint = f"; did you mean {', '.join(exc.similar)}?" if exc.similar else ""
                raise ValidationError("actor_slug", request.actor_slug, f"names no actor{hint}") from None
        else:
            who = (request.character_description or "").strip()
        options = suggest(who, request.vibe, request.duration, request.n_panels)
        return StoryboardSuggestPlan(generator=self.id, receipt=Receipt(), metered=Metered(generator=self.id),
                                     options=tuple(options))

    def build(self, plan: StoryboardSuggestPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        return Built(file=write_text(workdir / "options.json", json.dumps(answer(plan), indent=2) + "\n"))


def answer(plan: StoryboardSuggestPlan) -> dict[str, list[dict[str, object]]]:
    """The synchronous response body: ``{options: [{title, beats}]}``."""
    return {"options": [o.to_dict() for o in plan.options]}


class StoryboardGenerateRequest(RequestModel):
    """``POST /v1/character/storyboard-generate``."""

    character_sheet_url: Url = Field(description="The character sheet (PNG) whose character is drawn.")
    beats: list[Beat] | None = Field(None, min_length=3, max_length=10, description="3 to 10 beats, one per panel.")
    script: str | None = Field(None, min_length=10, max_length=1500, description="A script split into 4-6 panels.")
    ratio: Literal["9:16", "16:9", "1:1"] = Field("9:16", description="Each panel's frame.")
    session_id: UUID | None = Field(None, description="Links the sheet, storyboard and video steps.")

    @model_validator(mode="after")
    def _beats_or_script(self) -> StoryboardGenerateRequest:
        if self.beats is not None and self.script is not None:
            raise rule_error("script", "cannot be given with beats (they are mutually exclusive)")
        if self.beats is None and self.script is None:
            raise rule_error("beats", "or script is required")
        return self


@dataclass(frozen=True, kw_only=True)
class StoryboardGeneratePlan(Plan):
    beats: tuple[str, ...]
    ratio: str
    sheet: Path
    character: Character | None
    session_id: str | None


class StoryboardGenerateGenerator(Generator[StoryboardGenerateRequest, StoryboardGeneratePlan]):
    id = GeneratorId.STORYBOARD_GENERATE
    request_model = StoryboardGenerateRequest
    description = "A storyboard of 4-10 panels: the sheet's character in each beat, the beat as caption."
    output_suffix = ".png"

    def plan(self, request: StoryboardGenerateRequest, context: Context) -> StoryboardGeneratePlan:
        sheet = context.fetch(request.character_sheet_url, field="character_sheet_url", limits=IMAGE)
        character = read_character(sheet, field="character_sheet_url")
        if request.beats is not None:
            beats = list(request.beats)
            if len(beats) < MIN_PANELS:
                who = character.name if character else "The character"
                beats.insert(0, f"{who} in the opening scene")
        else:
            beats = split_script(request.script or "")
        notes = ["local-storyboard: a local stand-in for the hosted storyboard model; panels designed from the "
                 "beats with the sheet's character drawn in"]
        if character is None:
            notes.append("the sheet carries no mediakit character record: its front view (left third) is used")
        notes += beat_notes(beats, " ".join(beats), "panel")
        return StoryboardGeneratePlan(
            generator=self.id, receipt=Receipt(engine="local-storyboard", notes=tuple(notes)),
            metered=Metered(generator=self.id),
            beats=tuple(beats), ratio=request.ratio, sheet=sheet, character=character,
            session_id=str(request.session_id) if request.session_id else None)

    def build(self, plan: StoryboardGeneratePlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        fallback = None if plan.character is not None else front_crop(plan.sheet)
        img, boxes = draw_storyboard(list(plan.beats), plan.ratio, plan.character, fallback)
        path = save_storyboard(img, workdir / "storyboard.png", beats=list(plan.beats), ratio=plan.ratio,
                               boxes=boxes, character=plan.character)
        if plan.session_id is not None:
            record(plan.session_id, "storyboard_generate", {"beats": list(plan.beats), "ratio": plan.ratio})
        return Built(file=path)
