"""The front door: validate a speech request, then have an engine speak it.

Validation is split from synthesis (:func:`prepare` vs :func:`speak`) so a
runner can refuse a bad request, or one needing a missing engine or
translator, before it takes credits; :func:`synthesize` does both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...errors import EngineError, ValidationError
from .base import Speech, get_engine
from .delivery import get_tone, spoken_words
from .translate import check_dub_language, dub, validate_language
from .voices import Voice, resolve_voice

MAX_SCRIPT_CHARS = 3000  # the spec's longest script
SPEED_RANGE = (0.7, 1.5)  # the spec's voice_speed
DEFAULT_ENGINE = "espeak"


@dataclass(frozen=True)
class SpeechRequest:
    """A validated request: everything an engine needs, plus the receipt fields."""

    text: str
    voice: Voice
    selected_voice: str
    voice_auto_detected: bool
    speed: float = 1.0
    tone: str | None = None
    engine: str = DEFAULT_ENGINE
    dub_language: str | None = None


def prepare(text: str, *, voice: str | None = None, speed: float = 1.0, tone: str | None = None,
            engine: str = DEFAULT_ENGINE, actor_voice_id: str | None = None,
            dub_language: str | None = None) -> SpeechRequest:
    """Check every field and that the engine (and translator, for a dub) can run; speak nothing."""
    if not isinstance(text, str) or not text.strip():
        raise ValidationError("script", text, "must be non-empty text")
    if len(text) > MAX_SCRIPT_CHARS:
        raise ValidationError("script", f"{len(text)} characters", f"must be at most {MAX_SCRIPT_CHARS} characters")
    lo, hi = SPEED_RANGE
    if (isinstance(speed, bool) or not isinstance(speed, (int, float)) or not math.isfinite(speed)
            or not lo <= speed <= hi):
        raise ValidationError("voice_speed", speed, f"must be a number from {lo} to {hi}")
    tone_name = tone.strip().lower() if isinstance(tone, str) else tone
    get_tone(tone_name)
    if not spoken_words(text):
        raise ValidationError("script", text, "has no words to speak (emotion tags are not spoken)")
    eng = get_engine(engine)
    language = None
    if dub_language is not None:
        language = validate_language(dub_language)
        check_dub_language(language)
    chosen, selected, auto = resolve_voice(voice, actor_voice_id, engine=engine)
    eng.check(chosen, language)
    return SpeechRequest(text, chosen, selected, auto, float(speed), tone_name, engine, language)


def speak(request: SpeechRequest) -> Speech:
    """Synthesise a prepared request (translating it first for a dub)."""
    text = dub(request.text, request.dub_language) if request.dub_language else request.text
    engine = get_engine(request.engine)
    speech = engine.perform(text, request.voice, speed=request.speed, tone=request.tone,
                               language=request.dub_language)
    expected = spoken_words(text)
    got = [w.text for w in speech.words]
    if got != expected:
        raise EngineError(f"voice engine {request.engine!r} timed {len(got)} words, not the script's "
                          f"{len(expected)} words as written (first difference near "
                          f"{_first_difference(got, expected)!r})")
    return replace(speech, selected_voice=request.selected_voice,
                   voice_auto_detected=request.voice_auto_detected, text=text)


def synthesize(text: str, *, voice: str | None = None, speed: float = 1.0, tone: str | None = None,
               engine: str = DEFAULT_ENGINE, actor_voice_id: str | None = None,
               dub_language: str | None = None) -> Speech:
    """Speak ``text``: audio, word timings as written, phoneme timings, and the receipt fields.

    ``voice`` is a named voice (``mediakit voices``) or a raw engine voice id;
    without it the actor's voice (``actor_voice_id``), else the default.
    ``speed`` is the spec's voice_speed (0.7-1.5); ``tone`` one of energetic,
    calm, confident, dramatic; emotion tags in the text shape delivery.
    """
    return speak(prepare(text, voice=voice, speed=speed, tone=tone, engine=engine,
                         actor_voice_id=actor_voice_id, dub_language=dub_language))


def _first_difference(got: list[str], expected: list[str]) -> str:
    for a, b in zip(got, expected, strict=False):  # lengths may differ
        if a != b:
            return b
    return expected[len(got)] if len(expected) > len(got) else got[len(expected)]
