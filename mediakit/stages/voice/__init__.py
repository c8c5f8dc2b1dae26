"""Voice synthesis: script -> speech audio with word and phoneme timings.

Typical use::

    from mediakit.stages.voice import synthesize
    speech = synthesize("[excited] This changed my mornings!", voice="ava", tone="energetic")
    speech.write_wav("line.wav"); [w.text for w in speech.words]

Engines: ``espeak`` (eSpeak NG formant synthesiser, robotic but intelligible;
the default, nothing to install) and ``piper`` (neural, natural;
``pip install 'mediakit[piper]'``).  More plug in through
:func:`register_engine` or the ``mediakit.voice_engines`` entry point group.
"""

from .base import PhonemeTiming, Speech, VoiceEngine, engine_names, get_engine, register_engine
from .delivery import Prosody, emotion_tags, spoken_words, tone_names
from .synthesis import MAX_SCRIPT_CHARS, SPEED_RANGE, SpeechRequest, prepare, speak, synthesize
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
    "engine_names",
    "get_engine",
    "get_voice",
    "list_voices",
    "prepare",
    "register_engine",
    "register_translator",
    "resolve_voice",
    "speak",
    "spoken_words",
    "synthesize",
    "tone_names",
    "voice_names",
]
