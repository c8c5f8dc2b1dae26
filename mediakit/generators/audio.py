"""The generic ``audio`` generator (``POST /v2/generate/audio``): text to speech on a catalog model, as MP3.

The spec leaves the audio arguments unnamed; mediakit names them ``model``
(``voice-tts`` or ``auto``), ``text`` (1 to 3000 characters, the voice
adapter's longest script; emotion tags in square brackets shape delivery and
are never spoken), ``voice`` (one of the seven named voices, the default
when omitted, or a raw voice id of the engine) and ``speed`` (0.7 to 1.5).
Priced per character: ``Metered.characters`` counts every character of
``text`` as sent, tags included.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator

from ..catalog import AUTO, check_model_field, model_literal, select_model
from ..engines import AUDIO_ENGINES, SpeechJob, engine_for
from ..errors import EngineError, MediaError
from ..fetch import sniff
from ..ffmpeg import run_ffmpeg
from ..generation.contract import Built, Context, Generator, Metered, Plan, Receipt
from ..generation.request import RequestModel
from ..generator_ids import GeneratorId
from ..probe import probe
from ..render import ProgressCallback
from ..stages.mix import loudness_filter
from ..stages.pacing import NATURAL_PACE
from ..stages.voice import MAX_SCRIPT_CHARS, SPEED_RANGE, spoken_words

AudioModel = model_literal("audio")
MP3_BITRATE = "128k"


class AudioRequest(RequestModel):
    """``POST /v2/generate/audio``: the text to speak, the voice and the speed."""

    model: AudioModel = Field(AUTO, description="A live audio model id, or auto.")  # type: ignore[valid-type]
    text: str = Field(min_length=1, max_length=MAX_SCRIPT_CHARS,
                      description="What to say; emotion tags in square brackets shape delivery.")
    voice: str | None = Field(None, min_length=1, max_length=100,
                              description="One of the seven named voices, or a raw voice id.")
    speed: float = Field(1.0, ge=SPEED_RANGE[0], le=SPEED_RANGE[1], description="0.7 to 1.5.")

    @field_validator("text")
    @classmethod
    def _spoken(cls, value: str) -> str:
        if not spoken_words(value):
            raise ValueError("has no words to speak (emotion tags are not spoken)")
        return value


@dataclass(frozen=True, kw_only=True)
class AudioPlan(Plan):
    job: SpeechJob
    engine: str


class AudioGenerator(Generator[AudioRequest, AudioPlan]):
    id = GeneratorId.AUDIO
    request_model = AudioRequest
    description = "Speech from a catalog audio model (voice-tts): seven named voices or a raw id, emotion tags, MP3."
    output_suffix = ".mp3"

    def parse(self, body: Any) -> AudioRequest:
        check_model_field(body, "audio")
        return super().parse(body)

    def plan(self, request: AudioRequest, context: Context) -> AudioPlan:
        chosen = select_model(request.model, "audio", context.stats)
        entry = chosen.entry
        engine = engine_for(entry, AUDIO_ENGINES)
        engine.check()
        voice = engine.voice(request.voice)
        words = len(spoken_words(request.text))
        job = SpeechJob(model=entry.id, text=request.text, voice=voice, speed=request.speed)
        return AudioPlan(
            generator=self.id,
            receipt=Receipt(estimated_duration=max(1, math.ceil(words / float(NATURAL_PACE) / request.speed)),
                            selected_voice=voice, voice_auto_detected=False, word_count=words, model=entry.id,
                            mode="text-to-speech", auto=chosen.auto,
                            notes=tuple(n for n in (engine.note(entry.id), engine.voice_note(voice)) if n)),
            metered=Metered(generator=self.id, model=entry.id, mode="text-to-speech", auto_reason=chosen.reason,
                            characters=len(request.text)),
            job=job, engine=engine.name)

    def build(self, plan: AudioPlan, workdir: Path, progress: ProgressCallback | None = None) -> Built:
        made = AUDIO_ENGINES.get(plan.engine).make(plan.job, workdir)
        return Built(file=as_mp3(made, workdir / "speech.mp3", plan.engine))


def as_mp3(path: Path, target: Path, engine: str) -> Path:
    """The engine's audio as MP3 at -14 LUFS (an MP3 is kept as it is: a hosted engine's delivery is its own);
    anything without sound is the engine's failure."""
    try:
        info = probe(path)
    except MediaError as exc:
        raise EngineError(f"audio engine {engine!r} returned no readable audio: {exc}") from None
    if info.audio is None:
        raise EngineError(f"audio engine {engine!r} returned {path.name}, which holds no audio stream")
    with path.open("rb") as fh:
        if sniff(fh.read(256)) == ("audio", "mp3"):
            return path
    run_ffmpeg(["-i", str(path), "-vn", "-af", loudness_filter(path), "-c:a", "libmp3lame", "-b:a", MP3_BITRATE,
                "-y", str(target)], what=f"encoding {engine}'s speech as MP3")
    return target
