"""``product_acting_ugc``: an actor acts a short scene with the product, composited per template.

The ad is the spoken-ad kit's (voice, captions, end card); what differs:

* the picture is the product layout's track (``stages/layouts/product.py``):
  the template's backdrop, the actor rendered at the size the template gives
  it, the product prepared once and shown whole;
* ``acting_style`` changes the delivery: the voice's tone and speed, the
  shot's energy (the product's sway, ``DELIVERY``) and the script the writer
  drafts for that style;
* the end card carries the product's name;
* captions (on by default) sit as near the style's own place as a band of the
  safe area clear of the actor's face and of the product allows.

``visual_style`` has no local image engine to steer; the receipt says so.
With ``footage_url`` (an extension) the user's own clip is the actor and the
voice (no actor_slug or script), acting_style then sets only the shot's energy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar
from uuid import UUID

from PIL import Image
from pydantic import Field, model_validator

from ..fetch import IMAGE, Url
from ..generation.casting import cast, script_for
from ..generation.contract import Context
from ..generation.fields import ActingStyle, ActingTemplate, ActorSlug, AppStyle, BedMood, Cta, WebhookUrl
from ..generation.footage import FOOTAGE_URL_HELP, asked, footage_conflict, unscripted
from ..generation.request import RequestModel, rule_error, seconds_field, spec_error
from ..generation.spoken_ad import (
    SIDECAR_STYLE,
    Picture,
    SpokenAdGenerator,
    SpokenAdPlan,
    canvas_for,
    light_bed,
    plan_spoken_ad,
    product_notes,
)
from ..generator_ids import GeneratorId
from ..stages.actors.acting import naming_line
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.layouts.cutout import cutout
from ..stages.layouts.limbs import NEUTRAL
from ..stages.layouts.product import actor_box, get_template, product_box, product_card, product_track, visible_box
from ..stages.subtitles import placement
from ..stages.subtitles.placement import Band, face_band, grown
from ..stages.subtitles.seen import Seen, seen_in
from ..timeline import Box, Canvas, PuppetLayer, Track, VideoLayer, VisualLayer

# acting style -> (voice tone, speed, camera energy): how the actor delivers the lines and how lively the shot is
DELIVERY: dict[str, tuple[str, float, float]] = {
    "raw-selfie": ("calm", 1.0, 1.0),
    "shocked": ("dramatic", 1.1, 1.6),
    "angry": ("energetic", 1.12, 1.5),
    "excited": ("energetic", 1.15, 1.4),
    "dramatic": ("dramatic", 0.92, 1.2),
    "weird-hook": ("energetic", 1.05, 1.8),
    "casual-demo": ("calm", 0.97, 1.0),
    "honest-review": ("confident", 1.0, 1.0),
}
# acting style -> the mood of the light bed under the voice when the request names none
BEDS: dict[str, str] = {"raw-selfie": "chill", "shocked": "dramatic", "angry": "energetic", "excited": "upbeat",
                        "dramatic": "dramatic", "weird-hook": "energetic", "casual-demo": "chill",
                        "honest-review": "corporate"}
MIN_PRODUCT_SHARE = 0.06   # the product's share of the frame's area below which the receipt warns
MIN_UNDER_CHIN = 0.25     # the least share of the height under a real face for the product to stand in


class ProductActingRequest(RequestModel):
    """``POST /v1/generate/product_acting_ugc``: an actor acting a scene with a product."""

    product_image_url: Url = Field(description="The product photo.")
    actor_slug: ActorSlug | None = Field(None, description="From the actor list; required unless footage_url is "
                                                           "given.")
    actor_variant_id: UUID | None = None
    product_name: str | None = Field(None, min_length=1, max_length=120)
    product_description: str | None = Field(None, min_length=1, max_length=1000,
                                            description="Required when script is omitted.")
    script: str | None = Field(None, min_length=5, max_length=3000,
                               description="Generated from product_description when omitted (+5 credits).")
    template: ActingTemplate = "product-in-hand"  # type: ignore[valid-type]
    acting_style: ActingStyle = "raw-selfie"  # type: ignore[valid-type]
    visual_style: str | None = Field(None, max_length=200)
    duration: seconds_field(5, 10, 15) = 5  # type: ignore[valid-type]
    subtitles: bool = True
    subtitle_style: AppStyle = "hormozi"
    music: BedMood | None = Field(  # type: ignore[valid-type]
        None, description="mediakit extension: the music bed's mood, or none (room tone only); "
                    "a light bed matching acting_style when omitted.")
    cta: Cta | None = Field(None, description="mediakit extension: a call to action, spoken last and shown on the "
                                              "end card (at most 100 characters).")
    footage_url: Url | None = Field(None, description=FOOTAGE_URL_HELP)
    webhook_url: WebhookUrl | None = None

    @model_validator(mode="after")
    def _content(self) -> ProductActingRequest:
        footage_conflict(self)
        if self.footage_url is not None:
            return self
        if self.actor_slug is None:
            raise rule_error("actor_slug", "is required unless footage_url is given")
        if self.script is None and self.product_description is None:
            raise spec_error("missing_script", "product_description", "is required when script is omitted")
        return self


@dataclass(frozen=True, kw_only=True)
class ProductActingPlan(SpokenAdPlan):
    """The spoken ad's decisions plus the product photo, the template and the shot's energy."""

    product: Path
    product_name: str | None
    template: str
    energy: float


class ProductActingGenerator(SpokenAdGenerator[ProductActingRequest, ProductActingPlan]):
    """product_acting_ugc: an actor with the product in one of 8 templates, delivered in one of 8 styles."""

    id = GeneratorId.PRODUCT_ACTING_UGC
    request_model: ClassVar[type[RequestModel]] = ProductActingRequest
    description = "An actor acting a scene with the product (8 templates x 8 acting styles), captions, end card."

    def plan(self, request: ProductActingRequest, context: Context) -> ProductActingPlan:
        tone, speed, energy = DELIVERY[request.acting_style]
        decision = unscripted(asked(request, "duration")) if request.footage_url is not None else script_for(
            self.id, script=request.script, duration=request.duration, product_name=request.product_name,
            product_description=request.product_description, template=request.template,
            acting_style=request.acting_style)
        casting = cast(self.id, actor_slug=request.actor_slug, context=context, seed_text=decision.script)
        product = context.fetch(request.product_image_url, field="product_image_url", limits=IMAGE)
        canvas = canvas_for("9:16", context.options.extra.get("preview_height"))
        notes = [*product_notes(product), *share_notes(product, request.template, canvas)]
        if request.visual_style:
            notes.append("visual_style: no scene engine is registered; the local template's drawn scene is used")
        return plan_spoken_ad(
            ProductActingPlan, self.id, script=decision, casting=casting, context=context, canvas=canvas,
            duration=request.duration,
            style=SIDECAR_STYLE if request.subtitle_style == "none" else request.subtitle_style,
            burn_captions=request.subtitles and request.subtitle_style != "none",   # subtitle_style none: no captions
            speed=speed, tone=tone, delivery=request.acting_style, notes=tuple(notes),
            cta=request.cta or request.product_name, **light_bed(request.music, BEDS[request.acting_style]),
            footage_url=request.footage_url, product=product, product_name=request.product_name,
            template=request.template, energy=energy)

    def picture(self, plan: ProductActingPlan, speech: SpeechInput, workdir: Path) -> Picture:
        """The template's scene: the actor in its box, the product shown whole; captions off face and product."""
        canvas, total_ms = plan.canvas, plan.total_ms
        actor = plan.casting.actor   # a photo actor in the room stands at its photo's shape, cut out
        abox = actor_box(get_template(plan.template), canvas, photo=actor.kind == "photo")
        acted = talking_track(actor, speech, Box(0, 0, abox.w, abox.h), fps=canvas.fps, duration_ms=total_ms)

        def composed(chin: float | None = None) -> tuple[Track, list[VideoLayer | PuppetLayer], Seen]:
            track = product_track(plan.product, placeable(acted), canvas, total_ms, template=plan.template,
                                  energy=plan.energy, look=plan.casting.actor.drawn_look, chin=chin,
                                  point=naming_line(speech.words, plan.product_name), cache_dir=workdir)
            actors = [layer for layer in track.layers if isinstance(layer, VideoLayer | PuppetLayer)]
            return track, actors, seen_in(actors, canvas)   # a clip or photo actor's face, as analysis finds it

        track, actors, seen = composed()
        chin = max((bottom for _, bottom in seen.faces), default=canvas.height)
        if actor.kind != "drawn" and chin <= (1 - MIN_UNDER_CHIN) * canvas.height:   # a real face is not the drawn
            track, actors, seen = composed(chin)                                      # bust: under its own chin
        placed = next((layer.box for layer in actors if layer.box is not None), abox)   # a PiP may shrink
        return Picture(track, caption_centre(canvas, plan.style, placed, track.layers[-1], seen.faces))


def caption_centre(canvas: Canvas, style: str, actor: Box, product: VisualLayer,
                   faces: Sequence[Band] = ()) -> float:
    """The captions' centre (px): as near the style's own place as a band of the safe area off the actor's face
    (drawn in ``actor``, or ``faces`` the analysis found) and the product, wherever its sway takes it, allows."""
    face_top, face_bottom = face_band(actor.w, actor.h)
    faces = [grown(band, canvas.height) for band in ((actor.y + face_top, actor.y + face_bottom), *faces)]
    box = product.box
    assert box is not None
    sway = product.hover.dy if product.hover else 0
    return placement.caption_centre(canvas, style, [*faces, grown((box.y - sway, box.y + box.h + sway), canvas.height)],
                                    faces)


def share_notes(product: Path, template: str, canvas: Canvas) -> list[str]:
    """A receipt note when the template shows the product under ``MIN_PRODUCT_SHARE`` of the frame."""
    tpl = get_template(template)
    card = product_card(cutout(product), tpl.rotation, hand=NEUTRAL if tpl.hand else None)
    with Image.open(card) as im:
        size = im.size
    seen = visible_box(card, product_box(tpl, size, canvas))
    share = seen.w * seen.h / (canvas.width * canvas.height)
    if share < MIN_PRODUCT_SHARE:
        return [f"product_image_url: the product fills {share:.0%} of the frame in {template} "
                f"(under {MIN_PRODUCT_SHARE:.0%}); a tighter crop of the photo shows it larger"]
    return []
