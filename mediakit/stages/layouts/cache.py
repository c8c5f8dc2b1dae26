"""Cached drawings: Pillow draws a picture once, the graph overlays the PNG every frame.

Device frames, masks, backdrops and cut-outs depend only on their parameters,
so each is stored under a hash of those parameters and drawn again only when
they change.  Writes go through a temporary file and ``os.replace`` so
parallel renders never read a half-written PNG.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from PIL import Image, ImageDraw

# Bump when a drawing changes, so caches from older versions are not reused.
DRAWING_VERSION = "1"


def cache_dir(folder: Path | None = None) -> Path:
    """``folder``, else ``$MEDIAKIT_CACHE``, else a per-user folder in the temp dir; created if missing."""
    if folder is None:
        env = os.environ.get("MEDIAKIT_CACHE")
        uid = getattr(os, "getuid", lambda: "user")()
        folder = Path(env) if env else Path(tempfile.gettempdir()) / f"mediakit-cache-{uid}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def cached_png(kind: str, params: object, draw: Callable[[], Image.Image], folder: Path | None = None) -> Path:
    """Path of the PNG ``draw()`` makes for ``params``, drawing it only if it is not cached yet."""
    digest = hashlib.sha256(f"{DRAWING_VERSION}|{kind}|{params!r}".encode()).hexdigest()[:20]
    path = cache_dir(folder) / f"{kind}-{digest}.png"
    if not path.exists():
        image = draw()
        fd, tmp = tempfile.mkstemp(prefix=f".{kind}-", suffix=".png", dir=path.parent)
        os.close(fd)
        try:
            image.save(tmp, "PNG")
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
    return path


def rounded_mask(width: int, height: int, radius: int, folder: Path | None = None) -> Path:
    """A white rounded rectangle on black: the alpha mask the graph ``alphamerge``s onto a layer.

    Drawn at 4x and reduced, so the curve is anti-aliased instead of stepped.
    """
    def draw() -> Image.Image:
        s = 4
        big = Image.new("L", (width * s, height * s), 0)
        ImageDraw.Draw(big).rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=radius * s, fill=255)
        return big.resize((width, height), Image.Resampling.LANCZOS)

    return cached_png("mask", (width, height, radius), draw, folder)
