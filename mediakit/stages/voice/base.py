"""The voice engine protocol, its result, and the plug-in registry.

An engine turns (text, voice, speed, tone) into a :class:`Speech`: the audio,
word timings (the script's words exactly as written, emotion tags excluded)
and phoneme timings (for lip-sync visemes).  The same registry mechanism
serves translators (``translate.py``), so both plug in the same way.

Adding an engine without touching mediakit::

    class HttpTTS(VoiceEngine):
        name = "acme"
        description = "Acme cloud TTS over HTTP"

        def perform(self, text, voice, *, speed=1.0, tone=None, language=None):
            ...  # call the service; build Speech(...)

    register_engine("acme", HttpTTS)

or declare it in the plug-in package's metadata so it is found on demand::

    [project.entry-points."mediakit.voice_engines"]
    acme = "acme_tts:HttpTTS"

Engines get the raw script with its tags; :func:`delivery.plan` splits it into
segments with their prosody, which is what the bundled engines speak from.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

import numpy as np

from ...ffmpeg import run_ffmpeg
from ...media_io import pcm16, write_wav
from ...registry import Registry
from ...words import Word

ENGINE_GROUP = "mediakit.voice_engines"


@dataclass(frozen=True)
class Voice:
    """A voice: named (from the presets) or a raw engine voice id (``raw`` True).

    ``engine`` speaks it unless a caller overrides the engine; ``licence`` is
    the licence of that engine's voice model, ``quality`` what
    ``benchmarks/voices.py`` measured for it (``wer``, ``dnsmos_ovrl``) and
    ``note`` why that engine, where a person should know (no neural voice of
    this gender passed the bar).  They are shown by ``mediakit voices``.
    """

    name: str
    gender: str
    description: str
    engines: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    raw: bool = False
    engine: str = "espeak"
    licence: str = ""
    quality: Mapping[str, float] = field(default_factory=dict)
    note: str = ""

    def settings(self, engine: str) -> Mapping[str, Any]:
        """This voice's settings for ``engine`` (empty when it has none)."""
        return self.engines.get(engine, {})

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "gender": self.gender, "engine": self.engine, "licence": self.licence,
                "quality": dict(self.quality), "note": self.note, "description": self.description,
                "engines": {k: dict(v) for k, v in self.engines.items()}}


class PhonemeTiming(NamedTuple):
    """One phoneme (IPA, stress marks removed) and when it sounds; a tuple, so ``(ph, start, end)`` unpacks."""

    phoneme: str
    start_ms: int
    end_ms: int


@dataclass(frozen=True, eq=False)
class Speech:
    """Synthesised speech: mono float32 samples in [-1, 1] plus what was said when.

    ``selected_voice`` and ``voice_auto_detected`` are the spec's receipt
    fields; :func:`~mediakit.stages.voice.synthesize` fills them in.
    """

    samples: np.ndarray
    sample_rate: int
    words: tuple[Word, ...]
    phonemes: tuple[PhonemeTiming, ...]
    engine: str
    selected_voice: str = ""
    voice_auto_detected: bool = False
    text: str = field(default="", repr=False)

    def __post_init__(self) -> None:
        if self.samples.ndim != 1 or self.samples.dtype != np.float32:
            raise ValueError("Speech.samples must be a 1-D float32 array")

    @property
    def duration_ms(self) -> int:
        return round(len(self.samples) * 1000 / self.sample_rate)

    def pcm16(self) -> np.ndarray:
        """Samples as int16, the form WAV files and recognisers take."""
        return pcm16(self.samples)

    def write_wav(self, path: str | Path) -> Path:
        """Write a 16-bit mono WAV atomically (see ``media_io.write_wav``)."""
        return write_wav(path, self.samples, sample_rate=self.sample_rate)

    def resampled(self, rate: int = 16000) -> np.ndarray:
        """float32 samples at ``rate`` (16 kHz is what aligners and recognisers expect)."""
        if rate == self.sample_rate:
            return self.samples
        raw = run_ffmpeg(["-f", "s16le", "-ar", str(self.sample_rate), "-ac", "1", "-i", "-",
                          "-af", f"aresample={rate}:resampler=soxr", "-f", "s16le", "-"],
                         what=f"resampling speech to {rate} Hz", input_bytes=self.pcm16().tobytes())
        return np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0


class VoiceEngine(ABC):
    """A text-to-speech engine.  Subclass, set ``name`` and ``description``, implement ``perform``.

    Instances are created once per process by the registry and reused, so an
    engine may cache loaded models on itself.
    """

    name: ClassVar[str]
    description: ClassVar[str]

    @abstractmethod
    def perform(self, text: str, voice: Voice, *, speed: float = 1.0, tone: str | None = None,
                language: str | None = None) -> Speech:
        """Speak ``text`` (emotion tags included) with ``voice``.

        ``speed`` multiplies the voice's rate; ``tone`` is a name from
        ``delivery.TONES`` or None; ``language`` (BCP-47) is the language the
        text is in when it is not the voice's own (a dub).  Inputs arrive
        validated.  Word timings must list ``delivery.spoken_words(text)``.
        """

    def check(self, voice: Voice | None = None, language: str | None = None) -> None:
        """Raise ``EngineError`` when the engine cannot speak here: not installed, ``voice``'s
        model missing, or ``language`` (a dub) out of its reach; the message names the fix.

        Called before any work (and before a runner takes credits).
        """
        return None

    def raw_voice(self, voice_id: str) -> Voice | None:
        """A :class:`Voice` for an engine-specific voice id, or None when this engine has no such voice."""
        return None


ENGINES: Registry[VoiceEngine] = Registry(
    "voice engine", "engine", ENGINE_GROUP,
    {"espeak": "mediakit.stages.voice.espeak_engine:EspeakEngine",
     "piper": "mediakit.stages.voice.piper_engine:PiperEngine",
     "kokoro": "mediakit.stages.voice.kokoro_engine:KokoroEngine"})


def register_engine(name: str, cls: type[VoiceEngine]) -> None:
    """Make ``cls`` available as engine ``name`` (for instance an HTTP TTS client)."""
    ENGINES.register(name, cls)


def engine_names() -> list[str]:
    return ENGINES.names()


def get_engine(name: str) -> VoiceEngine:
    return ENGINES.get(name)


def strip_stress(phoneme: str) -> str:
    """IPA without stress marks: visemes do not depend on stress."""
    return phoneme.replace("ˈ", "").replace("ˌ", "")

