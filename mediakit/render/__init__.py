"""Render core: compile a timeline to one ffmpeg graph, then execute it atomically."""

from __future__ import annotations

from pathlib import Path

from ..media_io import check_output_path
from ..timeline import Timeline
from .compile import Compiled, compile_timeline
from .execute import ProgressCallback, execute
from .profile import DEFAULT_PROFILE, Profile, StillProfile, VideoProfile

__all__ = ["Compiled", "ProgressCallback", "Profile", "StillProfile", "VideoProfile", "check_output_path",
           "compile_timeline", "execute", "render"]


def render(timeline: Timeline, output: str | Path, *, profile: Profile = DEFAULT_PROFILE,
           progress: ProgressCallback | None = None) -> Path:
    """Compile and run ``timeline``; the one call most users need."""
    check_output_path(output)
    return execute(compile_timeline(timeline, profile), output, progress=progress)
