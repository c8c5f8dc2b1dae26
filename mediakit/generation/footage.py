"""A user's own talking clip as a spoken ad's actor and voice (the ``footage`` option).

The clip is the picture (a footage actor, trimmed to the ad) and its own
audio is the voice: nothing is synthesised, the words captioned are the ones
recognised in it (or an exact ``transcript`` aligned to it), and its length
picks the duration bucket, so a clip over the longest bucket is refused.
"""

from __future__ import annotations

from pathlib import Path

from ..cache import cached_file, file_signature
from ..errors import MediaError
from ..fetch import VIDEO
from ..ffmpeg import run_ffmpeg
from ..probe import probe
from ..stages.actors.catalog import Actor, actor_from_record
from .casting import Casting
from .contract import Context

FOOTAGE_SLUG = "footage"
NOTE = ("footage: the clip is the actor and its own audio the voice (no synthetic voice); the captions are "
        "the words heard in it")


def footage_clip(context: Context) -> Path | None:
    """The ``footage`` option's clip, checked to have both a picture and a sound; None without the option."""
    if context.options.footage is None:
        return None
    clip = context.fetch(str(context.options.footage), field="footage", limits=VIDEO)
    info = probe(clip)
    if info.video is None or info.audio is None:
        raise MediaError(clip, "must have both a picture and a sound (the actor and their voice)", field="footage")
    return clip


def footage_casting(clip: Path, casting: Casting) -> Casting:
    """``casting`` with the clip's speaker in place of its actor (the persona's other fields still apply)."""
    return Casting(footage_actor(clip), False, casting.persona)


def footage_actor(clip: Path) -> Actor:
    """The clip as an actor of kind ``footage``; its first frame is the portrait where one is shown."""
    poster = cached_file("footage-poster", file_signature(clip), ".png",
                         lambda out: run_ffmpeg(["-i", str(clip), "-frames:v", "1", "-y", str(out)],
                                                what="the footage's first frame"))
    return actor_from_record({"slug": FOOTAGE_SLUG, "name": "Your footage", "gender": "female", "nationality": "",
                              "actor_type": "Casual", "style": "your own clip", "created_at": "2025-01-01T00:00:00Z"},
                             portrait=poster, talking_clip=clip, source=str(clip))
