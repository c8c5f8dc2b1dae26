"""Vendor the scene composer's general vocabulary: Fluent Emoji 3D images and the nouns each depicts.

How ``presets/scene_assets`` was made (2026-11-27): the npm package
@lobehub/fluent-emoji-3d 1.1.0 (MIT, Microsoft's Fluent Emoji; the same
package and licence as the first hand-picked assets) was unpacked, and this
script copied the images of the things a scene can show: animals, plants,
food and drink, places and buildings, transport, weather and sky, household
and work objects, sports and leisure items, and people at work (the generic
person, no skin-tone variants).  Faces and smileys, hands, flags, symbols,
signs, keycaps and anything with letters or digits drawn in it are left out
(by codepoint range, then by name; a contact sheet of the result was looked
at).  The files are copied as they are (256 px webp, ~5 KB each: reducing
them to 192 px saved a third and blurred the front subject, drawn ~500 px
tall on a 1080x1920 frame).

Each asset's nouns come from its Unicode name (``unicodedata``, Python's
own, so no runtime dependency is added for names): the whole name, its head
noun (the words before "with", "behind", "of"...), their plurals, and a
short table of everyday synonyms (``SYNONYMS``), generated here into
``assets.yaml`` so the composer resolves a noun with one dict lookup.  The
hand-picked entries already in ``assets.yaml`` are kept first (their words
win, and gain the plurals of their words and the synonyms), new entries follow.

    python benchmarks/vendor_scene_assets.py /tmp/npmx/package/assets [--sheet sheet.png]
"""

from __future__ import annotations

import argparse
import shutil
import unicodedata
from pathlib import Path

import yaml
from PIL import Image

from mediakit.drawing.motifs import SETTINGS
from mediakit.drawing.planes import PLANES

FOLDER = Path(__file__).resolve().parent.parent / "presets" / "scene_assets"
# codepoint ranges of things (not faces, hands, symbols or flags)
RANGES = ((0x1F300, 0x1F30F), (0x1F311, 0x1F319), (0x1F31F, 0x1F32B), (0x1F32D, 0x1F393), (0x1F396, 0x1F3F0),
          (0x1F3F8, 0x1F3FA), (0x1F400, 0x1F43D), (0x1F451, 0x1F462), (0x1F484, 0x1F4A1), (0x1F4B3, 0x1F4B3),
          (0x1F4BB, 0x1F4C2), (0x1F4CB, 0x1F4CE), (0x1F4D6, 0x1F4DA), (0x1F4DE, 0x1F4E1), (0x1F4E6, 0x1F4E6),
          (0x1F4EB, 0x1F4EE), (0x1F4F7, 0x1F4FD), (0x1F50B, 0x1F50D), (0x1F511, 0x1F514), (0x1F526, 0x1F52E),
          (0x1F56F, 0x1F570), (0x1F576, 0x1F579), (0x1F5A5, 0x1F5A5), (0x1F5A8, 0x1F5A8), (0x1F5B1, 0x1F5B1),
          (0x1F5BC, 0x1F5BC), (0x1F5D1, 0x1F5D1), (0x1F5DD, 0x1F5DD), (0x1F5FA, 0x1F5FD), (0x1F5FF, 0x1F5FF),
          (0x1F680, 0x1F6A8), (0x1F6AA, 0x1F6AA), (0x1F6B2, 0x1F6B2), (0x1F6BD, 0x1F6BD), (0x1F6BF, 0x1F6C1),
          (0x1F6CB, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DD, 0x1F6FC), (0x1F93F, 0x1F93F), (0x1F941, 0x1F941),
          (0x1F945, 0x1F945), (0x1F94A, 0x1F94F), (0x1F950, 0x1F96F), (0x1F980, 0x1F9AE), (0x1F9C0, 0x1F9CB),
          (0x1F9E2, 0x1F9FF), (0x1FA70, 0x1FA77), (0x1FA79, 0x1FABF), (0x1FAD0, 0x1FADF), (0x2600, 0x2604),
          (0x2614, 0x2615),
          (0x2618, 0x2618), (0x2692, 0x2693), (0x2696, 0x2699), (0x26BD, 0x26BE), (0x26C4, 0x26C8),
          (0x26CF, 0x26D1), (0x26EA, 0x26FD), (0x2702, 0x2702), (0x2708, 0x2709), (0x270F, 0x270F),
          (0x2744, 0x2744), (0x2B50, 0x2B50), (0x231A, 0x231B), (0x23F0, 0x23F2), (0x2328, 0x2328))
# names left out inside those ranges: drawn text or digits, symbols, faces, weapons, scene tiles
SKIP = ("SIGN", "SYMBOL", "BUTTON", "SQUARED", "CALENDAR", "WITH FACE", "BLOWING FACE", "PLACE MEDAL", "NEWSPAPER",
        "CLAPPER", "TICKET", "PISTOL", "BOMB", "COFFIN", "URN", "LOVE LETTER", "MONEY", "DOLLAR", "YEN", "EURO",
        "POUND", "LEDGER", "NOTEBOOK", "PAGE", "BOOKMARK TABS", "CARD INDEX", "MEMO", "POSTAL HORN", "GLOBE",
        "CYCLONE", "SHOOTING STAR", "MILKY WAY", "SUNRISE", "SUNSET", "CITYSCAPE", "NIGHT WITH STARS",
        "FOGGY", "CLOSED UMBRELLA", "PAW PRINTS", "NAME BADGE", "STUDIO MICROPHONE", "CARP STREAMER",
        "CROSSED FLAGS", "PARTY POPPER", "CONFETTI", "TANABATA", "PINE DECORATION", "WIND CHIME", "NAIL POLISH",
        "STAR OF DAVID", "DRAGON FACE", "CROSS MARK", "ALEMBIC", "COMET", "SNOWMAN WITHOUT SNOW",
        "TWISTED RIGHTWARDS", "DRESS", "LIPSTICK", "RING", "HEART", "KISS", "COUPLE", "AUTOMATED TELLER",
        "CONVENIENCE STORE", "HOTEL", "BANK", "SLOT MACHINE", "BILLIARDS", "BUSSTOP", "ELEVATOR", "PLACE OF WORSHIP",
        "RED GIFT ENVELOPE", "IDENTIFICATION CARD", "RECEIPT", "HAMSA", "HEADSTONE", "CINEMA", "MUSICAL NOTE",
        "MUSICAL SCORE", "CHEQUERED FLAG", "X-RAY",
        "DIAMOND SHAPE", "PLAYING CARDS", "PIG NOSE", "IZAKAYA", "POST OFFICE", "BUS STOP", "SAKE", "LEVEL SLIDER",
        "CONTROL KNOBS", "FILM FRAMES")
# whole names left out: square scene tiles, not things (a scene draws its own setting), and fronts with letters on
TILES = frozenset(("FOG", "DESERT", "NATIONAL PARK", "MOTORWAY", "RAILWAY TRACK", "BRIDGE AT NIGHT", "STATION",
                   "HOTEL", "LOVE HOTEL", "BANK", "CONVENIENCE STORE"))
# people at work (the generic person of Unicode's "PERSON" ZWJ sequences, and single-codepoint roles)
ROLES: dict[str, tuple[str, ...]] = {
    "1f9d1-200d-1f33e": ("farmer", "farmers", "gardener", "gardeners", "grower", "rancher"),
    "1f9d1-200d-1f393": ("student", "students", "graduate", "graduates", "pupil", "pupils"),
    "1f9d1-200d-1f3a4": ("singer", "singers", "performer", "rockstar"),
    "1f9d1-200d-1f3a8": ("artist", "artists", "painter", "painters"),
    "1f9d1-200d-1f3eb": ("teacher", "teachers", "professor", "professors", "tutor", "lecturer"),
    "1f9d1-200d-1f3ed": ("factory worker", "factory workers", "welder", "welders", "worker", "workers"),
    "1f9d1-200d-1f4bb": ("developer", "developers", "programmer", "programmers", "coder", "coders", "technologist",
                         "gamer", "gamers"),
    "1f9d1-200d-1f4bc": ("office worker", "office workers", "businessman", "businesswoman", "businessperson",
                         "accountant", "manager", "managers", "employee", "employees", "clerk", "founder"),
    "1f9d1-200d-1f527": ("mechanic", "mechanics", "plumber", "plumbers", "electrician", "electricians",
                         "repairman", "technician", "technicians", "handyman"),
    "1f9d1-200d-1f52c": ("scientist", "scientists", "chemist", "chemists", "researcher", "researchers"),
    "1f9d1-200d-1f680": ("astronaut", "astronauts", "cosmonaut"),
    "1f9d1-200d-1f692": ("firefighter", "firefighters", "fireman", "firemen"),
    "1f9d1-200d-2695-fe0f": ("doctor", "doctors", "nurse", "nurses", "physician", "dentist", "surgeon", "medic",
                             "paramedic", "health worker", "pharmacist", "vet"),
    "1f9d1-200d-2696-fe0f": ("judge", "judges", "lawyer", "lawyers", "attorney"),
    "1f9d1-200d-2708-fe0f": ("pilot", "pilots", "aviator"),
    "1f46e": ("police officer", "police", "policeman", "policewoman", "cop", "cops", "officer", "officers"),
    "1f477": ("construction worker", "builder", "builders", "workman", "workmen", "roofer"),
    "1f482": ("guard", "guards", "guardsman", "soldier", "soldiers", "sentry"),
    "1f575-fe0f": ("detective", "detectives", "spy", "investigator"),
    "1f3c3": ("runner", "runners", "jogger", "joggers", "athlete", "athletes"),
    "1f3c4": ("surfer", "surfers"),
    "1f3ca": ("swimmer", "swimmers"),
    "1f6b6": ("walker", "walkers", "pedestrian", "pedestrians", "hiker", "hikers"),
    "1f3c7": ("jockey", "jockeys", "rider"),
    "26f7-fe0f": ("skier", "skiers"),
    "1f3cc-fe0f": ("golfer", "golfers"),
}
# everyday words for a thing that its Unicode name does not use (CLDR-style keywords, written by hand)
SYNONYMS: dict[str, tuple[str, ...]] = {
    "automobile": ("sedan", "vehicle", "vehicles", "auto"),
    "delivery truck": ("van", "vans", "lorry", "truck", "trucks"),
    "articulated lorry": ("semi", "lorries", "eighteen-wheeler"), "pickup truck": ("pickup", "pick-up"),
    "tractor": ("tractors",), "steam locomotive": ("locomotive", "steam train"), "motor scooter": ("moped", "vespa"),
    "racing motorcycle": ("motorcycle", "motorcycles", "motorbike", "motorbikes"), "canoe": ("kayak", "kayaks"),
    "helicopter": ("chopper", "helicopters"), "bus": ("buses",), "fire engine": ("fire truck", "firetruck"),
    "police car": ("patrol car",), "ambulance": ("ambulances",), "hospital": ("clinic", "clinics", "hospitals"),
    "standing person": ("family", "families"), "department store": ("mall", "shopping centre", "shopping center"),
    "factory": ("factories",), "stadium": ("arena", "court", "courts"),
    "house with garden": ("suburb", "suburbs", "backyard"), "derelict house building": ("ruin", "ruins", "shack"),
    "wedding": ("chapel wedding",), "classical building": ("museum", "courthouse", "temple"),
    "snow capped mountain": ("alps", "snowy mountain"), "camping": ("campground",),
    "desert island": ("island", "islands"), "beach with umbrella": ("beach umbrella", "parasol"),
    "carrot": ("vegetable", "vegetables", "veggies", "veg"),
    "leafy green": ("lettuce", "cabbage", "spinach", "kale", "greens"),
    "ear of rice": ("rice paddy", "wheat", "grain", "harvest", "crops", "crop"),
    "ear of maize": ("corn", "maize", "sweetcorn"), "hot pepper": ("chili", "chilli", "chillies"),
    "glass of milk": ("milk",), "watermelon": ("watermelons", "melon"), "bento box": ("lunchbox",),
    "sandwich": ("sandwiches", "sub"), "stethoscope": ("stethoscopes",), "wrench": ("spanner", "spanners", "wrenches"),
    "hammer": ("hammers", "tools"), "tennis racquet and ball": ("racket", "rackets", "racquet", "tennis"),
    "ram": ("sheep", "lamb", "lambs"), "goat": ("goats",), "elephant": ("elephants",),
    "giraffe face": ("giraffe", "giraffes"), "dromedary camel": ("camels",), "lion face": ("lion", "lions"),
    "tiger": ("tigers",), "penguin": ("penguins",), "fox face": ("fox", "foxes"), "wolf face": ("wolf", "wolves"),
    "bear face": ("bear", "bears"), "fishing pole and fish": ("fishing rod", "fishing pole", "rod"), "kite": ("kites",),
    "chicken": ("hen", "hens", "chickens", "poultry"), "rooster": ("roosters", "cockerel"),
    "pig": ("pigs", "hog", "piglet", "piglets"), "mouse": ("mice",), "deer": ("deer", "stag", "doe"),
    "ox": ("bull", "bulls", "oxen"), "water buffalo": ("buffalo",), "frog face": ("frog", "frogs", "toad"),
    "octopus": ("octopuses",), "squid": ("squids",), "shrimp": ("prawn", "prawns"),
    "cooking": ("frying pan", "pan", "pans", "skillet"), "pot of food": ("pot", "stew", "soup"),
    "fork and knife with plate": ("plate", "plates", "dinner", "meal", "restaurant", "restaurants"),
    "hocho": ("knife", "knives", "kitchen knife", "cleaver"), "amphora": ("vase",),
    "couch and lamp": ("sofa", "sofas", "couch", "living room", "lounge"), "shopping trolley": ("cart", "trolley"),
    "shopping bags": ("shopping", "shopping bag"), "door": ("doors", "doorway", "entrance"),
    "desktop computer": ("monitor", "pc", "desktop"), "television": ("tv", "televisions"),
    "package": ("parcel", "parcels", "box", "boxes", "crate"), "microscope": ("lab", "laboratory"),
    "telescope": ("observatory",), "tokyo tower": ("radio tower",), "statue of liberty": ("statue",),
    "moyai": ("moai",), "roller coaster": ("rollercoaster", "theme park", "amusement park"), "circus tent": ("circus",),
    "performing arts": ("theatre", "theater"), "movie camera": ("film camera",),
    "film projector": ("cinema", "projector"), "video game": ("controller", "gamepad"),
    "artist palette": ("palette", "paint", "painting"), "billed cap": ("cap", "baseball cap"), "jeans": ("denim",),
    "t-shirt": ("shirt", "tshirt", "tee"), "running shirt with sash": ("vest",), "coat": ("jacket", "jackets", "coats"),
    "scarf": ("scarves",), "gloves": ("glove",), "socks": ("sock",), "womans boots": ("boots", "boot"),
    "high-heeled shoe": ("heels",), "sunflower": ("sunflowers",), "herb": ("herbs",), "four leaf clover": ("clover",),
    "fallen leaf": ("autumn leaves", "autumn leaf"), "maple leaf": ("maple",), "mushroom": ("mushrooms",),
    "chestnut": ("chestnuts", "nut", "nuts"), "seedling": ("sprout", "sapling", "seed", "seeds"),
    "cherry blossom": ("sakura",), "bouquet": ("bouquets",), "christmas tree": ("xmas tree",),
    "jack-o-lantern": ("pumpkin", "pumpkins"), "sun behind cloud": ("partly cloudy",),
    "cloud with tornado": ("tornado", "twister"), "thermometer": ("temperature",), "volcano": ("eruption",),
    "japanese castle": ("pagoda",), "school": ("schoolhouse",), "hut": ("huts", "hovel"),
    "playground slide": ("playground", "slide"), "wheel": ("wheels", "tyre", "tire"), "anchor": ("anchors",),
    "fuel pump": ("petrol station", "gas station", "gas pump"),
    "vertical traffic light": ("traffic light", "traffic lights"), "oil drum": ("barrel", "barrels"),
    "small airplane": ("light aircraft", "propeller plane"), "flying saucer": ("ufo",),
    "sled": ("sledge", "sleigh", "toboggan"), "skateboard": ("skateboards", "skater"),
    "roller skate": ("rollerskates", "skates"), "ice skate": ("ice skating",), "ski and ski boot": ("skis", "skiing"),
    "flag in hole": ("golf", "golf course"), "baseball": ("baseballs",), "american football": ("rugby",),
    "bowling": ("bowling ball",), "trophy": ("trophies", "cup final"), "sports medal": ("medal", "medals"),
    "goal net": ("goal",), "boxing glove": ("boxing", "boxer"), "yo-yo": ("yoyo",),
    "teddy bear": ("teddy", "toy", "toys"), "jigsaw puzzle piece": ("puzzle", "jigsaw"),
    "electric light bulb": ("light bulb", "bulb"), "electric torch": ("flashlight", "torch"), "battery": ("batteries",),
    "left-pointing magnifying glass": ("magnifier", "magnifying glass"), "key": ("keys",), "lock": ("padlock",),
    "bell": ("bells",), "toolbox": ("toolkit",), "broom": ("brooms", "sweeping"), "bucket": ("pail",),
    "sponge": ("sponges",), "toilet": ("loo", "wc"), "bathtub": ("bath", "tub"), "shower": ("showers",),
    "mirror": ("mirrors",), "window": ("windows",), "envelope": ("letter", "mailbox"), "pencil": ("pencils",),
    "black scissors": ("scissors",), "briefcase": ("suitcase", "briefcases"), "luggage": ("baggage", "suitcases"),
    "world map": ("map", "maps"), "hourglass": ("sand timer",), "alarm clock": ("alarm",),
}
# words a hand-picked asset stood in for until the thing itself was vendored (a burger for "sandwich")
LENT = frozenset(("sandwich",))
# a head noun too general to be the thing ("traffic light": "lights" is not a traffic light)
VAGUE = frozenset(("light", "box", "green", "ceremony", "hit", "arts", "accommodation", "set", "uniform", "tube",
                   "dish"))
HEADER = """\
# The scene composer's drawn assets (mediakit/drawing/scene.py): one file per asset, <name>.webp, 256 px.
# Each is a Fluent Emoji 3D image by Microsoft (MIT, see LICENSE), taken from the npm package
# @lobehub/fluent-emoji-3d 1.1.0 (file <codepoint>.webp); nothing is downloaded at run time.
# The first 113 were picked by hand; the rest, and the plurals and synonyms, were added by
# benchmarks/vendor_scene_assets.py (see its docstring for how).
# words: the nouns of a prompt that the asset depicts (its own name always does).
"""
PLURALS = {"mouse": "mice", "goose": "geese", "man": "men", "woman": "women", "person": "people", "child": "children",
           "knife": "knives", "leaf": "leaves", "loaf": "loaves", "wolf": "wolves", "shelf": "shelves",
           "tooth": "teeth", "foot": "feet", "sheep": "sheep", "fish": "fish", "deer": "deer", "ox": "oxen"}
CUTS = (" WITH ", " BEHIND ", " WITHOUT ", " AND ", " IN ")


def plural(word: str) -> str:
    """The plural of an English noun (the last word of ``word``)."""
    head, _, last = word.rpartition(" ")
    if last in PLURALS:
        out = PLURALS[last]
    elif last.endswith("s") and not last.endswith(("ss", "us")):  # already a plural ("jeans", "buildings")
        out = last
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        out = last + "es"
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        out = last[:-1] + "ies"
    else:
        out = last + "s"
    return f"{head} {out}".strip()


# a setting's words are drawn as the setting ("a dog on the beach": sand and sea, not a beach umbrella's sticker)
PLACE_WORDS = frozenset(f(w) for words in (*SETTINGS.values(), *PLANES.values()) for w in words for f in (str, plural))


def unicode_name(code: str) -> str | None:
    """The Unicode name of a single-codepoint file name (``1f98a`` or ``26f0-fe0f``), else None."""
    points = [int(p, 16) for p in code.split("-") if p != "fe0f"]
    return unicodedata.name(chr(points[0]), None) if len(points) == 1 else None


def wanted(code: str, name: str) -> bool:
    point = int(code.split("-")[0], 16)
    return any(lo <= point <= hi for lo, hi in RANGES) and not any(s in name for s in SKIP) and name not in TILES


def words_of(name: str) -> list[str]:
    """The nouns an asset of Unicode ``name`` depicts: the name, its head (before "with", "of"...), the thing after
    "of" ("glass of milk": milk), a name without "face" ("fox face": fox), the head's last word ("racing
    motorcycle": motorcycle), their plurals, then the synonyms."""
    lower = name.lower()
    head = lower
    for cut in CUTS:
        head = head.split(cut.lower())[0]
    base = [lower, head]
    if " of " in lower:
        base.append(lower.split(" of ")[-1])
    if head.endswith(" face"):
        head = head[:-5]
        base.append(head)
    if len(head.split()) > 1 and not head.startswith(("glass", "cup", "game")) and head.split()[-1] not in VAGUE:
        base.append(head.split()[-1])
    out = [w for b in base for w in (b, plural(b))]
    out += list(SYNONYMS.get(lower, ()))
    return [w for k, w in enumerate(dict.fromkeys(out)) if w and (k == 0 or w not in PLACE_WORDS)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="the package's assets folder (<codepoint>.webp files)")
    parser.add_argument("--sheet", type=Path, help="also write a contact sheet of the new assets here")
    args = parser.parse_args()
    index = FOLDER / "assets.yaml"
    text = index.read_text(encoding="utf-8")
    entries: dict[str, dict] = yaml.safe_load(text)["assets"]
    added: list[str] = []
    named: set[str] = set()
    hand = {e["codepoint"] for e in entries.values()}
    for key, entry in entries.items():  # a hand-picked asset keeps its words first and gains the everyday synonyms
        name = (unicode_name(entry["codepoint"]) or "").lower()
        kept = [w for w in entry["words"] if w not in LENT]
        own = [w for w in (key.replace("-", " "), *kept) if not w.endswith(("s", "y", "ed", "ing"))]
        words = (*kept, *map(plural, own), *SYNONYMS.get(name, ()))
        entry["words"] = [w for w in dict.fromkeys(words) if w != key]
        named.add(name)
    for path in sorted(args.source.glob("*.webp")):
        code = path.stem
        if code in hand:
            continue
        if code in ROLES:
            key, *words = ROLES[code]
            key = key.replace(" ", "-")
        else:
            name = unicode_name(code)
            if name is None or not wanted(code, name):
                continue
            key, *words = words_of(name)
            named.add(name.lower())
            if name.endswith(" FACE") and any(name[:-5].lower() in (k, *e["words"]) for k, e in entries.items()):
                continue  # "DOG FACE" when a whole dog is already here
            key = key.replace(" ", "-")
        if key in entries:
            continue
        entries[key] = {"codepoint": code, "words": words}
        shutil.copyfile(path, FOLDER / f"{key}.webp")
        added.append(key)
    body = "\n".join(f'  {k}: {{codepoint: "{v["codepoint"]}", words: '
                     f'{yaml.safe_dump(v["words"], default_flow_style=True, width=10_000).strip()}}}'
                     for k, v in entries.items())
    index.write_text(f"{HEADER}assets:\n{body}\n", encoding="utf-8")
    print(f"{len(added)} assets added, {len(entries)} in all")
    if set(SYNONYMS) - named:  # a synonym for a name no vendored asset has would be dead
        print("synonyms of no asset:", ", ".join(sorted(set(SYNONYMS) - named)))
    if args.sheet:
        cols = 24
        sheet = Image.new("RGBA", (cols * 64, (len(added) // cols + 1) * 64), (200, 200, 200, 255))
        for i, key in enumerate(added):
            with Image.open(FOLDER / f"{key}.webp") as im:
                sheet.alpha_composite(im.convert("RGBA").resize((64, 64)), ((i % cols) * 64, (i // cols) * 64))
        sheet.save(args.sheet)


if __name__ == "__main__":
    main()
