"""An audition: an actor saying a line in their own voice, rendered to a video file.

The quickest way to see and hear an actor before choosing them for a batch:
speech from the voice stage (with the actor's ``voice_id`` unless another
voice is asked for), then the actor's talking track, full frame.  A small
recipe above the stages: the talking stage returns tracks and never writes a
finished file; this module does.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from ..render import DEFAULT_PROFILE, ProgressCallback, check_output_path, execute, render
from ..stages.actors.catalog import DEFAULT_LIP_SYNC_ENGINE, Actor
from ..stages.actors.lipsync import VisemeEngine
from ..stages.actors.talking import Background, SpeechInput, lipsync_request, talking_track
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

    Drawn actors on the built-in engine render in ONE ffmpeg run straight to
    ``output`` (no intermediate clip); other kinds go through a timeline.
    """
    if actor.kind in ("generated", "photo") and actor.lip_sync_engine == DEFAULT_LIP_SYNC_ENGINE:
        request = lipsync_request(actor, speech, canvas.width, canvas.height, canvas.fps, speech.duration_ms,
                                  background)
        with tempfile.TemporaryDirectory(prefix="mediakit-puppet-") as tmp:
            compiled = VisemeEngine().compile(request, Path(tmp), DEFAULT_PROFILE.output_options(),
                                              audio=speech.audio)
            return execute(compiled, output, progress=progress)
    track = talking_track(actor, speech, canvas.box, fps=canvas.fps, background=background)
    timeline = Timeline(canvas, speech.duration_ms, layers=track.layers, audio=(AudioClip(speech.audio),))
    return render(timeline, output, progress=progress)
