"""Ken Burns on b-roll stills: a cropped photo's motion keeps its faces in view and drifts towards them."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from mediakit.analysis import analyse
from mediakit.ffmpeg import run_ffmpeg
from mediakit.stages.broll import broll_layer, motion_for
from mediakit.timeline import ImageLayer, KenBurns


def _view(motion: KenBurns, size: tuple[int, int], box: tuple[int, int], end: str) -> tuple[float, float]:
    """The left and right of the view (fractions of the image width) at the motion's ``from`` or ``to`` end."""
    zoom, pan = (motion.zoom_from, motion.pan_from) if end == "from" else (motion.zoom_to, motion.pan_to)
    cover = max(box[0] / size[0], box[1] / size[1])
    shown = box[0] / (size[0] * cover * zoom)
    left = pan[0] * (1 - shown)
    return left, left + shown


@pytest.mark.slow
@pytest.mark.parametrize("index", range(5))
def test_a_face_in_the_left_third_of_a_wide_photo_stays_in_a_9_16_frame(real: Path, tmp_path: Path,
                                                                        index: int) -> None:
    face_frame = tmp_path / "face.png"
    run_ffmpeg(["-ss", "1", "-i", str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"), "-frames:v", "1",
                "-y", str(face_frame)], what="a face")
    wide = Image.new("RGB", (2560, 1440), "#8899AA")          # a storefront-wide photo
    wide.paste(Image.open(face_frame).resize((720, 576)), (120, 430))
    path = tmp_path / "wide.png"
    wide.save(path)
    box = (1080, 1920)
    layer = broll_layer(path, 4000, index, box)
    assert isinstance(layer, ImageLayer) and layer.motion is not None
    face = analyse(path).faces[0]
    assert face.right < 1 / 3 + 0.02
    for end in ("from", "to"):
        left, right = _view(layer.motion, (2560, 1440), box, end)
        assert left <= face.x and face.right <= right, f"{end}: the face is cut ({left:.2f}..{right:.2f})"
    # the plain centred motion lost it
    left, right = _view(motion_for(index, (2560, 1440), box, 4000), (2560, 1440), box, "to")
    assert not (left <= face.x and face.right <= right)
