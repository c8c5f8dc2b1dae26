"""The spoken-ad kit: one recipe for every ad where an actor speaks a script (ugc_video, saas_review,
show_your_app, laptop_ugc, product_acting_ugc).

The ads differ only in their picture, so a generator subclasses
:class:`SpokenAdGenerator` and writes its ``picture`` hook (the way pysubs2's
formats differ only in their hooks); everything else is written once here:

- the plan half, :func:`plan_spoken_ad`: the voice (synthesis prepared, or the
  recorded ``voiceover`` option, whose length picks the duration bucket), the
  bucket and the receipt.  Nothing is spoken or rendered.
- the finish, :meth:`SpokenAdGenerator.build`: speak the script so it fills
  the bucket naturally (``speak_to_fill``), lay the music bed under the voice,
  ask the hook for the picture, burn the captions where the picture says they
  are clear of faces, and close with an end card: the ``cta``, else the
  script's closing line when more than ``MAX_DEAD_AIR_MS`` would follow the
  last word (never a silent talking head).

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
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from ..captions import captions_for
from ..errors import MediaError, ValidationError
from ..fetch import AUDIO
from ..media_io import open_image
from ..probe import probe
from ..progress import ProgressCallback
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.mix import soundtrack
from ..stages.music import music_bed
from ..stages.voice import SpeechRequest, speak
from ..timeline import ActorLayer, AudioClip, Canvas, Timeline, Track
from ..words import Word
from .casting import Casting, ScriptDecision, voice_for
from .contract import Built, Context, Generator, Metered, Plan, Receipt, RequestT
from .endcard import CARD_MS, closing_line, end_card, last_word_end

BUCKETS = (5, 10, 15)        # the durations a recorded voiceover is fitted into
END_BREATH_MS = 300          # after the last word, before the video ends (no end card)
SPEED_NUDGE = (0.85, 1.25)   # how far the voice's speed may move to fill the bucket naturally
MAX_DEAD_AIR_MS = 1000       # more quiet than this after the last word carries an end card
SIDECAR_STYLE = "hormozi"    # pages the .srt/.vtt sidecars when no caption is burnt in
MIN_PRODUCT_SIDE = 600       # px; a smaller product photo shows soft on a 1080 px frame (receipt note)


@dataclass(frozen=True, kw_only=True)
class SpokenAdPlan(Plan):
    """What every spoken ad decides: actor, words, voice, bucket, canvas, captions, end card, music.

    ``style`` pages the captions (and the sidecars); ``burn_captions`` False
    keeps them off the picture.  ``cta`` is the end card's text (None: the
    script's closing line when the quiet after the last word is long);
    ``music`` a mood for a bed under the voice.
    """

    casting: Casting
    script: ScriptDecision
    speech: SpeechRequest | None
    voiceover: Path | None
    seconds: int
    canvas: Canvas
    style: str
    burn_captions: bool = True
    cta: str | None = None
    music: str | None = None


@dataclass(frozen=True)
class Picture:
    """What a ``picture`` hook returns: its track (times from 0) and the height (px) where captions sit clear."""

    track: Track
    caption_centre: float


AdPlanT = TypeVar("AdPlanT", bound=SpokenAdPlan)


def plan_spoken_ad(plan_type: type[AdPlanT], generator: str, *, script: ScriptDecision, casting: Casting,
                   context: Context, canvas: Canvas, duration: int | None, style: str, burn_captions: bool = True,
                   voice: str | None = None, speed: float | None = None, tone: str | None = None,
                   dub_language: str | None = None, notes: tuple[str, ...] = (), **fields: Any) -> AdPlanT:
    """The plan half: the voice, the bucket and the receipt, as ``plan_type`` with the generator's ``fields``.

    The ad lasts the script's paced duration (``script.pacing``, which starts
    from the request's duration and raises it, with a ``pacing_warning``, when
    the script needs more), so the receipt, the metered seconds the runner
    prices and the rendered length always agree.  ``duration`` is the
    request's duration (None where the route estimates it from the script): a
    recorded voiceover picks the bucket it fits, never one shorter than the
    paced request's.
    """
    voiceover = speech = None
    paced = script.pacing.estimated_duration
    if context.options.voiceover is not None:
        voiceover = context.fetch(str(context.options.voiceover), field="voiceover", limits=AUDIO)
        seconds = max(0 if duration is None else paced, voiceover_bucket(voiceover))
        notes = ("voice: the recorded voiceover file, captions aligned to the script", *notes)
    else:
        speech = voice_for(script.script, voice=voice, actor=casting.actor, speed=speed, tone=tone,
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
                     casting=casting, script=script, speech=speech, voiceover=voiceover, seconds=seconds,
                     canvas=canvas, style=style, burn_captions=burn_captions, **fields)


class SpokenAdGenerator(Generator[RequestT, AdPlanT]):
    """A spoken ad: ``plan`` with :func:`plan_spoken_ad`, and the ``picture`` hook; ``build`` is shared."""

    @abstractmethod
    def picture(self, plan: AdPlanT, speech: SpeechInput, workdir: Path) -> Picture:
        """The ad's picture for the spoken ``speech`` (its words timed), lasting ``plan.seconds``."""

    def build(self, plan: AdPlanT, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        # Work that does not wait on another runs side by side: the music bed
        # while the voice is synthesised, then the mix beside drawing the
        # picture's layers (ffmpeg children and numpy leave the GIL free).
        with ThreadPoolExecutor(max_workers=2, thread_name_prefix="spoken-ad") as pool:
            return self._finish(plan, workdir, pool)

    def _finish(self, plan: AdPlanT, workdir: Path, pool: ThreadPoolExecutor) -> Built:
        total_ms = plan.seconds * 1000
        canvas = plan.canvas
        bed = None if plan.music is None else pool.submit(music_bed, plan.music, total_ms / 1000, seed=plan.seconds)
        voice, words, speech_ms = speak_to_fill(plan.speech, plan.voiceover, plan.script.script, total_ms,
                                                tail_ms=CARD_MS if plan.cta else END_BREATH_MS, workdir=workdir)
        speech = SpeechInput.from_file(voice, words=words) if plan.speech is None else SpeechInput(
            voice, speech_ms, words=tuple(words))
        mixing = pool.submit(soundtrack, voice, None if bed is None else bed.result, total_ms, workdir / "mix.wav")
        picture = self.picture(plan, speech, workdir)
        spoken_to = last_word_end(words, speech_ms)
        long_quiet = total_ms - spoken_to > MAX_DEAD_AIR_MS
        card_text = plan.cta or (closing_line(plan.script.script, canvas) if long_quiet else None)
        card = end_card(card_text, canvas, centre_y=picture.caption_centre, start_ms=spoken_to, total_ms=total_ms)
        captions = captions_for(words, plan.style, picture.caption_centre)  # sidecars even when not burnt in
        timeline = Timeline(canvas, total_ms, layers=(*picture.track.layers, *card),
                            audio=(AudioClip(mixing.result()), *picture.track.audio),
                            captions=captions if plan.burn_captions else None)
        receipt = replace(plan.receipt, word_count=len(words)) if plan.voiceover is not None else None
        release_heap()
        return Built(timeline=timeline, captions=captions,
                     receipt=receipt, poster_ms=min(total_ms - 1, (words[0].start_ms if words else 0) + 600))


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
    """The shortest bucket the recorded voice fits in; ValidationError when it is longer than the longest."""
    info = probe(path)
    if info.audio is None or not info.duration_ms:
        raise MediaError(path, "has no audio stream to use as the voice", field="voiceover")
    for seconds in BUCKETS:
        if info.duration_ms <= seconds * 1000:
            return seconds
    raise ValidationError("voiceover", f"{info.duration_ms / 1000:.1f} s", f"must last at most {BUCKETS[-1]} s")


def product_notes(path: Path) -> list[str]:
    """A receipt note when the product photo is too small to look sharp on the frame; a photo Pillow cannot
    read (a PNG cut short: its first bytes sniff as an image) is the request's ``MediaError``, not a crash."""
    w, h = open_image(path, field="product_image_url").size
    if min(w, h) < MIN_PRODUCT_SIDE:
        return [f"product_image_url: {w}x{h} px is small; it will look soft (give at least "
                f"{MIN_PRODUCT_SIDE} px on the short side)"]
    return []


# ---- finish helpers ----------------------------------------------------------------------------------------

def speak_to_fill(request: SpeechRequest | None, voiceover: Path | None, script: str, total_ms: int, *,
                  tail_ms: int, workdir: Path) -> tuple[Path, list[Word], int]:
    """The voice file, its words and its length, filling ``total_ms - tail_ms`` at a natural speed.

    A recorded ``voiceover`` is used as it is (the script aligned to it);
    synthesis is re-run once at a speed nudged within ``SPEED_NUDGE`` of the
    requested one when the first take is too short or too long.
    """
    from ..speech.timings import word_timings

    if voiceover is not None:
        info = probe(voiceover)
        return voiceover, word_timings(voiceover, script, allow_unaligned=True), info.duration_ms or total_ms
    assert request is not None
    target = total_ms - tail_ms
    speech = speak(request)
    requested = request.speed
    if not 0.9 * target <= speech.duration_ms <= target:
        lo, hi = SPEED_NUDGE
        speed = min(max(requested * speech.duration_ms / target, requested * lo, 0.7), requested * hi, 1.5)
        if speed != requested:
            speech = speak(replace(request, speed=round(speed, 3)))
    if speech.duration_ms > total_ms:
        raise MediaError(request.voice.name, f"speaks the script in {speech.duration_ms / 1000:.1f} s, longer than "
                         f"the {total_ms // 1000} s video even at the fastest natural speed; shorten the script",
                         field="script")
    return speech.write_wav(workdir / "voice.wav"), list(speech.words), speech.duration_ms


def full_frame_actor(plan: SpokenAdPlan, speech: SpeechInput) -> Path | ActorLayer:
    """The actor speaking ``speech`` on the whole canvas: a drawn or photo actor is a layer the final graph
    animates (and crops for a close-up), so no clip is encoded; other kinds are a clip."""
    canvas = plan.canvas
    return placeable(talking_track(plan.casting.actor, speech, canvas.box, fps=canvas.fps,
                                   duration_ms=plan.seconds * 1000))


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
