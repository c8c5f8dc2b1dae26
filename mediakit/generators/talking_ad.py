"""``ugc_video`` and ``saas_review``: a talking-head ad, one recipe for both routes.

saas_review is ugc_video without ``product_image_url``, plus ``angle`` and a
script that may be written from the product page alone, so both generators
are this one class with the route's request model.

``plan`` decides everything and checks every input (nothing is spoken or
rendered): the actor (``actor_slug``, ``persona_slug`` or ``face_photo_url``,
else one suited to the route), the script (given and paced, or written from
``prompt`` / ``product_url``), the voice request, the duration bucket, the
canvas, the PiP, the fetched product photo, b-roll images and scene images,
and the edit: which stretch of the script shows the actor full frame and
which shows b-roll (``scenes`` when given; else cut at sentences, as the
``template`` says).

``build`` speaks the script so it fills the bucket naturally (the speed is
nudged within ``SPEED_NUDGE`` of the requested one), leaves the remainder for
the CTA end card (never more than ``MAX_DEAD_AIR_MS`` of silence when there
is no CTA), makes the lip-synced actor clip, mixes the music bed under the
voice, and stacks the stages' tracks into one timeline with captions placed
clear of the actor's face and the PiP.

Documented options outside the request (``Options``): ``voiceover`` (a
recorded voice instead of synthesis; captions from aligning the script to
it), ``actors_paths`` (user actors with their own footage) and
``extra["preview_height"]``: render on a smaller canvas of the same aspect
(e.g. 480 -> 270x480 for 9:16), for previews and fast tests.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from PIL import Image

from ..errors import MediaError, ValidationError
from ..fetch import AUDIO, BROLL, IMAGE
from ..probe import probe
from ..render import ProgressCallback
from ..routes import Route
from ..speech.words import Word
from ..stages.actors.portraits import layout as bust_layout
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.broll import Scene, scene_durations, scenes_track
from ..stages.mix import soundtrack
from ..stages.music import music_bed
from ..stages.pip import PipOptions, pip_box
from ..stages.subtitles import captions_for
from ..stages.subtitles.paginate import ends_sentence
from ..stages.voice import SpeechRequest
from ..timeline import AudioClip, Box, Canvas, Timeline, Track
from .base import Built, Context, Generator, Metered, Plan, Receipt
from .casting import Casting, ScriptDecision, cast, persona_fields, script_for, voice_for
from .endcard import CARD_MS, end_card, last_word_end
from .presenter import END_BREATH_MS, MAX_DEAD_AIR_MS, speak_to_fill
from .request import RequestModel
from .requests import SaasReviewRequest, TalkingAdRequest, UgcVideoRequest

BUCKETS = (5, 10, 15)
MIN_PRODUCT_SIDE = 600      # px; a smaller product photo shows soft on a 1080 px frame (receipt note)
UI_TOP, UI_BOTTOM = 0.10, 0.20   # platform UI bands of a portrait frame (status bar; captions/description)
# templates that cut to b-roll on every middle sentence; the others cut away once, mid-way
CUTAWAY_HEAVY = frozenset({"product-demo", "product-review", "listicle", "saas-review", "before-after"})


@dataclass(frozen=True, kw_only=True)
class TalkingAdPlan(Plan):
    """Every decision of the ad, and every input fetched and checked."""

    casting: Casting
    script: ScriptDecision
    speech: SpeechRequest | None
    voiceover: Path | None
    seconds: int
    canvas: Canvas
    pip: PipOptions | None
    scenes: tuple[Scene, ...]
    broll_images: tuple[Path, ...]
    broll_model: str | None
    style: str
    music: str | None
    cta: str | None


class TalkingAdGenerator(Generator[TalkingAdRequest, TalkingAdPlan]):
    """ugc_video: an actor speaks the script to camera, with captions, b-roll, PiP, music and a CTA."""

    id = Route.UGC_VIDEO
    request_model: ClassVar[type[RequestModel]] = UgcVideoRequest
    description = "A talking-head UGC ad: actor, voice, captions, music, b-roll or PiP, CTA end card."
    pacing_route: ClassVar[str | None] = None  # another route's pacing rules (make_ugc's), else this one's

    def plan(self, request: TalkingAdRequest, context: Context) -> TalkingAdPlan:
        opts = context.options
        persona = persona_fields(request.persona_slug)
        given = request.model_fields_set
        tone = request.tone or (persona.tone if persona else None)
        style = request.style if "style" in given or persona is None or not persona.style else persona.style
        voice = request.voice or (persona.voice if persona else None)
        if request.pip_options is not None and request.composition_mode != "pip":
            raise ValidationError("pip_options", request.pip_options.model_dump(),
                                  "applies only with composition_mode: pip")
        spoken = " ".join(s.text for s in request.scenes) if request.scenes else request.script
        decision = script_for(self.pacing_route or self.id, script=spoken, duration=request.target_duration,
                              prompt=request.prompt, product_url=request.product_url, template=request.template,
                              angle=getattr(request, "angle", None), tone=tone, cta=request.cta)
        casting = cast(self.id, actor_slug=request.actor_slug, context=context,
                       face_photo_url=request.face_photo_url, persona=persona, seed_text=decision.script)
        notes: list[str] = []
        voiceover = None
        speech_request: SpeechRequest | None = None
        if opts.voiceover is not None:
            voiceover = context.fetch(str(opts.voiceover), field="voiceover", limits=AUDIO)
            seconds = voiceover_bucket(voiceover)
            notes.append("voice: the recorded voiceover file, captions aligned to the script")
        else:
            speech_request = voice_for(decision.script, voice=voice, actor=casting.actor,
                                       speed=request.voice_speed, tone=tone, dub_language=request.dub_language)
            seconds = decision.pacing.estimated_duration
        if casting.actor.kind == "photo":
            notes.append("face_photo_url: animated by the local viseme engine (drawn mouth shapes over the "
                         "photo); register a lip-sync engine for photoreal lip-sync")
        product = None
        product_url = getattr(request, "product_image_url", None)
        if product_url is not None:
            product = context.fetch(product_url, field="product_image_url", limits=IMAGE)
            notes += product_notes(product)
        broll_images = tuple(context.fetch(u, field=f"broll_images[{i}]", limits=IMAGE)
                             for i, u in enumerate(request.broll_images))
        pip = PipOptions(**request.pip_options.model_dump()) if request.pip_options else (
            PipOptions() if request.composition_mode == "pip" else None)
        scenes = _scenes(request, decision.script, context, product=product, pip=pip is not None,
                         has_pool=bool(broll_images))
        if request.broll_model and not request.allow_broll and not any(s.visual_prompt for s in scenes):
            notes.append("broll_model: unused (allow_broll is false and no scene has a visual_prompt)")
        if any(s.type == "broll" and s.image is None for s in scenes) and len(broll_images) < sum(
                s.type == "broll" and s.image is None for s in scenes):
            from ..stages.broll import get_engine

            notes.append(f"b-roll drawn by {get_engine(request.broll_model).name}")
        if request.dub_language:
            notes.append(f"dub_language: the script is translated to {request.dub_language} before speaking")
        receipt = Receipt(
            estimated_duration=seconds,
            selected_voice=speech_request.selected_voice if speech_request else None,
            voice_auto_detected=speech_request.voice_auto_detected if speech_request else None,
            word_count=decision.pacing.word_count, words_per_second=decision.pacing.words_per_second,
            max_words=decision.pacing.max_words, pacing_warning=decision.pacing.pacing_warning,
            generated_script=decision.script if decision.generated else None,
            actor_slug=casting.actor.slug, actor_random=casting.random, subtitle_style=style, notes=tuple(notes))
        return TalkingAdPlan(
            generator=self.id, receipt=receipt,
            metered=Metered(operation=self.id, seconds=seconds, script_generated=decision.generated),
            casting=casting, script=decision, speech=speech_request, voiceover=voiceover, seconds=seconds,
            canvas=canvas_for(request.aspect_ratio, opts.extra.get("preview_height")), pip=pip, scenes=scenes,
            broll_images=broll_images, broll_model=request.broll_model, style=style, music=request.music,
            cta=request.cta)

    def build(self, plan: TalkingAdPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        # Work that does not wait on another runs side by side: the music bed
        # while the voice is synthesised, then the mix beside drawing the
        # picture's layers (ffmpeg children and numpy leave the GIL free).
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="talking-ad") as pool:
            return self._build(plan, workdir, pool)

    def _build(self, plan: TalkingAdPlan, workdir: Path, pool: ThreadPoolExecutor) -> Built:
        total_ms = plan.seconds * 1000
        bed = None if plan.music is None else pool.submit(music_bed, plan.music, total_ms / 1000, seed=plan.seconds)
        voice, words, speech_ms = _speak(plan, total_ms, workdir)
        canvas = plan.canvas
        speech = SpeechInput.from_file(voice, words=words) if plan.speech is None else SpeechInput(
            voice, speech_ms, words=tuple(words))
        sound = workdir / ("voice-padded.wav" if bed is None else "mix.wav")
        mixing = pool.submit(soundtrack, voice, None if bed is None else bed.result, total_ms, sound)
        only_pip = plan.pip is not None and bool(plan.scenes) and all(s.type == "broll" for s in plan.scenes)
        actor = plan.casting.actor
        pip_clip = None
        if plan.pip is not None:
            box = pip_box(plan.pip, canvas)
            framed = talking_track(actor, speech, Box(0, 0, box.w, box.h), fps=canvas.fps, duration_ms=total_ms)
            pip_clip = placeable(framed)
        # the full-frame actor only when a scene shows it (a PiP-only ad never renders it)
        full = None if only_pip else talking_track(actor, speech, canvas.box, fps=canvas.fps, duration_ms=total_ms)
        if plan.scenes:
            durations = scene_durations(plan.scenes, words, speech_ms)
            durations[-1] += total_ms - sum(durations)
            actor_clip = placeable(full) if full is not None else pip_clip
            assert actor_clip is not None
            picture = scenes_track(plan.scenes, voice=sound, actor=actor_clip, canvas=canvas, durations=durations,
                                   pip=plan.pip, pip_actor=pip_clip, broll_images=plan.broll_images,
                                   broll_model=plan.broll_model, cache_dir=workdir)
        else:
            assert full is not None
            picture = Track(full.layers, total_ms)
        captions_at = _caption_centre(canvas, plan.pip, face_shown=not only_pip)
        card = end_card(plan.cta, canvas, centre_y=captions_at, start_ms=last_word_end(words, speech_ms),
                         total_ms=total_ms)
        layers = [*picture.layers, *card]
        captions = captions_for(words, plan.style, captions_at)
        mixing.result()
        timeline = Timeline(canvas, total_ms, layers=tuple(layers), audio=(AudioClip(sound),), captions=captions)
        first = words[0].start_ms if words else 0
        receipt = replace(plan.receipt, word_count=len(words)) if plan.voiceover is not None else None
        quiet_ms = total_ms - last_word_end(words, speech_ms)
        if not plan.cta and not plan.music and quiet_ms > MAX_DEAD_AIR_MS:
            base = receipt or plan.receipt
            receipt = replace(base, notes=(*base.notes, f"{quiet_ms / 1000:.1f} s of silence after the last word: "
                                           "the script is short for the duration; add a cta or music to fill it"))
        release_heap()
        return Built(timeline=timeline, captions=captions, receipt=receipt, poster_ms=first + 600)


class SaasReviewGenerator(TalkingAdGenerator):
    """saas_review: the same ad about software; ``angle`` shapes the script; the page can write it."""

    id = Route.SAAS_REVIEW
    request_model = SaasReviewRequest
    description = "A software review ad: an actor's take (angle) on a product, from a script or its page."


# ---- plan helpers ------------------------------------------------------------------------------------------

def canvas_for(aspect: str, preview_height: Any) -> Canvas:
    """The aspect's canvas, or a smaller one of the same shape for ``preview_height``."""
    canvas = Canvas.for_aspect(aspect)
    if preview_height is None:
        return canvas
    if isinstance(preview_height, bool) or not isinstance(preview_height, int) or not 64 <= preview_height <= 1920:
        raise ValidationError("preview_height", preview_height, "must be a whole number of pixels, 64 to 1920")
    scale = preview_height / canvas.height
    return Canvas(max(16, round(canvas.width * scale / 2) * 2), preview_height // 2 * 2, canvas.fps)


def voiceover_bucket(path: Path) -> int:
    info = probe(path)
    if info.audio is None or not info.duration_ms:
        raise MediaError(path, "has no audio stream to use as the voice", field="voiceover")
    for seconds in BUCKETS:
        if info.duration_ms <= seconds * 1000:
            return seconds
    raise ValidationError("voiceover", f"{info.duration_ms / 1000:.1f} s", f"must last at most {BUCKETS[-1]} s")


def product_notes(path: Path) -> list[str]:
    with Image.open(path) as im:
        w, h = im.size
    if min(w, h) < MIN_PRODUCT_SIDE:
        return [f"product_image_url: {w}x{h} px is small; it will look soft (give at least "
                f"{MIN_PRODUCT_SIDE} px on the short side)"]
    return []


def sentences(script: str) -> list[str]:
    """The script cut after each word that ends a sentence (the natural places to cut the picture)."""
    out, current = [], []
    for token in script.split():
        current.append(token)
        if ends_sentence(token):
            out.append(" ".join(current))
            current = []
    if current:
        out.append(" ".join(current))
    return out


def _scenes(request: TalkingAdRequest, script: str, context: Context, *, product: Path | None, pip: bool,
            has_pool: bool) -> tuple[Scene, ...]:
    """The edit: the request's scenes, or sentences cut between the actor and b-roll as the template says.

    A scene's ``image`` may also be a short clip (looped to its scene).

    No scenes (one talking-head track) when there is nothing to cut away to.
    In ``pip`` composition every scene is b-roll (the actor is the PiP).
    """
    if request.scenes:
        out = []
        for i, s in enumerate(request.scenes):
            image = context.fetch(s.image, field=f"scenes[{i}].image", limits=BROLL) if s.image else None
            out.append(Scene(s.type, s.text, s.visual_prompt, image))
        return tuple(out)
    can_draw = request.allow_broll
    if not (pip or product is not None or has_pool or can_draw):
        return ()
    parts = sentences(script)
    heavy = request.template in CUTAWAY_HEAVY or pip
    kinds = []
    for i in range(len(parts)):
        middle = 0 < i < len(parts) - 1
        cut = pip or (middle and (heavy or i == len(parts) // 2))
        kinds.append("broll" if cut else "talking_head")
    if product is not None and "broll" not in kinds and len(parts) > 1:
        kinds[-1] = "broll"   # the product closes the ad
    if "broll" not in kinds:
        return ()
    cutaways = [i for i, kind in enumerate(kinds) if kind == "broll"]
    product_at = {cutaways[0], cutaways[-1]} if product is not None else set()
    scenes: list[Scene] = []
    for i, (text, kind) in enumerate(zip(parts, kinds, strict=True)):
        if kind == "broll" and (i in product_at or not (has_pool or can_draw)):
            scene = (Scene("broll", text, image=product, whole=True) if product is not None
                     else Scene("talking_head", text))
        else:
            scene = Scene(kind, text, visual_prompt=text if kind == "broll" else None)
        scenes.append(scene)
    return _merged(scenes)


def _merged(scenes: list[Scene]) -> tuple[Scene, ...]:
    """Neighbouring scenes that show the same thing joined into one (no cross-fade from a shot into itself)."""
    out: list[Scene] = []
    for scene in scenes:
        prev = out[-1] if out else None
        same = prev is not None and prev.type == scene.type and (
            scene.type == "talking_head" or (scene.image is not None and prev.image == scene.image))
        if prev is not None and same:
            out[-1] = replace(prev, text=f"{prev.text} {scene.text}")
        else:
            out.append(scene)
    return tuple(out)


# ---- build helpers -----------------------------------------------------------------------------------------

def _speak(plan: TalkingAdPlan, total_ms: int, workdir: Path) -> tuple[Path, list[Word], int]:
    """The voice file, its words and its length: synthesised to fill the bucket, or the recorded voiceover."""
    return speak_to_fill(plan.speech, plan.voiceover, plan.script.script, total_ms,
                         tail_ms=CARD_MS if plan.cta else END_BREATH_MS, workdir=workdir)


def release_heap() -> None:
    """Hand the heap that speech, sprites and the music bed used back to the OS before the render starts.

    glibc keeps freed small blocks mapped (about 80 MB after a 15 s ad), and
    the render's ffmpeg runs while this process waits: trimming keeps the
    run's peak (Python and ffmpeg together) under the 600 MB budget.
    """
    if sys.platform.startswith("linux"):
        gc.collect()
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)




def face_band(width: int, height: int) -> tuple[float, float]:
    """Top and bottom (px) of a drawn actor's face and hair in a ``width`` x ``height`` frame (the bust layout)."""
    _, cy, unit = bust_layout(width, height)
    return cy - 0.85 * unit, cy + 0.75 * unit


def _caption_centre(canvas: Canvas, pip: PipOptions | None, *, face_shown: bool) -> float:
    """Where the captions' centre goes (px): inside the safe area, off the full-frame face and the PiP's face.

    Captions may cross the PiP's shoulders when nothing else fits (a landscape
    frame with a large PiP), never a face.
    """
    h = canvas.height
    top, bottom = h * UI_TOP, h * (1 - UI_BOTTOM) if canvas.height > canvas.width else h * 0.92
    keep_out = []
    if face_shown:
        keep_out.append(face_band(canvas.width, canvas.height))
    if pip is not None:
        box = pip_box(pip, canvas)
        face_top, face_bottom = face_band(box.w, box.h)
        keep_out.append((box.y + face_top, box.y + face_bottom))
        keep_out.append((box.y, box.y + box.h))
    bands = free_bands(top, bottom, keep_out)
    if not bands:
        bands = free_bands(top, bottom, keep_out[:-1]) if pip is not None else [(top, bottom)]
    a, b = max(bands or [(top, bottom)], key=lambda band: band[1] - band[0])
    return (a + b) / 2


def free_bands(top: float, bottom: float, keep_out: list[tuple[float, float]]) -> list[tuple[float, float]]:
    bands = [(top, bottom)]
    for lo, hi in keep_out:
        nxt = []
        for a, b in bands:
            if hi <= a or lo >= b:
                nxt.append((a, b))
                continue
            if lo > a:
                nxt.append((a, lo))
            if hi < b:
                nxt.append((hi, b))
        bands = nxt
    return bands
