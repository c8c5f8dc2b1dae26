"""Punch-ins drawn once: a drawn or photo actor cuts to a 12% tighter framing inside the render, and back."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.analysis import analyse
from mediakit.captions import style_names
from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import render
from mediakit.render.compile import compile_timeline
from mediakit.stages.actors import get_actor
from mediakit.stages.actors.photo_rig import photo_layer
from mediakit.stages.actors.puppet import puppet_layer
from mediakit.stages.actors.tight_framing import punched
from mediakit.stages.punch_ins import ZOOM
from mediakit.stages.subtitles.placement import face_band, room_below
from mediakit.stages.subtitles.seen import seen_in
from mediakit.timeline import Canvas, Timeline, VideoLayer

SIZE = (180, 320)
SPAN = (600, 1200)   # the punch-in, on the layer's clock
WIDE_MS, TIGHT_MS = 300, 900


def frames(layer: object, folder: Path, name: str, size: tuple[int, int] = SIZE) -> dict[int, np.ndarray]:
    """The frames (RGB) at ``WIDE_MS`` and ``TIGHT_MS`` of ``layer`` rendered alone."""
    out = render(Timeline(Canvas(*size, 30), 1200, layers=(layer,)), folder / f"{name}.mp4")  # type: ignore[arg-type]
    shots = {}
    for at in (WIDE_MS, TIGHT_MS):
        raw = run_ffmpeg(["-ss", f"{at / 1000:.3f}", "-i", str(out), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
                          "rgb24", "-"], what="a frame")
        shots[at] = np.frombuffer(raw, dtype=np.uint8).reshape(size[1], size[0], 3)
    return shots


def dark_width(rgb: np.ndarray) -> int:
    """The width of the dark hair's silhouette (the drawn actor's hair is near black on a pink room)."""
    cols = np.nonzero((rgb.astype(int).sum(axis=2) < 150).any(axis=0))[0]
    return int(cols[-1] - cols[0] + 1)


def test_a_drawn_actor_punches_in_twelve_percent_and_is_unchanged_outside_the_span(tmp_path: Path) -> None:
    wide = puppet_layer(get_actor("maya-chen").look, [], size=SIZE, duration_ms=1200, seed=7, cache=tmp_path)
    tight = punched(wide, [SPAN], ZOOM)
    assert tight.punch is not None and tight.head.cells == 2 * wide.head.cells
    plain, cut = frames(wide, tmp_path, "plain"), frames(tight, tmp_path, "cut")
    # wide frames are the actor as before, to the encoder's noise
    assert np.abs(plain[WIDE_MS].astype(int) - cut[WIDE_MS]).mean() < 0.5
    ratio = dark_width(cut[TIGHT_MS]) / dark_width(cut[WIDE_MS])
    assert 1.10 <= ratio <= 1.15, ratio
    # a cut, not a per-frame scale: the graph crops held cells, it never scales the composed actor
    graph = compile_timeline(Timeline(Canvas(*SIZE, 30), 1200, layers=(tight,))).graph
    assert "scale" not in graph.replace("scale=w=", "")


def test_a_video_backdrop_has_no_punch_ins(tiny_video: Path) -> None:
    layer = puppet_layer(get_actor("maya-chen").look, [], size=SIZE, duration_ms=1200, seed=7,
                         backdrop=VideoLayer(path=tiny_video, loop=True))
    assert punched(layer, [SPAN], ZOOM) is layer


@pytest.mark.slow
def test_a_photo_actor_s_face_box_grows_by_the_zoom(real: Path, tmp_path: Path) -> None:
    """The analysis' face box (the one caption placement reads) is 10-15% larger in the punch-in's frame."""
    size = (270, 480)
    photo = tmp_path / "wider.png"  # the GRID face in a wider picture, so its box (hair and chin) is not cut
    wider = Image.new("RGB", (540, 720), (90, 100, 110))
    wider.paste(Image.open(real / "lipnet-grid-swwp2s" / "face.png").convert("RGB"), (90, 180))
    wider.save(photo)
    wide = photo_layer(photo, [], [], size=size, duration_ms=1200, seed=3)
    boxes = []
    for at, rgb in frames(punched(wide, [SPAN], ZOOM), tmp_path, "photo", size).items():
        still = tmp_path / f"at{at}.png"
        Image.fromarray(rgb).save(still)
        faces = analyse(still).faces
        assert len(faces) == 1, at
        boxes.append(faces[0])
    grow_w, grow_h = boxes[1].w / boxes[0].w, boxes[1].h / boxes[0].h
    assert 1.10 <= grow_w <= 1.15 and 1.10 <= grow_h <= 1.15, (grow_w, grow_h)


def test_the_face_grows_up_so_every_style_keeps_its_band_under_it(tmp_path: Path) -> None:
    """The zoom holds the chin: the tight face's band ends where the wide one does, so a style whose pages fit
    under the wide face fits under the tight one (about the head's centre, six styles lost their band at 9:16)."""
    canvas = Canvas(540, 960)
    wide = puppet_layer(get_actor("maya-chen").look, [], size=(canvas.width, canvas.height), duration_ms=1200,
                        seed=7, cache=tmp_path)
    (tight,) = seen_in([punched(wide, [SPAN], ZOOM)], canvas).faces
    band = face_band(canvas.width, canvas.height)
    assert tight[0] < band[0] and tight[1] <= band[1] + 0.01 * canvas.height
    assert [s for s in style_names() if room_below(canvas, s, [band]) is None] == \
        [s for s in style_names() if room_below(canvas, s, [tight]) is None]
