"""What a prompt says to a drawing: its colours.

Shared by the local stand-in b-roll engine and the designs (``design.py``), so the
same prompt gets the same colours from both.
"""

from __future__ import annotations

import hashlib
import re

RGB = tuple[int, int, int]

# keyword -> (top colour, bottom colour, accent); first match in the prompt wins
_PALETTES: tuple[tuple[tuple[str, ...], RGB, RGB, RGB], ...] = (
    (("ocean", "sea", "beach", "water", "wave", "pool", "lake", "river", "blue", "sky"), (32, 110, 180),
     (8, 40, 84), (120, 220, 235)),
    (("sunset", "sunrise", "orange", "warm", "fire", "autumn"), (250, 150, 70), (150, 40, 80), (255, 220, 130)),
    (("forest", "green", "nature", "plant", "garden", "leaf", "park", "eco", "mountain", "hike"), (60, 140, 90),
     (16, 56, 40), (190, 230, 140)),
    (("coffee", "wood", "brown", "bread", "cafe", "chocolate"), (160, 105, 70), (58, 36, 28), (240, 205, 160)),
    (("night", "dark", "city", "neon", "space", "galaxy"), (60, 40, 120), (10, 10, 36), (255, 80, 200)),
    (("pink", "beauty", "skin", "skincare", "makeup", "flower", "rose", "love"), (245, 170, 190), (170, 70, 120),
     (255, 235, 240)),
    (("tech", "app", "phone", "software", "code", "laptop", "data", "ai", "saas", "dashboard"), (70, 90, 230),
     (20, 24, 70), (80, 230, 255)),
    (("food", "kitchen", "cook", "meal", "fruit", "lemon", "yellow"), (250, 200, 80), (200, 90, 40), (255, 250, 220)),
    (("gold", "luxury", "premium", "watch", "jewel"), (60, 50, 40), (14, 12, 10), (230, 190, 110)),
    (("fitness", "gym", "sport", "run", "energy", "red"), (230, 70, 60), (90, 16, 30), (255, 200, 120)),
    (("snow", "winter", "ice", "clean", "white", "fresh"), (220, 235, 245), (130, 160, 190), (255, 255, 255)),
)
_FALLBACK: tuple[tuple[RGB, RGB, RGB], ...] = (
    ((110, 80, 200), (30, 20, 70), (255, 190, 90)),
    ((40, 150, 160), (14, 40, 60), (255, 230, 150)),
    ((220, 110, 90), (70, 30, 60), (255, 225, 200)),
    ((90, 120, 150), (24, 30, 44), (160, 230, 200)),
)
def palette(prompt: str) -> tuple[RGB, RGB, RGB]:
    """(top, bottom, accent) colours: from the first keyword the prompt names, else from its hash."""
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", prompt)}
    for keys, top, bottom, accent in _PALETTES:
        if words.intersection(keys):
            return top, bottom, accent
    return _FALLBACK[prompt_seed(prompt) % len(_FALLBACK)]


def prompt_seed(prompt: str) -> int:
    """A stable number from the prompt (case and outer spaces aside), for colours and variants."""
    return int.from_bytes(hashlib.sha256(prompt.strip().lower().encode()).digest()[:8], "big")
