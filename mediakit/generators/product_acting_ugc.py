"""``product_acting_ugc``: an actor acts a short scene with the product, composited per template.

The ad recipe is ugc_video's (``talking_ad``): the plan decides and checks
everything (actor, script written from ``product_description`` when omitted,
voice, bucket, the fetched product photo), and the build speaks the script to
fill the bucket, lip-syncs the actor and stacks the tracks.  What differs:

* the picture is the product layout's track (``stages/layouts/product.py``):
  the template's backdrop, the actor rendered at the size the template gives
  it, the product prepared once and shown whole;
* ``acting_style`` changes the delivery: the voice's tone and speed, the
  shot's energy (the product's sway, ``DELIVERY``) and the script the writer
  drafts for that style;
* the remainder after the last word carries an end card with the product's
  name (never more than ``MAX_DEAD_AIR_MS`` of silence);
* captions (on by default) sit in the free band of the safe area, clear of the
  actor's face and of the product.

``visual_style`` has no local image engine to steer; the receipt says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

from PIL import Image

from ..fetch import AUDIO, IMAGE
from ..render import ProgressCallback
from ..routes import Route
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.layouts.cutout import cutout
from ..stages.layouts.product import actor_box, get_template, product_box, product_card, product_track, visible_box
from ..stages.mix import soundtrack
from ..stages.subtitles import captions_for
from ..timeline import AudioClip, Box, Canvas, Timeline
from .base import Built, Context, Generator, Metered, Receipt
from .casting import cast, script_for, voice_for
from .endcard import end_card, last_word_end
from .request import RequestModel
from .requests import ProductActingRequest
from .talking_ad import (
    UI_BOTTOM,
    UI_TOP,
    TalkingAdPlan,
    _speak,
    canvas_for,
    face_band,
    free_bands,
    product_notes,
    release_heap,
    voiceover_bucket,
)

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
SIDECAR_STYLE = "hormozi"   # pages the .srt/.vtt sidecars when no caption is burnt in (subtitle_style none)
MIN_PRODUCT_SHARE = 0.06   # the product's share of the frame's area below which the receipt warns


@dataclass(frozen=True, kw_only=True)
class ProductActingPlan(TalkingAdPlan):
    """The talking-ad decisions plus the product photo, the template and whether captions are burnt in."""

    product: Path
    template: str
    subtitles: bool
    energy: float


class ProductActingGenerator(Generator[ProductActingRequest, ProductActingPlan]):
    """product_acting_ugc: an actor with the product in one of 8 templates, delivered in one of 8 styles."""

    id = Route.PRODUCT_ACTING_UGC
    request_model: ClassVar[type[RequestModel]] = ProductActingRequest
    description = "An actor acting a scene with the product (8 templates x 8 acting styles), captions, end card."

    def plan(self, request: ProductActingRequest, context: Context) -> ProductActingPlan:
        opts = context.options
        tone, speed, energy = DELIVERY[request.acting_style]
        burnt = request.subtitles and request.subtitle_style != "none"   # subtitle_style none: no captions
        decision = script_for(self.id, script=request.script, duration=request.duration,
                              product_name=request.product_name, product_description=request.product_description,
                              template=request.template, acting_style=request.acting_style)
        casting = cast(self.id, actor_slug=request.actor_slug, context=context, seed_text=decision.script)
        product = context.fetch(request.product_image_url, field="product_image_url", limits=IMAGE)
        canvas = canvas_for("9:16", opts.extra.get("preview_height"))
        notes = [*product_notes(product), *share_notes(product, request.template, canvas)]
        voiceover = speech = None
        if opts.voiceover is not None:
            voiceover = context.fetch(str(opts.voiceover), field="voiceover", limits=AUDIO)
            seconds = voiceover_bucket(voiceover)
            notes.append("voice: the recorded voiceover file, captions aligned to the script")
        else:
            speech = voice_for(decision.script, voice=None, actor=casting.actor, speed=speed, tone=tone)
            seconds = request.duration
        if request.visual_style:
            notes.append("visual_style: no scene engine is registered; the local template's drawn scene is used")
        receipt = Receipt(
            estimated_duration=seconds, selected_voice=speech.selected_voice if speech else None,
            voice_auto_detected=speech.voice_auto_detected if speech else None,
            word_count=decision.pacing.word_count, words_per_second=decision.pacing.words_per_second,
            max_words=decision.pacing.max_words, pacing_warning=decision.pacing.pacing_warning,
            generated_script=decision.script if decision.generated else None, actor_slug=casting.actor.slug,
            actor_random=casting.random, subtitle_style=request.subtitle_style if burnt else None,
            notes=tuple(notes))
        return ProductActingPlan(
            generator=self.id, receipt=receipt,
            metered=Metered(operation=self.id, seconds=seconds, script_generated=decision.generated),
            casting=casting, script=decision, speech=speech, voiceover=voiceover, seconds=seconds, canvas=canvas,
            pip=None, scenes=(), broll_images=(), broll_model=None, music=None,
            style=SIDECAR_STYLE if request.subtitle_style == "none" else request.subtitle_style,
            cta=request.product_name, product=product, template=request.template, subtitles=burnt,
            energy=energy)

    def build(self, plan: ProductActingPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        total_ms = plan.seconds * 1000
        canvas = plan.canvas
        voice, words, speech_ms = _speak(plan, total_ms, workdir)
        speech = SpeechInput.from_file(voice, words=words) if plan.speech is None else SpeechInput(
            voice, speech_ms, words=tuple(words))
        sound = soundtrack(voice, None, total_ms, workdir / "voice-padded.wav")
        tpl = get_template(plan.template)
        abox = actor_box(tpl, canvas)
        acted = talking_track(plan.casting.actor, speech, Box(0, 0, abox.w, abox.h), fps=canvas.fps,
                              duration_ms=total_ms)
        picture = product_track(plan.product, placeable(acted), canvas, total_ms, template=plan.template,
                                energy=plan.energy, cache_dir=workdir)
        product_at = picture.layers[-1].box
        assert product_at is not None
        captions_at = caption_centre(canvas, abox, product_at)
        card = end_card(plan.cta, canvas, centre_y=captions_at, start_ms=last_word_end(words, speech_ms),
                         total_ms=total_ms)
        captions = captions_for(words, plan.style, captions_at)  # sidecars even when not burnt
        timeline = Timeline(canvas, total_ms, layers=(*picture.layers, *card), audio=(AudioClip(sound),),
                            captions=captions if plan.subtitles else None)
        receipt = replace(plan.receipt, word_count=len(words)) if plan.voiceover is not None else None
        release_heap()
        first = words[0].start_ms if words else 0
        return Built(timeline=timeline, captions=captions, receipt=receipt, poster_ms=first + 600)


def caption_centre(canvas: Canvas, actor: Box, product: Box) -> float:
    """The captions' centre (px): the widest free band of the safe area off the actor's face and the product."""
    h = canvas.height
    face_top, face_bottom = face_band(actor.w, actor.h)
    keep_out = [(actor.y + face_top, actor.y + face_bottom), (product.y, product.y + product.h)]
    bands = free_bands(h * UI_TOP, h * (1 - UI_BOTTOM), keep_out) or free_bands(h * UI_TOP, h * (1 - UI_BOTTOM),
                                                                                  keep_out[:1])
    a, b = max(bands or [(h * UI_TOP, h * (1 - UI_BOTTOM))], key=lambda band: band[1] - band[0])
    return (a + b) / 2


def share_notes(product: Path, template: str, canvas: Canvas) -> list[str]:
    """A receipt note when the template shows the product under ``MIN_PRODUCT_SHARE`` of the frame."""
    tpl = get_template(template)
    card = product_card(cutout(product), tpl.rotation, hand=tpl.hand)
    with Image.open(card) as im:
        size = im.size
    seen = visible_box(card, product_box(tpl, size, canvas))
    share = seen.w * seen.h / (canvas.width * canvas.height)
    if share < MIN_PRODUCT_SHARE:
        return [f"product_image_url: the product fills {share:.0%} of the frame in {template} "
                f"(under {MIN_PRODUCT_SHARE:.0%}); a tighter crop of the photo shows it larger"]
    return []
