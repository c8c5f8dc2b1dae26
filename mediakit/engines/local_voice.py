"""``local-voice``: the local stand-in speech engine, the voice adapter of ``mediakit.stages.voice``.

The seven named voices (or a raw eSpeak/Piper voice id) speak the text with
its emotion tags honoured the way every mediakit voice honours them (they
shape delivery and are never read aloud).  ``MEDIAKIT_VOICE_ENGINE`` picks
the voice adapter's engine: ``espeak`` (default; robotic but intelligible,
nothing to install) or ``piper`` (natural; ``pip install 'mediakit[piper]'``).
"""

from __future__ import annotations

import os
from pathlib import Path

from .base import AudioEngine, SpeechJob

VOICE_ENGINE_ENV = "MEDIAKIT_VOICE_ENGINE"


class LocalVoiceEngine(AudioEngine):
    name = "local-voice"
    description = "the voice adapter's local synthesiser speaking the text, emotion tags honoured; no hosted TTS"
    local = True

    def __init__(self, voice_engine: str | None = None) -> None:
        self.voice_engine = voice_engine or os.environ.get(VOICE_ENGINE_ENV, "").strip() or "espeak"

    def check(self) -> None:
        from ..stages.voice import get_engine

        get_engine(self.voice_engine).check()

    def note(self, model: str) -> str:
        return f"{super().note(model)}; spoken by {self.voice_engine}"

    def voice(self, requested: str | None) -> str:
        from ..stages.voice import resolve_voice

        return resolve_voice(requested, engine=self.voice_engine)[1]

    def make(self, job: SpeechJob, workdir: Path) -> Path:
        from ..stages.voice import synthesize

        speech = synthesize(job.text, voice=job.voice, speed=job.speed, engine=self.voice_engine)
        return speech.write_wav(workdir / "speech.wav")
