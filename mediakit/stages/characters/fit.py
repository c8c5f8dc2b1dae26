"""Whether a drawn look already is what a description states: the test for casting a bundled actor as is.

A bundled actor restyled too far (a dark-haired woman given a red bob, a
clean-shaven man given a grey beard) is a different person wearing the
actor's name, so casting builds a new character instead when no bundled look
fits.  Only what the words state is compared, and only what makes the person
(hair style and colour, facial hair and its colour, glasses, skin); clothes
are a costume any actor can wear.
"""

from __future__ import annotations

import math

from ..actors.look import Look
from ..actors.sketch import rgb
from .describe import FACIAL_HAIR, stated

# how far (RGB distance) a drawn colour may be from the stated one and still be it
HAIR_TOLERANCE = 64.0
SKIN_TOLERANCE = 48.0


def misfits(look: Look, description: str) -> list[str]:
    """The stated features ``look`` does not show (empty: the look fits the description)."""
    asked = stated(description)
    extras = set(asked["extras"])
    out = []
    if "hair" in asked and asked["hair"] != look.hair:
        out.append(f"the {asked['hair'].replace('_', ' ')} hair")
    if "hair_color" in asked and _distance(asked["hair_color"], look.hair_color) > HAIR_TOLERANCE:
        out.append("the hair colour")
    beards = extras & set(FACIAL_HAIR)
    if beards - set(look.extras):
        out.append(f"a {' and '.join(sorted(beards - set(look.extras)))}")
    if "beard_color" in asked and _distance(asked["beard_color"], look.beard_color or look.hair_color) > HAIR_TOLERANCE:
        out.append("the beard colour")
    if "round-glasses" in extras and "round-glasses" not in look.extras:
        out.append("round glasses")
    elif "glasses" in extras and not {"glasses", "round-glasses"} & set(look.extras):
        out.append("glasses")
    if "skin" in asked and _distance(asked["skin"], look.skin) > SKIN_TOLERANCE:
        out.append("the skin tone")
    return out


def _distance(a: str, b: str) -> float:
    return math.dist(rgb(a), rgb(b))
