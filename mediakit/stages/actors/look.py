"""How a generated character looks: the ``look`` of an actor record, validated, and its derived palette."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from ...errors import ValidationError
from .sketch import RGB, mix, rgb, shade

HAIR_STYLES = ("short", "buzz", "bald", "receding", "side_part", "curly", "afro", "bob", "long", "wavy",
               "ponytail", "bun", "pixie", "braids")
FACE_SHAPES = ("oval", "round", "square", "long", "heart")
OUTFITS = ("tee", "vneck", "shirt", "blazer", "hoodie", "sweater", "turtleneck", "cardigan", "polo")
EXTRAS = ("glasses", "round-glasses", "earrings", "hoops", "beard", "stubble", "goatee", "moustache",
          "freckles", "blush", "wrinkles", "lashes", "necklace", "headband", "beanie")
EYE_STATES = ("open", "half", "closed")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Look:
    """How a generated character looks.  Colours are ``#rrggbb``; names come from the tuples above."""

    skin: str
    hair: str = "short"
    hair_color: str = "#3b2a20"
    eyes: str = "#5a3b22"
    face: str = "oval"
    outfit: str = "tee"
    outfit_color: str = "#4a78c2"
    accent: str = "#f4f1ea"
    background: str = "#f3d9b1"
    lips: str | None = None
    extras: tuple[str, ...] = ()
    beard_color: str | None = None
    """Facial hair's own colour ("a grey beard" on dark hair); None: the hair colour."""

    def __post_init__(self) -> None:
        for name in ("skin", "hair_color", "eyes", "outfit_color", "accent", "background", "lips", "beard_color"):
            value = getattr(self, name)
            if value is None and name in ("lips", "beard_color"):
                continue
            if not isinstance(value, str) or not _HEX.match(value):
                raise ValidationError(f"look.{name}", value, "must be a colour written #rrggbb")
        for name, allowed in (("hair", HAIR_STYLES), ("face", FACE_SHAPES), ("outfit", OUTFITS)):
            if getattr(self, name) not in allowed:
                raise ValidationError(f"look.{name}", getattr(self, name), f"must be one of {', '.join(allowed)}")
        for extra in self.extras:
            if extra not in EXTRAS:
                raise ValidationError("look.extras", extra, f"must be among {', '.join(EXTRAS)}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Look:
        """A look from YAML/JSON data; unknown keys are an error so typos do not pass silently."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValidationError("look", unknown[0], f"is not a look field; fields are {', '.join(sorted(known))}")
        if "skin" not in data:
            raise ValidationError("look.skin", None, "is required")
        values = dict(data)
        if "extras" in values:
            extras = values["extras"]
            if isinstance(extras, str) or not isinstance(extras, Sequence):
                raise ValidationError("look.extras", extras, "must be a list of names")
            values["extras"] = tuple(extras)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The look as YAML/JSON data (what ``from_dict`` reads): unset colours left out, extras a list."""
        data = {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}
        return {**data, "extras": list(self.extras)}

    def has(self, *names: str) -> bool:
        return any(n in self.extras for n in names)


@dataclass(frozen=True)
class Palette:
    """Colours derived once from a look, so every part of a character agrees."""

    skin: RGB
    skin_shadow: RGB
    skin_deep: RGB
    hair: RGB
    hair_shadow: RGB
    beard: RGB
    brows: RGB
    lips: RGB
    outfit: RGB
    outfit_shadow: RGB
    accent: RGB
    background: RGB
    eyes: RGB

    @classmethod
    def of(cls, look: Look) -> Palette:
        skin = rgb(look.skin)
        hair = rgb(look.hair_color)
        lum = sum(hair) / 3
        brows = shade(hair, 0.7) if lum > 120 else shade(hair, 0.9)
        lips = rgb(look.lips) if look.lips else mix(shade(skin, 0.82), (190, 84, 90), 0.35)
        outfit = rgb(look.outfit_color)
        beard = rgb(look.beard_color) if look.beard_color else hair
        return cls(skin=skin, skin_shadow=shade(skin, 0.88), skin_deep=shade(skin, 0.72), hair=hair,
                   hair_shadow=shade(hair, 0.78), beard=beard, brows=brows, lips=lips, outfit=outfit,
                   outfit_shadow=shade(outfit, 0.8), accent=rgb(look.accent), background=rgb(look.background),
                   eyes=rgb(look.eyes))
