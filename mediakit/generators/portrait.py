"""The ``portrait_image_engine`` primitive (``POST /v1/primitives/portrait_image_engine``): one portrait PNG.

The first half of the character pipeline on its own: a character from a
``description`` (the drawn look of ``stages.characters.describe``) or a
library ``actor_slug``, drawn facing the camera, head and shoulders, on its
look's backdrop colour.  The PNG carries the character the way a sheet does
(``stages.characters.sheet.save_sheet``), so a sheet drawn from this
portrait (``character_sheet_image_engine``, or ``reference_image_url`` of
``character_sheet``) takes its colours from it.  Priced flat
(``presets/prices.yaml``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

from PIL import Image
from pydantic import Field, model_validator

from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.fields import ActorSlug
from ..generation.request import RequestModel, rule_error
from ..generator_ids import GeneratorId
from ..render import ProgressCallback
from ..stages.actors.sketch import rgb
from ..stages.characters.describe import describe
from ..stages.characters.session import record
from ..stages.characters.sheet import Character, save_sheet
from ..stages.characters.views import figure
from .character_sheet import actor_character

PORTRAIT_SIZE = (768, 1024)
LOCAL_NOTE = "local-portrait: a local stand-in for the hosted portrait model; the character is drawn from the look"


class PortraitRequest(RequestModel):
    """``POST /v1/primitives/portrait_image_engine``: exactly one of ``description`` and ``actor_slug``."""

    description: str | None = Field(None, min_length=3, max_length=400,
                                    description="Who the character is (hair, age, clothes, colours).")
    actor_slug: ActorSlug | None = Field(None, description="A library actor, drawn as its character.")
    session_id: UUID | None = Field(None, description="Links the portrait to later character steps.")

    @model_validator(mode="after")
    def _one_source(self) -> PortraitRequest:
        if (self.description is None) == (self.actor_slug is None):
            raise rule_error("description", "give exactly one of description and actor_slug")
        return self


@dataclass(frozen=True, kw_only=True)
class PortraitPlan(Plan):
    character: Character
    session_id: str | None


class PortraitGenerator(Generator[PortraitRequest, PortraitPlan]):
    id = GeneratorId.PORTRAIT_IMAGE_ENGINE
    request_model = PortraitRequest
    description = "A 3:4 portrait PNG of one character, head and shoulders, from a description or an actor."
    output_suffix = ".png"

    def plan(self, request: PortraitRequest, context: Context) -> PortraitPlan:
        if request.actor_slug is not None:
            character, _ = actor_character(request.actor_slug, "", context)
        else:
            assert request.description is not None  # the model's rule
            drawn = describe(request.description)
            character = Character(drawn.name, drawn.look, "description", drawn.gender, request.description)
        return PortraitPlan(generator=self.id, receipt=Receipt(engine="local-portrait", notes=(LOCAL_NOTE,)),
                            metered=Metered(generator=self.id), character=character,
                            session_id=str(request.session_id) if request.session_id else None)

    def build(self, plan: PortraitPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        img = Image.new("RGBA", PORTRAIT_SIZE, rgb(plan.character.look.background) + (255,))
        img.alpha_composite(figure(plan.character.look, PORTRAIT_SIZE))
        path = save_sheet(img.convert("RGB"), plan.character, workdir / "portrait.png")
        if plan.session_id is not None:
            record(plan.session_id, "portrait", plan.character.to_dict())
        return Built(file=path)
