"""Storyboards: beats from a script, three suggested stories, and the storyboard image of panels.

``split_script`` cuts a script into 4 to 6 beats at sentence (then clause,
then word) boundaries.  ``suggest`` writes three different stories for a
character and a vibe, deterministically, each with ``n_panels`` beats.
``draw_storyboard`` lays the panels out in a grid: each panel is a scene
designed from its beat (the local designer) in the place, light and weather
the story names when the beat names none, the sheet's character standing
in it with an expression the beat calls for, and the beat as the caption
under it.  The beats, ratio and panel boxes are written into the PNG
(``mediakit:storyboard``) so ``character_video`` cuts the same shots.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, PngImagePlugin

from ...drawing.design import design, design_planes
from ...drawing.lettering import font, wrap
from ...drawing.scene import read_scene
from ...errors import MediaError
from .sheet import INK, PAPER, Character
from .views import figure

CHUNK = "mediakit:storyboard"
PANEL_SIZE = {"9:16": (288, 512), "16:9": (512, 288), "1:1": (384, 384)}
MAX_COLUMNS = {"9:16": 5, "16:9": 3, "1:1": 4}
CAPTION_H = 84
MARGIN = 24
_DIALOGUE = re.compile(r"[\"“]([^\"”]{2,})[\"”]")
_EXPRESSION_WORDS = (
    (("surprised", "shocked", "gasps", "wow", "discovers", "finds", "sees", "suddenly", "realises", "realizes"),
     "surprised"),
    (("laughs", "smiles", "happy", "celebrates", "cheers", "grins", "joy", "wins", "dances", "proud"), "happy"),
    (("says", "tells", "asks", "explains", "shouts", "whispers", "calls", "talks", "sings"), "talking"),
    (("sleeps", "tired", "yawns", "wakes", "sleepy", "bored", "sighs"), "sleepy"),
)
# three story shapes, each a list of beat templates ({who}, {vibe}); stretched or cut to n_panels
STORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The discovery", (
        "{who} walks in, {vibe} light all around",
        "{who} notices something odd and stops",
        "{who} leans in, curious",
        "{who} is surprised by what is found",
        "{who} laughs and picks it up",
        "{who} shows it off, proud",
        "{who} sets off with it into the {vibe} scene",
        "{who} looks back and smiles",
        "{who} waves goodbye",
        "{who} walks away as the light fades",
    )),
    ("A day in the life", (
        "{who} wakes up, sleepy, to a {vibe} morning",
        "{who} gets ready and grins at the mirror",
        "{who} heads out into the {vibe} street",
        "{who} meets a friend and talks",
        "{who} works hard, focused",
        "{who} celebrates a small win",
        "{who} relaxes as the evening turns {vibe}",
        "{who} says \"What a day!\"",
        "{who} yawns, tired and happy",
        "{who} sleeps, the {vibe} night outside",
    )),
    ("Problem, then payoff", (
        "{who} sighs at a problem that will not go away",
        "{who} tries the usual fix and fails",
        "{who} stops and thinks",
        "{who} suddenly has an idea",
        "{who} says \"Let's try this\"",
        "{who} makes it work, {vibe} and bold",
        "{who} cheers as it pays off",
        "{who} shows the result to the camera",
        "{who} smiles, problem solved",
        "{who} walks on, {vibe} and confident",
    )),
)


@dataclass(frozen=True)
class Option:
    """One suggested story: a title and its beats."""

    title: str
    beats: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "beats": list(self.beats)}


def suggest(who: str, vibe: str, duration: int, n_panels: int) -> list[Option]:
    """Three stories for ``who`` in ``vibe``: the same input always gives the same three.

    A 5 s video keeps the beats short (their first clause); the order of the
    three shapes follows the input's hash so different characters lead with
    different stories.
    """
    seed = int.from_bytes(hashlib.sha256(f"{who}|{vibe}|{duration}|{n_panels}".encode()).digest()[:4], "big")
    order = [STORIES[(seed + k) % len(STORIES)] for k in range(len(STORIES))]
    vibe_words = " ".join(vibe.split()).strip(" .,;")
    out = []
    for title, templates in order:
        picks = _spread(templates, n_panels)
        beats = [t.format(who=who, vibe=vibe_words) for t in picks]
        if duration <= 5:
            beats = [b.split(",")[0] for b in beats]
        out.append(Option(f"{title}: {vibe_words}", tuple(beats)))
    return out


def split_script(script: str, low: int = 4, high: int = 6) -> list[str]:
    """``script`` as ``low`` to ``high`` beats: sentences, merged or split at clauses and words to fit."""
    text = " ".join(script.split())
    parts = [p for p in re.split(r"(?<=[.!?])\s+", text) if p.strip()]
    if len(parts) < low:
        parts = [c for p in parts for c in re.split(r"(?<=[,;:])\s+|\s+(?:then|and then)\s+", p) if c.strip()]
    while len(parts) < low:  # split the longest part at its middle word
        i = max(range(len(parts)), key=lambda k: len(parts[k].split()))
        words = parts[i].split()
        if len(words) < 2:
            parts.append(parts[-1])
            continue
        half = len(words) // 2
        parts[i:i + 1] = [" ".join(words[:half]), " ".join(words[half:])]
    while len(parts) > high:  # merge the shortest neighbouring pair
        i = min(range(len(parts) - 1), key=lambda k: len(parts[k]) + len(parts[k + 1]))
        parts[i:i + 2] = [f"{parts[i]} {parts[i + 1]}"]
    return parts


def expression_for(beat: str) -> str:
    """The expression a beat calls for (a line of dialogue talks; words like 'surprised' or 'laughs')."""
    if dialogue_of(beat):
        return "talking"
    words = set(re.findall(r"[a-z]+", beat.lower()))
    for keys, expression in _EXPRESSION_WORDS:
        if words.intersection(keys):
            return expression
    return "neutral"


def dialogue_of(beat: str) -> str | None:
    """The quoted line a beat holds ('Mara says "Let's go"' -> "Let's go"), if any."""
    found = _DIALOGUE.search(beat)
    return found.group(1).strip() if found else None


def panel_scene(beat: str, size: tuple[int, int], variant: int, story: str) -> Image.Image:
    """A panel's scene without the character: designed from the beat's words (no type), in the place, light
    and weather of the whole ``story`` where the beat does not name its own ("a queue forms" at the bakery
    of the first beat, on its rainy morning)."""
    return design(re.sub(_DIALOGUE, "", beat), size, variant=variant, text=False, context=story).convert("RGB")


def panel_planes(beat: str, size: tuple[int, int], variant: int, story: str) -> tuple[Image.Image, Image.Image] | None:
    """``panel_scene``'s two planes, far and near (for a camera that moves them at different speeds, as
    text_to_video's shots do); None when the beat names nothing a scene can show."""
    return design_planes(re.sub(_DIALOGUE, "", beat), size, variant=variant, context=story)


def beat_notes(beats: list[str], story: str, label: str) -> list[str]:
    """The receipt's line for each beat's scene: what was drawn for it, and what was not."""
    whole = read_scene(story)
    return [f"{label} {i + 1}: {read_scene(beat).within(whole).note()}" for i, beat in enumerate(beats)]


def stand_in(scene: Image.Image, character_picture: Image.Image, side: int) -> Image.Image:
    """The character placed in a scene: feet off the bottom, a little left or right of centre by ``side``."""
    w, h = scene.size
    out = scene.convert("RGBA")
    fig_w = round(min(w * 0.62, h * 0.5 * character_picture.width / character_picture.height))
    fig_h = round(fig_w * character_picture.height / character_picture.width)
    fig = character_picture.resize((fig_w, fig_h), Image.Resampling.LANCZOS)
    x = (w - fig_w) // 2 + side * round(w * 0.16)
    out.alpha_composite(fig, dest=(x, h - fig_h))
    return out.convert("RGB")


def character_picture(character: Character | None, fallback: Image.Image | None, expression: str,
                      size: tuple[int, int]) -> Image.Image:
    """The character in ``expression`` (drawn), or a foreign sheet's front view when there is no look."""
    if character is not None:
        return figure(character.look, size, expression)
    assert fallback is not None
    return fallback


def panel_grid(n: int, ratio: str) -> tuple[tuple[int, int], list[tuple[int, int, int, int]]]:
    """The storyboard's size and each panel's box (x, y, w, h) in a centred grid."""
    pw, ph = PANEL_SIZE[ratio]
    rows = math.ceil(n / MAX_COLUMNS[ratio])
    cols = math.ceil(n / rows)
    width = MARGIN + cols * (pw + MARGIN)
    height = MARGIN + rows * (ph + CAPTION_H + MARGIN)
    boxes = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        offset = (cols - in_row) * (pw + MARGIN) // 2
        boxes.append((MARGIN + offset + c * (pw + MARGIN), MARGIN + r * (ph + CAPTION_H + MARGIN), pw, ph))
    return (width, height), boxes


def draw_storyboard(beats: list[str], ratio: str, character: Character | None,
                    fallback: Image.Image | None) -> tuple[Image.Image, list[tuple[int, int, int, int]]]:
    """The storyboard image and its panel boxes (see the module docstring)."""
    size, boxes = panel_grid(len(beats), ratio)
    img = Image.new("RGB", size, PAPER)
    draw = ImageDraw.Draw(img)
    face = font("Inter", False, 17)
    number = font("Inter", True, 18)
    pw, ph = PANEL_SIZE[ratio]
    for i, (beat, (x, y, w, h)) in enumerate(zip(beats, boxes, strict=True)):
        scene = panel_scene(beat, (w, h), i, " ".join(beats))
        picture = character_picture(character, fallback, expression_for(beat), (w, round(w * 1.25)))
        img.paste(stand_in(scene, picture, (-1, 1, 0)[i % 3]), (x, y))
        draw.rectangle((x - 1, y - 1, x + w, y + h), outline=INK, width=2)
        draw.rounded_rectangle((x + 8, y + 8, x + 40, y + 36), radius=6, fill=INK)
        draw.text((x + 24 - number.getlength(str(i + 1)) / 2, y + 11), str(i + 1), font=number, fill=PAPER)
        lines = wrap(beat, face, w - 8)[:3]
        for k, line in enumerate(lines):
            draw.text((x + 4, y + h + 8 + k * 24), line, font=face, fill=INK)
    return img, boxes


def save_storyboard(img: Image.Image, path: Path, *, beats: list[str], ratio: str,
                    boxes: list[tuple[int, int, int, int]], character: Character | None) -> Path:
    info = PngImagePlugin.PngInfo()
    record = {"beats": beats, "ratio": ratio, "panels": [list(b) for b in boxes],
              "character": character.to_dict() if character else None}
    info.add_text(CHUNK, json.dumps(record, sort_keys=True))
    img.save(path, "PNG", pnginfo=info)
    return path


@dataclass(frozen=True)
class Storyboard:
    """A storyboard's record: beats, panel ratio and boxes, and the character when it was drawn by mediakit."""

    beats: tuple[str, ...]
    ratio: str
    panels: tuple[tuple[int, int, int, int], ...]
    character: Character | None


def read_storyboard(path: Path, *, field: str) -> Storyboard | None:
    """The record inside a storyboard PNG, or None for a storyboard made elsewhere."""
    try:
        with Image.open(path) as img:
            text = img.info.get(CHUNK) if img.format == "PNG" else None
    except OSError:
        raise MediaError(path, "is not a readable image", field=field) from None
    if not text:
        return None
    try:
        data = json.loads(text)
        character = Character.from_dict(data["character"]) if data.get("character") else None
        return Storyboard(tuple(data["beats"]), data["ratio"], tuple(tuple(b) for b in data["panels"]), character)
    except (ValueError, KeyError, TypeError) as exc:
        raise MediaError(path, f"carries a damaged storyboard record: {exc}", field=field) from None


def _spread(items: tuple[str, ...], n: int) -> list[str]:
    """``n`` items spread evenly over ``items`` (first and last kept)."""
    if n >= len(items):
        return list(items[:n])
    return [items[round(k * (len(items) - 1) / (n - 1))] for k in range(n)]
