"""The seam for lip-sync engines: portrait + speech in, talking clip out.

``Actor.lip_sync_engine`` names the engine that animates an actor who has no
footage of their own.  The built-in ``mediakit-viseme`` engine draws the
generated character's mouth shapes from the speech's phonemes (see
``puppet``), or warps a photo's face to them (see ``photo_rig``).  Other engines (a
neural talking-head model, a hosted service) plug in without touching
mediakit:

* in code: ``register_engine("my-engine", MyEngine())``;
* as a package: an entry point in the group ``mediakit.lipsync_engines`` naming
  a class or factory called with no arguments to make the engine (the
  ``mediakit.registry.Registry`` shape every engine kind shares)::

      [project.entry-points."mediakit.lipsync_engines"]
      wav2lip = "my_package.engine:Wav2LipEngine"

An engine writes a silent video clip of exactly ``request.duration_ms`` at the
requested size and frame rate; the caller adds the audio when it renders.
The built-in engine also gives its actor as a timeline layer
(``VisemeEngine.layer``), which ``talking_track`` uses: the final render then
animates the actor inside its one graph and no clip is written at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Protocol, runtime_checkable

from ...errors import EngineError, MediaError
from ...media_io import media_kind
from ...registry import Registry
from ...render import ClipProfile, render
from ...timeline import ActorLayer, Backdrop, Box, Canvas, ColorLayer, ImageLayer, Timeline, VideoLayer
from ...words import Word
from .catalog import DEFAULT_LIP_SYNC_ENGINE, Actor
from .visemes import PhonemeSpan

ENTRY_POINT_GROUP = "mediakit.lipsync_engines"


@dataclass(frozen=True)
class LipSyncRequest:
    """What an engine gets: who speaks (portrait, and the drawn look if any), what is said, and the clip wanted."""

    actor: Actor
    audio: Path
    duration_ms: int
    phonemes: tuple[PhonemeSpan, ...]
    words: tuple[Word, ...]
    width: int
    height: int
    fps: Fraction
    background: str | Path | None = None
    delivery: str | None = None
    """How the words are said (an acting style or tone): the drawn face acts it."""

    @property
    def portrait(self) -> Path:
        return self.actor.portrait_path


@runtime_checkable
class LipSyncEngine(Protocol):
    """Makes ``output``: the actor speaking ``request.audio``, silent, ``width`` x ``height`` at ``fps``."""

    def render(self, request: LipSyncRequest, output: Path) -> Path: ...


class VisemeEngine:
    """The built-in engine: mouth shapes from phonemes on a drawn character or a rigged photo (``photo_rig``).

    Its actors are timeline layers the final render animates (``layer``), so
    a timeline never needs a clip of them; ``render`` writes one through the
    same compiler for callers that place a file.
    """

    def layer(self, request: LipSyncRequest, *, box: Box | None = None, start_ms: int = 0,
              backdrop: Backdrop | None = None) -> ActorLayer:
        """``request`` as a layer in ``box`` from ``start_ms`` (``backdrop`` behind a drawn actor)."""
        from .photo_rig import photo_layer
        from .puppet import puppet_layer, seed_of
        from .visemes import speech_visemes

        actor = request.actor
        seed = seed_of(actor.slug)
        size = (request.width, request.height)
        visemes = speech_visemes(request.phonemes, request.words, request.audio, request.duration_ms)
        if actor.look is None:
            return photo_layer(request.portrait, visemes, request.words, size=size, duration_ms=request.duration_ms,
                               seed=seed, box=box, start_ms=start_ms, delivery=request.delivery)
        return puppet_layer(actor.look, visemes, size=size, duration_ms=request.duration_ms, seed=seed, box=box,
                            start_ms=start_ms, backdrop=backdrop, words=request.words, delivery=request.delivery)

    def render(self, request: LipSyncRequest, output: Path) -> Path:
        backdrop = None if request.background is None else backdrop_layer(request.background)
        canvas = Canvas(request.width, request.height, request.fps)
        timeline = Timeline(canvas, request.duration_ms, layers=(self.layer(request, backdrop=backdrop),))
        return render(timeline, output, profile=ClipProfile())


def backdrop_layer(background: str | Path) -> Backdrop:
    """A caller's background as an unplaced layer: an image, a looping video, or a colour."""
    path = Path(background)
    if path.suffix and path.is_file():
        kind = media_kind(path)
        if kind == "audio":
            raise MediaError(path, "background has no picture")
        if kind == "still":
            return ImageLayer(path=path)
        return VideoLayer(path=path, loop=True)
    return ColorLayer(color=str(background))


ENGINES: Registry[LipSyncEngine] = Registry(
    "lip-sync engine", "lip_sync_engine", ENTRY_POINT_GROUP,
    {DEFAULT_LIP_SYNC_ENGINE: "mediakit.stages.actors.lipsync:VisemeEngine"})


def register_engine(name: str, engine: LipSyncEngine) -> None:
    """Make the ready ``engine`` available as ``name`` (replacing an engine of that name)."""
    if not isinstance(engine, LipSyncEngine):
        raise EngineError(f"lip-sync engine {name!r} has no render(request, output) method")
    ENGINES.register(name, lambda: engine)


def engine_names() -> list[str]:
    """Registered and installed engine names, sorted."""
    return ENGINES.names()


def get_engine(name: str) -> LipSyncEngine:
    """The engine called ``name``; an actor naming an engine that is not installed is a failed job."""
    if name not in ENGINES:
        raise EngineError(f"unknown lip-sync engine {name!r}; installed engines: {', '.join(engine_names())} "
                          f"(add one with register_engine or the {ENTRY_POINT_GROUP!r} entry-point group)")
    return ENGINES.get(name)
