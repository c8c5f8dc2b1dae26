"""Actors: the bundled library, user actors, the ``GET /v1/actors`` query, and talking-actor tracks.

Typical use::

    from mediakit.stages.actors import get_actor, talking_track, SpeechInput
    actor = get_actor("maya-chen")
    track = talking_track(actor, SpeechInput.from_file("speech.wav", phonemes=...), canvas.box)
    timeline = Timeline(canvas, track.duration_ms, layers=track.layers, audio=(AudioClip(...),))
"""

from importlib import import_module
from typing import Any

# Public name -> submodule.  Loaded on first use (PEP 562) so that the CLI,
# which needs only the catalog's choice lists, does not import rendering code.
_EXPORTS = {
    **dict.fromkeys(("ACTOR_TYPES", "AGE_RANGES", "GENDERS", "Actor", "actor_from_record", "age_range_of",
                     "bundled_actors"), "catalog"),
    **dict.fromkeys(("LipSyncEngine", "LipSyncRequest", "engine_names", "get_engine", "register_engine"),
                    "lipsync"),
    "Look": "look",
    "portrait": "portraits",
    **dict.fromkeys(("ActorNotFoundError", "ActorPage", "all_actors", "find_actors", "get_actor", "query_actors"),
                    "query"),
    **dict.fromkeys(("ActorTrack", "SpeechInput", "talking_track"), "talking"),
    "load_user_actors": "user",
    **dict.fromkeys(("VISEMES", "VisemeSpan", "to_visemes", "viseme_track"), "visemes"),
}


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value
    return value


__all__ = ["ACTOR_TYPES", "AGE_RANGES", "GENDERS", "VISEMES", "Actor", "ActorNotFoundError", "ActorPage",
           "ActorTrack", "LipSyncEngine", "LipSyncRequest", "Look", "SpeechInput", "VisemeSpan",
           "actor_from_record", "age_range_of", "all_actors", "bundled_actors", "engine_names", "find_actors",
           "get_actor", "get_engine", "load_user_actors", "portrait", "query_actors", "register_engine",
           "talking_track", "to_visemes", "viseme_track"]
