"""Set pieces: the places a scene happens in that no vendored asset depicts, drawn as shapes.

Fluent Emoji has no lighthouse, no cliff, no bakery front and no window with
a sill, yet prompts name them as the place of the scene ("a lighthouse on a
cliff at dusk", "a bakery on a rainy morning", "iced coffee on a sunny
windowsill").  Each is drawn here in flat layered shapes lit by the scene's
light, and says where the scene's things then stand (``Stage``): on the
pavement in front of the shop, on the sill, at the foot of the cliff.  A
piece is drawn on the scene's near plane (``scene.scene_planes``), so the
sky behind it moves slower under a parallax camera; a window is a hole in
the near plane through which the far plane (the outside) shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from .motifs import RGB, Canvas, Palette, mix

# piece -> the words of a prompt that name it
PIECES: dict[str, tuple[str, ...]] = {
    "lighthouse": ("lighthouse", "lighthouses", "beacon"),
    "cliff": ("cliff", "cliffs", "clifftop", "headland", "bluff"),
    "shopfront": ("bakery", "bakeries", "patisserie", "shop", "shops", "store", "cafe", "café", "shopfront",
                  "storefront", "boutique", "deli", "market", "grocer", "greengrocer", "diner", "diners",
                  "restaurant", "restaurants", "bistro", "pharmacy", "bookshop", "bookstore"),
    "window": ("window", "windows", "windowsill", "windowsills", "sill", "windowpane"),
    "barn": ("barn", "barns", "stable", "stables", "farmyard", "barnyard", "shed", "sheds"),
    "kitchen": ("kitchen", "kitchens", "cafeteria", "canteen"),
    "garage": ("garage", "garages", "workshop", "workshops", "warehouse"),
    "bridge": ("bridge", "bridges", "viaduct", "aqueduct"),
}
# the pieces drawn together as one place; a scene is one place (a shop front and a window do not mix)
PLACES = (frozenset(("cliff", "lighthouse")), frozenset(("shopfront",)), frozenset(("window",)), frozenset(("barn",)),
          frozenset(("kitchen",)), frozenset(("garage",)), frozenset(("bridge",)))
# the pieces that are a room: the outside (the far plane, its weather) shows only through a window
INDOORS = frozenset(("window", "kitchen", "garage"))
# a second place named with the first, that the first already shows within it (a bakery's window: its display)
WITHIN = {"shopfront": frozenset(("window",))}
# the far plane behind a piece when the prompt names no setting of its own
BEHIND = {"lighthouse": "sea", "cliff": "sea", "shopfront": "city", "window": "land", "barn": "field",
          "kitchen": "studio", "garage": "studio", "bridge": "river"}
# what a shop's display window holds, by the word that named the shop
DISPLAYS = {"bakery": ("bread", "croissant", "baguette"), "bakeries": ("bread", "croissant", "baguette"),
            "patisserie": ("cake", "croissant", "cupcake"), "cafe": ("coffee", "croissant", "cake"),
            "café": ("coffee", "croissant", "cake"), "deli": ("bread", "pizza", "burger"),
            "market": ("apple", "lemon", "strawberry"), "grocer": ("apple", "lemon", "banana"),
            "greengrocer": ("apple", "lemon", "banana"), "diner": ("burger", "coffee", "pie"),
            "restaurant": ("pizza", "spaghetti", "wine"), "bistro": ("coffee", "croissant", "wine"),
            "pharmacy": ("pill", "lotion", "soap"), "bookshop": ("books", "book", "green-book"),
            "bookstore": ("books", "book", "green-book")}
DARK_TIMES = frozenset(("dusk", "night", "sunset", "dawn"))


@dataclass(frozen=True)
class Stage:
    """Where a scene's things stand once its pieces are drawn: their ground line and the x of the first
    (fractions of the frame), their size (of the shorter side), the x of the others, the box (x0, y0, x1,
    y1) the things of the sky keep to, and the line boats float on (None: no water in front)."""

    ground: float = 0.84
    centre: float = 0.5
    scale: float = 0.46
    spots: tuple[float, ...] = (0.17, 0.83, 0.33, 0.67, 0.08, 0.92)
    sky: tuple[float, float, float, float] = (0.1, 0.1, 0.9, 0.45)
    water: float | None = None


@dataclass(frozen=True)
class Placed:
    """An asset a piece places after its shapes (``name`` at ``cx``, bottom at ``base``, ``side`` of the
    shorter side wide)."""

    name: str
    cx: float
    base: float
    side: float


def piece_words() -> dict[str, str]:
    """Every word that names a piece -> the piece."""
    return {word: name for name, words in PIECES.items() for word in words}


def draw_pieces(c: Canvas, pieces: tuple[tuple[str, str], ...], pal: Palette, time: str,
                weather: str) -> tuple[Stage, list[Placed]]:
    """Draw ``pieces`` ((noun, piece) pairs) on ``c``; the stage the things stand on, and the sprites to add."""
    names = {name for _, name in pieces}
    lit = time in DARK_TIMES or weather in ("rain", "storm", "fog")
    if "window" in names:
        return _window(c, pal, lit), []
    if "kitchen" in names or "garage" in names:
        return _room(c, pal, "kitchen" in names), []
    if "barn" in names:
        return _barn(c, pal), []
    if "bridge" in names:
        return _bridge(c, pal), []
    if "shopfront" in names:
        noun = next(n for n, name in pieces if name == "shopfront")
        return _shopfront(c, pal, lit, weather, DISPLAYS.get(noun, ()))
    stage = Stage()
    if names & {"cliff", "lighthouse"}:
        top = _cliff(c, pal, low="cliff" not in names)
        if "lighthouse" in names:
            _lighthouse(c, pal, 0.22, top, lit)
        stage = Stage(ground=0.95, centre=0.72, scale=0.44, spots=(0.5, 0.94, 0.86, 0.6), sky=(0.5, 0.08, 0.92, 0.3))
    return stage, []


def _rock(pal: Palette) -> RGB:
    return mix((118, 104, 94), pal.light, 0.2)


def _cliff(c: Canvas, pal: Palette, *, low: bool) -> float:
    """A rocky headland rising from the water on the left (a low islet when only a lighthouse is named);
    returns the y of its top."""
    top = 0.74 if low else 0.6
    reach = 0.38 if low else 0.5
    rock = _rock(pal)
    c.poly([(0.0, top - 0.01), (reach * 0.35, top - 0.02), (reach * 0.75, top), (reach * 0.85, top + 0.05),
            (reach * 0.9, top + 0.14), (reach, top + 0.24), (reach + 0.06, 1.0), (0.0, 1.0)], fill=(*rock, 255))
    face = mix(rock, (20, 18, 30), 0.35)  # the face turned from the light
    c.poly([(reach * 0.75, top), (reach * 0.85, top + 0.05), (reach * 0.9, top + 0.14), (reach, top + 0.24),
            (reach + 0.06, 1.0), (reach * 0.82, 1.0), (reach * 0.8, top + 0.2), (reach * 0.7, top + 0.06)],
           fill=(*face, 255))
    for k in range(4):  # strata
        y = top + 0.08 + k * 0.07
        c.rect(0.02, y, reach * (0.6 + 0.06 * k), y + 0.006, fill=(*face, 150), radius=0.003)
    grass = mix((92, 150, 80), pal.light, 0.25)
    c.poly([(0.0, top - 0.025), (reach * 0.35, top - 0.035), (reach * 0.76, top - 0.012), (reach * 0.8, top + 0.01),
            (reach * 0.35, top + 0.008), (0.0, top + 0.012)], fill=(*grass, 255))
    return top - 0.02


def _lighthouse(c: Canvas, pal: Palette, x: float, base: float, lit: bool) -> None:
    """A striped tower with a gallery, a lantern and a red cap; its beam swept across the sky when lit."""
    def ux(k: float) -> float:
        return k * c.u / c.w

    def uy(k: float) -> float:
        return k * c.u / c.h

    tall, bottom, top = 0.5, 0.07, 0.045
    white, red = mix((245, 242, 236), pal.light, 0.15), mix((200, 48, 46), pal.light, 0.1)
    top_y = base - uy(tall)
    c.poly([(x - ux(bottom), base), (x - ux(top), top_y), (x + ux(top), top_y), (x + ux(bottom), base)],
           fill=(*white, 255))
    for k in (1, 3):  # red bands
        y0, y1 = base - uy(tall * k / 4), base - uy(tall * (k + 1) / 4)
        w0, w1 = bottom + (top - bottom) * k / 4, bottom + (top - bottom) * (k + 1) / 4
        c.poly([(x - ux(w0), y0), (x - ux(w1), y1), (x + ux(w1), y1), (x + ux(w0), y0)], fill=(*red, 255))
    c.poly([(x + ux(0.01), base), (x + ux(0.006), top_y), (x + ux(top), top_y), (x + ux(bottom), base)],
           fill=(20, 20, 40, 60))  # the shaded side
    c.rect(x - ux(0.016), base - uy(0.07), x + ux(0.016), base, fill=(60, 44, 40, 255), radius=0.008)  # door
    iron = (40, 42, 52, 255)
    c.rect(x - ux(top + 0.018), top_y - uy(0.014), x + ux(top + 0.018), top_y + uy(0.006), fill=iron)  # gallery
    lamp = (255, 236, 160) if lit else mix((200, 224, 236), pal.light, 0.3)
    c.rect(x - ux(0.034), top_y - uy(0.085), x + ux(0.034), top_y - uy(0.014), fill=(*lamp, 255))
    c.rect(x - ux(0.003), top_y - uy(0.085), x + ux(0.003), top_y - uy(0.014), fill=iron)
    c.ellipse(x, top_y - uy(0.085), 0.044, 0.036, fill=(*red, 255))
    c.rect(x - ux(0.046), top_y - uy(0.088), x + ux(0.046), top_y - uy(0.08), fill=(*red, 255))
    c.rect(x - ux(0.004), top_y - uy(0.15), x + ux(0.004), top_y - uy(0.11), fill=iron)
    if lit:
        ly = top_y - uy(0.05)
        for sign, reach in ((1, 1.2), (-1, 0.35)):
            end = x + sign * reach
            c.poly([(x, ly - uy(0.012)), (end, ly - uy(0.1)), (end, ly + uy(0.05)), (x, ly + uy(0.012))],
                   fill=(255, 240, 190, 56))
        c.ellipse(x, ly, 0.05, 0.05, fill=(255, 236, 170, 70))


def _shopfront(c: Canvas, pal: Palette, lit: bool, weather: str,
               display: tuple[str, ...]) -> tuple[Stage, list[Placed]]:
    """A shop's front across the frame: upper windows, a striped awning, a display window (holding
    ``display``) and a glazed door, on a pavement that shines when wet."""
    wall = mix((236, 214, 178), pal.light, 0.2)
    shade = mix(wall, (30, 24, 36), 0.35)
    warm = (255, 214, 150) if lit else mix((222, 236, 240), pal.light, 0.3)
    c.rect(0.0, 0.16, 1.0, 0.93, fill=(*wall, 255))
    c.rect(0.0, 0.15, 1.0, 0.19, fill=(*shade, 255))
    for x0 in (0.14, 0.62):
        c.rect(x0 - 0.01, 0.23, x0 + 0.25, 0.37, fill=(*shade, 255), radius=0.01)
        c.rect(x0, 0.24, x0 + 0.24, 0.36, fill=(*mix(warm, pal.top, 0.3), 255))
        c.rect(x0 + 0.115, 0.24, x0 + 0.125, 0.36, fill=(*shade, 255))
    stripe, white = mix((196, 52, 60), pal.light, 0.1), mix((248, 244, 236), pal.light, 0.1)
    for k in range(10):  # the awning, angled out over the pavement
        x0, x1 = -0.05 + k * 0.11, 0.06 + k * 0.11
        c.poly([(x0 + 0.01, 0.41), (x1 + 0.01, 0.41), (x1, 0.49), (x0, 0.49)], fill=(*(stripe, white)[k % 2], 255))
        c.ellipse((x0 + x1) / 2, 0.49, 0.03, 0.018, fill=(*(stripe, white)[k % 2], 255))
    c.rect(0.0, 0.5, 1.0, 0.52, fill=(0, 0, 0, 50))  # the awning's shadow
    wood = mix((92, 58, 40), pal.light, 0.1)
    c.rect(0.05, 0.53, 0.61, 0.86, fill=(*wood, 255), radius=0.01)
    c.rect(0.07, 0.55, 0.59, 0.82, fill=(*warm, 255))
    c.poly([(0.18, 0.55), (0.28, 0.55), (0.14, 0.82), (0.07, 0.82), (0.07, 0.75)], fill=(255, 255, 255, 60))
    c.rect(0.07, 0.76, 0.59, 0.78, fill=(*wood, 255))  # the display shelf
    c.rect(0.67, 0.52, 0.92, 0.93, fill=(*wood, 255), radius=0.01)
    c.rect(0.7, 0.55, 0.89, 0.74, fill=(*warm, 255))
    c.ellipse(0.72, 0.8, 0.012, 0.012, fill=(230, 196, 90, 255))
    pavement = mix((150, 148, 150), pal.light, 0.2)
    c.rect(0.0, 0.93, 1.0, 1.0, fill=(*pavement, 255))
    if weather in ("rain", "storm"):
        for x0 in (0.12, 0.42, 0.78):  # the lit windows shine on the wet pavement
            c.rect(x0, 0.945, x0 + 0.12, 0.955, fill=(*warm, 120), radius=0.004)
    sprites = [Placed(name, 0.16 + k * 0.17, 0.765, 0.14) for k, name in enumerate(display)]
    return Stage(ground=0.985, centre=0.36, scale=0.3, spots=(0.6, 0.16, 0.86, 0.06),
                 sky=(0.1, 0.02, 0.9, 0.12)), sprites


def _window(c: Canvas, pal: Palette, lit: bool) -> Stage:
    """A room's wall around a window (a hole: the far plane shows the outside), its frame, and a sill that
    the things stand on; the daylight falls in across the wall below."""
    # a mid-toned wall, so a headline in white over it reads; the window low enough to leave it room above
    wall = mix((184, 116, 92), pal.light, 0.15) if not lit else mix((112, 80, 72), pal.light, 0.1)
    x0, y0, x1, y1 = 0.14, 0.2, 0.86, 0.68
    for box in ((0.0, 0.0, 1.0, y0), (0.0, y1, 1.0, 1.0), (0.0, y0, x0, y1), (x1, y0, 1.0, y1)):
        c.rect(*box, fill=(*wall, 255))
    frame = mix((250, 248, 242), pal.light, 0.1)
    bar = 0.022
    for box in ((x0 - bar, y0 - bar, x1 + bar, y0), (x0 - bar, y0, x0, y1), (x1, y0, x1 + bar, y1),
                (0.49, y0, 0.51, y1), (x0, (y0 + y1) / 2 - 0.008, x1, (y0 + y1) / 2 + 0.008)):
        c.rect(*box, fill=(*frame, 255))
    if not lit:  # sunlight falling in: two soft beams across the wall below the sill
        for dx in (0.0, 0.38):
            c.poly([(x0 + dx, y1 + 0.04), (x0 + dx + 0.3, y1 + 0.04), (x0 + dx + 0.46, 1.0), (x0 + dx + 0.16, 1.0)],
                   fill=(*mix(pal.light, (255, 240, 200), 0.5), 60))
    c.rect(0.06, y1 - 0.005, 0.94, y1 + 0.03, fill=(*frame, 255), radius=0.004)  # the sill
    c.rect(0.06, y1 + 0.03, 0.94, y1 + 0.045, fill=(*mix(frame, (40, 36, 48), 0.3), 255))
    return Stage(ground=y1 + 0.002, centre=0.5, scale=0.32, spots=(0.23, 0.77, 0.36, 0.64),
                 sky=(x0 + 0.06, y0 + 0.04, x1 - 0.06, (y0 + y1) / 2 - 0.04))



def _barn(c: Canvas, pal: Palette) -> Stage:
    """A red barn with a gambrel roof, white trim and a crossed door, back on the left; the things stand in front
    of it to the right."""
    red, roof = mix((178, 46, 40), pal.light, 0.15), mix((84, 60, 56), pal.light, 0.1)
    white = mix((246, 240, 228), pal.light, 0.15)
    x0, x1, eave, base = 0.04, 0.5, 0.6, 0.8
    mid = (x0 + x1) / 2
    c.poly([(x0 - 0.02, eave), (x0 + 0.04, eave - 0.07), (mid, eave - 0.12), (x1 - 0.04, eave - 0.07),
            (x1 + 0.02, eave)], fill=(*roof, 255))
    c.poly([(x0, eave), (x0 + 0.05, eave - 0.06), (mid, eave - 0.1), (x1 - 0.05, eave - 0.06), (x1, eave),
            (x1, base), (x0, base)], fill=(*red, 255))
    c.rect(x0, base - 0.004, x1, base, fill=(*white, 255))
    d0, d1, top = mid - 0.1, mid + 0.1, eave + 0.05
    c.rect(d0, top, d1, base, fill=(*white, 255))
    c.rect(d0 + 0.012, top + 0.008, d1 - 0.012, base - 0.004, fill=(*mix(red, (40, 20, 20), 0.25), 255))
    for a, b in (((d0, top), (d1, base)), ((d1, top), (d0, base))):  # the door's white cross
        c.poly([(a[0] + 0.01, a[1]), (a[0] + 0.03, a[1]), (b[0] - 0.01 if b[0] > a[0] else b[0] + 0.03, b[1]),
                (b[0] - 0.03 if b[0] > a[0] else b[0] + 0.01, b[1])], fill=(*white, 255))
    c.rect(mid - 0.035, eave - 0.06, mid + 0.035, eave - 0.015, fill=(*white, 255))  # the hay loft's hatch
    c.rect(mid - 0.026, eave - 0.054, mid + 0.026, eave - 0.021, fill=(60, 40, 36, 255))
    return Stage(ground=0.88, centre=0.66, scale=0.4, spots=(0.88, 0.44, 0.96, 0.3), sky=(0.55, 0.1, 0.92, 0.4))


def _room(c: Canvas, pal: Palette, kitchen: bool) -> Stage:
    """A room's back wall and floor: a kitchen (tiles, cabinets, a counter with a hob and a hood) or a garage
    (a roller door and a pegboard of tools); the things stand on the floor in front."""
    wall = mix((232, 226, 214) if kitchen else (176, 180, 186), pal.light, 0.15)
    c.rect(0.0, 0.0, 1.0, 1.0, fill=(*wall, 255))
    floor = mix((156, 120, 92) if kitchen else (128, 128, 132), pal.light, 0.1)
    c.rect(0.0, 0.74, 1.0, 1.0, fill=(*floor, 255))
    line = mix(wall, (60, 60, 70), 0.18)
    if kitchen:
        for k in range(12):  # the splashback's tiles
            c.rect(k / 11 - 0.002, 0.4, k / 11 + 0.002, 0.56, fill=(*line, 255))
        c.rect(0.0, 0.47, 1.0, 0.474, fill=(*line, 255))
        cabinet = mix((110, 150, 140), pal.light, 0.1)
        for x0 in (0.02, 0.26, 0.62):
            c.rect(x0, 0.14, x0 + 0.2, 0.36, fill=(*cabinet, 255), radius=0.01)
            c.rect(x0 + 0.085, 0.3, x0 + 0.115, 0.31, fill=(220, 210, 190, 255))
        c.poly([(0.46, 0.3), (0.6, 0.3), (0.64, 0.4), (0.42, 0.4)], fill=(*mix(line, (120, 124, 130), 0.5), 255))
        c.rect(0.0, 0.56, 1.0, 0.59, fill=(*mix((226, 224, 220), pal.light, 0.1), 255))  # the worktop
        c.rect(0.0, 0.59, 1.0, 0.74, fill=(*cabinet, 255))
        for x0 in (0.04, 0.28, 0.52, 0.76):
            c.rect(x0, 0.61, x0 + 0.2, 0.72, fill=(*mix(cabinet, (20, 30, 30), 0.15), 255), radius=0.006)
        for x in (0.47, 0.57):  # the hob's rings
            c.ellipse(x, 0.56, 0.035, 0.008, fill=(40, 40, 44, 255))
    else:
        door = mix((200, 202, 206), pal.light, 0.1)
        c.rect(0.08, 0.22, 0.92, 0.74, fill=(*door, 255))
        for k in range(13):  # the roller door's slats
            y = 0.24 + k * 0.04
            c.rect(0.08, y, 0.92, y + 0.006, fill=(*line, 255))
        board = mix((176, 140, 100), pal.light, 0.1)
        c.rect(0.1, 0.06, 0.48, 0.18, fill=(*board, 255))
        for k in range(5):  # tools hung on the board
            c.rect(0.14 + k * 0.07, 0.08, 0.15 + k * 0.07, 0.16, fill=(60, 62, 70, 255))
    c.rect(0.0, 0.735, 1.0, 0.745, fill=(*mix(floor, (20, 20, 20), 0.3), 255))
    return Stage(ground=0.93, centre=0.5, scale=0.4, spots=(0.18, 0.82, 0.32, 0.68), sky=(0.2, 0.0, 0.8, 0.0))


def _bridge(c: Canvas, pal: Palette) -> Stage:
    """A stone arch bridge across the frame; the things cross on its deck."""
    stone = mix((170, 150, 128), pal.light, 0.2)
    shade = mix(stone, (30, 26, 36), 0.35)
    deck = 0.62
    c.rect(0.0, deck, 1.0, deck + 0.035, fill=(*stone, 255))
    c.rect(0.0, deck - 0.03, 1.0, deck - 0.022, fill=(*shade, 255))  # the parapet's rail
    for k in range(21):
        c.rect(k / 20 - 0.004, deck - 0.03, k / 20 + 0.004, deck, fill=(*shade, 255))
    for x in (0.0, 0.5, 1.0):  # piers, arches between them
        c.poly([(x - 0.07, deck + 0.03), (x + 0.07, deck + 0.03), (x + 0.09, 1.0), (x - 0.09, 1.0)],
               fill=(*stone, 255))
    for x in (0.25, 0.75):
        c.ellipse(x, 1.0, 0.17, 0.3, fill=(*shade, 140))
    return Stage(ground=deck + 0.003, centre=0.5, scale=0.3, spots=(0.2, 0.8, 0.36, 0.64), sky=(0.1, 0.08, 0.9, 0.35))
