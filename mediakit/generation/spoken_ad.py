"""The spoken-ad kit: one recipe for every ad where an actor speaks a script (ugc_video, saas_review,
show_your_app, laptop_ugc, product_acting_ugc).

The ads differ only in their picture, so a generator subclasses
:class:`SpokenAdGenerator` and writes its ``picture`` hook (the way pysubs2's
formats differ only in their hooks); everything else is written once here:

- the plan half, :func:`plan_spoken_ad`: the voice (synthesis prepared, or the
  recorded ``voiceover`` option, whose length picks the duration bucket), the
  bucket and the receipt.  Nothing is spoken or rendered.
- the finish, :meth:`SpokenAdGenerator.build`: speak the script and then the
  ``cta`` so they fill the bucket at a natural speed, with pauses where a
  speaker breathes (``fill.speak_to_fill``), mix the voice at -14 LUFS over
  the music bed or room tone (``stages.mix.soundtrack``; the app, laptop and
  product routes get a light bed by default, ``light_bed``), ask the hook for
  the picture, burn the captions where the picture says they are clear of
  faces, and close on the end card while the cta is said: at most
  ``MAX_CARD_MS``; the script's closing line only when more than
  ``MAX_DEAD_AIR_MS`` would follow the last word (a short recorded voiceover).

Documented options outside the requests (``Options``): ``voiceover`` (a
recorded voice; captions aligned to the script) and
``extra["preview_height"]`` (a smaller canvas of the same aspect, for
previews and fast tests).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import sys
from abc import abstractmethod
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from ..captions import captions_for
from ..errors import ValidationError
from ..fetch import AUDIO
from ..media_io import open_image
from ..probe import probe
from ..progress import ProgressCallback
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.layouts.fills import blurred_cover
from ..stages.mix import LIGHT_BED_LEVEL_DB, MUSIC_LEVEL_DB, soundtrack
from ..stages.music import music_bed
from ..stages.punch_ins import punch_in
from ..stages.subtitles.placement import room_below
from ..stages.subtitles.seen import seen_in
from ..stages.voice import SpeechRequest
from ..timeline import (
    ActorLayer,
    AudioClip,
    Box,
    Canvas,
    ImageLayer,
    PuppetLayer,
    Timeline,
    Track,
    VisualLayer,
    aspect_tag,
)
from ..words import Word
from .buckets import voiceover_bucket
from .casting import Casting, ScriptDecision, voice_for
from .contract import Built, Context, Generator, Metered, Plan, Receipt, RequestT
from .endcard import MAX_CARD_MS, closing_line, end_card, last_word_end
from .fill import cta_words, speak_to_fill, spoken_text
from .footage import HEARD, TRANSCRIBED, footage_casting, own_footage
from .footage import NOTE as FOOTAGE_NOTE
from .upscale import upscale_note

MAX_DEAD_AIR_MS = 1000       # more quiet than this after the last word carries an end card
TAIL_BEAT_MS = 250           # a footage ad with nothing to show after its clip ends this long after it (no freeze)
SIDECAR_STYLE = "hormozi"    # pages the .srt/.vtt sidecars when no caption is burnt in
MIN_PRODUCT_SIDE = 600       # px; a smaller product photo shows soft on a 1080 px frame (receipt note)


@dataclass(frozen=True, kw_only=True)
class SpokenAdPlan(Plan):
    """What every spoken ad decides: actor, words, voice, bucket, canvas, captions, end card, music.

    ``style`` pages the captions (and the sidecars); ``burn_captions`` False
    keeps them off the picture.  ``cta`` is spoken as the last line and is the
    end card's text (None: the script's closing line when the quiet after the
    last word is long); ``music`` a mood for a bed under the voice,
    ``music_level_db`` its level under the voice (LU; lighter for a bed the
    request did not ask for).  ``delivery`` (an acting style, else the
    voice's tone) is how a drawn actor's face acts the words.
    """

    casting: Casting
    script: ScriptDecision
    speech: SpeechRequest | None
    voiceover: Path | None
    seconds: int
    heard: bool = False          # the voice's words are recognised in it (footage), not the script aligned
    canvas: Canvas
    style: str
    burn_captions: bool = True
    cta: str | None = None
    music: str | None = None
    delivery: str | None = None
    music_level_db: float = MUSIC_LEVEL_DB
    tail_shots: bool = False     # a footage ad has shots besides the actor to show once its clip has ended
    ends_ms: int | None = None   # set at build: where a footage ad with nothing to show after its clip ends

    @property
    def total_ms(self) -> int:
        """How long the ad lasts (ms): its bucket, or less for a footage ad that ends with its clip (``ends_ms``);
        the price is the bucket's either way."""
        return self.seconds * 1000 if self.ends_ms is None else self.ends_ms

    @property
    def own_words(self) -> bool:
        """Whether the voice is a footage clip's own, so its words (heard in it, or an exact transcript aligned
        to it) are timed only at build, and the scenes and shots they cut are laid out then."""
        return self.voiceover is not None and self.voiceover == self.casting.actor.talking_clip


@dataclass(frozen=True)
class Sound:
    """What every aspect of one ad shares: the voice (its words timed), its mix over the bed (a future) and the
    ad's length (ms; see ``ad_length_ms``)."""

    speech: SpeechInput
    words: list[Word]
    speech_ms: int
    mixing: Future[Path]
    length_ms: int


@dataclass(frozen=True)
class Picture:
    """What a ``picture`` hook returns: its track (times from 0) and the height (px) where captions sit clear."""

    track: Track
    caption_centre: float


AdPlanT = TypeVar("AdPlanT", bound=SpokenAdPlan)


def plan_spoken_ad(plan_type: type[AdPlanT], generator: str, *, script: ScriptDecision, casting: Casting,
                   context: Context, canvas: Canvas, duration: int | None, style: str, burn_captions: bool = True,
                   voice: str | None = None, speed: float | None = None, tone: str | None = None,
                   dub_language: str | None = None, cta: str | None = None, notes: tuple[str, ...] = (),
                   delivery: str | None = None, full_frame: Mapping[str, Path] | None = None,
                   footage_url: str | None = None, **fields: Any) -> AdPlanT:
    """The plan half: the voice, the bucket and the receipt, as ``plan_type`` with the generator's ``fields``.

    The ad lasts the script's paced duration (``script.pacing``, which starts
    from the request's duration and raises it, with a ``pacing_warning``, when
    the script needs more), so the receipt, the metered seconds the runner
    prices and the rendered length always agree.  ``duration`` is the
    request's duration (None where the route estimates it from the script): a
    recorded voiceover picks the bucket it fits, never one shorter than the
    paced request's.  The voice speaks the script and then the ``cta``.  A
    face photo and the stills in ``full_frame`` (field name -> file) are shown
    on the whole canvas: one enlarged more than twice gets a receipt note.
    A footage ad (``footage_url`` or an actor's own clip with a sound) is its
    clip's picture and voice, its bucket the clip's; it ends with its clip
    where nothing else can be shown after it (``ad_length_ms``).
    """
    shown = {**({"face_photo_url": casting.actor.portrait_path} if casting.actor.kind == "photo" else {}),
             **(full_frame or {})}
    notes = (*notes, *(n for name, path in shown.items()
                       if (n := upscale_note(name, open_image(path, field=name).size, (canvas.width, canvas.height)))))
    voiceover = speech = None
    paced = script.pacing.estimated_duration
    footage = own_footage(context, casting, footage_url)
    if footage is not None and context.options.voiceover is not None:
        raise ValidationError(footage.field, str(footage.clip), f"brings its own voice: give {footage.field} or "
                              "voiceover, not both")
    if footage is not None:
        voiceover, casting = footage.clip, footage_casting(footage, casting)
        # a duration asked for, never shorter than the clip (an unscripted ad's pacing is the duration asked)
        seconds = max(paced if duration is not None or not script.script else 0, footage.seconds)
        notes = (FOOTAGE_NOTE.format(words=HEARD if context.options.transcript is None else TRANSCRIBED), *notes)
        if context.options.transcript is not None:   # the user's own words for the clip, aligned to it
            from ..speech.timings import transcript_text  # the aligner's imports only when it is needed

            script = replace(script, script=transcript_text(context.options.transcript))
    elif context.options.voiceover is not None:
        voiceover = context.fetch(str(context.options.voiceover), field="voiceover", limits=AUDIO)
        seconds = max(0 if duration is None else paced, voiceover_bucket(voiceover))
        notes = ("voice: the recorded voiceover file, captions aligned to the script", *notes)
    else:
        speech = voice_for(spoken_text(script.script, cta), voice=voice, actor=casting.actor, speed=speed, tone=tone,
                           dub_language=dub_language)
        notes = (speech.note, *notes)
        seconds = paced
    pacing = script.pacing
    receipt = Receipt(
        estimated_duration=seconds,
        selected_voice=speech.selected_voice if speech else None,
        voice_auto_detected=speech.voice_auto_detected if speech else None,
        word_count=pacing.word_count, words_per_second=pacing.words_per_second, max_words=pacing.max_words,
        pacing_warning=pacing.pacing_warning, generated_script=script.script if script.generated else None,
        actor_slug=casting.actor.slug, actor_random=casting.random,
        subtitle_style=style if burn_captions else None, notes=notes)
    return plan_type(generator=generator, receipt=receipt,
                     metered=Metered(generator=generator, seconds=seconds, script_generated=script.generated),
                     casting=casting, script=script, speech=speech, voiceover=voiceover,
                     heard=footage is not None and context.options.transcript is None, seconds=seconds,
                     canvas=canvas, style=style, burn_captions=burn_captions, delivery=delivery or tone, cta=cta,
                     **fields)


class SpokenAdGenerator(Generator[RequestT, AdPlanT]):
    """A spoken ad: ``plan`` with :func:`plan_spoken_ad`, and the ``picture`` hook; ``build`` is shared, and so
    is ``build_aspects`` (one voice for several aspects).

    ``aspects``: the phone, laptop and product layouts are drawn for portrait
    and square frames (their pictures checked in 9:16, 4:5 and 1:1); a route
    that takes ``aspect_ratio`` lists its own.
    """

    aspects: ClassVar[tuple[str, ...]] = ("9:16", "4:5", "1:1")

    @abstractmethod
    def picture(self, plan: AdPlanT, speech: SpeechInput, workdir: Path) -> Picture:
        """The ad's picture for the spoken ``speech`` (its words timed), lasting ``plan.total_ms``."""

    def build(self, plan: AdPlanT, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        with _pool() as pool:
            sound = self._sound(plan, workdir, pool)
            return self._finish(replace(plan, ends_ms=sound.length_ms), sound, workdir)

    def build_aspects(self, plan: AdPlanT, canvases: Mapping[str, Canvas], workdir: Path,
                      progress: ProgressCallback | None = None) -> dict[str, Built]:
        """The ad on each of ``canvases`` (by aspect): the voice is spoken, the bed made and the two mixed once;
        each canvas gets its own picture and caption placement (the picture analysis is cached per input, so
        the second canvas reads the first one's)."""
        with _pool() as pool:
            sound = self._sound(plan, workdir, pool)
            built = {}
            for aspect, canvas in canvases.items():
                folder = workdir / aspect_tag(aspect)
                folder.mkdir(exist_ok=True)
                built[aspect] = self._finish(replace(plan, canvas=canvas, ends_ms=sound.length_ms), sound, folder)
            return built

    def _sound(self, plan: AdPlanT, workdir: Path, pool: ThreadPoolExecutor) -> Sound:
        """The voice spoken to fill the bucket and its mix over the bed (the mix still running in ``pool``)."""
        total_ms = plan.seconds * 1000
        bed = None if plan.music is None else pool.submit(music_bed, plan.music, total_ms / 1000, seed=plan.seconds)
        spoken = None if plan.heard else plan.script.script   # footage says its own words
        # a transcript given for footage must match it: its sentences cut the ad (a voiceover's script is spread)
        voice, words, speech_ms = speak_to_fill(plan.speech, plan.voiceover, spoken, total_ms, workdir=workdir,
                                                allow_unaligned=not plan.own_words)
        speech = replace(SpeechInput.from_file(voice, words=words), delivery=plan.delivery) if plan.speech is None \
            else SpeechInput(voice, speech_ms, words=tuple(words), delivery=plan.delivery)
        length_ms = ad_length_ms(plan, speech_ms)
        mixing = pool.submit(soundtrack, voice, None if bed is None else bed.result, length_ms, workdir / "mix.wav",
                             music_level_db=plan.music_level_db)
        return Sound(speech, words, speech_ms, mixing, length_ms)

    def _finish(self, plan: AdPlanT, sound: Sound, workdir: Path) -> Built:
        total_ms, canvas, words = plan.total_ms, plan.canvas, sound.words
        picture = self.picture(plan, sound.speech, workdir)
        card_text, card_from, captions_to = self._card(plan, words, sound.speech_ms)
        card = end_card(card_text, canvas, centre_y=picture.caption_centre, start_ms=card_from, total_ms=total_ms)
        captions = captions_for(words, plan.style, picture.caption_centre)  # sidecars even when not burnt in
        # the card shows the cta, so the burnt captions stop before it comes in (never under the card)
        burnt = captions_for([replace(w, end_ms=min(w.end_ms, captions_to)) for w in words if w.start_ms < captions_to],
                             plan.style, picture.caption_centre) if card else captions
        timeline = Timeline(canvas, total_ms, layers=(*picture.track.layers, *card),
                            audio=(AudioClip(sound.mixing.result()), *picture.track.audio),
                            captions=burnt if plan.burn_captions else None)
        receipt = replace(plan.receipt, word_count=len(words), words_per_second=round(len(words) / plan.seconds, 2),
                          notes=(*plan.receipt.notes, *ends_note(plan))) if plan.voiceover is not None else None
        release_heap()
        return Built(timeline=timeline, captions=captions,
                     receipt=receipt, poster_ms=min(total_ms - 1, (words[0].start_ms if words else 0) + 600))

    @staticmethod
    def _card(plan: SpokenAdPlan, words: list[Word], speech_ms: int) -> tuple[str | None, int, int]:
        """The end card's text, when it comes in, and when the burnt captions stop.

        With the spoken cta: the card comes in at its first word, or at the
        first of its words said in the last ``MAX_CARD_MS`` (the card never
        lasts longer); the captions stop before the cta.  A cta word said
        across the start of those last ``MAX_CARD_MS`` (a spelled address)
        brings the card in then, with the captions running until it: waiting
        for the word's end left the card too short to show.  Without
        one, the script's closing line only where a long quiet follows the
        last word (a short recorded voiceover), for the last ``MAX_CARD_MS``.
        """
        total_ms = plan.total_ms
        said = cta_words(words, plan.cta)
        spoken_to = last_word_end(words, speech_ms)
        latest = total_ms - MAX_CARD_MS
        if said:
            cta = words[-said:]
            start = next((w.start_ms for w in cta if w.start_ms >= latest), None)
            if start is None and spoken_to > latest:  # one long word said across the card's 2 s (a spelled address):
                return plan.cta, latest, latest       # the card comes in while it is said, the captions until then
            return plan.cta, latest if start is None else start, cta[0].start_ms
        if plan.cta:
            start = max(spoken_to, latest)
            return plan.cta, start, start
        if total_ms - spoken_to > MAX_DEAD_AIR_MS:
            start = max(spoken_to, latest)
            closing = " ".join(w.text for w in words) if plan.heard else plan.script.script  # footage says its own
            return closing_line(closing, plan.canvas), start, start
        return None, total_ms, total_ms


def ad_length_ms(plan: SpokenAdPlan, speech_ms: int) -> int:
    """How long the ad lasts: its bucket, unless it is a footage ad whose clip (``speech_ms`` long) ends sooner
    and the picture has nothing else to show (``tail_shots``): then the clip and a short beat, never its last
    frame held (a frozen face under a card is what buyers reject)."""
    total_ms = plan.seconds * 1000
    if not plan.own_words or plan.tail_shots:
        return total_ms
    return min(total_ms, speech_ms + TAIL_BEAT_MS)


def clip_at_least(plan: SpokenAdPlan, least_ms: int, field: str, layout: str) -> None:
    """Refuse (ValidationError naming ``field``) a footage ad that ends with its clip (``ad_length_ms``) where the
    clip and its beat last less than ``least_ms``, the least the route's ``layout`` fits in: checked when
    planned, so no credit is taken for an ad that could not be laid out."""
    if not plan.own_words or plan.tail_shots or plan.voiceover is None:
        return
    clip_ms = probe(plan.voiceover).duration_ms or 0
    if clip_ms + TAIL_BEAT_MS < least_ms:
        raise ValidationError(field, f"{clip_ms / 1000:.1f} s", f"must last at least "
                              f"{(least_ms - TAIL_BEAT_MS) / 1000:.2f} s on {plan.generator}: {layout}")


def ends_note(plan: SpokenAdPlan) -> tuple[str, ...]:
    """The receipt's note for a footage ad that ends with its clip, shorter than the bucket it is priced at."""
    if plan.total_ms >= plan.seconds * 1000:
        return ()
    return (f"footage: the ad lasts {plan.total_ms / 1000:.1f} s, as long as the clip (priced as its {plan.seconds} s "
            "bucket): nothing else is shown after it, so the ad ends with it rather than hold its last frame",)


def _pool() -> ThreadPoolExecutor:
    """Work that does not wait on another runs side by side: the music bed while the voice is synthesised,
    then the mix beside drawing the picture's layers (ffmpeg children and numpy leave the GIL free)."""
    return ThreadPoolExecutor(max_workers=2, thread_name_prefix="spoken-ad")


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


def light_bed(music: str | None, default: str) -> dict[str, Any]:
    """The plan's bed for a route that has one by default: ``default`` light when ``music`` is unset, the mood
    asked for at the usual level, none for ``"none"`` (room tone alone)."""
    if music is None:
        return {"music": default, "music_level_db": LIGHT_BED_LEVEL_DB}
    return {"music": None if music == "none" else music, "music_level_db": MUSIC_LEVEL_DB}


def product_notes(path: Path) -> list[str]:
    """A receipt note when the product photo is too small to look sharp on the frame; a photo Pillow cannot
    read (a PNG cut short: its first bytes sniff as an image) is the request's ``MediaError``, not a crash."""
    w, h = open_image(path, field="product_image_url").size
    if min(w, h) < MIN_PRODUCT_SIDE:
        return [f"product_image_url: {w}x{h} px is small; it will look soft (give at least "
                f"{MIN_PRODUCT_SIDE} px on the short side)"]
    return []


# ---- finish helpers ----------------------------------------------------------------------------------------

def full_frame_actor(plan: SpokenAdPlan, speech: SpeechInput) -> Path | ActorLayer:
    """The actor speaking ``speech`` on the whole canvas: a drawn or photo actor is a layer the final graph
    animates (and crops for a close-up), so no clip is encoded; other kinds are a clip."""
    canvas = plan.canvas
    return placeable(talking_track(plan.casting.actor, speech, canvas.box, fps=canvas.fps,
                                   duration_ms=plan.total_ms))


def framed_actor(plan: SpokenAdPlan, speech: SpeechInput) -> tuple[VisualLayer, ...]:
    """The actor full frame, punching in on the stressed words (``stages.punch_ins``) unless its tight framing
    would leave the captions no band off the face; a face photo whose face leaves captions no room (a tight
    headshot on 9:16) is shown above a band that holds them, instead of under the captions: the band is the
    photo's place blurred, the person taken out (``fills.blurred_cover``), so it reads as the photo going on (a
    flat colour under a landscape photo looked like a bar)."""
    canvas, total_ms, actor = plan.canvas, plan.total_ms, plan.casting.actor
    layers = talking_track(actor, speech, canvas.box, fps=canvas.fps, duration_ms=total_ms).layers
    end = room_below(canvas, plan.style, seen_in(layers, canvas).faces) \
        if actor.kind == "photo" and plan.burn_captions else None
    if end is not None:
        box = Box(0, 0, canvas.width, max(2, int(end) // 2 * 2))
        framed = talking_track(actor, speech, box, fps=canvas.fps, duration_ms=total_ms)
        top = framed.layers[-1]   # the rig's plate is the photo as framed: its place meets the band where it ends
        shown = top.backdrop.path if isinstance(top, PuppetLayer) and isinstance(top.backdrop, ImageLayer) \
            else actor.portrait_path
        layers = (ImageLayer(path=blurred_cover(shown, (canvas.width, canvas.height), without_person=True)),
                  *framed.layers)
    punched = tuple(punch_in(layer, speech.words, [(0, total_ms)]) for layer in layers)
    if plan.burn_captions and room_below(canvas, plan.style, seen_in(punched, canvas).faces) is not None \
            and room_below(canvas, plan.style, seen_in(layers, canvas).faces) is None:
        return layers  # the tight framing's face would leave the captions no band: no punch-ins
    return punched


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
