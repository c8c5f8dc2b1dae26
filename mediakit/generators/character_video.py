"""The ``character_video`` generator: the sheet's character acting out the storyboard, 5 or 10 s at 720p.

Local default (the hosted model animates the storyboard; the stand-in,
``engines.character_animatic``, cuts an animatic of it: a shot per beat, the
character acting in it, lines lip-synced, ambient sound).

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
from uuid import UUID

from pydantic import Field

from ..engines import frame_size
from ..engines.character_animatic import CharacterShots, animatic
from ..errors import ValidationError
from ..fetch import IMAGE, Url
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.fields import Aspect, WebhookUrl
from ..generation.request import RequestModel, seconds_field
from ..generator_ids import GeneratorId
from ..render import ProgressCallback
from ..stages.characters.session import recall, result_path
from ..stages.characters.sheet import read_character
from ..stages.characters.storyboard import beat_notes, read_storyboard, split_script
from ..timeline import (
    Canvas,
)

FPS = 24
QUALITY = "720p"


class CharacterVideoRequest(RequestModel):
    """``POST /v1/generate/character_video``."""

    character_sheet_url: Url = Field(description="The character sheet (PNG).")
    storyboard_url: Url = Field(description="The storyboard (PNG).")
    action_prompt: str | None = Field(None, min_length=1, max_length=2000,
                                      description="What happens; from the session's storyboard step when omitted.")
    duration: seconds_field(5, 10) = Field(10, description="5 or 10 seconds.")  # type: ignore[valid-type]
    aspect_ratio: Aspect = "9:16"
    generate_audio: bool = True
    session_id: UUID | None = Field(None, description="Links the steps; the same session and inputs reuse work.")
    webhook_url: WebhookUrl | None = None


@dataclass(frozen=True, kw_only=True)
class CharacterVideoPlan(Plan):
    """The shots to animate, and where a session keeps the finished video (None: no session)."""

    shots: CharacterShots
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
        design_scenes = record is not None or request.action_prompt is not None
        prompt = request.action_prompt or " ".join(beats)
        if design_scenes:
            notes += beat_notes(beats, prompt, "beat")
        return CharacterVideoPlan(
            generator=self.id,
            receipt=Receipt(estimated_duration=seconds, quality=QUALITY, engine="local-character-video",
                            notes=tuple(notes)),
            metered=Metered(generator=self.id, seconds=seconds),
            shots=CharacterShots(
                character=character, sheet=sheet, storyboard=board, beats=tuple(beats),
                design_scenes=design_scenes,
                canvas=Canvas(width, height, Fraction(FPS)), duration_ms=seconds * 1000, audio=request.generate_audio,
                prompt=prompt),
            kept_at=kept)

    def build(self, plan: CharacterVideoPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        if plan.kept_at is not None and plan.kept_at.exists():
            return Built(file=plan.kept_at)
        timeline = animatic(plan.shots, workdir)
        return Built(timeline=timeline, poster_ms=timeline.duration_ms // 3, keep_at=plan.kept_at)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
