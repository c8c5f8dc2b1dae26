"""make_ugc's ``look``: natural, commercial or raw_iphone, as layers over a finished timeline.

The spec asks for a real visual difference, so each look changes what is
seen, inside the same single render (no second encode):

- ``natural``: the timeline as it is;
- ``commercial``: a polished ad grade: a soft vignette that darkens the
  corners and pulls the eye to the centre, and a faint warm lift;
- ``raw_iphone``: a phone in a hand: the picture layers sway in a quick,
  small, irregular camera shake (each layer enlarged a little so no edge
  shows), moving film grain over everything, and a slightly cool cast.

Overlays are drawn or generated once per canvas size and cached.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from ..cache import cached_file, cached_png
from ..ffmpeg import run_ffmpeg
from ..timeline import Box, ColorLayer, Hover, ImageLayer, Timeline, VideoLayer, VisualLayer

LOOKS = ("natural", "commercial", "raw_iphone")
SHAKE_PX = 6          # how far the hand moves the picture, at most, either way
GRAIN_OPACITY = 0.2
VIGNETTE = (140, 0.12, 0.08, 0.15)  # corner alpha, clear ellipse overhang (x, y), blur (of the short side)


def apply_look(timeline: Timeline, look: str) -> Timeline:
    """``timeline`` in ``look`` (see the module docstring); ``natural`` returns it unchanged."""
    w, h = timeline.canvas.width, timeline.canvas.height
    if look == "natural":
        return timeline
    if look == "commercial":
        overlays: tuple[VisualLayer, ...] = (
            ColorLayer(color="#ffb070", opacity=0.05),
            ImageLayer(path=vignette(w, h)),
        )
        return replace(timeline, layers=(*timeline.layers, *overlays))
    shaken = tuple(_shake(layer, i, w, h) for i, layer in enumerate(timeline.layers))
    grain = VideoLayer(path=grain_clip(w, h), loop=True, opacity=GRAIN_OPACITY)
    return replace(timeline, layers=(*shaken, ColorLayer(color="#6fa8ff", opacity=0.04), grain))


def _shake(layer: VisualLayer, index: int, w: int, h: int) -> VisualLayer:
    """A full-frame picture layer enlarged by the shake's reach and swaying; placed layers sway less."""
    if isinstance(layer, ColorLayer):
        return layer
    period = 700 + 130 * (index % 3)
    if layer.box is None:
        box = Box(-SHAKE_PX, -SHAKE_PX, w + 2 * SHAKE_PX, h + 2 * SHAKE_PX)
        return replace(layer, box=box, hover=Hover(dx=SHAKE_PX - 1, dy=SHAKE_PX - 2, period_ms=period))
    return replace(layer, hover=layer.hover or Hover(dx=SHAKE_PX // 2, dy=SHAKE_PX // 2, period_ms=period))


def vignette(w: int, h: int) -> Path:
    """A transparent frame whose corners darken smoothly (an ellipse of clear centre, blurred)."""
    def draw() -> Image.Image:
        dark, ox, oy, blur = VIGNETTE
        alpha = Image.new("L", (w, h), dark)
        ImageDraw.Draw(alpha).ellipse((-w * ox, -h * oy, w * (1 + ox), h * (1 + oy)), fill=0)
        alpha = alpha.filter(ImageFilter.GaussianBlur(min(w, h) * blur))
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        img.putalpha(alpha)
        return img

    return cached_png("look-vignette", (w, h, VIGNETTE), draw)


def grain_clip(w: int, h: int) -> Path:
    """Two seconds of moving monochrome grain around mid grey, looped under the grain layer's opacity."""
    def make(tmp: Path) -> None:
        run_ffmpeg(["-f", "lavfi", "-i", f"color=c=0x808080:s={w}x{h}:r=24:d=2", "-vf",
                    "noise=alls=100:allf=t+u,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast",
                    "-crf", "18", "-an", "-y", str(tmp)], what="making film grain")

    return cached_file("look-grain", (w, h, 100), ".mp4", make)
