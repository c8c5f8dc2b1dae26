"""``make_ugc``: a UGC clip from a script (or a silent scene action), composed on the generators.

The spec's rules, checked before anything runs: ``script`` or
``scene_action`` (which needs ``character``); ``person``, ``image`` and
``character`` name who appears, one of them; ``product_image`` needs
``character`` and limits the script to one take (about 33 words, 15 s);
the duration comes from the script's word count (15 words or fewer: 5 s,
30 or fewer: 10 s, else 15 s: the spec says 11 and 22, which left up to
half of a 10 s clip silent, issue 22) and ``duration`` counts only for a
silent ``scene_action`` clip; captions are off unless ``captions: true``.

Steps: ``cast`` (a saved character ``char_<slug>``, the character a
character sheet in ``character`` carries (saved on first use), the photo in
``image``, or the library actor matching ``person``, else one drawn from it: ``skills.cast``), then
``video``: with a script the
``ugc_video`` generator (looked up in ``GENERATORS`` when the plan is made;
``product_image`` becomes its product, ``music`` its mood), with a
``scene_action`` the ``video`` generator in reference mode with the
character's portrait as ``@image1`` (a silent action clip, up to 30 s on
video-engine-2.5); ``broll`` when ``broll_url`` is given; then ``look``
(``natural``, ``commercial``, ``raw_iphone``: ``skills.look``) and, when
asked, ``captions``.

``broll_url`` (an image or a short clip, looped to its stretch) is cut in as
ugc_video's scenes: with three sentences or more the middle sentence shows
the b-roll full frame (the voice goes on, lips in sync when the face is
back); a shorter script cuts away for its middle words (about a third to two
thirds).  A silent ``scene_action`` clip cuts to it for its middle third.
The receipt says which, and over which words.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator

from ..captions.paginate import sentences
from ..fetch import BROLL
from ..generation.contract import Built, Context, Metered, Receipt
from ..generation.registry import GENERATORS
from ..generation.request import RequestModel, rule_error, seconds_field
from ..generator_ids import GeneratorId
from ..generators.ugc_video import UgcVideoGenerator, UgcVideoRequest
from ..render import ProgressCallback
from ..stages.actors.catalog import Actor
from ..stages.broll.kenburns import broll_layer, is_clip
from ..stages.music import mood_names
from ..stages.pacing import pace
from ..timeline import Animation, Timeline
from .base import HttpsUrl, Skill, SkillPlan, Step
from .cast import (
    CHARACTER_PREFIX,
    character_or_image,
    described_person,
    given_photo,
    saved_character,
    sheet_character,
    with_saved_characters,
)
from .look import LOOKS, apply_look

PRODUCT_TAKE_WORDS = 33
CUT_SPAN = (0.35, 0.7)     # the cutaway of a script of one or two sentences: these shares of its words
MIN_EDIT_WORDS = 3         # a script this long or longer cuts away on its words; a shorter one mid-clip
BROLL_FADE = Animation("fade", 250)


def duration_for(script: str) -> int:
    """The clip's duration for ``script``: the bucket make_ugc's pacing fits it in (15 / 30 words for 5 / 10 s)."""
    return pace(script, generator=GeneratorId.MAKE_UGC).estimated_duration


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
    broll_url: HttpsUrl | None = Field(None, description="An image or short clip cut in as b-roll mid-way.")
    duration: seconds_field(5, 10, 15, 20, 25, 30) | None = Field(  # type: ignore[valid-type]
        None, description="Only for a silent scene_action.")
    captions: bool = False
    caption_style: Literal["hormozi", "tiktok", "minimal"] = "hormozi"
    look: Literal[LOOKS] = "natural"  # type: ignore[valid-type]
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


class MakeUgcScriptRequest(UgcVideoRequest):
    """ugc_video's request under make_ugc's script rule: 1 to 1200 characters (the duration follows the words)."""

    script: str | None = Field(None, min_length=1, max_length=1200, description="What the person says.")


class MakeUgcVideo(UgcVideoGenerator):
    """The ugc_video make_ugc renders on: its request and pacing rules are make_ugc's, the rest is ugc_video."""

    request_model: ClassVar[type[RequestModel]] = MakeUgcScriptRequest
    pacing_generator = GeneratorId.MAKE_UGC


@dataclass(frozen=True, kw_only=True)
class MakeUgcPlan(SkillPlan):
    inner: Any
    look: str
    burn_captions: bool  # the request's ``captions`` (the spoken-ad kit's name for the same switch)
    broll: Path | None  # cut over the middle third of a silent scene_action clip at build (script: in inner)


class MakeUgcSkill(Skill[MakeUgcRequest, MakeUgcPlan]):
    id = GeneratorId.MAKE_UGC
    request_model = MakeUgcRequest
    name = "Make UGC"
    description = "A UGC clip: a person, image or character saying the script (or acting a scene), with a look."
    primitive = GeneratorId.UGC_VIDEO
    agent_facing = False

    def plan(self, request: MakeUgcRequest, context: Context) -> MakeUgcPlan:
        context = with_saved_characters(context)
        actor, photo, context, notes = _cast(request, context)
        broll = context.fetch(request.broll_url, field="broll_url", limits=BROLL) if request.broll_url else None
        if request.script is not None:
            seconds = duration_for(request.script)
            generator, body = GeneratorId.UGC_VIDEO, _ugc_body(request, actor, photo, seconds)
            if broll is not None and len(request.script.split()) >= MIN_EDIT_WORDS:
                body.update(broll_edit(request.script, broll))
                notes.append(_broll_note(body["scenes"], broll))
            elif broll is not None:
                notes.append(f"broll_url: the {_what(broll)} cut in full frame for the middle third of the clip")
        else:
            seconds = request.duration or 5
            generator = GeneratorId.VIDEO
            body = {"model": "video-engine-2.5" if seconds > 15 else "auto", "seconds": seconds,
                    "aspect": request.aspect_ratio, "refs": [str(actor.portrait_path)],
                    "prompt": f"{actor.name}: {(request.scene_action or '').rstrip('.')}. @image1"}
            if broll is not None:
                notes.append(f"broll_url: the {_what(broll)} cut in full frame for the middle third of the clip")
        inner_gen = MakeUgcVideo() if generator == GeneratorId.UGC_VIDEO else GENERATORS.get(generator)
        inner = inner_gen.plan(inner_gen.parse(body), context)
        steps = [Step("cast", f"{actor.name} ({actor.slug})"), Step("video", str(generator))]
        if broll is not None:
            steps.append(Step("broll", notes[-1].removeprefix("broll_url: ")))
        steps.append(Step("look", request.look))
        if request.captions:
            steps.append(Step("captions", f"{request.caption_style} captions"))
        return MakeUgcPlan(generator=self.id,
                           receipt=Receipt(estimated_duration=seconds, actor_slug=actor.slug,
                                           subtitle_style=request.caption_style if request.captions else None,
                                           notes=(*inner.receipt.notes, *notes)),
                           metered=Metered(generator=self.id, seconds=seconds, steps=(inner.metered,)),
                           steps=tuple(steps), inner=inner, look=request.look,
                           burn_captions=request.captions, broll=broll if "scenes" not in body else None)

    def build(self, plan: MakeUgcPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        built = GENERATORS.get(plan.inner.generator).build(plan.inner, workdir, progress)
        if built.timeline is None:
            return built
        timeline = built.timeline if plan.burn_captions else replace(built.timeline, captions=None)
        if plan.broll is not None:
            timeline = _cut_in(timeline, plan.broll)
        return replace(built, timeline=apply_look(timeline, plan.look),
                       captions=built.captions if plan.burn_captions else None)


def broll_edit(script: str, broll: Path) -> dict[str, Any]:
    """The ugc_video ``scenes`` that show ``broll`` full frame for a middle stretch of ``script``.

    The middle sentence of three or more, else the words from about a third
    to two thirds (a script of ``MIN_EDIT_WORDS`` or more, so there are
    words on both sides of the cut).
    """
    parts = sentences(script)
    if len(parts) >= 3:
        k = len(parts) // 2
        before, during, after = " ".join(parts[:k]), parts[k], " ".join(parts[k + 1:])
    else:
        words = script.split()
        a = max(1, round(len(words) * CUT_SPAN[0]))
        b = min(len(words) - 1, max(a + 1, round(len(words) * CUT_SPAN[1])))
        before, during, after = " ".join(words[:a]), " ".join(words[a:b]), " ".join(words[b:])
    return {"scenes": [{"type": "talking_head", "text": before},
                       {"type": "broll", "text": during, "image": str(broll)},
                       {"type": "talking_head", "text": after}]}


def _broll_note(scenes: list[dict[str, str]], broll: Path) -> str:
    cut = next(s["text"] for s in scenes if s["type"] == "broll")
    return f'broll_url: the {_what(broll)} shown full frame while "{cut}" is said'


def _what(broll: Path) -> str:
    return "clip" if is_clip(broll) else "image"


def _cut_in(timeline: Timeline, broll: Path) -> Timeline:
    """``broll`` full frame over the middle third of ``timeline``, faded in and out."""
    third = timeline.duration_ms // 3
    box = (timeline.canvas.width, timeline.canvas.height)
    layer = replace(broll_layer(broll, third, 0, box), start_ms=third, enter=BROLL_FADE, exit=BROLL_FADE)
    return replace(timeline, layers=(*timeline.layers, layer))


def _cast(request: MakeUgcRequest, context: Context) -> tuple[Actor, Path | None, Context, list[str]]:
    """Who appears, the photo that talks when it is a photo given in the request (image, foreign sheet), the
    context that casts the actor by slug (a described person may be drawn for this job), and the receipt's
    note when the person was built from the description."""
    if request.character is not None:
        if request.character.startswith(CHARACTER_PREFIX):
            return saved_character(request.character, "character", context), None, context, []
        actor = sheet_character(request.character, "character", context)
    elif request.image is not None:
        actor = character_or_image(request.image, "image", context)
    else:
        actor, context, built = described_person(request.person or request.script or "", context)
        return actor, None, context, [] if built is None else [built]
    return actor, given_photo(actor), context, []


def _ugc_body(request: MakeUgcRequest, actor: Actor, photo: Path | None, seconds: int) -> dict[str, Any]:
    """The ugc_video request for this make_ugc input."""
    body: dict[str, Any] = {"script": request.script, "target_duration": seconds,
                            "aspect_ratio": request.aspect_ratio, "style": request.caption_style}
    if photo is not None:
        body["face_photo_url"] = str(photo)
    else:
        body["actor_slug"] = actor.slug
    if request.product_image is not None:
        body["product_image_url"] = request.product_image
    if request.music is True:
        body["music"] = "upbeat"
    elif isinstance(request.music, str):
        words = set(request.music.lower().split())
        body["music"] = next((m for m in mood_names() if m in words), "chill")
    return body
