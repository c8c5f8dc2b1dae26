"""The front door: validate a speech request, then have an engine speak it.

Validation is split from synthesis (:func:`prepare` vs :func:`speak`) so a
runner can refuse a bad request, or one needing a missing engine or
translator, before it takes credits; :func:`synthesize` does both.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, replace

from ...errors import EngineError, ValidationError
from .base import Speech, get_engine
from .delivery import get_tone, spoken_words
from .translate import check_dub_language, dub, validate_language
from .voices import Voice, resolve_voice

MAX_SCRIPT_CHARS = 3000  # the spec's longest script
SPEED_RANGE = (0.7, 1.5)  # the spec's voice_speed
FALLBACK_ENGINE = "espeak"  # speaks what the voice's own engine cannot (a dub language)
VOICE_ENGINE_ENV = "MEDIAKIT_VOICE_ENGINE"  # overrides every voice's own engine, like --engine


@dataclass(frozen=True)
class SpeechRequest:
    """A validated request: everything an engine needs, plus the receipt fields.

    ``engine`` is the engine that will speak; ``fallback`` says why it is not
    the voice's own engine when the voice's engine could not (empty otherwise).
    """

    text: str
    voice: Voice
    selected_voice: str
    voice_auto_detected: bool
    speed: float = 1.0
    tone: str | None = None
    engine: str = FALLBACK_ENGINE
    dub_language: str | None = None
    fallback: str = ""

    @property
    def note(self) -> str:
        """The receipt's line on who speaks (see :func:`speaker_note`)."""
        return speaker_note(self.selected_voice, self.voice, self.engine, self.fallback)


def speaker_note(selected: str, voice: Voice, engine: str, fallback: str = "") -> str:
    """The receipt's line on who speaks: the engine, the voice's licence, and why when it is not its own engine
    or its own engine is eSpeak (no neural voice of its gender passed the bar)."""
    own = engine == voice.engine
    why = fallback or (voice.note if own else f"{engine} chosen over the voice's own {voice.engine}")
    return (f"voice: {selected} spoken by {engine}" + (f" (licence: {voice.licence})" if own and voice.licence else "")
            + (f"; {why}" if why else ""))


def engine_override(engine: str | None = None) -> str | None:
    """The engine a caller forces on every voice: ``engine``, else ``$MEDIAKIT_VOICE_ENGINE``, else None."""
    return engine or os.environ.get(VOICE_ENGINE_ENV, "").strip() or None


def prepare(text: str, *, voice: str | None = None, speed: float = 1.0, tone: str | None = None,
            engine: str | None = None, actor_voice_id: str | None = None,
            dub_language: str | None = None) -> SpeechRequest:
    """Check every field and that the engine (and translator, for a dub) can run; speak nothing.

    The engine is ``engine`` (or ``$MEDIAKIT_VOICE_ENGINE``) when given, else
    the voice's own (``presets/voices.yaml``); when the voice's own engine
    cannot speak the dub language, eSpeak does, and the request says so.
    """
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
    override = engine_override(engine)
    if override is not None:
        get_engine(override)
    language = None
    if dub_language is not None:
        language = validate_language(dub_language)
        check_dub_language(language)
    chosen, selected, auto = resolve_voice(voice, actor_voice_id, engine=override)
    name, fallback = override or chosen.engine, ""
    try:
        get_engine(name).check(chosen, language)
    except EngineError:
        if override is not None or language is None or name == FALLBACK_ENGINE:
            raise
        fallback = f"{name} does not speak {language}, so {FALLBACK_ENGINE} does"
        name = FALLBACK_ENGINE
        get_engine(name).check(chosen, language)
    return SpeechRequest(text, chosen, selected, auto, float(speed), tone_name, name, language, fallback)


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
               engine: str | None = None, actor_voice_id: str | None = None,
               dub_language: str | None = None) -> Speech:
    """Speak ``text``: audio, word timings as written, phoneme timings, and the receipt fields.

    ``voice`` is a named voice (``mediakit voices``) or a raw engine voice id;
    without it the actor's voice (``actor_voice_id``), else the default.
    ``speed`` is the spec's voice_speed (0.7-1.5); ``tone`` one of energetic,
    calm, confident, dramatic; emotion tags in the text shape delivery;
    ``engine`` overrides the voice's own engine (see :func:`prepare`).
    """
    return speak(prepare(text, voice=voice, speed=speed, tone=tone, engine=engine,
                         actor_voice_id=actor_voice_id, dub_language=dub_language))


def _first_difference(got: list[str], expected: list[str]) -> str:
    for a, b in zip(got, expected, strict=False):  # lengths may differ
        if a != b:
            return b
    return expected[len(got)] if len(expected) > len(got) else got[len(expected)]
