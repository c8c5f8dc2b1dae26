"""The seven named voices of the spec, and how a request's voice is chosen.

The names live in ``presets/voices.yaml`` with a gender, a description, the
engine that speaks each (the best voice of its gender that passed the quality
bar, with its licence and measured quality) and the settings each engine
needs to sound like that voice (an eSpeak voice and variant, a Piper model,
a Kokoro preset...).  Where the spec allows "a raw voice id",
the engine decides what is valid (``en-gb+m3`` for eSpeak, a model name for
Piper), so one resolver serves every engine.
"""

from __future__ import annotations

import functools
from dataclasses import replace

import yaml

from ...errors import MediakitError, ValidationError
from ...paths import data_dir
from .base import Voice, get_engine

MAX_VOICE_CHARS = 100  # the spec's limit on the voice field
GENDERS = ("female", "male", "neutral")
RAW_ID_ENGINES = ("espeak", "kokoro", "piper")  # who is asked about a raw voice id when no engine is named


@functools.cache
def _catalog() -> tuple[dict[str, Voice], str]:
    path = data_dir("presets") / "voices.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    voices = {}
    for name, entry in data["voices"].items():
        if entry.get("gender") not in GENDERS:
            raise MediakitError(f"{path}: voice {name!r} has gender {entry.get('gender')!r}, "
                                f"expected one of {', '.join(GENDERS)}")
        engines = {k: dict(v) for k, v in entry.get("engines", {}).items()}
        engine = entry.get("engine", "espeak")
        if engine not in engines:
            raise MediakitError(f"{path}: voice {name!r} is spoken by {engine!r} but has no settings for it")
        voices[name] = Voice(name, entry["gender"], entry["description"].strip(), engines, engine=engine,
                             licence=str(entry.get("licence", "")).strip(),
                             quality={k: float(v) for k, v in (entry.get("quality") or {}).items()},
                             note=str(entry.get("note", "")).strip())
    default = data["default"]
    if default not in voices:
        raise MediakitError(f"{path}: default voice {default!r} is not one of {', '.join(voices)}")
    return voices, default


def list_voices() -> list[Voice]:
    """The named voices, default first."""
    voices, default = _catalog()
    return [voices[default], *(v for n, v in voices.items() if n != default)]


def voice_names() -> list[str]:
    return [v.name for v in list_voices()]


def default_voice() -> Voice:
    voices, default = _catalog()
    return voices[default]


def get_voice(name: str, *, engine: str | None = None, field_name: str = "voice") -> Voice:
    """A named voice (case-insensitive) or a raw voice id that ``engine`` accepts.

    Without ``engine`` a raw id is offered to each built-in engine in turn
    (``en-gb+m3`` is eSpeak's, ``jm_kumo`` Kokoro's, ``en_US-joe-medium``
    Piper's), and the engine that knows it speaks it.
    """
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_VOICE_CHARS:
        raise ValidationError(field_name, name, f"must be 1 to {MAX_VOICE_CHARS} characters: one of "
                              f"{', '.join(voice_names())}, or a raw voice id")
    voices, _ = _catalog()
    named = voices.get(name.strip().lower())
    if named is not None:
        return named
    for candidate in [engine] if engine else RAW_ID_ENGINES:
        raw = get_engine(candidate).raw_voice(name.strip())
        if raw is not None:
            return replace(raw, engine=candidate)
    raise ValidationError(field_name, name, f"must be one of {', '.join(voice_names())}, "
                          f"or a raw {engine or ' / '.join(RAW_ID_ENGINES)} voice id")


def resolve_voice(voice: str | None, actor_voice_id: str | None = None, *,
                  engine: str | None = None) -> tuple[Voice, str, bool]:
    """The voice to speak with, and the receipt fields ``selected_voice`` and ``voice_auto_detected``.

    An explicit ``voice`` wins.  Without one, the actor's own voice is used
    and reported as auto-detected; with neither, the default voice (not
    auto-detected: nothing was detected, the default applied).
    """
    if voice is not None:
        chosen = get_voice(voice, engine=engine)
        return chosen, chosen.name, False
    if actor_voice_id is not None:
        chosen = get_voice(actor_voice_id, engine=engine, field_name="actor.voice_id")
        return chosen, chosen.name, True
    chosen = default_voice()
    return chosen, chosen.name, False
