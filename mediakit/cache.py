"""The on-disk cache: files that depend only on their parameters are made once and reused.

Drawings (device frames, masks, cut-outs, sprites), prepared clips (lip-sync
tracks, keyed green-screen loops) and downloads are stored under a hash of
what made them, so a batch of a hundred variants draws each frame and
renders each actor once.  Files are written through ``atomic_path``, so
parallel renders never read a half-written file.  Bump ``CACHE_VERSION`` (or
the stage's own ``*_VERSION``) when what a key produces changes; drawings are
keyed by the code itself too (``drawing_version``), since a drawing changes
with any of the many modules and presets it reads.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from .media_io import atomic_path

if TYPE_CHECKING:
    from PIL import Image

CACHE_VERSION = "4"
CACHE_ENV = "MEDIAKIT_CACHE"


def cache_dir(folder: Path | None = None) -> Path:
    """``folder``, else ``$MEDIAKIT_CACHE``, else a per-user folder in the temp dir; created if missing."""
    if folder is None:
        env = os.environ.get(CACHE_ENV)
        uid = getattr(os, "getuid", lambda: "user")()
        folder = Path(env) if env else Path(tempfile.gettempdir()) / f"mediakit-cache-{uid}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def cache_key(kind: str, params: object) -> str:
    """A short stable digest of ``params`` for files of ``kind``."""
    return hashlib.sha256(f"{CACHE_VERSION}|{kind}|{params!r}".encode()).hexdigest()[:20]


def file_signature(path: Path) -> tuple[str, int, int]:
    """What identifies a file's content for a cache key, cheaply: its resolved path, size and modification time."""
    stat = path.stat()
    return (str(path.resolve()), stat.st_size, stat.st_mtime_ns)


def cached_file(kind: str, params: object, suffix: str, make: Callable[[Path], object],
                folder: Path | None = None) -> Path:
    """Path of the file ``make(tmp_path)`` writes for ``params``; made only when not cached yet."""
    path = cache_dir(folder) / f"{kind}-{cache_key(kind, params)}{suffix}"
    if not path.exists():
        with atomic_path(path) as tmp:
            make(tmp)
    return path


CACHE_PNG_LEVEL = 1
"""zlib level of cached PNGs: they are intermediates read once by the render, not deliverables.

Level 1 writes a full-frame b-roll card in about 0.07 s instead of 0.16 s
(the default, 6), for files about 1.5x larger; the pixels are the same.
"""


@cache
def drawing_version() -> str:
    """A digest of mediakit's code and of its presets' files (names and sizes), once per process.

    A drawing is made by many modules (lettering, palettes, scene assets,
    layouts) and none of them bumped a version when its look changed: after
    an update, b-roll cards drawn by the old code (with a label burned in that
    the new code no longer draws) were still served from the cache.
    """
    from .paths import data_dir

    digest = hashlib.sha256()
    package = Path(__file__).parent
    for source in sorted(package.rglob("*.py")):
        digest.update(str(source.relative_to(package)).encode() + source.read_bytes())
    presets = data_dir("presets")
    for asset in sorted(p for p in presets.rglob("*") if p.is_file()):
        digest.update(f"{asset.relative_to(presets)}:{asset.stat().st_size}".encode())
    return digest.hexdigest()[:16]


def cached_png(kind: str, params: object, draw: Callable[[], Image.Image], folder: Path | None = None) -> Path:
    """Path of the PNG ``draw()`` makes for ``params`` with this code, drawing it only if it is not cached yet."""
    return cached_file(kind, (drawing_version(), params), ".png",
                       lambda tmp: draw().save(tmp, "PNG", compress_level=CACHE_PNG_LEVEL), folder)
