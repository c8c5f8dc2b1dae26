"""An audition: an actor saying a line in their own voice, rendered to a video file.

The quickest way to see and hear an actor before choosing them for a batch:
speech from the voice stage (with the actor's ``voice_id`` unless another
voice is asked for), then the actor's talking track, full frame.  A small
recipe above the stages: the talking stage returns tracks and never writes a
finished file; this module does.
"""

from __future__ import annotations

from pathlib import Path

from ..render import ProgressCallback, check_output_path, render
from ..stages.actors.catalog import Actor
from ..stages.actors.talking import Background, SpeechInput, talking_track
from ..stages.voice import synthesize
from ..timeline import AudioClip, Canvas, Timeline


def audition(actor: Actor, text: str, output: str | Path, *, aspect: str = "9:16", voice: str | None = None,
             background: Background = None, progress: ProgressCallback | None = None) -> Path:
    """Render ``actor`` saying ``text`` to ``output`` (``aspect``: 9:16 is 1080x1920, also 1:1 and 16:9)."""
    check_output_path(output)
    canvas = Canvas.for_aspect(aspect)
    speech = synthesize(text, voice=voice, actor_voice_id=actor.voice_id)
    return render_talking(actor, SpeechInput.from_speech(speech), output, canvas=canvas, background=background,
                          progress=progress)


def render_talking(actor: Actor, speech: SpeechInput, output: str | Path, *, canvas: Canvas,
                   background: Background = None, progress: ProgressCallback | None = None) -> Path:
    """Render the actor speaking, full frame, with the speech as sound: the audition.

    Just a timeline: a drawn actor on the built-in engine is animated inside
    the render's one graph, straight to ``output`` (no intermediate clip).
    """
    track = talking_track(actor, speech, canvas.box, fps=canvas.fps, background=background)
    timeline = Timeline(canvas, speech.duration_ms, layers=track.layers, audio=(AudioClip(speech.audio),))
    return render(timeline, output, progress=progress)
