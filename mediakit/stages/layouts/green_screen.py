"""The green-screen layout: the actor cut out of their picture, standing in front of a page, an app or b-roll.

The picture (a product page or app screenshot given as b-roll, the product
photo, or a b-roll picture drawn from the script) fills the frame whole at
its width from the top (``fills.page_backdrop``).  The actor stands in the
lower ``ACTOR_SHARE`` of the frame, the full width, cut out of their own
picture (``actors.person_cutout``), so the page shows around and above
them; the captions are placed off the face as on any spoken ad.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...timeline import Box, Canvas, Crop, ImageLayer, Track
from ..actors.catalog import Actor
from ..actors.person_cutout import cut_out
from ..actors.talking import SpeechInput, talking_track
from ..broll import get_engine
from .fills import page_backdrop

GREEN_SCREEN_HELP = ("green_screen (a mediakit extension): the actor cut out of their picture, in front of "
                     "broll_images[0] (a product page or app screenshot), else product_image_url, else a picture "
                     "drawn from the script; no b-roll cuts, no PiP.")
MAX_PROMPT = 200     # characters of the first sentence a drawn picture is asked for
ACTOR_SHARE = 0.58   # of the frame's height: the actor's box, along the foot of the frame


def actor_box(canvas: Canvas) -> Box:
    """Where the actor stands: the full width, the lower ``ACTOR_SHARE`` of the height (even sizes)."""
    h = round(canvas.height * ACTOR_SHARE) // 2 * 2
    return Box(0, canvas.height - h, canvas.width, h)


def green_screen_track(actor: Actor, speech: SpeechInput, picture: Path, canvas: Canvas, duration_ms: int) -> Track:
    """The page ``picture`` over the whole frame and the actor saying ``speech`` cut out in front of its foot."""
    back = page_backdrop(picture, (canvas.width, canvas.height))
    box = actor_box(canvas)
    behind = ImageLayer(path=back, crop=Crop(box.x / canvas.width, box.y / canvas.height, box.w / canvas.width,
                                             box.h / canvas.height))
    track = talking_track(actor, speech, box, fps=canvas.fps, duration_ms=duration_ms)
    return Track((ImageLayer(path=back), *cut_out(track.layers, behind)), duration_ms)


def page_for(given: Path | None, speech: SpeechInput, canvas: Canvas, broll_model: str | None) -> Path:
    """The picture behind the actor: the one the request gave, else a b-roll picture drawn from the first
    sentence said."""
    if given is not None:
        return given
    said = " ".join(w.text for w in speech.words)
    first = re.split(r"(?<=[.!?])\s", said, maxsplit=1)[0] or said
    return get_engine(broll_model).generate(first[:MAX_PROMPT], canvas.width, canvas.height)
