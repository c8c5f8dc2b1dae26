"""The ``character_video`` generator: the sheet's character acting out the storyboard, 5 or 10 s at 720p.

Local default (the hosted model animates the storyboard; the stand-in cuts
an animatic of it): each beat is a shot, its scene designed from the beat
(the same design the storyboard panel used) under a slow camera move, with
cross-fades between shots; the character stands in the scene with the
expression the beat calls for, swaying gently; ambient sound runs under the
whole clip; a beat that holds dialogue (``Kofi says "Let's go"``) becomes a
lip-synced shot with the line spoken in a voice of the character's gender.

Beats come from ``action_prompt`` (its sentences, 2 to 6 shots); when it is
omitted, from the storyboard step recorded under the same ``session_id``,
else from the beats written into the storyboard PNG by
``storyboard_generate``.  With a ``session_id`` delivery keeps the finished
video under the session and its inputs (``Built.keep_at``): asking again
returns it without rendering.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Literal
from uuid import UUID

from pydantic import Field

from ..engines import frame_size
from ..engines.ambience import write_ambience
from ..errors import ValidationError
from ..fetch import IMAGE
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.fields import WebhookUrl
from ..generation.request import RequestModel, Url, seconds_field
from ..generator_ids import GeneratorId
from ..render import ProgressCallback
from ..stages.actors.catalog import actor_from_record
from ..stages.broll.kenburns import motion_for
from ..stages.characters.session import recall, result_path
from ..stages.characters.sheet import Character, front_crop, read_character
from ..stages.characters.storyboard import dialogue_of, expression_for, panel_scene, read_storyboard, split_script
from ..stages.characters.views import figure
from ..timeline import (
    Animation,
    AudioClip,
    Box,
    Canvas,
    Hover,
    ImageLayer,
    SceneContent,
    SequenceLayer,
    Timeline,
    Transition,
    VisualLayer,
)

FPS = 24
MIN_SHOT_MS = 1600
CUT = Transition("fade", 300)
QUALITY = "720p"


class CharacterVideoRequest(RequestModel):
    """``POST /v1/generate/character_video``."""

    character_sheet_url: Url = Field(description="The character sheet (PNG).")
    storyboard_url: Url = Field(description="The storyboard (PNG).")
    action_prompt: str | None = Field(None, min_length=1, max_length=2000,
                                      description="What happens; from the session's storyboard step when omitted.")
    duration: seconds_field(5, 10) = Field(10, description="5 or 10 seconds.")  # type: ignore[valid-type]
    aspect_ratio: Literal["9:16", "16:9", "1:1"] = "9:16"
    generate_audio: bool = True
    session_id: UUID | None = Field(None, description="Links the steps; the same session and inputs reuse work.")
    webhook_url: WebhookUrl | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterVideoPlan(Plan):
    character: Character | None
    sheet: Path
    storyboard: Path
    beats: tuple[str, ...]
    design_scenes: bool  # scenes designed from the beats; False: the (foreign) storyboard image is the scene
    canvas: Canvas
    duration_ms: int
    audio: bool
    prompt: str
    kept_at: Path | None


class CharacterVideoGenerator(Generator[CharacterVideoRequest, CharacterVideoPlan]):
    id = GeneratorId.CHARACTER_VIDEO
    request_model = CharacterVideoRequest
    description = "The sheet's character acting out the storyboard: shots, camera moves, sound, 720p."

    def plan(self, request: CharacterVideoRequest, context: Context) -> CharacterVideoPlan:
        sheet = context.fetch(request.character_sheet_url, field="character_sheet_url", limits=IMAGE)
        board = context.fetch(request.storyboard_url, field="storyboard_url", limits=IMAGE)
        character = read_character(sheet, field="character_sheet_url")
        record = read_storyboard(board, field="storyboard_url")
        session = str(request.session_id) if request.session_id else None
        beats: list[str] = split_script(request.action_prompt, 2, 6) if request.action_prompt else []
        if not beats and session is not None:
            step = recall(session, "storyboard_generate") or {}
            beats = [str(b) for b in step.get("beats", [])]
        if not beats and record is not None:
            beats = list(record.beats)
        if not beats:
            raise ValidationError("action_prompt", None, "is required: the storyboard carries no beats and no "
                                  "storyboard step was recorded under this session_id")
        if character is None and record is not None:
            character = record.character
        width, height = frame_size(request.aspect_ratio, QUALITY)
        seconds = request.duration
        kept = None
        if session is not None:
            kept = result_path(session, self.id, (request.to_body(), _digest(sheet), _digest(board)), ".mp4")
        notes = ["local-character-video: a local stand-in for the hosted character video model; the storyboard's "
                 "beats as shots with camera moves, the character drawn and animated"]
        if kept is not None and kept.exists():
            notes.append(f"reused the video already made in session {session}")
        return CharacterVideoPlan(
            generator=self.id, receipt=Receipt(estimated_duration=seconds, quality=QUALITY, notes=tuple(notes)),
            metered=Metered(generator=self.id, seconds=seconds),
            character=character, sheet=sheet, storyboard=board, beats=tuple(beats),
            design_scenes=record is not None or request.action_prompt is not None,
            canvas=Canvas(width, height, Fraction(FPS)), duration_ms=seconds * 1000, audio=request.generate_audio,
            prompt=request.action_prompt or " ".join(beats), kept_at=kept)

    def build(self, plan: CharacterVideoPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        if plan.kept_at is not None and plan.kept_at.exists():
            return Built(file=plan.kept_at)
        timeline = animatic(plan, workdir)
        return Built(timeline=timeline, poster_ms=timeline.duration_ms // 3, keep_at=plan.kept_at)


def animatic(plan: CharacterVideoPlan, workdir: Path) -> Timeline:
    """The shots, the character in them, the voice lines and the ambience (see the module docstring)."""
    canvas = plan.canvas
    beats = _fit(list(plan.beats), max(1, plan.duration_ms // MIN_SHOT_MS))
    share = plan.duration_ms // len(beats)
    lengths = [share] * (len(beats) - 1) + [plan.duration_ms - share * (len(beats) - 1)]
    scenes: list[SceneContent] = []
    overlays: list[VisualLayer] = []
    sounds: list[AudioClip] = []
    start = 0
    for i, (beat, length) in enumerate(zip(beats, lengths, strict=True)):
        scene = _scene(plan, beat, i, workdir)
        line = dialogue_of(beat) if plan.audio and plan.character is not None else None
        scenes.append(ImageLayer(path=scene, duration_ms=length,
                                 motion=motion_for(i, (canvas.width, canvas.height), (canvas.width, canvas.height))))
        if line is not None:
            assert plan.character is not None
            layers, speech = _talking_shot(plan.character, line, scene, canvas, start, length, workdir, i)
            overlays.extend(layers)
            sounds.append(AudioClip(speech, start_ms=start, duration_ms=length, fade_out_ms=120))
        else:
            overlays.append(_figure_layer(plan, beat, i, start, length, workdir))
        start += length
    picture: VisualLayer = scenes[0] if len(scenes) == 1 else SequenceLayer(scenes=tuple(scenes), transition=CUT)
    audio: list[AudioClip] = []
    if plan.audio:
        ambience = write_ambience(workdir / "ambience.wav", plan.prompt, plan.duration_ms / 1000)
        audio.append(AudioClip(ambience, gain_db=-6.0 if sounds else 0.0))
    return Timeline(canvas, plan.duration_ms, layers=(picture, *overlays), audio=(*audio, *sounds))


def _fit(beats: list[str], most: int) -> list[str]:
    """At most ``most`` beats, spread over the story (first and last kept)."""
    if len(beats) <= most:
        return beats
    if most == 1:
        return beats[:1]
    return [beats[round(k * (len(beats) - 1) / (most - 1))] for k in range(most)]


def _scene(plan: CharacterVideoPlan, beat: str, index: int, workdir: Path) -> Path:
    """The shot's scene: designed from the beat (as the storyboard's panel was), else the storyboard itself."""
    if not plan.design_scenes:
        return plan.storyboard
    path = workdir / f"scene-{index + 1}.png"
    panel_scene(beat, (plan.canvas.width, plan.canvas.height), index).save(path, "PNG")
    return path


def _figure_layer(plan: CharacterVideoPlan, beat: str, index: int, start: int, length: int,
                  workdir: Path) -> ImageLayer:
    """The character in the beat's expression, standing at the bottom of the frame, swaying."""
    canvas = plan.canvas
    # a bust whose body runs off the bottom edge and whose face sits a little below the middle: clear of the
    # platforms' bottom 20% and top 10% on 9:16
    w = round(min(canvas.width * 0.9, canvas.height * 0.5)) // 2 * 2
    h = min(canvas.height, round(w * 1.6)) // 2 * 2
    path = workdir / f"figure-{index + 1}.png"
    if plan.character is not None:
        figure(plan.character.look, (w, h), expression_for(beat)).save(path, "PNG")
    else:
        front_crop(plan.sheet).save(path, "PNG")
    side = (-1, 1, 0)[index % 3] * round(canvas.width * 0.08)
    box = Box((canvas.width - w) // 2 + side, canvas.height - h, w, h)
    return ImageLayer(path=path, box=box, fit="contain", start_ms=start, duration_ms=length,
                      enter=Animation("fade", 250), hover=Hover(dx=round(w * 0.015), dy=round(h * 0.012),
                                                                 period_ms=2200 + 300 * (index % 3)))


def _talking_shot(character: Character, line: str, scene: Path, canvas: Canvas, start: int, length: int,
                  workdir: Path, index: int) -> tuple[tuple[VisualLayer, ...], Path]:
    """A shot where the character speaks ``line``, lip-synced, in front of the scene; and the spoken audio."""
    from ..stages.actors.talking import SpeechInput, talking_track
    from ..stages.actors.voices import default_voice
    from ..stages.voice import synthesize

    portrait = workdir / f"portrait-{index + 1}.png"
    figure(character.look, (512, 512)).save(portrait, "PNG")
    actor = actor_from_record({"slug": "character", "name": character.name, "gender": character.gender,
                               "nationality": "", "actor_type": "Casual", "style": "drawn character",
                               "created_at": "2025-01-01T00:00:00Z", "look": character.to_dict()["look"]},
                              portrait=portrait, source="character sheet")
    speech = synthesize(line, voice=default_voice(character.gender))
    spoken = SpeechInput.from_speech(speech)
    track = talking_track(actor, spoken, canvas.box, fps=canvas.fps, start_ms=start, duration_ms=length,
                          background=scene)
    return track.layers, spoken.audio


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
