"""Actors: the bundled library, user actors, the ``GET /v1/actors`` query, and talking-actor tracks.

Typical use::

    from mediakit.stages.actors import get_actor, talking_track, SpeechInput
    actor = get_actor("maya-chen")
    track = talking_track(actor, SpeechInput.from_file("speech.wav", phonemes=...), canvas.box)
    timeline = Timeline(canvas, track.duration_ms, layers=track.layers, audio=(AudioClip(...),))
"""

from .catalog import ACTOR_TYPES, AGE_RANGES, GENDERS, Actor, actor_from_record, age_range_of, bundled_actors
from .lipsync import LipSyncEngine, LipSyncRequest, engine_names, get_engine, register_engine
from .look import Look
from .portraits import portrait
from .query import ActorNotFoundError, ActorPage, all_actors, find_actors, get_actor, query_actors
from .talking import ActorTrack, SpeechInput, render_talking, talking_track
from .user import load_user_actors
from .visemes import VISEMES, VisemeSpan, to_visemes, viseme_track

__all__ = ["ACTOR_TYPES", "AGE_RANGES", "GENDERS", "VISEMES", "Actor", "ActorNotFoundError", "ActorPage",
           "ActorTrack", "LipSyncEngine", "LipSyncRequest", "Look", "SpeechInput", "VisemeSpan",
           "actor_from_record", "age_range_of", "all_actors", "bundled_actors", "engine_names", "find_actors",
           "get_actor", "get_engine", "load_user_actors", "portrait", "query_actors", "register_engine",
           "render_talking", "talking_track", "to_visemes", "viseme_track"]
