"""The model engine seams: what a video, image or speech engine is given, what it returns, and their registries.

A catalog model (``video-engine-2.0``, ``image-engine-pro``, ``voice-tts``...)
is served by an *engine*: a local stand-in that needs no network, or an
adapter for a real service.  The generators decide everything (mode, canvas,
inputs fetched and probed) and hand the engine one frozen job; the engine
only makes media.  Engines of one kind share one :class:`~mediakit.registry.Registry`
and entry point group, so a plug-in package adds one without touching mediakit::

    class AcmeVideo(VideoEngine):
        name = "acme"
        description = "Acme's hosted video model over HTTP"

        def make(self, job, workdir, progress=None):
            ...  # call the service, download the mp4 into workdir
            return workdir / "acme.mp4"

    VIDEO_ENGINES.register("acme", AcmeVideo)

or ``[project.entry-points."mediakit.video_engines"] acme = "acme_video:AcmeVideo"``;
then ``MEDIAKIT_ENGINES=video-engine-2.5=acme`` (or ``presets/engines.yaml``)
says that ``acme`` serves ``video-engine-2.5`` (see ``routing``).

Local stand-ins say so in their name (``local-...``) and in every receipt.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..drawing.scene import read_scene
from ..registry import Registry
from ..render import ProgressCallback
from ..timeline import Timeline

SHORT_SIDE = {"480p": 480, "720p": 720, "1080p": 1080}
RATIOS: dict[str, tuple[int, int]] = {"9:16": (9, 16), "16:9": (16, 9), "1:1": (1, 1), "4:3": (4, 3),
                                      "3:4": (3, 4), "21:9": (21, 9), "4:5": (4, 5)}


def frame_size(aspect: str, quality: str) -> tuple[int, int]:
    """Output pixels of a named aspect at a quality: the shorter side is the quality's lines (even sizes).

    ``9:16`` at ``720p`` is 720x1280; ``21:9`` at ``1080p`` is 2520x1080.
    """
    a, b = RATIOS[aspect]
    short = SHORT_SIDE[quality]
    long_side = round(short * max(a, b) / min(a, b) / 2) * 2
    return (long_side, short) if a >= b else (short, long_side)


class Engine(ABC):
    """What every engine has: a name, a one-line description, and whether it is a local stand-in."""

    name: ClassVar[str]
    description: ClassVar[str]
    local: ClassVar[bool] = False

    def check(self) -> None:
        """Raise ``EngineError`` when the engine cannot run here (not configured, not installed).

        Called while planning, before any work and before a runner takes credits.
        """
        return None

    def note(self, model: str) -> str:
        """The receipt's line on who made the output for ``model``."""
        if self.local:
            return f"{self.name}: a local stand-in for {model} ({self.description})"
        return f"{self.name} served {model} ({self.description})"


def scene_notes(engine: Engine, prompt: str) -> list[str]:
    """The receipt's line on the scene a local engine draws for ``prompt``: the asset shown for each thing it
    names and the things it could not draw; none for a model's engine or an empty prompt."""
    return [read_scene(prompt).note()] if engine.local and prompt.strip() else []


# ---- video ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class VideoJob:
    """A planned video: the mode, the resolved canvas and aspect, and the local files of every input.

    ``prompt`` may be empty in image and reference modes.  ``aspect`` is a
    named aspect (``adaptive`` is resolved by the plan); ``width`` x
    ``height`` follow from it and ``quality``.  Reference lists keep the
    request's order (``@image1`` is ``refs[0]``).
    """

    model: str
    mode: str
    prompt: str
    seconds: int
    quality: str
    aspect: str
    width: int
    height: int
    first_frame: Path | None = None
    last_frame: Path | None = None
    refs: tuple[Path, ...] = ()
    video_refs: tuple[Path, ...] = ()
    audio_refs: tuple[Path, ...] = ()


class VideoEngine(Engine):
    """Makes a clip: a timeline for the shared renderer (local engines) or a finished video file."""

    @abstractmethod
    def make(self, job: VideoJob, workdir: Path, progress: ProgressCallback | None = None) -> Timeline | Path:
        """The clip for ``job``; intermediate files (and a downloaded result) go in ``workdir``."""


# ---- image ----------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class ImageJob:
    """A planned image request: ``n`` images of ``width`` x ``height`` from the prompt (and the refs' files)."""

    model: str
    mode: str
    prompt: str
    resolution: str
    width: int
    height: int
    n: int = 1
    refs: tuple[Path, ...] = ()


class ImageEngine(Engine):
    """Makes ``job.n`` images (any format Pillow reads; the generator delivers PNG)."""

    @abstractmethod
    def make(self, job: ImageJob, workdir: Path) -> list[Path]:
        """Exactly ``job.n`` image files, written in ``workdir``."""


# ---- speech ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SpeechJob:
    """A planned speech request: the text with its emotion tags, the voice as resolved, the speed."""

    model: str
    text: str
    voice: str
    speed: float = 1.0


class AudioEngine(Engine):
    """Speaks text (any audio format ffmpeg reads; the generator delivers MP3)."""

    @abstractmethod
    def voice(self, requested: str | None) -> str:
        """The voice to speak with: one of the seven named voices (the default when None) or a raw voice id.

        Raises a ``ValidationError`` on ``voice`` when this engine has no such voice.
        """

    @abstractmethod
    def make(self, job: SpeechJob, workdir: Path) -> Path:
        """The spoken ``job.text`` as an audio file in ``workdir``."""

    def voice_note(self, voice: str) -> str:
        """A receipt note on who speaks ``voice`` (the engine and its licence); empty when there is nothing to say."""
        return ""


VIDEO_ENGINES: Registry[VideoEngine] = Registry(
    "video engine", "engine", "mediakit.video_engines",
    {"local-animatic": "mediakit.engines.animatic:AnimaticEngine"})
IMAGE_ENGINES: Registry[ImageEngine] = Registry(
    "image engine", "engine", "mediakit.image_engines",
    {"local-designer": "mediakit.engines.designer:DesignerEngine",
     "openai-compatible": "mediakit.engines.openai_http:OpenAIImageEngine"})
AUDIO_ENGINES: Registry[AudioEngine] = Registry(
    "audio engine", "engine", "mediakit.audio_engines",
    {"local-voice": "mediakit.engines.local_voice:LocalVoiceEngine",
     "openai-compatible": "mediakit.engines.openai_http:OpenAISpeechEngine"})
REGISTRIES: dict[str, Registry[VideoEngine] | Registry[ImageEngine] | Registry[AudioEngine]] = {
    "video": VIDEO_ENGINES, "image": IMAGE_ENGINES, "audio": AUDIO_ENGINES}
