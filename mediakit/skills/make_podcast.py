"""``make_podcast``: two characters talk across a desk, framed by who speaks, each in their own voice.

Steps: ``voice`` (each turn spoken in its speaker's voice; a turn longer than
15 s is split into takes at sentence, then word, boundaries), ``actors``
(each character lip-synced to their own takes, silent and idle while the
other speaks), ``layout`` (the podcast two-shot with speaker-aware framing,
``stages.layouts.podcast``) and, with ``subtitles``, ``captions``.

A character is a saved character id (``char_`` + a saved character's hash
from ``mediakit characters``, or a library actor's slug, e.g.
``char_maya-chen``) or an https image URL (a local file for local runs),
which talks as a photo actor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
from pydantic import AfterValidator, BaseModel, Field, model_validator

from ..generation.contract import Built, Context, Metered, Receipt
from ..generation.request import RequestModel, rule_error
from ..generation.spoken_ad import canvas_for
from ..generator_ids import GeneratorId
from ..media_io import write_wav
from ..render import ProgressCallback
from ..stages.actors.catalog import Actor
from ..stages.layouts.podcast import Shot, Turn, podcast_track, shot_boxes
from ..timeline import AudioClip, Box, Canvas, Timeline
from ..words import Word
from .base import Skill, SkillPlan, Step, https_or_local
from .cast import CHARACTER_PREFIX, character_or_image

DEFAULT_ROOM = "cozy podcast studio"
MAX_TAKE_WORDS = 37          # 15 s at the natural pace of 2.5 words per second
GAP_MS = 250                 # the pause between two takes
SAMPLE_RATE = 48000


def _five_words(value: str) -> str:
    if len(value.split()) < 5:
        raise ValueError("must hold at least 5 words")
    return value


def _character(value: str) -> str:
    if not value.startswith(CHARACTER_PREFIX):
        https_or_local(value)
    return value


CharacterRef = Annotated[str, Field(min_length=3, max_length=400), AfterValidator(_character)]


class TurnModel(BaseModel):
    """One turn of the script: who speaks (A or B) and the line."""

    model_config = {"extra": "forbid", "frozen": True}

    speaker: Literal["A", "B"]
    line: Annotated[str, Field(min_length=1, max_length=600), AfterValidator(_five_words)]


class MakePodcastRequest(RequestModel):
    """The make_podcast input schema (no additional properties)."""

    character_a: CharacterRef = Field(description="Saved character id (char_...) or https image URL.")
    character_b: CharacterRef = Field(description="Saved character id (char_...) or https image URL.")
    script: list[TurnModel] = Field(min_length=1, max_length=24, description="1 to 24 turns.")
    room: str | None = Field(None, min_length=4, max_length=240,
                             description=f"The room, in words ({DEFAULT_ROOM!r} when omitted).")
    aspect_ratio: Literal["9:16", "4:5"] = "9:16"   # 4:5 beyond the spec (a feed post)
    subtitles: bool = False
    subtitles_style: Literal["hormozi", "tiktok", "minimal"] = "hormozi"

    @model_validator(mode="after")
    def _different(self) -> MakePodcastRequest:
        if self.character_a == self.character_b:
            raise rule_error("character_b", "must be a different character from character_a")
        return self


@dataclass(frozen=True, kw_only=True)
class MakePodcastPlan(SkillPlan):
    actors: tuple[Actor, Actor]
    takes: tuple[tuple[str, str], ...]
    room: str
    caption_style: str
    burn_captions: bool
    canvas: Canvas  # the request's ``subtitles`` (the spoken-ad kit's name for the same switch)


class MakePodcastSkill(Skill[MakePodcastRequest, MakePodcastPlan]):
    id = GeneratorId.MAKE_PODCAST
    request_model = MakePodcastRequest
    name = "Make podcast"
    description = "Two characters in a podcast room, framed by who speaks, each with their own voice."
    primitive = "podcast_layout"

    def plan(self, request: MakePodcastRequest, context: Context) -> MakePodcastPlan:
        a = character_or_image(request.character_a, "character_a", context)
        b = character_or_image(request.character_b, "character_b", context)
        takes = tuple((t.speaker, take) for t in request.script for take in split_takes(t.line))
        words = sum(len(t.split()) for _, t in takes)
        seconds = round(words / 2.5 + len(takes) * GAP_MS / 1000)
        steps = [Step("voice", f"speak {len(takes)} takes in two voices"),
                 Step("actors", "lip-sync each character to their takes"),
                 Step("layout", "podcast two-shot with speaker-aware framing")]
        if request.subtitles:
            steps.append(Step("captions", f"{request.subtitles_style} captions"))
        return MakePodcastPlan(
            generator=self.id, receipt=Receipt(estimated_duration=seconds, word_count=words,
                                               subtitle_style=request.subtitles_style if request.subtitles else None),
            metered=Metered(generator=self.id, seconds=seconds,
                            steps=tuple(Metered(generator=s.name) for s in steps)),
            steps=tuple(steps), actors=(a, b), takes=takes, room=request.room or DEFAULT_ROOM,
            caption_style=request.subtitles_style, burn_captions=request.subtitles,
            canvas=canvas_for(request.aspect_ratio, context.options.extra.get("preview_height")))

    def build(self, plan: MakePodcastPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        from ..captions import captions_for
        from ..stages.actors.talking import SpeechInput, placeable, talking_track
        from ..stages.mix import soundtrack
        from ..stages.voice import synthesize

        voices = {"A": plan.actors[0].voice_id, "B": plan.actors[1].voice_id}
        spoken = [(who, synthesize(text, voice=voices[who])) for who, text in plan.takes]
        total = sum(s.duration_ms for _, s in spoken) + GAP_MS * (len(spoken) + 1)
        tracks = {who: np.zeros(round(total * SAMPLE_RATE / 1000) + SAMPLE_RATE, dtype=np.float32)
                  for who in ("A", "B")}
        phonemes: dict[str, list[tuple[str, int, int]]] = {"A": [], "B": []}
        words: list[Word] = []
        turns: list[Turn] = []
        at = GAP_MS
        for who, speech in spoken:
            samples = _at_rate(speech.samples, speech.sample_rate)
            i = round(at * SAMPLE_RATE / 1000)
            tracks[who][i:i + len(samples)] += samples[: len(tracks[who]) - i]
            phonemes[who] += [(p, s + at, e + at) for p, s, e in speech.phonemes]
            words += [Word(w.text, w.start_ms + at, w.end_ms + at) for w in speech.words]
            turns.append(Turn(who, at, at + speech.duration_ms))
            at += speech.duration_ms + GAP_MS
        length = round(total * SAMPLE_RATE / 1000)
        voice = write_wav(workdir / "voices.wav", (tracks["A"] + tracks["B"])[:length, None].repeat(2, axis=1),
                          sample_rate=SAMPLE_RATE)
        canvas = plan.canvas
        close = shot_boxes(Shot(0, 1000, "A", False), canvas)["A"]  # the largest card an actor is shown in
        actors = []
        for n, who in enumerate(("A", "B")):  # drawn at the largest card size, animated in the final graph
            audio = write_wav(workdir / f"voice-{who}.wav", tracks[who][:length, None], sample_rate=SAMPLE_RATE)
            actors.append(placeable(talking_track(plan.actors[n], SpeechInput(audio, total, tuple(phonemes[who])),
                                                  Box(0, 0, close.w, close.h), fps=canvas.fps)))
        picture = podcast_track(actors[0], actors[1], turns, canvas, total, room=plan.room)
        # centred on the frame's foot, so seated on the safe area's: on the desk in the two-shot, on the
        # chest in a close shot, never a face
        captions = captions_for(words, plan.caption_style, canvas.height) if plan.burn_captions else None
        sound = soundtrack(voice, None, total, workdir / "mix.wav")   # -14 LUFS, the gaps on room tone
        timeline = Timeline(canvas, total, layers=picture.layers, audio=(AudioClip(sound), *picture.audio),
                            captions=captions)
        return Built(timeline=timeline, captions=captions, poster_ms=turns[0].start_ms + 500)


def split_takes(line: str) -> list[str]:
    """A turn as takes of at most 15 s (37 words): whole sentences where they fit, else cut between words."""
    takes: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+", " ".join(line.split())):
        words = sentence.split()
        while words:
            room = MAX_TAKE_WORDS - (len(takes[-1].split()) if takes else MAX_TAKE_WORDS)
            if takes and len(words) <= room:
                takes[-1] = f"{takes[-1]} {' '.join(words)}"
                break
            takes.append(" ".join(words[:MAX_TAKE_WORDS]))
            words = words[MAX_TAKE_WORDS:]
    return takes


def _at_rate(samples: np.ndarray, rate: int) -> np.ndarray:
    """Mono samples resampled to the mix rate (linear: speech engines already band-limit below 8 kHz)."""
    if rate == SAMPLE_RATE:
        return samples
    n = round(len(samples) * SAMPLE_RATE / rate)
    return np.interp(np.linspace(0, len(samples) - 1, n), np.arange(len(samples)), samples).astype(np.float32)
