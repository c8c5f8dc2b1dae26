"""Model engines: what serves each catalog model (local stand-ins by default, HTTP adapters by configuration).

- ``local-animatic`` (video), ``local-designer`` (image), ``local-voice``
  (speech): real media made locally from the request's own inputs, named as
  stand-ins in every receipt;
- ``openai-compatible`` (image and speech): any server that speaks the
  OpenAI images and speech APIs, configured by ``MEDIAKIT_OPENAI_*``;
- plug-ins: the ``mediakit.video_engines``, ``mediakit.image_engines`` and
  ``mediakit.audio_engines`` entry point groups.

Which engine serves which model: ``presets/engines.yaml``, overridden by
``MEDIAKIT_ENGINE_<KIND>`` and ``MEDIAKIT_ENGINES`` (see ``routing``).
"""

from .base import (
    AUDIO_ENGINES,
    IMAGE_ENGINES,
    REGISTRIES,
    VIDEO_ENGINES,
    AudioEngine,
    Engine,
    ImageEngine,
    ImageJob,
    SpeechJob,
    VideoEngine,
    VideoJob,
    frame_size,
    scene_notes,
)
from .routing import ENGINES_ENV, KIND_ENV, engine_for, engine_name

__all__ = [
    "AUDIO_ENGINES",
    "ENGINES_ENV",
    "IMAGE_ENGINES",
    "KIND_ENV",
    "REGISTRIES",
    "VIDEO_ENGINES",
    "AudioEngine",
    "Engine",
    "ImageEngine",
    "ImageJob",
    "SpeechJob",
    "VideoEngine",
    "VideoJob",
    "engine_for",
    "engine_name",
    "frame_size",
    "scene_notes",
]
