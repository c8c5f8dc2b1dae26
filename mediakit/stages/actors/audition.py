"""An audition: an actor saying a line in their own voice, rendered to a video file.

The quickest way to see and hear an actor before choosing them for a batch:
speech from the voice stage (with the actor's ``voice_id`` unless another
voice is asked for), then the actor's talking track, full frame.
"""

from __future__ import annotations

from pathlib import Path

from ...render import ProgressCallback, check_output_path
from ...timeline import Canvas
from ..voice import synthesize
from .catalog import Actor
from .talking import Background, SpeechInput, render_talking


def audition(actor: Actor, text: str, output: str | Path, *, aspect: str = "9:16", voice: str | None = None,
             background: Background = None, progress: ProgressCallback | None = None) -> Path:
    """Render ``actor`` saying ``text`` to ``output`` (``aspect``: 9:16 is 1080x1920, also 1:1 and 16:9)."""
    check_output_path(output)
    canvas = Canvas.for_aspect(aspect)
    speech = synthesize(text, voice=voice, actor_voice_id=actor.voice_id)
    return render_talking(actor, SpeechInput.from_speech(speech), output, canvas=canvas, background=background,
                          progress=progress)
