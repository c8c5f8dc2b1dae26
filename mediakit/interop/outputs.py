"""Any mediakit output opened as a MoviePy clip or a pydub AudioSegment."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..errors import MediaError
from ..ffmpeg import run_ffmpeg
from ..probe import probe
from .extras import require

Output = str | os.PathLike[str] | Any
"""A path, or a result with an ``output`` path (``generate``'s ``Result``, ``burn_subtitles``' and others)."""

_STILLS = (".png", ".jpg", ".jpeg", ".webp")


def to_moviepy(output: Output) -> Any:
    """``output`` as a MoviePy clip: a ``VideoFileClip`` (with its audio), ``ImageClip`` or ``AudioFileClip``.

    The clip keeps its file open; close it (``clip.close()`` or ``with``)
    when done.
    """
    moviepy = require("moviepy", "moviepy")
    path = _path(output)
    if path.suffix.lower() in _STILLS:
        return moviepy.ImageClip(str(path))
    if probe(path).video is None:
        return moviepy.AudioFileClip(str(path))
    return moviepy.VideoFileClip(str(path))


def to_audiosegment(output: Output) -> Any:
    """The sound of ``output`` (a video's audio track, or an audio file) as a pydub ``AudioSegment``.

    Decoded by mediakit's own ffmpeg to 16-bit PCM at the file's own rate and
    channels, so pydub needs no ffmpeg on PATH.
    """
    pydub = require("pydub", "pydub")
    path = _path(output)
    audio = probe(path).audio
    if audio is None:
        raise MediaError(path, "has no audio stream")
    pcm = run_ffmpeg(["-i", str(path), "-vn", "-f", "s16le", "-c:a", "pcm_s16le", "-ar", str(audio.sample_rate),
                      "-ac", str(audio.channels), "pipe:1"], what=f"decoding the audio of {path}")
    return pydub.AudioSegment(data=pcm, sample_width=2, frame_rate=audio.sample_rate, channels=audio.channels)


def _path(output: Output) -> Path:
    return Path(getattr(output, "output", output))
