"""Where a timeline's captions draw: its captions rendered alone on black, every frame, at a low rate."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import render
from mediakit.timeline import Canvas, Timeline

RATE = Fraction(8)   # frames a second: every page is seen, its entry animation included
INK = 24             # a pixel brighter than this on black is caption ink (glows and shadows' edges included)


def caption_ink(timeline: Timeline, folder: Path) -> np.ndarray:
    """A boolean mask (H x W) of every pixel any caption page touches over the timeline."""
    canvas = timeline.canvas
    alone = Timeline(Canvas(canvas.width, canvas.height, RATE), timeline.duration_ms, captions=timeline.captions)
    out = render(alone, folder / "captions-alone.mp4")
    raw = run_ffmpeg(["-i", str(out), "-f", "rawvideo", "-pix_fmt", "gray", "-"], what="decoding captions")
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, canvas.height, canvas.width)
    return np.asarray(frames.max(axis=0) > INK)


def ink_inside(mask: np.ndarray, rect: tuple[float, float, float, float]) -> int:
    """How many caption pixels fall inside ``rect`` (left, top, right, bottom in px)."""
    x0, y0, x1, y1 = (int(round(v)) for v in rect)
    return int(mask[y0:y1, x0:x1].sum())
