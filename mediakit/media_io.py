"""Writing files so that nothing half-written is ever left under a final name.

Every file mediakit delivers (videos, WAVs, PNGs, receipts, sidecars, cached
drawings) is written to a temporary file beside its target and renamed into
place only when complete; a failure, a full disk or a kill leaves the target
untouched.  Renames within one folder are atomic on every platform Python
supports.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import ValidationError


def check_output_path(output: str | Path, *, field: str = "output") -> Path:
    """The target path, checked before any work starts: not a folder, and its folder exists."""
    out = Path(output)
    if out.is_dir():
        raise ValidationError(field, str(output), "is a folder; give a file path")
    if not out.parent.exists():
        raise ValidationError(field, str(output), f"its folder {str(out.parent)!r} does not exist")
    return out


@contextmanager
def atomic_path(target: str | Path, *, field: str = "output") -> Iterator[Path]:
    """Yield a temporary path beside ``target``; on success it replaces ``target``, on failure it is removed.

    The temporary name keeps the target's suffix, so tools that pick a format
    by extension (ffmpeg, Pillow) write the right one.
    """
    out = check_output_path(target, field=field)
    fd, name = tempfile.mkstemp(prefix=f".{out.stem}.", suffix=f".partial{out.suffix}", dir=out.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)


def write_text(target: str | Path, text: str, *, field: str = "output") -> Path:
    """Write ``text`` (UTF-8) to ``target`` atomically."""
    with atomic_path(target, field=field) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return Path(target)


def _umask() -> int:
    """The process umask (read by setting and restoring it), so outputs get normal permissions."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
