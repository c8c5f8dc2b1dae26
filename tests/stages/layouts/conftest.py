"""Small generated inputs for layout tests: a stand-in actor, app screenshots, a packshot on white."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from mediakit.stages.actors.catalog import Actor, actor_from_record
from mediakit.timeline import ImageLayer, PuppetLayer, Sprite

ACTOR_BG = (120, 170, 220)
SCREEN_TOP = (92, 84, 240)


@pytest.fixture(scope="session")
def layout_media(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("layout_media")
    actor = Image.new("RGB", (180, 320), ACTOR_BG)
    d = ImageDraw.Draw(actor)
    d.ellipse((55, 60, 125, 150), fill=(200, 140, 100))       # a face where talking heads have one
    d.rectangle((30, 170, 150, 320), fill=(200, 80, 70))
    actor.save(folder / "actor.png")
    app = Image.new("RGB", (300, 650), (246, 247, 251))
    ImageDraw.Draw(app).rectangle((0, 0, 300, 120), fill=SCREEN_TOP)
    app.save(folder / "app.png")
    app.rotate(90, expand=True).save(folder / "app_landscape.png")
    tall = Image.new("RGB", (300, 1600), (240, 240, 240))
    ImageDraw.Draw(tall).rectangle((0, 0, 300, 120), fill=SCREEN_TOP)
    tall.save(folder / "app_tall.jpg")
    (folder / "not_an_image.png").write_bytes(b"this is text, not a PNG")
    Image.new("RGB", (200, 300), "red").save(folder / "app.gif")
    product = Image.new("RGB", (400, 500), (253, 253, 251))
    d = ImageDraw.Draw(product)
    d.rounded_rectangle((120, 60, 280, 460), radius=40, fill=(30, 120, 90))
    d.rectangle((140, 200, 260, 320), fill=(255, 255, 255))    # a white label inside the product
    product.save(folder / "packshot.jpg", quality=95)
    return folder



@pytest.fixture
def stand_in_actor(layout_media: Path) -> Callable[..., PuppetLayer]:
    """Makes a stand-in animated actor of a size: the actor picture as its backdrop and every part (layouts only
    place it, so what it shows does not matter)."""
    picture = layout_media / "actor.png"

    def make(size: tuple[int, int], **fields: Any) -> PuppetLayer:
        return PuppetLayer(backdrop=ImageLayer(path=picture), size=size, head=Sprite(picture), eyes=Sprite(picture),
                           mouth=Sprite(picture), **fields)

    return make


@pytest.fixture(scope="session")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A page in yellow and white bands: colours the GRID speaker's photo (blue backdrop) has none of."""
    out = tmp_path_factory.mktemp("page") / "page.png"
    im = Image.new("RGB", (270, 600), (250, 250, 245))
    d = ImageDraw.Draw(im)
    for y in range(0, 600, 60):
        d.rectangle((0, y, 270, y + 29), fill=(250, 200, 40))
    im.save(out)
    return out


@pytest.fixture
def photo_actor(real: Path) -> Actor:
    """The GRID speaker's photo (a blue backdrop) as a photo actor, as ``face_photo_url`` casts it."""
    photo = real / "lipnet-grid-swwp2s" / "face.png"
    return actor_from_record({"slug": "photo", "name": "Face photo", "gender": "male", "nationality": "",
                              "actor_type": "Casual", "style": "your own photo",
                              "created_at": "2025-01-01T00:00:00Z"}, portrait=photo, source=str(photo))
