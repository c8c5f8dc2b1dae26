"""Where a timeline's captions draw: its captions rendered alone on black, or the picture with and without them,
every frame, at a low rate."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import render
from mediakit.timeline import Canvas, Timeline

RATE = Fraction(8)   # frames a second: every page is seen, its entry animation included
INK = 24             # a pixel brighter than this on black is caption ink (glows and shadows' edges included)
CHANGED = 40         # a pixel whose luma changes by more than this when the captions are burnt is caption ink,
                     # where two of its four neighbours change too (a lone pixel is the encoder's, not a letter)


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


def frames_at(timeline: Timeline, path: Path) -> np.ndarray:
    """Every frame (N x H x W x 3, RGB) of ``timeline``'s picture rendered at ``RATE``, no sound."""
    canvas = timeline.canvas
    low = replace(timeline, canvas=Canvas(canvas.width, canvas.height, RATE), audio=())
    out = render(low, path)
    raw = run_ffmpeg(["-i", str(out), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], what="decoding frames")
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, canvas.height, canvas.width, 3)


def picture_and_ink(timeline: Timeline, folder: Path) -> tuple[np.ndarray, np.ndarray]:
    """The picture's frames without captions, and per frame (N x H x W) where the burnt captions change it."""
    plain = frames_at(replace(timeline, captions=None), folder / "plain.mp4")
    burnt = frames_at(timeline, folder / "burnt.mp4")
    n = min(len(plain), len(burnt))
    luma = np.array([0.299, 0.587, 0.114])
    changed = np.abs((plain[:n] - burnt[:n].astype(np.float32)) @ luma) > CHANGED
    padded = np.pad(changed, ((0, 0), (1, 1), (1, 1)))
    neighbours = (padded[:, :-2, 1:-1].astype(int) + padded[:, 2:, 1:-1] + padded[:, 1:-1, :-2] + padded[:, 1:-1, 2:])
    return plain[:n], changed & (neighbours >= 2)
