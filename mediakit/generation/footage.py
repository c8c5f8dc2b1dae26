"""A user's own talking clip as a spoken ad's actor and voice: a footage ad.

The clip is the picture (a footage actor, trimmed to the ad) and its own
audio is the voice: nothing is synthesised, the words captioned are the ones
recognised in it (or an exact ``transcript`` aligned to it), and its length
picks the duration bucket, so a clip over the longest bucket is refused.

A clip comes from one of three places, each named in its errors: the
``footage_url`` extension field of the talking routes (REST and YAML jobs),
the ``footage`` option (the CLI's ``--footage``), or the cast user actor's
``talking.mp4`` when it has a sound (an actor folder that is its own voice; a
silent one is looped under a synthetic voice instead).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..cache import cached_file, file_signature
from ..errors import MediaError
from ..fetch import VIDEO
from ..ffmpeg import run_ffmpeg
from ..probe import probe
from ..stages.actors.catalog import Actor, actor_from_record
from ..stages.pacing import PacingReceipt
from .casting import Casting, ScriptDecision
from .contract import Context

FOOTAGE_SLUG = "footage"
NOTE = ("footage: the clip is the actor and its own audio the voice (no synthetic voice); the captions are "
        "the words heard in it")

FOOTAGE_URL_HELP = ("Extension: your own talking clip (at most 15 s, picture and sound) as the actor and the voice; "
                    "its words are the captions, its length the duration (script optional).")
# request fields a footage_url replaces: the clip is the actor, the voice and the words
REPLACED_BY_FOOTAGE = ("actor_slug", "face_photo_url", "voice", "prompt", "dub_language")


@dataclass(frozen=True)
class Footage:
    """The clip that is an ad's actor and voice, and the field that named it (for its errors)."""

    clip: Path
    field: str


def own_footage(context: Context, casting: Casting, url: str | None = None) -> Footage | None:
    """The ad's footage: the request's ``footage_url``, else the ``footage`` option, else the cast actor's own
    talking clip when it has a sound (and no recorded voiceover replaces it); None for an ad with a synthetic
    voice.

    A clip given by the request or the option must have a picture and a
    sound (MediaError naming its field otherwise).
    """
    given = (url, "footage_url") if url is not None else (context.options.footage, "footage")
    if given[0] is not None:
        clip = context.fetch(str(given[0]), field=given[1], limits=VIDEO)
        info = probe(clip)
        if info.video is None or info.audio is None:
            raise MediaError(clip, "must have both a picture and a sound (the actor and their voice)", field=given[1])
        return Footage(clip, given[1])
    own = casting.actor.talking_clip
    if casting.actor.kind == "footage" and own is not None and context.options.voiceover is None \
            and probe(own).audio is not None:
        return Footage(own, "actor_slug")
    return None


def footage_replaces(request: object) -> str | None:
    """The first field ``request`` gives that its ``footage_url`` replaces (its actor, voice or words), if any."""
    return next((name for name in REPLACED_BY_FOOTAGE if getattr(request, name, None) is not None), None)


def footage_casting(footage: Footage, casting: Casting) -> Casting:
    """``casting`` with the clip's speaker in place of its actor (the persona's other fields still apply); an actor
    whose own clip it is stays as cast."""
    if footage.field == "actor_slug":
        return casting
    return Casting(footage_actor(footage.clip), False, casting.persona)


def footage_actor(clip: Path) -> Actor:
    """The clip as an actor of kind ``footage``; its first frame is the portrait where one is shown."""
    poster = cached_file("footage-poster", file_signature(clip), ".png",
                         lambda out: run_ffmpeg(["-i", str(clip), "-frames:v", "1", "-y", str(out)],
                                                what="the footage's first frame"))
    return actor_from_record({"slug": FOOTAGE_SLUG, "name": "Your footage", "gender": "female", "nationality": "",
                              "actor_type": "Casual", "style": "your own clip", "created_at": "2025-01-01T00:00:00Z"},
                             portrait=poster, talking_clip=clip, source=str(clip))


def unscripted() -> ScriptDecision:
    """The script decision of a footage ad given no script: its words are the ones heard in the clip, known only
    once it is recognised (``build``), and its bucket is the clip's (``plan_spoken_ad``), so nothing is paced."""
    return ScriptDecision("", False, PacingReceipt(word_count=0, words_per_second=0.0, max_words=0,
                                                   estimated_duration=0, pacing_warning=None))
