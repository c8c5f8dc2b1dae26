"""Cut-outs per kind of actor: a drawn one gets what lies behind, a photo and a clip the person's alpha as a mask."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from mediakit.analysis.person import person_alpha
from mediakit.media_io import open_image
from mediakit.stages.actors.person_cutout import cut_out
from mediakit.stages.actors.photo_rig import photo_layer
from mediakit.stages.masks import rounded_mask
from mediakit.timeline import Box, ChromaKey, ColorLayer, ImageLayer, PuppetLayer, Sprite, VideoLayer

GRID = "lipnet-grid-swwp2s"


def test_a_drawn_actor_is_drawn_on_what_lies_behind(tmp_path: Path) -> None:
    picture = tmp_path / "a.png"
    Image.new("RGB", (8, 8)).save(picture)
    drawn = PuppetLayer(backdrop=ColorLayer(color="white"), size=(60, 80), head=Sprite(picture), eyes=Sprite(picture),
                        mouth=Sprite(picture))
    behind = ColorLayer(color="#123456")
    shape = rounded_mask(60, 80, 30, tmp_path)
    (cut,) = cut_out((drawn,), behind, shape=shape)
    assert isinstance(cut, PuppetLayer) and cut.backdrop == behind and cut.mask == shape


def test_a_green_screen_actor_keeps_only_its_keyed_clip(tmp_path: Path) -> None:
    keyed = VideoLayer(path=tmp_path / "k.mp4", key=ChromaKey())
    assert cut_out((ColorLayer(color="red"), keyed), ColorLayer(color="blue")) == (keyed,)


def test_a_photo_actor_is_masked_by_the_person_and_its_head_brings_no_backdrop(real: Path) -> None:
    layer = photo_layer(real / GRID / "face.png", [], [], size=(180, 240), duration_ms=1000, seed=1)
    (cut,) = cut_out((layer,), ColorLayer(color="blue"))
    assert isinstance(cut, PuppetLayer) and isinstance(layer.backdrop, ImageLayer)
    assert cut.mask == person_alpha(layer.backdrop.path)
    assert cut.head_mask is not None and layer.head_mask is not None
    head = np.asarray(open_image(cut.head_mask).convert("L"), dtype=np.int32)
    ring = np.asarray(open_image(layer.head_mask).convert("L"), dtype=np.int32)
    person = np.asarray(Image.open(cut.mask))[cut.head.y:cut.head.y + head.shape[0],
                                              cut.head.x:cut.head.x + head.shape[1]]
    assert (head <= ring).all() and head[person == 0].max() == 0, "the head is cut to the person too"
    assert head[(person == 255) & (ring == 255)].min() >= 254


def test_a_clip_and_its_held_frame_share_one_alpha_cropped_as_the_clip_covers_its_box(real: Path,
                                                                                      tmp_path: Path) -> None:
    box = Box(10, 20, 120, 160)
    clip = VideoLayer(path=real / GRID / "id2_vcd_swwp2s.mpg", box=box, duration_ms=1000)
    held = ImageLayer(path=tmp_path / "last.png", box=box, start_ms=1000)
    cut = cut_out((clip, held), ColorLayer(color="blue"))
    assert cut[0].mask is not None and cut[0].mask == cut[1].mask
    mask = np.asarray(Image.open(cut[0].mask))
    assert mask.shape == (160, 120)
    assert mask[60:100, 45:75].min() == 255, "the face, in the middle of the covered box"
    assert mask[:12, :12].max() == 0 and mask[:12, -12:].max() == 0
