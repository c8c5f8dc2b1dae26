"""One recipe for the ads where an actor presents an app over a layout: show_your_app and laptop_ugc.

The two differ only in the picture (a phone with the app, the three laptop
scenes), so they share the rest:

- ``plan_presenter`` casts the actor (random when the request names none:
  ``actor_random``), paces the given script against the route's budget or
  writes one, prepares the voice request, and fills the receipt; nothing is
  spoken or rendered.
- ``build_presenter`` speaks the script so it fills the duration bucket
  naturally (``speak_to_fill``), lip-syncs the actor (a drawn or photo
  actor is a layer the final render animates; other kinds a clip), asks the
  generator's ``layout`` for the picture, and burns captions where the
  layout says they are clear of face and phone.  A short script leaves time
  after the last word: more than ``MAX_DEAD_AIR_MS`` of it carries an end
  card with the script's closing line (the requests have no CTA), never a
  silent talking head.

Documented options outside the request, as for ugc_video: ``voiceover`` (a
recorded voice; captions aligned to the script) and
``extra["preview_height"]`` (a smaller canvas of the same aspect).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..fetch import AUDIO
from ..render import ProgressCallback
from ..speech.words import Word
from ..stages.actors.talking import SpeechInput, placeable, talking_track
from ..stages.subtitles import captions_for
from ..stages.voice import SpeechRequest, speak
from ..timeline import ActorLayer, AudioClip, Canvas, Timeline, Track
from .base import Built, Context, Metered, Plan, Receipt
from .casting import Casting, ScriptDecision, cast, script_for, voice_for
from .endcard import end_card, last_word_end, readable

END_BREATH_MS = 300          # after the last word, before the video ends
SPEED_NUDGE = (0.85, 1.25)   # how far the voice's speed may move to fill the bucket naturally
JOINERS = frozenset({"and", "but", "so", "or", "because", "then"})   # dropped from an end card's first word
MAX_DEAD_AIR_MS = 1000       # more quiet than this after the last word carries an end card


@dataclass(frozen=True, kw_only=True)
class PresenterPlan(Plan):
    """The actor, the words and voice, the duration bucket, the canvas and the caption style (None: none)."""

    casting: Casting
    script: ScriptDecision
    speech: SpeechRequest | None
    voiceover: Path | None
    seconds: int
    canvas: Canvas
    style: str | None


@dataclass(frozen=True)
class Picture:
    """What a layout returns: its track (times from 0), and the height (px) where captions sit clear of everything."""

    track: Track
    caption_centre: float


Layout = Callable[[Path | ActorLayer, list[Word], int, Path], Picture]   # (actor, timed words, total ms, workdir)


def plan_presenter(route: str, *, script: str | None, duration: int, actor_slug: str | None, style: str | None,
                   canvas: Canvas, context: Context, notes: tuple[str, ...] = (), tone: str | None = None,
                   speed: float | None = None, **script_fields: Any) -> dict[str, Any]:
    """The shared half of a presenter generator's ``plan``: keyword arguments for its plan class."""
    from .talking_ad import voiceover_bucket

    decision = script_for(route, script=script, duration=duration, tone=tone, **script_fields)
    casting = cast(route, actor_slug=actor_slug, context=context, seed_text=decision.script)
    voiceover = speech = None
    seconds = duration
    opts = context.options
    if opts.voiceover is not None:
        voiceover = context.fetch(str(opts.voiceover), field="voiceover", limits=AUDIO)
        seconds = max(duration, voiceover_bucket(voiceover))
        notes = (*notes, "voice: the recorded voiceover file, captions aligned to the script")
    else:
        speech = voice_for(decision.script, voice=None, actor=casting.actor, speed=speed, tone=tone)
    pacing = decision.pacing
    receipt = Receipt(
        estimated_duration=seconds,
        selected_voice=speech.selected_voice if speech else None,
        voice_auto_detected=speech.voice_auto_detected if speech else None,
        word_count=pacing.word_count, words_per_second=pacing.words_per_second, max_words=pacing.max_words,
        pacing_warning=pacing.pacing_warning, generated_script=decision.script if decision.generated else None,
        actor_slug=casting.actor.slug, actor_random=casting.random, subtitle_style=style, notes=notes)
    return {"generator": route, "receipt": receipt,
            "metered": Metered(operation=route, seconds=seconds, script_generated=decision.generated),
            "casting": casting, "script": decision, "speech": speech, "voiceover": voiceover, "seconds": seconds,
            "canvas": canvas, "style": style}


def build_presenter(plan: PresenterPlan, workdir: Path, layout: Layout,
                    progress: ProgressCallback | None = None) -> Built:
    """Speak, lip-sync, lay out and caption: the shared half of a presenter generator's ``build``."""
    from .talking_ad import release_heap

    total_ms = plan.seconds * 1000
    voice, words, speech_ms = speak_to_fill(plan.speech, plan.voiceover, plan.script.script, total_ms,
                                            tail_ms=END_BREATH_MS, workdir=workdir)
    speech = SpeechInput.from_file(voice, words=words) if plan.speech is None else SpeechInput(
        voice, speech_ms, words=tuple(words))
    canvas = plan.canvas
    # a drawn or photo actor is a layer animated (and cropped for a close-up) in the final graph: no clip encoded
    actor = placeable(talking_track(plan.casting.actor, speech, canvas.box, fps=canvas.fps, duration_ms=total_ms))
    picture = layout(actor, words, total_ms, workdir)
    captions = captions_for(words, plan.style or "hormozi", picture.caption_centre)  # sidecars even when not burnt
    card_ms = last_word_end(words, speech_ms)
    card = end_card(closing_line(plan.script.script, canvas), canvas, centre_y=picture.caption_centre, start_ms=card_ms,
                    total_ms=total_ms) if total_ms - card_ms > MAX_DEAD_AIR_MS else []
    timeline = Timeline(canvas, total_ms, layers=(*picture.track.layers, *card),
                        audio=(AudioClip(voice), *picture.track.audio),
                        captions=captions if plan.style is not None else None)
    release_heap()
    receipt = replace(plan.receipt, word_count=len(words)) if plan.voiceover is not None else None
    return Built(timeline=timeline, captions=captions, receipt=receipt,
                 poster_ms=min(total_ms - 1, (words[0].start_ms if words else 0) + 600))


def speak_to_fill(request: SpeechRequest | None, voiceover: Path | None, script: str, total_ms: int, *,
                  tail_ms: int, workdir: Path) -> tuple[Path, list[Word], int]:
    """The voice file, its words and its length, filling ``total_ms - tail_ms`` at a natural speed.

    A recorded ``voiceover`` is used as it is (the script aligned to it);
    synthesis is re-run once at a speed nudged within ``SPEED_NUDGE`` of the
    requested one when the first take is too short or too long.
    """
    from ..errors import MediaError
    from ..probe import probe
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


def closing_line(script: str, canvas: Canvas) -> str:
    """The end card's text: the script's last sentence (an ad's pay-off), else its last clause that reads on a phone.

    A long closing sentence would shrink to unreadable text on the card, so
    the clauses after its commas, semicolons or dashes are tried from the
    longest; the last clause is used when none reads well.
    """
    from .talking_ad import sentences

    parts = sentences(script)
    last = parts[-1] if parts else script
    words = last.split()
    cuts = [i + 1 for i, word in enumerate(words[:-1]) if word[-1] in ",;:" or words[i + 1] in ("-", "\u2014")]
    candidates = [last, *(_clause(words[i:]) for i in cuts)]
    return next((text for text in candidates if readable(text, canvas)), candidates[-1])


def _clause(words: list[str]) -> str:
    """A trailing clause as a line of its own: no leading dash or joining word, first letter capitalised."""
    while words and (words[0] in ("-", "\u2014") or words[0].casefold() in JOINERS):
        words = words[1:]
    text = " ".join(words)
    return text[:1].upper() + text[1:]
