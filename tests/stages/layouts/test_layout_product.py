"""product_acting_ugc: the eight templates, background removal, and the composed frame."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import MediaError, ValidationError
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.stages.actors.catalog import Actor
from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.actors.query import get_actor
from mediakit.stages.actors.talking import SpeechInput, placeable, talking_track
from mediakit.stages.layouts.cutout import cutout, plain_background
from mediakit.stages.layouts.limbs import NEUTRAL, Limbs
from mediakit.stages.layouts.product import (
    MOUTH_CLEAR,
    ProductTemplate,
    actor_box,
    get_template,
    in_the_room,
    load_templates,
    photo_in_room,
    product_box,
    product_track,
    visible_box,
    wrist,
)
from mediakit.timeline import Box, Canvas, ImageLayer, PuppetLayer, Timeline

CANVAS = Canvas(180, 320)
SPEC_TEMPLATES = ["product-in-hand", "mirror-selfie", "bathroom-reaction", "kitchen-counter", "car-selfie",
                  "couch-review", "expert-interview", "product-closeup"]


def test_the_spec_templates_exist_and_differ() -> None:
    templates = load_templates()
    assert list(templates) == SPEC_TEMPLATES
    arrangements = {(t.backdrop, t.actor_box, t.actor_pip, t.center, t.width, t.rotation, t.motion)
                    for t in templates.values()}
    assert len(arrangements) == 8
    assert len({t.backdrop for t in templates.values()}) == 8
    with pytest.raises(ValidationError, match="product-in-hand, mirror-selfie") as info:
        get_template("beach-walk")
    assert info.value.field == "template"


def test_template_data_is_checked() -> None:
    base = {"backdrop": {"kind": "tiles"}, "actor": {"box": [0, 0, 1, 0.5]}, "product": {"center": [0.5, 0.8]}}
    assert ProductTemplate.from_dict("ok", base).backdrop == "tiles"
    with pytest.raises(ValidationError, match="backdrop.kind"):
        ProductTemplate.from_dict("x", {**base, "backdrop": {"kind": "beach"}})
    with pytest.raises(ValidationError, match="exactly one of box or pip"):
        ProductTemplate.from_dict("x", {**base, "actor": {}})
    with pytest.raises(ValidationError, match="motion"):
        ProductTemplate.from_dict("x", {**base, "product": {"motion": "spin"}})
    with pytest.raises(ValidationError, match="in_room"):  # a studio has nothing to stand behind
        ProductTemplate.from_dict("x", {**base, "backdrop": {"kind": "studio"},
                                        "actor": {"box": [0, 0, 1, 1], "in_room": True}})


def test_a_drawn_actor_in_the_room_has_the_room_behind_them(stand_in_actor: Callable[..., PuppetLayer],
                                                            tmp_path: Path) -> None:
    room = ImageLayer(path=tmp_path / "room.png")
    drawn = stand_in_actor((180, 320))
    assert in_the_room(drawn, room).backdrop == room
    assert in_the_room(tmp_path / "clip.mp4", room) == tmp_path / "clip.mp4"


@pytest.mark.slow
def test_a_photo_actor_is_cut_out_and_stands_behind_the_counter_not_a_framed_card(
        photo_actor: Actor, speech: SpeechInput, layout_media: Path, tmp_path: Path) -> None:
    box = actor_box(get_template("kitchen-counter"), CANVAS, photo=True)
    actor = placeable(talking_track(photo_actor, speech, Box(0, 0, box.w, box.h), fps=CANVAS.fps,
                                    duration_ms=1000))
    track = product_track(layout_media / "packshot.jpg", actor, CANVAS, 1000, template="kitchen-counter",
                          cache_dir=tmp_path)
    room, person = track.layers[:2]
    assert isinstance(room, ImageLayer) and isinstance(person, PuppetLayer) and person.mask is not None
    im = np.asarray(Image.open(render(Timeline(CANVAS, 1000, layers=track.layers), tmp_path / "f.png",
                                      profile=StillProfile(500))).convert("RGB"), dtype=np.int16)
    wall = np.asarray(Image.open(room.path).convert("RGB"), dtype=np.int16)
    blue = (im[..., 2] > 150) & (im[..., 0] < 90)
    assert blue.mean() < 0.002, "the photo's blue backdrop is gone: no card, no rectangle of it"
    for corner in (im[:40, :30], im[:40, -30:]):   # beside the head: the kitchen's wall, not the photo's
        assert np.abs(corner - wall[:40, :30]).mean() < 6
    assert box == photo_in_room(CANVAS) and person.box == box and box.h < CANVAS.height, "not the whole frame"
    assert box.y + box.h > 0.82 * CANVAS.height > box.y + 0.9 * box.h, "its foot behind the counter, no more"
    cy, cx = box.y + round(0.42 * box.h), box.x + box.w // 2   # the rig frames the face centre at 42% of the height
    face = im[cy - 8:cy + 8, cx - 10:cx + 10]
    assert face[..., 0].mean() > face[..., 2].mean() + 30, "the speaker's face (skin) there"


@pytest.mark.slow
@pytest.mark.parametrize("template", ["kitchen-counter", "couch-review", "mirror-selfie", "bathroom-reaction"])
def test_the_actor_is_behind_the_counter_not_a_portrait_on_the_wall(template: str, layout_media: Path,
                                                                   tmp_path: Path) -> None:
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 2000,
                          template=template, cache_dir=tmp_path)
    actor, front, product = track.layers
    assert isinstance(actor, ImageLayer) and actor.box is None and actor.mask is None, "full frame, no frame"
    assert isinstance(front, ImageLayer) and front.path.name.startswith("scene-front")
    im = np.asarray(Image.open(render(Timeline(CANVAS, 2000, layers=track.layers), tmp_path / "f.png",
                                      profile=StillProfile(1500))).convert("RGB"), dtype=np.int16)
    shirt = np.array((200, 80, 70))  # the stand-in actor's body, from y 170 down
    assert (np.abs(im[100:160] - np.array((120, 170, 220))).sum(axis=2) < 40).mean() > 0.3, "the actor is seen"
    assert isinstance(product, ImageLayer) and product.box is not None
    floor = (seen := visible_box(product.path, product.box)).y + seen.h  # the counter top, the couch's arms
    assert abs(floor - 0.82 * CANVAS.height) <= 2, "a tall bottle stands on the counter, not below its top"
    body = np.abs(im[floor + 3:] - shirt).sum(axis=2) < 60
    assert body.size and body.mean() < 0.05, "the counter (the couch) hides the actor's lower body"


@pytest.mark.parametrize("aspect", ["9:16", "4:5", "1:1"])
@pytest.mark.parametrize("card", [(400, 520), (300, 700)])
def test_a_held_product_stays_under_the_mouth_in_every_aspect(aspect: str, card: tuple[int, int]) -> None:
    """On a frame shorter than 9:16 the same bust fills more of the height: the card shrinks, never the mouth."""
    canvas = Canvas.for_aspect(aspect)
    _, face_y, unit = bust_geometry(canvas.width, canvas.height)
    box = product_box(get_template("product-in-hand"), card, canvas)
    assert box.y >= face_y + MOUTH_CLEAR * unit - 1 and box.y + box.h <= canvas.height
    assert box.h >= 0.3 * canvas.height                            # still a product a viewer sees


def test_a_product_beside_the_actor_keeps_its_template_size() -> None:
    canvas = Canvas.for_aspect("4:5")
    tpl = get_template("expert-interview")           # the actor framed right, the product at left: beside the face
    assert product_box(tpl, (400, 520), canvas).w == round(tpl.width * canvas.width) // 2 * 2


@pytest.mark.slow
def test_busy_photo_keeps_its_background(real: Path, tmp_path: Path) -> None:
    coffee = real / "skimage-coffee" / "coffee.png"
    cut = cutout(coffee, tmp_path)
    assert not cut.removed
    with Image.open(cut.path) as im, Image.open(coffee) as orig:
        assert im.size == orig.size
        assert im.convert("RGBA").getchannel("A").getextrema() == (255, 255)
    assert plain_background(np.asarray(Image.open(coffee).convert("RGB"))) is None


def test_plain_white_background_is_removed_but_the_white_label_stays(layout_media: Path, tmp_path: Path) -> None:
    cut = cutout(layout_media / "packshot.jpg", tmp_path)
    assert cut.removed
    with Image.open(cut.path) as im:
        a = np.asarray(im.getchannel("A"))
        rgb = np.asarray(im.convert("RGB")).astype(int)
    h, w = a.shape
    assert a[0, 0] == 0 and a[-1, -1] == 0                       # background gone
    assert a[h // 2, w // 2] == 255                               # the white label inside survives
    assert rgb[h // 2, w // 2].min() > 240
    edge = a[h // 2, :]
    assert edge[:3].max() == 0 and edge[w // 2 - 10:w // 2 + 10].min() == 255   # clear margin, solid body
    soft = ((edge > 0) & (edge < 255)).sum()
    assert 1 <= soft <= 8                                         # a feathered, not a jagged or blurry, edge
    assert w < 400 and h < 500                                    # trimmed to the product
    assert cutout(layout_media / "packshot.jpg", tmp_path).path == cut.path  # cached


def test_unreadable_product_image(layout_media: Path, tmp_path: Path) -> None:
    with pytest.raises(MediaError):
        cutout(layout_media / "not_an_image.png", tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("template", SPEC_TEMPLATES)
def test_every_template_compiles_with_the_product_inside_the_frame(template: str, layout_media: Path,
                                                                   tmp_path: Path) -> None:
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 2000,
                          template=template, cache_dir=tmp_path)
    product = track.layers[-1]
    assert isinstance(product, ImageLayer) and product.box is not None
    b = product.box
    assert b.x >= 0 and b.y >= 0 and b.x + b.w <= CANVAS.width and b.y + b.h <= CANVAS.height
    assert product.start_ms == 0 and product.enter.kind == "none"     # in frame from the cover on
    compile_timeline(Timeline(CANVAS, track.duration_ms, layers=track.layers))
    tpl = get_template(template)
    assert product_box(tpl, (100, 200), CANVAS).w <= round(tpl.width * CANVAS.width) + 1


@pytest.mark.slow
def test_rendered_product_in_hand_frame(layout_media: Path, tmp_path: Path) -> None:
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 2000,
                          template="kitchen-counter", cache_dir=tmp_path)
    tl = Timeline(CANVAS, track.duration_ms, layers=track.layers)
    still = render(tl, tmp_path / "product.png", profile=StillProfile(1500))
    im = np.asarray(Image.open(still).convert("RGB")).astype(int)
    b = tl.layers[-1].box
    assert b is not None
    body = im[b.y + b.h // 4, b.x + b.w // 2]
    assert abs(body[1] - 120) < 40 and body[0] < 80            # the green bottle, not a white box around it
    corner = im[b.y + 2, b.x + 2]
    assert not (corner.min() > 240)                             # no leftover white background at its corner


@pytest.mark.slow
def test_the_held_product_is_on_an_arm_that_runs_out_of_the_frame(layout_media: Path, tmp_path: Path) -> None:
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 2000,
                          template="product-in-hand", cache_dir=tmp_path)
    *_, arm, product = track.layers
    assert isinstance(arm, ImageLayer) and isinstance(product, ImageLayer) and arm.path.name.startswith("arm")
    assert arm.box is not None and product.box is not None and product.hover is not None
    assert (arm.hover, arm.start_ms, arm.enter) == (product.hover, product.start_ms, product.enter), "one move"
    assert arm.box.y + arm.box.h >= CANVAS.height + product.hover.dy, "down past the frame's edge, even swaying"
    x0, x1, y = wrist(product.path, product.box)
    assert arm.box.y < y, "the arm starts behind the hand, so no gap opens at the wrist"
    im = np.asarray(Image.open(render(Timeline(CANVAS, 2000, layers=track.layers), tmp_path / "arm.png",
                                      profile=StillProfile(1500))).convert("RGB"), dtype=np.int16)
    below = im[min(CANVAS.height - 1, y + 6), (x0 + x1) // 2]
    skin, sleeve = np.array(NEUTRAL.skin[:3]), np.array(NEUTRAL.sleeve[:3])
    assert min(np.abs(below - skin).sum(), np.abs(below - sleeve).sum()) < 60, "the forearm, under the wrist"


@pytest.mark.parametrize("template", ["mirror-selfie", "bathroom-reaction", "car-selfie", "kitchen-counter",
                                      "couch-review"])
def test_the_room_templates_put_the_actor_in_the_room_not_in_a_framed_card(template: str) -> None:
    tpl = get_template(template)
    assert tpl.in_room and tpl.actor_box == (0, 0, 1, 1) and tpl.actor_frame == "none", "no card edge round them"


@pytest.mark.slow
def test_in_the_car_the_belt_crosses_the_actor_and_the_product_is_held(layout_media: Path, tmp_path: Path) -> None:
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 2000,
                          template="car-selfie", cache_dir=tmp_path)
    actor, belt, arm, product = track.layers
    assert isinstance(actor, ImageLayer) and actor.box is None and actor.mask is None and actor.shadow is None
    assert isinstance(belt, ImageLayer) and belt.path.name.startswith("scene-front")
    assert isinstance(arm, ImageLayer) and arm.path.name.startswith("arm")
    im = np.asarray(Image.open(render(Timeline(CANVAS, 2000, layers=track.layers), tmp_path / "car.png",
                                      profile=StillProfile(1500))).convert("RGB"), dtype=np.int16)
    shirt = np.abs(im[200:300] - np.array((200, 80, 70))).sum(axis=2) < 40
    assert 0.2 < shirt.mean() < 0.9, "the actor's shirt is seen, the belt across it"


def test_the_arms_wear_the_actors_skin_and_sleeve(layout_media: Path, tmp_path: Path) -> None:
    look = replace(get_actor("maya-chen").look, outfit_color="#2e8b57")
    limbs = Limbs.of(look)
    assert limbs.sleeve[:3] == (0x2e, 0x8b, 0x57) and limbs != NEUTRAL and Limbs.of(None) == NEUTRAL
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 2000,
                          template="product-in-hand", look=look, cache_dir=tmp_path)
    *_, arm, _ = track.layers
    assert isinstance(arm, ImageLayer)
    pixels = np.asarray(Image.open(arm.path).convert("RGBA"), dtype=np.int16).reshape(-1, 4)
    opaque = pixels[pixels[:, 3] == 255, :3]
    assert (np.abs(opaque - np.array(limbs.sleeve[:3])).sum(axis=1) < 6).mean() > 0.2, "a sleeve in the outfit"
    assert not (np.abs(opaque - np.array(NEUTRAL.sleeve[:3])).sum(axis=1) < 6).any(), "not the stand-in's sleeve"


@pytest.mark.slow
@pytest.mark.parametrize("template", ["product-in-hand", "kitchen-counter"])
def test_the_free_arm_points_at_the_product_over_the_line_that_names_it(template: str, layout_media: Path,
                                                                       tmp_path: Path) -> None:
    look = get_actor("maya-chen").look
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 3000,
                          template=template, look=look, point=(1000, 2500), cache_dir=tmp_path)
    point = next(layer for layer in track.layers if layer.path.name.startswith("point"))
    product = track.layers[-1]
    assert isinstance(point, ImageLayer) and point.box is not None and product.box is not None
    assert (point.start_ms, point.duration_ms) == (1000, 1500)
    names = [layer.path.name for layer in track.layers if isinstance(layer, ImageLayer)]
    if template == "kitchen-counter":  # it rises from behind the counter, which is laid over it
        assert names.index(point.path.name) < next(i for i, n in enumerate(names) if n.startswith("scene-front"))
    seen = visible_box(product.path, product.box)
    skin = np.array(Limbs.of(look).skin[:3])
    frames = {}
    for at in (500, 2000):
        still = render(Timeline(CANVAS, 3000, layers=track.layers), tmp_path / f"p{at}.png", profile=StillProfile(at))
        im = np.asarray(Image.open(still).convert("RGB"), dtype=np.int16)
        near = im[seen.y + seen.h // 4:seen.y + 3 * seen.h // 4, max(0, seen.x - CANVAS.width // 8):seen.x]
        frames[at] = (np.abs(near - skin).sum(axis=2) < 30).mean()
    assert frames[2000] > 0.1 > frames[500], f"a hand beside the product only while its line is said: {frames}"
    photo = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", CANVAS, 3000,
                          template=template, point=(1000, 2500), cache_dir=tmp_path)
    assert not any(layer.path.name.startswith("point") for layer in photo.layers), "no arm that is not theirs"


@pytest.mark.parametrize("size", [(1080, 1920), (1080, 1350), (1080, 1080)])
def test_the_closeup_s_pip_keeps_off_the_product_wherever_it_sways(size: tuple[int, int], layout_media: Path,
                                                                  tmp_path: Path) -> None:
    """product-closeup: the product fills the frame's upper middle and the actor's PiP sits at its lower right;
    the PiP covered a tall product's foot at 9:16, and the coffee's at 4:5 and 1:1 (the product, drawn last,
    hid the face).  It shrinks to stay under it, or takes the other corner."""
    canvas = Canvas(*size)
    track = product_track(layout_media / "packshot.jpg", layout_media / "actor.png", canvas, 2000,
                          template="product-closeup", cache_dir=tmp_path)
    card = track.layers[-1]
    assert isinstance(card, ImageLayer) and card.box is not None and card.hover is not None
    seen = visible_box(card.path, card.box)
    pip = next(layer.box for layer in track.layers if layer.mask is not None and layer.box is not None)
    dx, dy = card.hover.dx, card.hover.dy
    assert (pip.y >= seen.y + seen.h + dy or pip.x >= seen.x + seen.w + dx
            or pip.x + pip.w <= seen.x - dx), (pip, seen)                  # below it, or beside it, all the sway
    assert pip.w >= 0.22 * min(size) - 2                                   # still a face, not a thumbnail


@pytest.mark.parametrize("size", [(1080, 1920), (1080, 1350)])
def test_a_real_face_s_chin_keeps_the_held_product_under_it(size: tuple[int, int]) -> None:
    """A photo's or a clip's face is not the drawn bust the templates are drawn for: the card held in front of it
    starts under its chin (the picture analysis'), however low that is, and is made smaller to fit there."""
    canvas, tpl = Canvas(*size), get_template("product-in-hand")
    drawn = product_box(tpl, (600, 400), canvas)
    chin = drawn.y + 0.1 * canvas.height                           # a face lower than the bust's
    real = product_box(tpl, (600, 400), canvas, chin=chin)
    assert real.y >= chin - 1 and real.y + real.h <= canvas.height and real.h < drawn.h
    assert product_box(get_template("product-closeup"), (600, 400), canvas, chin=chin) == \
        product_box(get_template("product-closeup"), (600, 400), canvas)   # the actor in a PiP: no face in front
