"""Locating and running the ffmpeg binary.

FFmpeg comes from the imageio-ffmpeg wheel (a full static build with libass,
libx264, freetype, harfbuzz and fontconfig), so ``pip install`` is the only
install step.  ``MEDIAKIT_FFMPEG`` overrides it.  The binary is located
lazily, on first use, never at import: importing mediakit must stay cheap and
must not fail on a machine where only the pure parts are used.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from .errors import RenderError

STDERR_TAIL_LINES = 25


@functools.cache
def ffmpeg_exe() -> str:
    """Path of the ffmpeg binary: ``$MEDIAKIT_FFMPEG``, else the one in the imageio-ffmpeg wheel.

    Without a binary of its own (a platform with no wheel build), or with
    ``$IMAGEIO_FFMPEG_EXE`` set, imageio-ffmpeg's search decides.
    """
    override = os.environ.get("MEDIAKIT_FFMPEG")
    if override:
        found = shutil.which(override) or (override if Path(override).is_file() else None)
        if not found:
            raise RenderError(f"MEDIAKIT_FFMPEG={override!r} is not an executable file")
        return found
    try:
        import imageio_ffmpeg
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise RenderError("imageio-ffmpeg is not installed; pip install imageio-ffmpeg") from exc
    if not os.environ.get("IMAGEIO_FFMPEG_EXE"):
        bundled = sorted(Path(imageio_ffmpeg.__file__).parent.glob("binaries/ffmpeg-*"))
        if bundled and os.access(bundled[-1], os.X_OK):
            # imageio-ffmpeg would first run it with -version to check it: a process start per mediakit run
            return str(bundled[-1])
    return str(imageio_ffmpeg.get_ffmpeg_exe())


def tail(text: str, lines: int = STDERR_TAIL_LINES) -> str:
    """Last lines of a process's stderr, for error messages."""
    return "\n".join(text.strip().splitlines()[-lines:])


def run_ffmpeg(args: Sequence[str], *, what: str, env: dict[str, str] | None = None,
               input_bytes: bytes | None = None) -> bytes:
    """Run ffmpeg to completion and return stdout; raise ``RenderError`` with stderr's tail."""
    return run_ffmpeg_full(args, what=what, env=env, input_bytes=input_bytes)[0]


def run_ffmpeg_full(args: Sequence[str], *, what: str, env: dict[str, str] | None = None,
                    input_bytes: bytes | None = None) -> tuple[bytes, str]:
    """Like ``run_ffmpeg`` but also returns stderr, where meters such as ebur128 report."""
    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", *args]
    proc = subprocess.run(cmd, input=input_bytes, capture_output=True, env=env, check=False)
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        raise RenderError(f"ffmpeg failed while {what}", cmd=cmd, returncode=proc.returncode,
                          stderr_tail=tail(err))
    return proc.stdout, err

