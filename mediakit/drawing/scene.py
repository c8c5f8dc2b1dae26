"""Scenes from a prompt: its subjects, setting, time of day and weather, drawn from vendored assets.

The local engines cannot generate a picture of "waves crashing on the rocks
at dusk", but they can do what an illustrator with a sticker book would:
read the prompt for the things it names (``presets/scene_assets``: 642
Fluent Emoji 3D images, MIT, listed with the nouns each depicts in
``assets.yaml``, made by ``benchmarks/vendor_scene_assets.py``), the people
at work it names (the Fluent person at that job, or a person with the job's
prop: ``ROLES``) and the places no sticker shows (a lighthouse, a cliff, a
shop front, a window: set pieces drawn as shapes, ``sets.py``), the setting
(a lake, a river, a field, a canyon, a desert: ``planes.py``; else sea,
land, city, or an indoor sweep), the time of day (a sky from dawn to
night, with stars after dark) and the weather (rain, snow, fog, storm,
cloud), and lay the things out where the place puts them: the first named
thing large in front, the others smaller behind it and to its sides, things
of the sky up in the sky, boats on the water.  A noun with neither is reported
(``Scene.missing``), so a receipt can say what was not drawn; the scene
still shows the rest.

A scene is drawn as two planes (``scene_planes``): the far one (sky and
setting) and the near one (the pieces and things), so a camera can move
them at different speeds (parallax).
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
from .motifs import SETTINGS, Canvas, Palette, draw_setting, mix, setting_for
from .planes import LINES, PLANES, draw_plane, plane_for
from .sets import BEHIND, INDOORS, PIECES, PLACES, WITHIN, Stage, draw_pieces, piece_words

ASSET_FOLDER = "scene_assets"
ASSET_SOURCE = "Fluent Emoji 3D, MIT; set pieces drawn as shapes"
SKY_THINGS = frozenset(("cloud", "rain-cloud", "sun", "moon", "star", "rainbow", "airplane", "bird", "rocket",
                        "lightning", "balloon", "butterfly", "snowflake", "bee", "owl", "kite", "helicopter",
                        "parachute", "flying-saucer", "small-airplane", "airplane-departure", "airplane-arriving",
                        "satellite", "eagle", "bat", "glowing-star", "white-sun-with-small-cloud",
                        "white-sun-behind-cloud", "white-sun-behind-cloud-with-rain", "cloud-with-snow",
                        "cloud-with-lightning", "cloud-with-tornado", "sun-behind-cloud", "thunder-cloud-and-rain",
                        "fireworks", "firework-sparkler", "mosquito", "fly"))
# things that float: on a scene with water they sit on its surface, not on the bank
WATER_THINGS = frozenset(("sailboat", "ship", "rowboat", "speedboat", "motor-boat", "passenger-ship", "canoe", "ferry",
                          "duck", "swan", "dolphin", "whale", "seal", "otter"))
# things as big as a person or bigger: beside the first thing they are not shrunk as a cup beside it would be
LARGE = frozenset(("car", "bus", "train", "ship", "sailboat", "tractor", "delivery-truck", "articulated-lorry",
                   "pickup-truck", "racing-car", "police-car", "taxi", "ambulance", "fire-engine", "minibus",
                   "recreational-vehicle", "high-speed-train", "steam-locomotive", "tram", "rowboat", "speedboat",
                   "motor-boat", "passenger-ship", "canoe", "ferry", "horse", "cow", "ox", "water-buffalo", "elephant",
                   "giraffe-face", "zebra-face", "dromedary-camel", "bactrian-camel", "rhinoceros", "hippopotamus",
                   "bison", "mammoth", "deer", "llama", "house", "cottage", "church", "castle", "school", "hospital",
                   "office-building", "factory", "classical-building", "hut", "tent", "tree", "pine-tree",
                   "palm-tree", "racing-motorcycle", "motor-scooter", "bicycle", "whale", "dolphin", "shark"))
# a person at work with no Fluent emoji of their own: the person, and the prop that says the job (if one does)
ROLES: dict[str, str | None] = {
    "fisherman": "fishing-pole-and-fish", "fishermen": "fishing-pole-and-fish", "angler": "fishing-pole-and-fish",
    "sailor": "anchor", "sailors": "anchor", "photographer": "camera", "photographers": "camera",
    "barista": "coffee", "baristas": "coffee", "waiter": "fork-and-knife-with-plate",
    "waitress": "fork-and-knife-with-plate", "florist": "bouquet", "hairdresser": "black-scissors",
    "barber": "black-scissors", "tailor": "spool-of-thread", "musician": "guitar", "musicians": "guitar",
    "dj": "headphones", "postman": "envelope", "courier": "package", "couriers": "package",
    "lumberjack": "axe", "woodcutter": "axe", "carpenter": "carpentry-saw", "carpenters": "carpentry-saw",
    "cleaner": "broom", "cleaners": "broom", "janitor": "broom", "librarian": "books", "writer": "pencil",
    "author": "pencil", "shepherd": "ram", "beekeeper": "honey", "cashier": "shopping-trolley",
    "shopkeeper": "shopping-bags", "keeper": None, "guide": None, "volunteer": None, "gardener": "seedling",
    "chemist": "test-tube",
    "tennis player": "tennis-racquet-and-ball", "footballer": "ball", "golfer": "flag-in-hole",
}
TIMES: dict[str, tuple[str, ...]] = {
    "dawn": ("dawn", "sunrise", "daybreak"), "morning": ("morning", "breakfast"), "noon": ("noon", "midday"),
    "afternoon": ("afternoon",), "sunset": ("sunset", "golden"), "dusk": ("dusk", "evening", "twilight"),
    "night": ("night", "midnight", "moonlit", "starry", "stars", "nighttime"),
}
WEATHERS: dict[str, tuple[str, ...]] = {
    "rain": ("rain", "rainy", "raining", "drizzle", "rainstorm", "wet", "shower", "showers"),
    "snow": ("snow", "snowy", "snowing", "blizzard", "snowfall"),
    "fog": ("fog", "foggy", "mist", "misty", "haze", "hazy"), "storm": ("storm", "stormy", "thunder", "thunderstorm"),
    "cloudy": ("cloudy", "overcast", "grey", "gray"), "sunny": ("sunny", "sunlit", "sunshine", "bright"),
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
# the asset of a group of people, and the others its copies take turns with (a queue is not one person cloned)
PEOPLE = ("person", "woman", "man")
GROUPS = frozenset(("forest", "woods", "crowd", "fleet", "flock", "herd", "garden", "orchard", "queue", "family"))
# the coarse settings' words that are places a viewer sees (the rest, "summer", "hiking", "night", are not)
SETTING_NOUNS = frozenset(("ocean", "sea", "beach", "coast", "shore", "water", "pool", "harbor", "harbour",
                           "mountain", "mountains", "landscape", "hill", "hills", "trail", "garden", "forest",
                           "city", "street", "streets", "skyline", "downtown", "rooftop", "building", "buildings"))
NOT_NOUNS = frozenset(("below", "above", "outside", "inside", "nearby", "behind", "together", "again", "away", "here",
                       "there", "down", "up", "out", "back", "home", "small", "big", "large", "tiny", "old", "new"))
# a noun phrase: after a determiner, at the start of the prompt ("Penguins on an iceberg") or after a verb's -ing
# ("chopping vegetables"); it ends before a preposition, a conjunction, a verb's -ing ("a fox crossing") or a stop
DETERMINERS = ("a", "an", "the", "some", "two", "three", "its", "their", "his", "her", "my", "your", "our")
_DETERMINER = re.compile(r"(?:^|\b(?:" + "|".join(DETERMINERS) + r"|[a-z]+ing)\s+)"
                         r"((?:[a-z-]+\s+){0,2}?[a-z-]+)"
                         r"(?=\s+(?:on|in|at|of|with|by|under|over|near|beside|and|then|while|as|from|to|into)\b|"
                         r"\s+[a-z]+ing\b|[,.;!?]|$)")


# nouns an asset depicts that are also verbs ("Mara waves goodbye", "she leaves the shop", "the phone rings"): after
# a name or a pronoun they are read as verbs, not drawn
VERB_NOUNS = ("waves", "rocks", "stars", "plants", "trains", "ships", "drinks", "cooks", "bikes", "flowers",
              "leaves", "ducks", "rings", "watches", "sails", "toasts")
_AFTER_SUBJECT = re.compile(rf"\b([A-Z][a-z]*|he|she|they|we|you|who|it)(\s+)(?:{'|'.join(VERB_NOUNS)})\b")
PRONOUNS = frozenset(("he", "she", "they", "we", "you", "who", "it", "i"))
# camera move -> the words of action that call for it: a pan follows movement across the frame, a push-in
# looks closer, a pull-out lets something go, a tilt follows a rise or a fall
CAMERA_WORDS: dict[str, tuple[str, ...]] = {
    "pan": ("run", "runs", "running", "drive", "drives", "driving", "fly", "flies", "flying", "sail", "sails",
            "sailing", "walk", "walks", "walking", "ride", "rides", "riding", "crash", "crashes", "crashing",
            "race", "races", "racing", "rush", "rushing", "speeding", "passing", "playing", "swimming", "queue",
            "forms"),
    "push": ("reveal", "reveals", "revealing", "approach", "approaches", "closer", "zoom", "discover", "discovers",
             "look", "looks", "looking", "stare", "stares", "open", "opens", "opening"),
    "pull": ("leave", "leaves", "leaving", "away", "goodbye", "ending"),
    "tilt-up": ("launch", "launches", "launching", "rising", "rises", "lifts", "climbs", "climbing", "soars",
                "soaring", "towering", "above"),
    "tilt-down": ("below", "beneath", "falls", "falling", "sinks", "sinking", "dives", "diving", "drops",
                  "descends", "pours", "pouring"),
}


def camera_for(text: str) -> str | None:
    """The camera move the action of ``text`` calls for (a key of ``CAMERA_WORDS``), None when it names none."""
    words = re.findall(r"[a-z]+", text.lower())
    return next((move for w in words for move, keys in CAMERA_WORDS.items() if w in keys), None)


@dataclass(frozen=True)
class Scene:
    """What a prompt asks to be seen: the asset for each thing it names (noun, asset), the nouns with none,
    where, when, the weather, and the prompt's nouns that the drawn setting depicts ("lake", "street")."""

    shown: tuple[tuple[str, str], ...]
    missing: tuple[str, ...]
    setting: str
    time: str
    weather: str
    grounds: tuple[str, ...] = ()

    def within(self, whole: Scene) -> Scene:
        """This part's scene (a shot, a panel) inside the whole prompt's: what the part leaves unsaid (the place,
        the setting, the time, the weather) is the whole's."""
        shown = self.shown if self.pieces or not whole.pieces else (*whole.pieces, *self.shown)
        grounds = self.grounds if self.setting != "studio" else whole.grounds
        return replace(self, shown=shown, setting=self.setting if self.setting != "studio" else whole.setting,
                       grounds=grounds,
                       time=self.time if self.time != "day" else whole.time,
                       weather=self.weather if self.weather != "clear" else whole.weather)

    @property
    def pieces(self) -> tuple[tuple[str, str], ...]:
        """The places drawn as set pieces (noun, piece): the lighthouse, the shop front, the window."""
        return tuple((noun, name) for noun, name in self.shown if name in PIECES)

    @property
    def assets(self) -> tuple[str, ...]:
        """The assets drawn, in the order the prompt names them (each once)."""
        return tuple(dict.fromkeys(name for _, name in self.shown))

    def note(self) -> str:
        """The receipt's line: which asset shows each thing, and which things have none."""
        shown = ", ".join(f"{noun} -> {name}{' (drawn)' if name in PIECES else ''}"
                          for noun, name in self.shown) or "none"
        lost = f"; no asset for {', '.join(self.missing)} (not drawn)" if self.missing else ""
        where = f"{self.setting} (for {', '.join(self.grounds)})" if self.grounds else self.setting
        return (f"scene drawn locally: {where}, {self.time}, {self.weather}; assets {shown} "
                f"({ASSET_SOURCE}){lost}")


@functools.cache
def asset_words() -> dict[str, str]:
    """Every noun an asset depicts -> the asset's name (its own name, and the words ``assets.yaml`` lists; an
    asset's own name wins over another's word: "sheep" is the sheep, not the ram that lists it)."""
    data = yaml.safe_load((data_dir("presets") / ASSET_FOLDER / "assets.yaml").read_text(encoding="utf-8"))
    out = {word: name for name in reversed(data["assets"]) for word in (name, name.replace("-", " "))}
    for name, entry in data["assets"].items():
        for word in entry.get("words", []):
            out.setdefault(str(word), name)
    return out


@functools.cache
def scene_words() -> dict[str, str]:
    """Every word the composer can draw -> the asset or the set piece that depicts it (a role with a prop: the
    person; ``ROLES`` adds the prop)."""
    return {**asset_words(), **dict.fromkeys(ROLES, "person"), **piece_words()}


def read_scene(prompt: str) -> Scene:
    """The scene ``prompt`` describes (no drawing: cheap enough for a plan)."""
    text = without_verbs(prompt).lower()
    words = re.findall(r"[a-z][a-z-]*", text)
    index = scene_words()
    found: list[tuple[str, str]] = []
    named: set[str] = set()
    i = 0
    weather = {w for keys in WEATHERS.values() for w in keys}
    while i < len(words):  # left to right, "palm tree" before "tree"
        pair = " ".join(words[i:i + 2])
        pair = pair if pair in index or not pair.endswith("s") else pair[:-1]  # "pine trees": "pine tree"
        term = pair if pair in index else words[i]
        if term in index and (term not in weather or index[term] in SKY_THINGS):  # "a summer shower" is rain
            named.update(term.split())
            for name in (index[term], ROLES.get(term)):  # each noun is listed, each asset drawn once
                if name and (term, name) not in found:
                    found.append((term, name))
        i += len(term.split())
    known = {w for keys in (*TIMES.values(), *WEATHERS.values(), *SETTINGS.values(), *PLANES.values()) for w in keys}
    missing: list[str] = []
    for phrase in _DETERMINER.finditer(text):  # a noun phrase's head: its last word that is not an adverb
        heads = [w for w in phrase.group(1).split() if w not in NOT_NOUNS and not w.endswith(("ing", "ly"))]
        if len(heads) > 1 and heads[-2] in named:  # "a queue forms": the noun is named, then its verb
            continue
        if heads and heads[-1] not in named and heads[-1] not in known and len(heads[-1]) > 2:
            missing.append(heads[-1])
    places = [(noun, name) for noun, name in found if name in PIECES]
    if places:  # one place per scene: the first named, with the pieces drawn together with it or within it
        first = places[0][1]
        together = next(group for group in PLACES if first in group)
        within = [(noun, first) for noun, name in places if name in WITHIN.get(first, ())]  # the shop's window
        missing += [noun for noun, name in places if name not in together and (noun, first) not in within]
        found = [(noun, name) for noun, name in found if name not in PIECES or name in together] + within
    time = next((t for w in words for t, keys in TIMES.items() if w in keys), "day")
    sky = next((k for w in words for k, keys in WEATHERS.items() if w in keys), "clear")
    setting = plane_for(words) or setting_for(text)
    keys = PLANES.get(setting) or tuple(w for w in SETTINGS.get(setting, ()) if w in SETTING_NOUNS)
    grounds = tuple(dict.fromkeys(w for w in words if w in keys))
    return Scene(tuple(found), tuple(dict.fromkeys(missing)), setting, time, sky, grounds)


def without_verbs(prompt: str) -> str:
    """``prompt`` less the ``VERB_NOUNS`` that follow a name or a pronoun ("Mara waves goodbye"): verbs, not the
    waves of a sea ("Fresh lemons" keeps its lemons: only those few words are ever taken for verbs)."""
    index = scene_words()

    def drop(m: re.Match[str]) -> str:
        who = m.group(1).lower()
        name = m.group(1)[0].isupper() and who not in index and who not in DETERMINERS
        return m.group(1) + m.group(2) if who in PRONOUNS or name else m.group(0)
    return _AFTER_SUBJECT.sub(drop, prompt)


@functools.cache
def asset(name: str) -> Image.Image:
    """An asset's image (RGBA, 256 px), read once."""
    path: Path = data_dir("presets") / ASSET_FOLDER / f"{name}.webp"
    with Image.open(path) as im:
        return im.convert("RGBA")


def draw_scene(scene: Scene, size: tuple[int, int], rng: random.Random, palette: Palette | None = None) -> Image.Image:
    """``scene`` as one RGBA picture of ``size``: its far plane with its near plane over it."""
    far, near = scene_planes(scene, size, rng, palette)
    far.alpha_composite(near)
    return far


def scene_planes(scene: Scene, size: tuple[int, int], rng: random.Random,
                 palette: Palette | None = None) -> tuple[Image.Image, Image.Image]:
    """``scene`` as two RGBA planes of ``size``: far (the sky and the setting, the things of the sky) and near
    (the set pieces, the things on the ground, the weather; transparent elsewhere).

    A prompt that names no time of day keeps ``palette`` (its own colours, "warm orange", "neon") when given.
    """
    own = palette is not None and scene.time == "day" and scene.weather != "sunny"  # a sunny sky is blue
    top, bottom, light = (palette.top, palette.bottom, palette.accent) if palette and own else SKIES[scene.time]
    if scene.weather in ("rain", "storm", "fog", "cloudy"):
        grey = (118, 124, 136) if scene.weather != "storm" else (70, 74, 88)
        top, bottom, light = mix(top, grey, 0.6), mix(bottom, grey, 0.5), mix(light, grey, 0.4)
    pal = Palette(top, bottom, light)
    pieces = scene.pieces
    setting = scene.setting if scene.setting != "studio" or not pieces else BEHIND[pieces[0][1]]
    far = draw_setting(setting, size, pal, rng, functools.partial(draw_plane, setting) if setting in PLANES else None)
    w, h = size
    unit = min(w, h)
    if scene.time == "night":
        stars = ImageDraw.Draw(far)
        for _ in range(60):
            x, y, r = rng.uniform(0, w), rng.uniform(0, h * 0.45), rng.uniform(0.6, 1.6) * unit / 500
            stars.ellipse((x - r, y - r, x + r, y + r), fill=(255, 255, 240, rng.randint(120, 230)))
    canvas = Canvas(size, 2 if max(size) <= 1600 else 1, blend=True)
    stage, placed = draw_pieces(canvas, pieces, pal, scene.time, scene.weather)
    near = canvas.result() if pieces else Image.new("RGBA", size, (0, 0, 0, 0))
    if not pieces:
        ground, water = LINES.get(setting, ({"sea": 0.86, "studio": 0.8}.get(setting, 0.84), None))
        stage = Stage(ground=ground, water=water if water is not None else 0.86 if setting == "sea" else None)
    for p in placed:
        _place(near, asset(p.name), p.cx, p.base, p.side * unit, shadow=False)
    _things(near, scene, stage, rng)
    x0, y0, x1, y1 = stage.sky
    for k, name in enumerate([n for n in scene.assets if n in SKY_THINGS][:4]):
        cx = x0 + (x1 - x0) * (0.15, 0.85, 0.5, 0.32)[k]
        _place(far, asset(name), cx, y1 - (y1 - y0) * 0.1 * (k % 2), 0.2 * unit, shadow=False)
    _weather(far if INDOORS & set(dict(pieces).values()) else near, scene.weather, rng)
    return far, near


def _things(img: Image.Image, scene: Scene, stage: Stage, rng: random.Random) -> None:
    """The things on the ground: the first named large at the stage's centre, the rest smaller behind it and
    out to the sides; a plural ("waves", "a queue") is a group of three (people in a queue differ)."""
    unit = min(img.size)
    first: dict[str, str] = {}  # each asset once, as the first noun that named it ("two dogs and a puppy")
    for noun, name in scene.shown:
        first.setdefault(name, noun)
    things = [(noun, name) for name, noun in first.items() if name not in SKY_THINGS and name not in PIECES]
    group = [name for k, (noun, name) in enumerate(things) for _ in range(3 if k and _many(noun) else 1)]
    if things and _many(things[0][0]):
        group += [things[0][1]] * 2
    group = [PEOPLE[k % len(PEOPLE)] if name in PEOPLE else name for k, name in enumerate(group)]
    for k, name in reversed(list(enumerate(group[:7]))):
        cx, scale = (stage.centre + rng.uniform(-0.04, 0.04), stage.scale) if k == 0 else \
            (stage.spots[(k - 1) % len(stage.spots)], stage.scale * (0.56 if k < 3 else 0.44))
        if name in PEOPLE:  # a person stands as tall as the place allows, whatever the order
            scale = stage.scale * 1.5
        elif name in LARGE:  # a van beside a parcel is not a toy
            scale = max(scale, stage.scale)
        floats = name in WATER_THINGS and stage.water is not None
        base = (stage.water if floats and stage.water is not None else stage.ground) - \
            (0.0 if k == 0 else 0.02 + 0.015 * (k % 2))
        _place(img, asset(name), cx, base, scale * unit, shadow=True)


def _many(noun: str) -> bool:
    """Whether ``noun`` names a group: a plural, or a word for many ("forest", "crowd")."""
    return noun in GROUPS or (noun.endswith("s") and not noun.endswith(("ss", "us", "is")))  # not "a bus"


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
