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
from mediakit.stages.actors.portraits import bust_geometry
from mediakit.stages.layouts.cutout import cutout, plain_background
from mediakit.stages.layouts.product import (
    MOUTH_CLEAR,
    SKIN,
    SLEEVE,
    ProductTemplate,
    get_template,
    in_the_room,
    load_templates,
    product_box,
    product_track,
    visible_box,
    wrist,
)
from mediakit.timeline import Canvas, ImageLayer, PuppetLayer, Timeline

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
    with pytest.raises(ValidationError, match="in_room"):  # a tiled wall has nothing to stand behind
        ProductTemplate.from_dict("x", {**base, "actor": {"box": [0, 0, 1, 1], "in_room": True}})


def test_a_drawn_actor_in_the_room_has_the_room_behind_them(stand_in_actor: Callable[..., PuppetLayer],
                                                            tmp_path: Path) -> None:
    room = ImageLayer(path=tmp_path / "room.png")
    drawn = stand_in_actor((180, 320))
    assert in_the_room(drawn, room).backdrop == room
    photo = replace(drawn, head_mask=tmp_path / "mask.png")
    assert in_the_room(photo, room) == photo, "a photo actor keeps its plate: the rest of its picture"
    assert in_the_room(tmp_path / "clip.mp4", room) == tmp_path / "clip.mp4"


@pytest.mark.slow
@pytest.mark.parametrize("template", ["kitchen-counter", "couch-review"])
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
    skin, sleeve = np.array(SKIN[:3]), np.array(SLEEVE[:3])
    assert min(np.abs(below - skin).sum(), np.abs(below - sleeve).sum()) < 60, "the forearm, under the wrist"


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
