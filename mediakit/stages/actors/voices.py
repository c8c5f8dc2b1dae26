"""The actors' side of the voice stage: which named voices exist and their genders.

Actors name a voice by id; the voice stage owns the list (``presets/voices.yaml``).
Reading it here, rather than keeping a copy, means a renamed or removed voice
fails the catalog check instead of failing later, mid-render.
"""

from __future__ import annotations

import functools

from ...errors import ValidationError


@functools.cache
def voice_table() -> dict[str, str]:
    """Voice name -> gender, from the voice stage's registry."""
    from ..voice import list_voices

    return {v.name: v.gender for v in list_voices()}


def voice_gender(voice_id: str, *, fallback: str) -> str:
    """The gender of a named voice; a raw engine voice id (not one of the named voices) keeps ``fallback``."""
    return voice_table().get(voice_id, fallback)


def default_voice(gender: str) -> str:
    """The first named voice of ``gender``: what an actor without a ``voice_id`` speaks with."""
    for name, g in voice_table().items():
        if g == gender:
            return name
    raise ValidationError("gender", gender, "has no named voice in presets/voices.yaml")
