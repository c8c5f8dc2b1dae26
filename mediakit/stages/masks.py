"""Masks shared by the PiP and the layouts: drawn once by Pillow (cached), overlaid by the graph every frame."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from ..cache import cached_png


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
