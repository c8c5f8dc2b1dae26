"""``make_ugc``: a UGC clip from a script (or a silent scene action), composed on the ``ugc_video`` generator.

The spec's rules, checked before anything runs: ``script`` or
``scene_action`` (which needs ``character``); ``person``, ``image`` and
``character`` name who appears, one of them; ``product_image`` needs
``character`` and limits the script to one take (about 33 words, 15 s);
the duration comes from the script's word count (11 words or fewer: 5 s,
22 or fewer: 10 s, else 15 s) and ``duration`` counts only for a silent
``scene_action`` clip; captions are off unless ``captions: true``.

Steps: ``script`` (paced), ``actor`` (the person, image or character),
``video`` (the ``ugc_video`` generator, looked up in ``GENERATORS`` when the
plan is made) and, when asked, ``captions``.  Not done yet: the ``look``
grade (grain, shake) and the character / product_image / broll inputs are
validated but not yet passed to ugc_video, which is not on main yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, model_validator

from ..generators import GENERATORS
from ..generators.base import Built, Context, Metered, Receipt
from ..generators.request import RequestModel, rule_error
from ..render import ProgressCallback
from ..routes import Route
from .base import Skill, SkillPlan, Step, https_or_local

PRODUCT_TAKE_WORDS = 33
HttpsUrl = Annotated[str, AfterValidator(https_or_local), Field(json_schema_extra={"pattern": "^https://"})]


def duration_for(script: str) -> int:
    """The spec's duration rule: 11 words or fewer -> 5 s, 22 or fewer -> 10 s, else 15 s."""
    words = len(script.split())
    return 5 if words <= 11 else 10 if words <= 22 else 15


class MakeUgcRequest(RequestModel):
    """The make_ugc input schema (no additional properties)."""

    script: str | None = Field(None, min_length=1, max_length=1200, description="What the person says.")
    scene_action: str | None = Field(None, min_length=3, max_length=400,
                                     description="A silent action clip instead of script; needs character.")
    person: str | None = Field(None, min_length=8, max_length=400, description="Who appears, described.")
    image: str | None = Field(None, description="https URL of a photo (base64 also accepted).")
    character: str | None = Field(None, description="Saved character id (char_...) or character sheet URL.")
    product_image: HttpsUrl | None = Field(None, description="A product photo; needs character; one take.")
    name: str | None = Field(None, max_length=80)
    broll_url: HttpsUrl | None = Field(None, json_schema_extra={"format": "uri"})
    duration: Literal[5, 10, 15, 20, 25, 30] | None = Field(None, description="Only for a silent scene_action.")
    captions: bool = False
    caption_style: Literal["hormozi", "tiktok", "minimal"] = "hormozi"
    look: Literal["natural", "commercial", "raw_iphone"] = "natural"
    aspect_ratio: Literal["9:16", "1:1"] = "9:16"
    music: bool | Annotated[str, Field(max_length=120)] | None = None

    @model_validator(mode="after")
    def _rules(self) -> MakeUgcRequest:
        if self.script is None and self.scene_action is None:
            raise rule_error("script", "or scene_action is required")
        if self.script is not None and self.scene_action is not None:
            raise rule_error("scene_action", "is used instead of script; give one of them")
        if self.scene_action is not None and self.character is None:
            raise rule_error("character", "is required with scene_action")
        if self.product_image is not None and self.character is None:
            raise rule_error("character", "is required with product_image")
        who = [f for f in ("person", "image", "character") if getattr(self, f) is not None]
        if len(who) > 1:
            raise rule_error(who[1], f"cannot be given with {who[0]} (omit person if image or character is passed)")
        if self.product_image is not None and self.script is not None and \
                len(self.script.split()) > PRODUCT_TAKE_WORDS:
            raise rule_error("script", f"must be {PRODUCT_TAKE_WORDS} words or fewer with product_image (one take "
                                       "of at most 15 s)")
        return self


@dataclass(frozen=True, kw_only=True)
class MakeUgcPlan(SkillPlan):
    inner: Any
    seconds: int


class MakeUgcSkill(Skill[MakeUgcRequest, MakeUgcPlan]):
    id = Route.MAKE_UGC
    request_model = MakeUgcRequest
    name = "Make UGC"
    description = "A UGC clip: a person, image or character saying the script (or acting a scene), with a look."
    primitive = Route.UGC_VIDEO
    agent_facing = False

    def plan(self, request: MakeUgcRequest, context: Context) -> MakeUgcPlan:
        seconds = duration_for(request.script) if request.script is not None else int(request.duration or 5)
        ugc = GENERATORS.get(Route.UGC_VIDEO)
        body: dict[str, Any] = {"script": request.script or request.scene_action, "target_duration": seconds,
                                "aspect_ratio": request.aspect_ratio,
                                "style": request.caption_style}
        if isinstance(request.music, str):
            body["music"] = request.music
        inner = ugc.plan(ugc.parse(body), context)
        steps = [Step("script", "pace the script"), Step("actor", "cast the person, image or character"),
                 Step("video", "ugc_video")]
        if request.captions:
            steps.append(Step("captions", f"{request.caption_style} captions"))
        return MakeUgcPlan(generator=self.id, receipt=Receipt(estimated_duration=seconds),
                           metered=Metered(operation=self.id, seconds=seconds, steps=(inner.metered,)),
                           steps=tuple(steps), inner=inner, seconds=seconds)

    def build(self, plan: MakeUgcPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        return GENERATORS.get(Route.UGC_VIDEO).build(plan.inner, workdir, progress)
