"""Scenes from a prompt: its subjects, setting, time of day and weather, drawn from vendored assets.

The local engines cannot generate a picture of "waves crashing on the rocks
at dusk", but they can do what an illustrator with a sticker book would:
read the prompt for the things it names (``presets/scene_assets``: 110
Fluent Emoji 3D images, MIT, listed with the nouns each depicts in
``assets.yaml``), the setting (sea, land, city, or an indoor sweep), the
time of day (a sky from dawn to night, with stars after dark) and the
weather (rain, snow, fog, storm, cloud), and lay the things out on that
ground: the first named thing large in front, the others smaller behind it
and to its sides, things of the sky up in the sky.  A noun with no asset is
reported (``Scene.missing``), so a receipt can say what was not drawn; the
scene still shows the rest.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, replace
from pathlib import Path

import yaml
from PIL import Image, ImageDraw, ImageFilter

from ..paths import data_dir
from .motifs import SETTINGS, Palette, draw_setting, mix, setting_for

ASSET_FOLDER = "scene_assets"
ASSET_SOURCE = "Fluent Emoji 3D, MIT"
SKY_THINGS = frozenset(("cloud", "rain-cloud", "sun", "moon", "star", "rainbow", "airplane", "bird", "rocket",
                        "lightning", "balloon", "butterfly", "snowflake", "bee", "owl"))
TIMES: dict[str, tuple[str, ...]] = {
    "dawn": ("dawn", "sunrise", "daybreak"), "morning": ("morning", "breakfast"), "noon": ("noon", "midday"),
    "afternoon": ("afternoon",), "sunset": ("sunset", "golden"), "dusk": ("dusk", "evening", "twilight"),
    "night": ("night", "midnight", "moonlit", "starry", "stars", "nighttime"),
}
WEATHERS: dict[str, tuple[str, ...]] = {
    "rain": ("rain", "rainy", "raining", "drizzle", "rainstorm", "wet"), "snow": ("snow", "snowy", "snowing",
                                                                             "blizzard", "snowfall"),
    "fog": ("fog", "foggy", "mist", "misty", "haze", "hazy"), "storm": ("storm", "stormy", "thunder", "thunderstorm"),
    "cloudy": ("cloudy", "overcast", "grey", "gray"),
}
# time of day -> sky (top, bottom) and the light
SKIES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]] = {
    "dawn": ((92, 108, 170), (250, 172, 142), (255, 214, 168)),
    "morning": ((118, 178, 234), (224, 236, 246), (255, 242, 204)),
    "day": ((66, 146, 228), (184, 222, 250), (255, 250, 224)),
    "noon": ((52, 136, 226), (176, 218, 250), (255, 252, 232)),
    "afternoon": ((88, 158, 220), (242, 222, 184), (255, 232, 176)),
    "sunset": ((250, 150, 70), (150, 40, 80), (255, 220, 130)),
    "dusk": ((58, 50, 120), (236, 128, 112), (255, 190, 140)),
    "night": ((10, 14, 38), (38, 40, 92), (232, 232, 255)),
}
GROUPS = frozenset(("forest", "woods", "crowd", "fleet", "flock", "herd", "garden", "orchard", "queue"))
NOT_NOUNS = frozenset(("below", "above", "outside", "inside", "nearby", "behind", "together", "again", "away", "here",
                       "there", "down", "up", "out", "back", "home", "small", "big", "large", "tiny", "old", "new"))
_DETERMINER = re.compile(r"\b(?:a|an|the|some|two|three|its|their|his|her|my|your|our)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)"
                         r"(?=\s+(?:on|in|at|of|with|by|under|over|near|beside|and|then|while|as|from|to|into)\b|"
                         r"[,.;!?]|$)")


# camera move -> the verbs of action that call for it: a pan follows movement across the frame, a push-in
# looks closer, a pull-out lets something go
CAMERA_WORDS: dict[str, tuple[str, ...]] = {
    "pan": ("run", "runs", "running", "drive", "drives", "driving", "fly", "flies", "flying", "sail", "sails",
            "sailing", "walk", "walks", "walking", "ride", "rides", "riding", "crash", "crashes", "crashing",
            "race", "races", "racing", "rush", "rushing", "speeding", "passing", "playing", "swimming"),
    "push": ("reveal", "reveals", "revealing", "approach", "approaches", "closer", "zoom", "discover", "discovers",
             "look", "looks", "looking", "stare", "stares", "open", "opens", "opening"),
    "pull": ("leave", "leaves", "leaving", "away", "launch", "launches", "launching", "rising", "rises", "lifts",
             "goodbye", "ending"),
}


def camera_for(text: str) -> str | None:
    """The camera move the action of ``text`` calls for (``pan``, ``push``, ``pull``), None when it names none."""
    words = re.findall(r"[a-z]+", text.lower())
    return next((move for w in words for move, keys in CAMERA_WORDS.items() if w in keys), None)


@dataclass(frozen=True)
class Scene:
    """What a prompt asks to be seen: the asset for each thing it names (noun, asset), the nouns with none,
    where, when, the weather."""

    shown: tuple[tuple[str, str], ...]
    missing: tuple[str, ...]
    setting: str
    time: str
    weather: str

    def within(self, whole: Scene) -> Scene:
        """This part's scene (a shot, a panel) inside the whole prompt's: what the part leaves unsaid (the setting,
        the time, the weather) is the whole's."""
        return replace(self, setting=self.setting if self.setting != "studio" else whole.setting,
                       time=self.time if self.time != "day" else whole.time,
                       weather=self.weather if self.weather != "clear" else whole.weather)

    @property
    def assets(self) -> tuple[str, ...]:
        """The assets drawn, in the order the prompt names them (each once)."""
        return tuple(dict.fromkeys(name for _, name in self.shown))

    def note(self) -> str:
        """The receipt's line: which asset shows each thing, and which things have none."""
        shown = ", ".join(f"{noun} -> {name}" for noun, name in self.shown) or "none"
        lost = f"; no asset for {', '.join(self.missing)} (not drawn)" if self.missing else ""
        return (f"scene drawn locally: {self.setting}, {self.time}, {self.weather}; assets {shown} "
                f"({ASSET_SOURCE}){lost}")


@functools.cache
def asset_words() -> dict[str, str]:
    """Every noun an asset depicts -> the asset's name (its own name, and the words ``assets.yaml`` lists)."""
    data = yaml.safe_load((data_dir("presets") / ASSET_FOLDER / "assets.yaml").read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for name, entry in data["assets"].items():
        for word in (name, name.replace("-", " "), *entry.get("words", [])):
            out.setdefault(str(word), name)
    return out


def read_scene(prompt: str) -> Scene:
    """The scene ``prompt`` describes (no drawing: cheap enough for a plan)."""
    text = prompt.lower()
    words = re.findall(r"[a-z][a-z-]*", text)
    index = asset_words()
    found: list[tuple[str, str]] = []
    named: set[str] = set()
    i = 0
    while i < len(words):  # left to right, "palm tree" before "tree"
        pair = " ".join(words[i:i + 2])
        pair = pair if pair in index or not pair.endswith("s") else pair[:-1]  # "pine trees": "pine tree"
        term = pair if pair in index else words[i]
        if term in index:
            named.update(term.split())
            if all(name != index[term] for _, name in found):
                found.append((term, index[term]))
        i += len(term.split())
    known = {w for keys in (*TIMES.values(), *WEATHERS.values(), *SETTINGS.values()) for w in keys}
    missing: list[str] = []
    for phrase in _DETERMINER.finditer(text):  # a noun phrase's head: its last word that is not an adverb
        heads = [w for w in phrase.group(1).split() if w not in NOT_NOUNS and not w.endswith(("ing", "ly"))]
        if heads and heads[-1] not in named and heads[-1] not in known and len(heads[-1]) > 2:
            missing.append(heads[-1])
    time = next((t for w in words for t, keys in TIMES.items() if w in keys), "day")
    weather = next((k for w in words for k, keys in WEATHERS.items() if w in keys), "clear")
    return Scene(tuple(found), tuple(dict.fromkeys(missing)), setting_for(prompt), time, weather)


@functools.cache
def asset(name: str) -> Image.Image:
    """An asset's image (RGBA, 256 px), read once."""
    path: Path = data_dir("presets") / ASSET_FOLDER / f"{name}.webp"
    with Image.open(path) as im:
        return im.convert("RGBA")


def draw_scene(scene: Scene, size: tuple[int, int], rng: random.Random, palette: Palette | None = None) -> Image.Image:
    """``scene`` as an RGBA picture of ``size``: sky and ground, the things on it, the weather over it.

    A prompt that names no time of day keeps ``palette`` (its own colours, "warm orange", "neon") when given.
    """
    top, bottom, light = (palette.top, palette.bottom, palette.accent) if palette and scene.time == "day" \
        else SKIES[scene.time]
    if scene.weather in ("rain", "storm", "fog", "cloudy"):
        grey = (118, 124, 136) if scene.weather != "storm" else (70, 74, 88)
        top, bottom, light = mix(top, grey, 0.6), mix(bottom, grey, 0.5), mix(light, grey, 0.4)
    img = draw_setting(scene.setting, size, Palette(top, bottom, light), rng)
    w, h = size
    unit = min(w, h)
    if scene.time == "night":
        stars = ImageDraw.Draw(img)
        for _ in range(60):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h * 0.45), rng.uniform(0.6, 1.6) * unit / 500
            stars.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 240, rng.randint(120, 230)))
    ground = {"sea": 0.86, "studio": 0.8}.get(scene.setting, 0.84)
    things = [(noun, name) for noun, name in scene.shown if name not in SKY_THINGS]
    in_sky = [name for _, name in scene.shown if name in SKY_THINGS]
    # a plural ("waves", "a forest") is a group; the first thing named stands large in front, the rest smaller
    # behind it, out to the sides
    group = [name for k, (noun, name) in enumerate(things) for _ in range(3 if k and _many(noun) else 1)]
    if things and _many(things[0][0]):
        group += [things[0][1]] * 2
    spots = [(0.17, 0.26), (0.83, 0.26), (0.33, 0.2), (0.67, 0.2), (0.08, 0.18), (0.92, 0.18)]
    for k, name in reversed(list(enumerate(group[:7]))):
        cx, scale = (0.5 + rng.uniform(-0.04, 0.04), 0.46) if k == 0 else spots[(k - 1) % len(spots)]
        base = ground - (0.0 if k == 0 else 0.07 + 0.03 * (k % 2))
        _place(img, asset(name), cx, base, scale * unit, shadow=True)
    for k, name in enumerate(in_sky[:4]):
        _place(img, asset(name), (0.22, 0.78, 0.5, 0.36)[k], 0.3 + 0.04 * (k % 2), 0.2 * unit, shadow=False)
    _weather(img, scene.weather, rng)
    return img


def _many(noun: str) -> bool:
    """Whether ``noun`` names a group: a plural, or a word for many ("forest", "crowd")."""
    return noun in GROUPS or (noun.endswith("s") and not noun.endswith("ss"))


def _place(img: Image.Image, sprite: Image.Image, cx: float, base: float, side: float, *, shadow: bool) -> None:
    """``sprite`` ``side`` px wide, centred at ``cx`` (of the width), its bottom at ``base`` (of the height)."""
    w, h = img.size
    s = max(8, round(side))
    piece = sprite.resize((s, s), Image.Resampling.LANCZOS)
    x, y = round(cx * w - s / 2), round(base * h - s)
    if shadow:
        blur = max(2, s // 14)
        patch = Image.new("RGBA", (s + 4 * blur, s // 4 + 4 * blur), (0, 0, 0, 0))
        ImageDraw.Draw(patch).ellipse((2 * blur, 2 * blur, s + 2 * blur, s // 4 + 2 * blur), fill=(0, 0, 0, 90))
        img.alpha_composite(patch.filter(ImageFilter.GaussianBlur(blur)), (x - 2 * blur, y + s - s // 8 - 2 * blur))
    img.alpha_composite(piece, (x, y))


def _weather(img: Image.Image, weather: str, rng: random.Random) -> None:
    """Rain streaks, snowflakes or a low fog over the whole picture."""
    w, h = img.size
    unit = min(w, h)
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    if weather in ("rain", "storm"):
        for _ in range(int(w * h / unit**2 * 160)):
            x, y, n = rng.uniform(-0.1 * w, w), rng.uniform(0, h), rng.uniform(0.03, 0.06) * unit
            draw.line((x, y, x + n * 0.25, y + n), fill=(220, 230, 245, rng.randint(70, 140)),
                      width=max(1, unit // 400))
    elif weather == "snow":
        for _ in range(int(w * h / unit**2 * 140)):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(1.0, 3.2) * unit / 500
            draw.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 255, rng.randint(150, 235)))
    elif weather == "fog":
        fog = Image.linear_gradient("L").resize((w, h)).point(lambda v: int(v * 0.55))
        layer = Image.new("RGBA", img.size, (226, 230, 236, 255))
        layer.putalpha(fog)
    img.alpha_composite(layer)
