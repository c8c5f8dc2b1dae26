"""MoviePy clips and pydub segments as input files: written once, then fetched like any other file.

The render reads files inside its one ffmpeg graph, so a clip built in
Python becomes a file first: a ``VideoClip`` a MOV (H.264 at CRF 12, BT.709
tagged, its audio as 16-bit PCM), an ``AudioClip`` or ``AudioSegment`` a
16-bit WAV.  MOV is the container every video input accepts, screen
recordings included (mp4/mov only).

Recognising a foreign object imports nothing: a clip can only exist once
its package is imported, so :func:`foreign_suffix` looks the classes up in
``sys.modules``.  Each object is written once per process (a batch that uses
one clip in 100 variants writes it once) into a folder removed at exit.
"""

from __future__ import annotations

import atexit
import itertools
import shutil
import sys
import tempfile
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import ValidationError
from ..media_io import atomic_path

Foreign = Any
"""A MoviePy ``VideoClip``/``AudioClip`` or a pydub ``AudioSegment`` (optional packages, so not imported here)."""

VIDEO_FPS = 30          # for clips without a frame rate of their own (ImageClip, ColorClip)
AUDIO_RATE = 48_000     # for audio clips without a sample rate of their own
VIDEO_CRF = 12          # visually lossless H.264; the render re-encodes it anyway
_COLOUR = ["-vf", "scale=out_color_matrix=bt709:out_range=tv", "-colorspace", "bt709", "-color_primaries",
           "bt709", "-color_trc", "bt709", "-color_range", "tv"]

_written: dict[int, tuple[weakref.ref[Any], Path]] = {}
_numbers = itertools.count(1)
_session: Path | None = None


def foreign_suffix(obj: object) -> str | None:
    """The file suffix ``obj`` is written as (``.mov``, ``.wav``), or None when it is not a foreign object."""
    moviepy = sys.modules.get("moviepy")
    if moviepy is not None:
        if isinstance(obj, moviepy.VideoClip):
            return ".mov"
        if isinstance(obj, moviepy.AudioClip):
            return ".wav"
    pydub = sys.modules.get("pydub")
    if pydub is not None and isinstance(obj, pydub.AudioSegment):
        return ".wav"
    return None


def as_input(obj: Foreign, workdir: Path) -> Path:
    """The file in ``workdir`` holding ``obj`` (written on first use, the same file afterwards)."""
    suffix = foreign_suffix(obj)
    if suffix is None:
        raise ValidationError("input", type(obj).__name__, "must be a file, a MoviePy clip or a pydub AudioSegment")
    known = _written.get(id(obj))
    if known is not None and known[0]() is obj and known[1].is_file():
        return known[1]
    target = workdir / f"{type(obj).__name__.lower()}-{next(_numbers)}{suffix}"
    with atomic_path(target, field="input") as tmp:
        _write(obj, tmp)
    _written[id(obj)] = (weakref.ref(obj), target)
    return target


def as_files(value: Any) -> Any:
    """``value`` with every foreign object in it (nested in mappings and lists too) replaced by its file's path.

    The seam of the Python API: a request body or an option goes through it
    before parsing, so the generators only ever see paths.
    """
    if foreign_suffix(value) is not None:
        return str(as_input(value, _session_dir()))
    if isinstance(value, Mapping):
        return {k: as_files(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(as_files(v) for v in value)
    return value


def _write(obj: Foreign, path: Path) -> None:
    if sys.modules.get("pydub") is not None and isinstance(obj, sys.modules["pydub"].AudioSegment):
        obj.export(str(path), format="wav")  # pydub writes WAV itself, without an ffmpeg on PATH
        return
    if obj.duration is None:
        raise ValidationError("input", type(obj).__name__, "must have a duration (set one with with_duration)")
    if path.suffix == ".wav":
        obj.write_audiofile(str(path), fps=getattr(obj, "fps", None) or AUDIO_RATE, nbytes=2, codec="pcm_s16le",
                            logger=None)
        return
    obj.write_videofile(str(path), fps=getattr(obj, "fps", None) or VIDEO_FPS, codec="libx264", preset="veryfast",
                        audio_codec="pcm_s16le", audio=obj.audio is not None,
                        ffmpeg_params=["-crf", str(VIDEO_CRF), *_COLOUR], logger=None)


def _session_dir() -> Path:
    """This process's folder of written clips, removed when it exits."""
    global _session
    if _session is None:
        _session = Path(tempfile.mkdtemp(prefix="mediakit-interop-"))
        atexit.register(shutil.rmtree, _session, ignore_errors=True)
    return _session
