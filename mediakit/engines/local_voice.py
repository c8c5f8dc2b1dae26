"""``local-voice``: the local stand-in speech engine, the voice adapter of ``mediakit.stages.voice``.

The seven named voices (or a raw eSpeak/Piper/Kokoro voice id) speak the text
with its emotion tags honoured the way every mediakit voice honours them (they
shape delivery and are never read aloud), each by its own engine
(``mediakit voices``); ``MEDIAKIT_VOICE_ENGINE`` overrides that engine for all.
"""

from __future__ import annotations

from pathlib import Path

from .base import AudioEngine, SpeechJob


class LocalVoiceEngine(AudioEngine):
    name = "local-voice"
    description = "the voice adapter's local synthesiser speaking the text, emotion tags honoured; no hosted TTS"
    local = True

    def __init__(self, voice_engine: str | None = None) -> None:
        self.voice_engine = voice_engine  # None: each voice's own engine, or $MEDIAKIT_VOICE_ENGINE

    def check(self) -> None:
        from ..stages.voice import engine_override, get_engine

        override = engine_override(self.voice_engine)
        if override is not None:
            get_engine(override).check()

    def voice(self, requested: str | None) -> str:
        from ..stages.voice import resolve_voice

        return resolve_voice(requested, engine=self.voice_engine)[1]

    def voice_note(self, voice: str) -> str:
        from ..stages.voice import engine_override, get_voice, speaker_note

        override = engine_override(self.voice_engine)
        chosen = get_voice(voice, engine=override)
        return speaker_note(chosen.name, chosen, override or chosen.engine)

    def make(self, job: SpeechJob, workdir: Path) -> Path:
        from ..stages.voice import synthesize

        speech = synthesize(job.text, voice=job.voice, speed=job.speed, engine=self.voice_engine)
        return speech.write_wav(workdir / "speech.wav")
