"""``ugc_video``: an actor speaks the script to camera, with captions, b-roll or PiP, music and a CTA end card.

``plan`` decides everything and checks every input (nothing is spoken or
rendered): the actor (``actor_slug``, ``persona_slug`` or ``face_photo_url``,
else one suited to the generator), the script (given and paced, or written from
``prompt`` / ``product_url``), the voice, the bucket, the PiP, the inputs, and
the edit (``scenes`` when given; else the sentences cut as the ``template``
says, ``stages.broll.edit``).  The picture is this module's; the rest (voice,
music, captions clear of the faces, end card) is the spoken-ad kit's.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import ClassVar, Literal, get_args

from pydantic import Field, model_validator

from ..errors import ValidationError
from ..fetch import BROLL, IMAGE, Url
from ..generation import fields, spoken_ad
from ..generation.casting import cast, persona_fields, photo_notes, script_for
from ..generation.contract import Context
from ..generation.footage import FOOTAGE_URL_HELP, footage_conflict, unscripted
from ..generation.request import RequestModel, rule_error, seconds_field, spec_error
from ..generation.spoken_ad import Picture, SpokenAdGenerator, SpokenAdPlan, canvas_for, plan_spoken_ad, product_notes
from ..generator_ids import GeneratorId
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.broll import Scene, get_engine, scenes_track
from ..stages.broll.edit import SentenceEdit, footage_scenes, footage_tail, spoken_durations
from ..stages.broll.scenes import MAX_SCENES, RequestedScene, card_words, drawn_scenes
from ..stages.layouts.green_screen import GREEN_SCREEN_HELP, green_screen_track, page_for
from ..stages.pip import PipOptions, pip_box
from ..stages.subtitles.seen import clear_of_picture
from ..timeline import Box, Track, VisualLayer


class TalkingAdRequest(RequestModel):
    """Fields ugc_video and saas_review share (see each route's table in the spec)."""

    script: str | None = Field(None, min_length=50, max_length=3000,
                               description="What the actor says; required unless prompt (or, on saas_review, "
                                           "product_url) is given.")
    prompt: str | None = Field(None, min_length=1, max_length=1000,
                               description="Write the script from this brief instead (+5 credits).")
    product_url: Url | None = Field(None, description="A product page read for script context.")
    actor_slug: fields.ActorSlug | None = Field(None, description="The actor (see `mediakit actors`).")
    persona_slug: fields.ActorSlug | None = Field(None, description="A named bundle of actor, voice, tone and style "
                                                             "(presets/personas.yaml); fields given here win.")
    face_photo_url: Url | None = Field(None, description="A photo of a face to use as the talking head.")
    footage_url: Url | None = Field(None, description=FOOTAGE_URL_HELP)
    voice: str | None = Field(None, max_length=100, description="One of the seven voices or a raw voice id; "
                                                                "the actor's voice when omitted.")
    target_duration: seconds_field(5, 10, 15) | None = Field(  # type: ignore[valid-type]
        None, description="5, 10 or 15 s; estimated from the script when omitted.")
    style: fields.StyleName = Field("hormozi", description="Caption style (one of 17).")  # type: ignore[valid-type]
    tone: fields.Tone | None = None  # type: ignore[valid-type]
    voice_speed: float | None = Field(None, ge=0.7, le=1.5)
    music: fields.Mood | None = Field(None, description="A music bed mood, ducked under the voice.")  # type: ignore[valid-type]
    cta: fields.Cta | None = Field(None, description="Call to action, spoken last and shown on the end card (at most "
                                                     "100 characters).")
    aspect_ratio: fields.Aspect = "9:16"
    template: fields.UgcTemplate | None = None  # type: ignore[valid-type]
    composition_mode: Literal["pip"] | None = None
    layout: Literal["green_screen"] | None = Field(None, description=GREEN_SCREEN_HELP)
    pip_options: PipOptions | None = None
    allow_broll: bool = False
    broll_model: fields.BrollModel | None = None
    broll_images: list[Url] = Field(default_factory=list, max_length=10)
    dub_language: fields.Language | None = None
    webhook_url: fields.WebhookUrl | None = None
    scenes: list[RequestedScene] = Field(default_factory=list, max_length=MAX_SCENES)

    @model_validator(mode="after")
    def _content_and_exclusions(self) -> TalkingAdRequest:
        if self.script is not None and self.prompt is not None:
            raise rule_error("prompt", "give script or prompt, not both")
        if self.script is None and self.prompt is None and self.footage_url is None \
                and not self._content_from_product_url():
            raise spec_error("missing_script", "script", self._missing_rule())
        if self.face_photo_url is not None and self.actor_slug is not None:
            raise rule_error("face_photo_url", "give actor_slug or face_photo_url, not both")
        if self.layout is not None and (self.composition_mode is not None or self.scenes):
            raise rule_error("layout", "shows the actor throughout: give layout or composition_mode/scenes, not both")
        footage_conflict(self)
        return self

    def _content_from_product_url(self) -> bool:
        return False

    def _missing_rule(self) -> str:
        return "is required unless prompt or footage_url is given"


class UgcVideoRequest(TalkingAdRequest):
    """``POST /v1/generate/ugc_video``: a talking-head ad."""

    product_image_url: Url | None = Field(None, description="A product photo shown in the ad.")


@dataclass(frozen=True, kw_only=True)
class UgcVideoPlan(SpokenAdPlan):
    """The spoken ad's decisions plus the picture's: the PiP, the scenes (cut by ``edit`` from the script's
    sentences, or the request's) and the b-roll to show."""

    pip: PipOptions | None
    scenes: tuple[Scene, ...]
    edit: SentenceEdit | None
    broll_images: tuple[Path, ...]
    broll_model: str | None
    page: Path | None = None   # the green-screen layout's picture when one was given (if green_screen)
    green_screen: bool = False


class UgcVideoGenerator(SpokenAdGenerator[TalkingAdRequest, UgcVideoPlan]):
    """ugc_video: an actor speaks the script to camera, with captions, b-roll, PiP, music and a CTA."""
    id = GeneratorId.UGC_VIDEO
    request_model: ClassVar[type[RequestModel]] = UgcVideoRequest
    description = "A talking-head UGC ad: actor, voice, captions, music, b-roll or PiP, CTA end card."
    pacing_generator: ClassVar[str | None] = None  # another generator's pacing rules (make_ugc's), else its own
    aspects: ClassVar[tuple[str, ...]] = get_args(fields.Aspect)   # every aspect_ratio it takes

    def plan(self, request: TalkingAdRequest, context: Context) -> UgcVideoPlan:
        persona = persona_fields(request.persona_slug)
        tone = request.tone or (persona.tone if persona else None)
        style = (persona and "style" not in request.model_fields_set and persona.style) or request.style
        if request.pip_options is not None and request.composition_mode != "pip":
            raise ValidationError("pip_options", asdict(request.pip_options),
                                  "applies only with composition_mode: pip")
        spoken = " ".join(s.text for s in request.scenes) if request.scenes else request.script
        decision = unscripted(request.target_duration) if request.footage_url is not None else script_for(
            self.pacing_generator or self.id, script=spoken, duration=request.target_duration, prompt=request.prompt,
            product_url=request.product_url, template=request.template, angle=getattr(request, "angle", None),
            tone=tone, cta=request.cta)
        casting = cast(self.id, actor_slug=request.actor_slug, context=context,
                       face_photo_url=request.face_photo_url, persona=persona, seed_text=decision.script)
        canvas = canvas_for(request.aspect_ratio, context.options.extra.get("preview_height"))
        notes = photo_notes(casting, field="face_photo_url" if request.face_photo_url is not None else "actor_slug")
        product_url = getattr(request, "product_image_url", None)
        product = None if product_url is None else context.fetch(product_url, field="product_image_url", limits=IMAGE)
        notes += product_notes(product) if product else []
        broll_images = tuple(context.fetch(u, field=f"broll_images[{i}]", limits=IMAGE)
                             for i, u in enumerate(request.broll_images))
        pip = request.pip_options or (PipOptions() if request.composition_mode == "pip" else None)
        edit = None if request.scenes or request.layout else SentenceEdit(
            request.template, product, pip is not None, bool(broll_images), request.allow_broll)
        scenes = edit.scenes(decision.script) if edit else tuple(
            replace(s, image=context.fetch(str(s.image), field=f"scenes[{i}].image", limits=BROLL) if s.image else None)
            for i, s in enumerate(request.scenes))
        if request.broll_model and not request.allow_broll and not any(s.visual_prompt for s in scenes):
            notes.append("broll_model: unused (allow_broll is false and no scene has a visual_prompt)")
        if drawn_scenes(scenes, broll_images):
            notes.append(f"b-roll drawn by {get_engine(request.broll_model).name}")
        if request.dub_language:
            notes.append(f"dub_language: the script is translated to {request.dub_language} before speaking")
        return plan_spoken_ad(
            UgcVideoPlan, self.id, script=decision, casting=casting, context=context, canvas=canvas, duration=None,
            style=style, voice=request.voice or (persona.voice if persona else None), speed=request.voice_speed,
            tone=tone, dub_language=request.dub_language, notes=tuple(notes), cta=request.cta, music=request.music,
            full_frame={f"broll_images[{i}]": p for i, p in enumerate(broll_images)}, footage_url=request.footage_url,
            pip=pip, scenes=scenes, edit=edit, broll_images=broll_images, broll_model=request.broll_model,
            page=(broll_images or (product,))[0], green_screen=request.layout is not None,
            tail_shots=pip is None and request.layout is None and footage_tail(edit, scenes) is not None)

    def picture(self, plan: UgcVideoPlan, speech: SpeechInput, workdir: Path) -> Picture:
        """The actor full frame, cut with b-roll as the scenes say (a footage ad's at the sentences of its words),
        and/or in a PiP; captions off every face."""
        canvas, actor, total_ms = plan.canvas, plan.casting.actor, plan.total_ms
        if plan.green_screen:
            page = page_for(plan.page, speech, canvas, plan.broll_model)
            track = green_screen_track(actor, speech, page, canvas, total_ms)
            stands = track.layers[-1].box   # captions keep off the actor as off a PiP: the face first, then the rest
            return Picture(track, clear_of_picture(track.layers, canvas, plan.style, pip=stands, face_shown=False))
        scenes = footage_scenes(plan.edit, plan.scenes, " ".join(w.text for w in speech.words),
                                clip_ends=plan.tail_shots and speech.duration_ms < total_ms) if plan.own_words \
            else plan.scenes
        only_pip = plan.pip is not None and bool(scenes) and all(s.type == "broll" for s in scenes)
        pip_at = pip_clip = None
        if plan.pip is not None:
            pip_at = pip_box(plan.pip, canvas)
            framed = talking_track(actor, speech, Box(0, 0, pip_at.w, pip_at.h), fps=canvas.fps, duration_ms=total_ms)
            pip_clip = placeable(framed)
        words = card_words(scenes, plan.broll_images, plan.broll_model, canvas)

        def centre(layers: tuple[VisualLayer, ...], only_pip: bool) -> float:
            return clear_of_picture(layers, canvas, plan.style, pip=pip_at, face_shown=not only_pip, words=words)

        if not scenes:
            layers = spoken_ad.framed_actor(plan, speech)
            return Picture(Track(layers, total_ms), centre(layers, False))
        # the full-frame actor only when a scene shows it (a PiP-only ad never renders it)
        full = None if only_pip else talking_track(actor, speech, canvas.box, fps=canvas.fps, duration_ms=total_ms)
        durations = spoken_durations(scenes, list(speech.words), speech.duration_ms, total_ms)
        actor_clip = placeable(full) if full is not None else pip_clip
        assert actor_clip is not None
        cut = scenes_track(scenes, voice=speech.audio, actor=actor_clip, canvas=canvas, durations=durations,
                           pip=plan.pip, pip_actor=pip_clip, broll_images=plan.broll_images,
                           broll_model=plan.broll_model, cache_dir=workdir, punch_words=speech.words)
        return Picture(Track(cut.layers, total_ms), centre(cut.layers, only_pip))  # voice: the kit's
