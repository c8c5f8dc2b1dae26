"""A character description in plain words, read as a drawn ``Look`` and a name.

The hosted service gives a description to an image model; the local stand-in
reads the words an image model would honour first (hair colour and style,
age, clothes and their colours, glasses, beard, skin) and draws them, so
"an old man with a white beard in a green hoodie" is visibly that.  Words it
does not know leave the choice to a deterministic pick from the
description's hash, so the same description always draws the same person.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from typing import Any

from ..actors.look import Look

COLOURS: dict[str, str] = {
    "black": "#1f1b1c", "white": "#f2f0ea", "grey": "#8d8f94", "gray": "#8d8f94", "silver": "#c3c6cc",
    "red": "#c2362f", "crimson": "#9e1b32", "orange": "#e2762b", "yellow": "#e8c33a", "gold": "#d4a437",
    "green": "#3f8f4e", "olive": "#7a7d3a", "teal": "#2a8c8c", "blue": "#3566b8", "navy": "#23335e",
    "purple": "#7246a8", "violet": "#8a5cc2", "pink": "#e07aa8", "brown": "#6b4430", "beige": "#d8c3a0",
    "cream": "#efe4cc", "mint": "#8fd6b5", "turquoise": "#3cc0c0", "maroon": "#6e2230", "lavender": "#b7a3e0",
}
HAIR_COLOURS: dict[str, str] = {
    "blonde": "#e3c27a", "blond": "#e3c27a", "golden": "#d9b060", "red": "#b3432b", "redhead": "#b3432b",
    "ginger": "#c0612f", "auburn": "#8c3b24", "black": "#1e1a18", "dark": "#2b211c", "brown": "#5a3b28",
    "brunette": "#4a2f22",
    "grey": "#a9a9ad", "gray": "#a9a9ad", "silver": "#c8c8cc", "white": "#ecebe6", "pink": "#e58fb8",
    "blue": "#4a78c2", "purple": "#8a5cc2", "green": "#4f9a5e",
}
SKINS: dict[str, str] = {"pale": "#f6dcc8", "fair": "#f2d3bd", "light": "#efcdb4", "olive": "#d4a27c",
                         "tan": "#c98f66", "tanned": "#c98f66", "brown": "#9c6644", "dark": "#6e4530",
                         "deep": "#5b3826"}
DEFAULT_SKINS = ("#f2d3bd", "#e8b995", "#d4a27c", "#b57b55", "#8d5a3b", "#6e4530")
HAIR_WORDS: dict[str, str] = {
    "bald": "bald", "buzz": "buzz", "buzzcut": "buzz", "shaved": "buzz", "curly": "curly", "curls": "curly",
    "afro": "afro", "bob": "bob", "long": "long", "wavy": "wavy", "waves": "wavy", "ponytail": "ponytail",
    "bun": "bun", "pixie": "pixie", "braids": "braids", "braided": "braids", "receding": "receding",
    "short": "short", "parted": "side_part",
}
OUTFIT_WORDS: dict[str, str] = {
    "tee": "tee", "t-shirt": "tee", "tshirt": "tee", "shirt": "shirt", "blouse": "shirt", "blazer": "blazer",
    "suit": "blazer", "jacket": "blazer", "coat": "blazer", "hoodie": "hoodie", "sweatshirt": "hoodie",
    "sweater": "sweater", "jumper": "sweater", "turtleneck": "turtleneck", "cardigan": "cardigan", "polo": "polo",
    "v-neck": "vneck", "vneck": "vneck",
}
EXTRA_WORDS: dict[str, str] = {
    "glasses": "glasses", "spectacles": "round-glasses", "beard": "beard", "bearded": "beard",
    "stubble": "stubble", "goatee": "goatee", "moustache": "moustache", "mustache": "moustache",
    "freckles": "freckles", "freckled": "freckles", "earrings": "earrings", "hoops": "hoops",
    "necklace": "necklace", "headband": "headband", "beanie": "beanie",
}
FEMININE = frozenset(("woman", "women", "girl", "lady", "she", "her", "female", "mom", "mother", "grandma",
                      "grandmother", "queen", "princess", "witch", "actress", "sister", "aunt", "wife"))
MASCULINE = frozenset(("man", "men", "guy", "boy", "he", "his", "male", "dad", "father", "grandpa",
                       "grandfather", "king", "prince", "wizard", "actor", "brother", "uncle", "husband"))
OLD = frozenset(("old", "elderly", "senior", "aged", "grandma", "grandpa", "grandmother", "grandfather",
                 "retired", "wizard"))
NAMES = {"female": ("Mara", "Ines", "Lena", "Priya", "Zoe", "Ama", "Yuki", "Rosa", "Nadia", "Ivy"),
         "male": ("Theo", "Kofi", "Ravi", "Leo", "Marco", "Sami", "Ezra", "Hugo", "Jin", "Owen")}
_NAMED = re.compile(r"\b(?:named|called)\s+([A-Z][\w'-]{0,30}(?:\s+[A-Z][\w'-]{0,30})?)")
BACKGROUNDS = ("#f3d9b1", "#cfe3f2", "#e4d7f0", "#d6ecd9", "#f6d4cc", "#efe6c9")


# the nouns a hair colour is said before ("red bob", "blonde curls"), and a beard colour ("grey beard")
HAIR_NOUNS = ("hair", "haired", "curls", "locks", "ponytail", "bun", "braids", "bob", "pixie", "afro", "waves")
BEARD_NOUNS = ("beard", "bearded", "stubble", "goatee", "moustache", "mustache")
FACIAL_HAIR = ("beard", "stubble", "goatee", "moustache")
GLASSES = ("glasses", "round-glasses")


@dataclass(frozen=True)
class Described:
    """What a description drew: the look, a name, and a gender for the voice."""

    look: Look
    name: str
    gender: str


def words_of(text: str) -> list[str]:
    """The words of ``text``; a compound of a body part ("dark-skinned", "grey-haired") is two words, so its
    colour is read like "dark skin"."""
    return re.findall(r"[a-z][a-z]*(?:-(?!skinned|skin|haired|eyed)[a-z]+)*", text.lower())


def stated(description: str) -> dict[str, Any]:
    """The look fields ``description`` asks for in so many words (nothing guessed): hair style and colour,
    beard colour, skin, eyes, clothes and their colour, and the extras (beard, glasses...) it names."""
    words = words_of(description)
    wordset = set(words)
    out: dict[str, Any] = {}
    style = next((HAIR_WORDS[w] for w in words if w in HAIR_WORDS), None)
    if style is None and "straight" in wordset:
        style = "long" if _feminine(wordset, 0) else "side_part"
    if style:
        out["hair"] = style
    hair_colour = _colour_before(words, HAIR_NOUNS, HAIR_COLOURS) or next(
        (HAIR_COLOURS[w] for w in words if w in ("blonde", "blond", "brunette", "ginger", "auburn", "redhead")), None)
    beard_colour = _colour_before(words, BEARD_NOUNS, HAIR_COLOURS)
    if hair_colour:
        out["hair_color"] = hair_colour
    if beard_colour:
        out["beard_color"] = beard_colour
    outfit = next((OUTFIT_WORDS[w] for w in words if w in OUTFIT_WORDS), None)
    if outfit:
        out["outfit"] = outfit
    outfit_colour = _colour_before(words, tuple(OUTFIT_WORDS), COLOURS) or _free_colour(words)
    if outfit_colour:
        out["outfit_color"] = outfit_colour
    eyes = _colour_before(words, ("eyes", "eyed"), {**COLOURS, "hazel": "#8a6a3a"})
    if eyes:
        out["eyes"] = eyes
    skin = _colour_before(words, ("skin", "skinned"), SKINS) or next(
        (SKINS[w] for w in words if w in ("pale", "fair", "tanned")), None)
    if skin:
        out["skin"] = skin
    extras = [EXTRA_WORDS[w] for w in words if w in EXTRA_WORDS]
    if "glasses" in extras and "round" in words[max(0, words.index("glasses") - 2):words.index("glasses")]:
        extras[extras.index("glasses")] = "round-glasses"
    out["extras"] = tuple(dict.fromkeys(extras))
    return out


def restyle(look: Look, description: str) -> Look:
    """``look`` with what ``description`` states drawn over it: a bundled actor cast from words keeps its face
    and takes the asked hair, beard, glasses, skin and clothes."""
    asked = stated(description)
    extras = asked.pop("extras")
    said = set(extras)
    kept = [e for e in look.extras if not (e in FACIAL_HAIR and said & set(FACIAL_HAIR))
            and not (e in GLASSES and said & set(GLASSES))]
    return replace(look, **asked, extras=tuple(dict.fromkeys([*kept, *extras])))


def describe(description: str) -> Described:
    """The look and name the words of ``description`` ask for (deterministic for the same text)."""
    words = words_of(description)
    seed = int.from_bytes(hashlib.sha256(description.strip().lower().encode()).digest()[:8], "big")
    wordset = set(words)
    feminine = _feminine(wordset, seed)
    gender = "female" if feminine else "male"
    old = bool(wordset & OLD) or any(int(n) >= 60 for n in re.findall(r"\b(\d{2})[- ]year", description))
    asked = stated(description)
    hair_style = asked.get("hair") or (("long", "bob", "wavy", "ponytail", "bun")[seed % 5] if feminine
                                       else ("short", "side_part", "curly", "buzz")[seed % 4])
    # a grey beard on a man whose hair is not described: his hair is greying too
    hair_colour = asked.get("hair_color") or asked.get("beard_color") or (
        "#b9b8b5" if old else ("#1e1a18", "#3b2a20", "#5a3b28", "#8c5a36", "#e3c27a")[seed // 7 % 5])
    extras = list(asked["extras"])
    if feminine:
        extras.append("lashes")
    if old:
        extras.append("wrinkles")
    look = Look(skin=asked.get("skin") or DEFAULT_SKINS[seed // 13 % 6], hair=hair_style, hair_color=hair_colour,
                eyes=asked.get("eyes", "#5a3b22"), outfit=asked.get("outfit") or ("tee", "hoodie", "sweater",
                                                                                   "shirt")[seed // 3 % 4],
                outfit_color=asked.get("outfit_color") or tuple(COLOURS.values())[seed // 11 % len(COLOURS)],
                accent="#f4f1ea", background=BACKGROUNDS[seed % len(BACKGROUNDS)],
                face=("oval", "round", "square", "long", "heart")[seed // 17 % 5],
                extras=tuple(dict.fromkeys(extras)), beard_color=asked.get("beard_color"))
    named = _NAMED.search(description)
    name = named.group(1) if named else NAMES[gender][seed // 19 % len(NAMES[gender])]
    return Described(look, name, gender)


def _feminine(wordset: set[str], seed: int) -> bool:
    """Whether the words describe a woman (more feminine words than masculine; a coin toss when neither)."""
    return len(wordset & FEMININE) > len(wordset & MASCULINE) or (
        not wordset & MASCULINE and not wordset & FEMININE and seed % 2 == 0)


def _colour_before(words: list[str], nouns: tuple[str, ...], colours: dict[str, str]) -> str | None:
    """The colour word that comes just before one of ``nouns`` ("red blazer", "blue eyes"), up to 2 words back."""
    for i, word in enumerate(words):
        if word in nouns or any(word == f"{n}s" for n in nouns):
            for back in words[max(0, i - 2):i][::-1]:
                if back in colours:
                    return colours[back]
    return None


def _free_colour(words: list[str]) -> str | None:
    """A colour word not bound to hair, eyes or skin ("dressed in green")."""
    bound = {"hair", "haired", "eyes", "eyed", "skin", "skinned", "beard"}
    for i, word in enumerate(words):
        if word in COLOURS and not bound.intersection(words[i + 1:i + 3]):
            return COLOURS[word]
    return None
