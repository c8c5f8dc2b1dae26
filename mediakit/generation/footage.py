"""A user's own talking clip as a spoken ad's actor and voice: a footage ad.

The clip is the picture (a footage actor, trimmed to the ad) and its own
audio is the voice: nothing is synthesised, the words captioned are the ones
recognised in it (or an exact ``transcript`` aligned to it), and its length
picks the duration bucket, so a clip over the longest bucket is refused.

A clip comes from one of two places, each named in its errors: the
``footage_url`` extension field of the talking routes (REST and YAML jobs;
the CLI's ``--footage CLIP`` is its shorthand), or the cast user actor's
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
from .buckets import voiceover_bucket
from .casting import Casting, ScriptDecision
from .contract import Context
from .request import RequestModel, rule_error

FOOTAGE_SLUG = "footage"
NOTE = "footage: the clip is the actor and its own audio the voice (no synthetic voice); the captions are {words}"
HEARD = "the words heard in it"
TRANSCRIBED = "the transcript's words, aligned to it"

FOOTAGE_URL_HELP = ("Extension: your own talking clip (at most 15 s, picture and sound) as the actor and the voice; "
                    "its words are the captions, its length the duration unless a longer one is given (script "
                    "optional). Its last frame is never held: where the duration outlasts it, the ad cuts to its "
                    "b-roll or product, or else ends with the clip (priced as the duration).")
# request fields a footage_url replaces: the clip is the actor, the voice and the words
REPLACED_BY_FOOTAGE = ("actor_slug", "face_photo_url", "voice", "prompt", "dub_language")


@dataclass(frozen=True)
class Footage:
    """The clip that is an ad's actor and voice, the field that named it (for its errors) and the bucket its
    length picks."""

    clip: Path
    field: str
    seconds: int


def own_footage(context: Context, casting: Casting, url: str | None = None) -> Footage | None:
    """The ad's footage: the request's ``footage_url``, else the cast actor's own talking clip when it has a
    sound (and no recorded voiceover replaces it); None for an ad with a synthetic voice.

    A clip given by the request must have a picture and a sound (MediaError
    naming ``footage_url`` otherwise).
    """
    if url is not None:
        clip = context.fetch(url, field="footage_url", limits=VIDEO)
        return Footage(clip, "footage_url", check_footage(clip, field="footage_url"))
    own = casting.actor.talking_clip
    if casting.actor.kind == "footage" and own is not None and context.options.voiceover is None \
            and probe(own).audio is not None:
        return Footage(own, "actor_slug", voiceover_bucket(own, field="actor_slug"))
    return None


def check_footage(clip: Path, *, field: str, shown: str | None = None) -> int:
    """The bucket ``clip`` fits as an ad's actor and voice: a container ffmpeg reads, with a picture and a
    sound, lasting at most the longest bucket; MediaError or ValidationError naming ``field`` (and ``shown``,
    the name the user knows it by, in place of ``clip``'s path) otherwise."""
    where = shown or str(clip)
    try:
        info = probe(clip)
    except MediaError:
        raise MediaError(where, "is not a video ffmpeg can read", field=field) from None
    if info.video is None or info.audio is None:
        raise MediaError(where, "must have both a picture and a sound (the actor and their voice)", field=field)
    return voiceover_bucket(clip, field=field)


def footage_conflict(request: object) -> None:
    """Refuse (a model validator's rule error on ``footage_url``) a request that gives ``footage_url`` and a field
    it replaces: the clip is the actor, the voice and the words."""
    if getattr(request, "footage_url", None) is None:
        return
    replaced = next((name for name in REPLACED_BY_FOOTAGE if getattr(request, name, None) is not None), None)
    if replaced is not None:
        raise rule_error("footage_url", f"brings its own actor, voice and words: give footage_url or {replaced}, "
                                        "not both")


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


def asked(request: RequestModel, field: str) -> int | None:
    """The duration ``field`` when the request gave it (not its default): what a footage ad is priced at least
    (it still ends with its clip where nothing else can be shown after it)."""
    value = getattr(request, field) if field in request.model_fields_set else None
    return None if value is None else int(value)


def unscripted(at_least: int | None = None) -> ScriptDecision:
    """The script decision of a footage ad: its words are the ones heard in the clip, known only once it is
    recognised (``build``), and its bucket is the clip's (``plan_spoken_ad``), so nothing is paced; a duration
    the request asks for, or a route's shortest when it is longer than any clip (laptop_ugc's 15 s), is
    ``at_least`` (billed; the ad itself ends with its clip unless it has other shots to show, ``ad_length_ms``)."""
    return ScriptDecision("", False, PacingReceipt(word_count=0, words_per_second=0.0, max_words=0,
                                                   estimated_duration=at_least or 0, pacing_warning=None))
