"""Render core: compile a timeline to one ffmpeg graph, then execute it atomically."""

from __future__ import annotations

from pathlib import Path

from ..fonts import font_file
from ..media_io import check_output_path
from ..timeline import TextLayer, Timeline
from .compile import Compiled, FontFiles, compile_timeline
from .execute import ProgressCallback, captions_file, execute
from .profile import DEFAULT_PROFILE, ClipProfile, Profile, StillProfile, VideoProfile

__all__ = ["ClipProfile", "Compiled", "FontFiles", "ProgressCallback", "Profile", "StillProfile", "VideoProfile",
           "captions_file", "check_output_path", "compile_timeline", "execute", "render", "text_fonts"]


def render(timeline: Timeline, output: str | Path, *, profile: Profile = DEFAULT_PROFILE,
           progress: ProgressCallback | None = None) -> Path:
    """Compile and run ``timeline``; the one call most users need."""
    check_output_path(output)
    with captions_file(timeline) as captions:
        compiled = compile_timeline(timeline, profile, fonts=text_fonts(timeline), captions_file=captions)
        return execute(compiled, output, progress=progress)


def text_fonts(timeline: Timeline) -> FontFiles:
    """The font file of every text layer's (family, bold), looked up before compiling (which reads no files)."""
    return {(layer.font, layer.bold): font_file(layer.font, bold=layer.bold)
            for layer in timeline.layers if isinstance(layer, TextLayer)}
