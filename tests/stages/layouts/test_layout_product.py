"""product_acting_ugc: the eight templates, background removal, and the composed frame."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.errors import MediaError, ValidationError
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.stages.layouts.cutout import cutout, plain_background
from mediakit.stages.layouts.product import ProductTemplate, get_template, load_templates, product_box, product_track
from mediakit.timeline import Canvas, ImageLayer, Timeline

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
