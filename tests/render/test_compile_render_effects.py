"""Compositing features rendered for real at tiny sizes: what the frames show, not just the graph."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from mediakit.ffmpeg import run_ffmpeg
from mediakit.probe import probe
from mediakit.render import StillProfile, render
from mediakit.timeline import (
    Animation,
    Box,
    Canvas,
    ColorLayer,
    Dip,
    ImageLayer,
    KenBurns,
    PanStop,
    PuppetLayer,
    Quad,
    SequenceLayer,
    Shadow,
    Sprite,
    Timeline,
    Transition,
    VideoLayer,
)

CANVAS = Canvas(90, 160)


def frames(path: Path, w: int, h: int) -> np.ndarray:
    raw = run_ffmpeg(["-i", str(path), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], what="decoding test frames")
    return np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)


@pytest.fixture(scope="module")
def bright(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A landscape image with no dark pixel anywhere: any black in a frame is an edge showing."""
    path = tmp_path_factory.mktemp("fx") / "bright.png"
    im = Image.new("RGB", (240, 150), (250, 220, 90))
    d = ImageDraw.Draw(im)
    for x in range(0, 240, 20):
        d.rectangle((x, 0, x + 9, 150), fill=(90, 200, 250))
    im.save(path)
    return path


@pytest.mark.slow
def test_ken_burns_never_shows_an_edge(bright: Path, tmp_path: Path) -> None:
    motions = (KenBurns(1.0, 1.3), KenBurns(1.0, 1.0, (0.0, 0.5), (1.0, 0.5)), KenBurns(1.3, 1.0, (1, 1), (0, 0)),
               KenBurns(1.2, 1.2, (0.5, 1.0), (0.5, 0.0)))
    seq = SequenceLayer(scenes=tuple(ImageLayer(path=bright, duration_ms=500, motion=m) for m in motions),
                        transition=Transition("fade", 200))
    out = render(Timeline(CANVAS, 2000, layers=(seq,)), tmp_path / "kb.mp4")
    video = frames(out, CANVAS.width, CANVAS.height)
    assert len(video) == 60
    corners = video[:, [0, 0, -1, -1], [0, -1, 0, -1]]          # (frames, 4 corners, rgb)
    assert corners.max(axis=2).min() > 60, "a corner went dark: the view left the image"
    # and the picture moves: first and last frames of the pan differ
    assert np.abs(video[16].astype(int) - video[29].astype(int)).mean() > 5


@pytest.mark.slow
def test_a_pan_path_s_frames_show_where_pan_at_says(tmp_path: Path) -> None:
    """A tall picture whose rows are their own height in grey, panned down and back along stops: each frame's
    middle row is the row ``KenBurns.pan_at`` puts there (the render's crop and the model agree)."""
    rows = np.repeat(np.arange(0, 250, dtype=np.uint8)[:, None], 90, axis=1)
    tall = tmp_path / "rows.png"
    Image.fromarray(np.dstack([rows] * 3)).save(tall)      # 90x250: overflow 90 rows in a 90x160 view
    motion = KenBurns(1.0, 1.0, (0.5, 0.0), (0.5, 0.2), (PanStop(300, (0.5, 0.0)), PanStop(900, (0.5, 1.0)),
                                                          PanStop(1400, (0.5, 1.0))))
    out = render(Timeline(CANVAS, 2000, layers=(ImageLayer(path=tall, motion=motion),)), tmp_path / "pan.mp4")
    video = frames(out, CANVAS.width, CANVAS.height)
    for n in range(0, 60, 3):
        expected = 80 + 90 * motion.pan_at(n * 1000 / 30, 2000)[1]
        assert abs(float(video[n, 80, 45].mean()) - expected) <= 3, f"frame {n}"


@pytest.mark.slow
def test_sequence_lasts_the_sum_and_blends_at_the_cut(tmp_path: Path) -> None:
    seq = SequenceLayer(scenes=(ColorLayer(color="red", duration_ms=600), ColorLayer(color="blue", duration_ms=600)),
                        transition=Transition("fade", 400))
    out = render(Timeline(CANVAS, 1200, layers=(seq,)), tmp_path / "seq.mp4")
    info = probe(out)
    assert info.duration_ms is not None and abs(info.duration_ms - 1200) <= 40
    video = frames(out, CANVAS.width, CANVAS.height)
    first, middle, last = video[3, 80, 45], video[18, 80, 45], video[-3, 80, 45]
    assert first[0] > 200 and first[2] < 60
    assert last[2] > 200 and last[0] < 60
    assert 60 < middle[0] < 200 and 60 < middle[2] < 200     # half-way through the crossfade at the cut


def test_mask_shadow_warp_and_scale_in_draw_where_expected(tmp_path: Path) -> None:
    mask = tmp_path / "round.png"
    m = Image.new("L", (40, 40), 0)
    ImageDraw.Draw(m).ellipse((0, 0, 39, 39), fill=255)
    m.save(mask)
    quad = Quad((10, 100), (80, 110), (75, 150), (15, 140), 64, 40)
    tl = Timeline(CANVAS, 1000, layers=(
        ColorLayer(color="white"),
        ColorLayer(color="red", box=Box(10, 10, 40, 40), mask=mask, shadow=Shadow(0, 6, 3, 0.9)),
        ColorLayer(color="blue", warp=quad),
        ColorLayer(color="green", box=Box(50, 50, 30, 30), start_ms=40, enter=Animation("scale", 900)),
    ))
    still = tmp_path / "still.png"
    render(tl, still, profile=StillProfile(200))
    im = np.asarray(Image.open(still).convert("RGB")).astype(int)
    assert im[30, 30, 0] > 200 and im[30, 30, 1] < 60          # inside the disc: red
    assert im[11, 11].min() > 200                                # outside the disc's corner: white page
    assert im[52, 30].max() < 200                                # under the disc, offset down: shadow
    assert im[125, 45, 2] > 200 and im[125, 45, 0] < 60          # inside the quad: blue
    assert im[101, 78].min() > 200                               # outside the quad's slanted top edge: white
    assert im[65, 65, 1] > 100 and im[65, 65, 0] < 100          # scale-in centre already green
    assert im[52, 52].min() > 200                                # its corner not yet reached at mid-animation


def test_dips_nod_the_head_and_shrug_the_shoulders_over_their_span(tmp_path: Path) -> None:
    plain = tmp_path / "plain.png"
    Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(plain)
    head = tmp_path / "head.png"
    Image.new("RGBA", (20, 20), (230, 20, 20, 255)).save(head)
    body = tmp_path / "body.png"
    Image.new("RGBA", (90, 40), (20, 20, 230, 255)).save(body)
    layer = PuppetLayer(backdrop=ColorLayer(color="white"), size=(90, 160), head=Sprite(head, 35, 40),
                        eyes=Sprite(plain), mouth=Sprite(plain), body=Sprite(body, 0, 110), duration_ms=2000,
                        head_dips=(Dip(800, 400, 12.0),), body_dips=(Dip(800, 400, -10.0),))
    out = render(Timeline(CANVAS, 2000, layers=(layer,)), tmp_path / "nod.mp4")

    def top(frame: np.ndarray) -> int:  # the red head's top row
        return int(np.argmax((frame[..., 0] > 180) & (frame[..., 1] < 90), axis=0).max())

    def shoulders(frame: np.ndarray) -> int:  # the blue body's top row
        return int(np.argmax((frame[..., 2] > 180) & (frame[..., 0] < 90), axis=0).max())

    clip = frames(out, 90, 160)
    fps = len(clip) / 2.0
    rest, deepest, after = (top(clip[round(t * fps)]) for t in (0.4, 1.0, 1.5))
    assert deepest - rest >= 10 and after == rest, "down by the dip's depth at its middle, back after it"
    low, high, back = (shoulders(clip[round(t * fps)]) for t in (0.4, 1.0, 1.5))
    assert low - high >= 8 and back == low, "a negative dip lifts the shoulders: a shrug"


def test_a_base_clip_shorter_than_the_ad_holds_its_last_frame_to_the_end(tiny_video: Path, tmp_path: Path) -> None:
    """A footage ad lasts its clip and a short beat: the picture ran out 0.23 s before the sound (a 3.0 s video
    stream in a 3.23 s file) when the clip was the graph's base.  It now holds the clip's last frame to the end."""
    canvas = Canvas(180, 320, fps=30)
    out = render(Timeline(canvas, 1800, layers=(VideoLayer(path=tiny_video),)), tmp_path / "held.mp4")
    shown = frames(out, 180, 320)
    assert len(shown) == 54                                           # 1.8 s of picture, not the clip's 1.5 s
    held = np.abs(shown[-1].astype(int) - shown[44].astype(int)).mean()
    moving = np.abs(shown[44].astype(int) - shown[43].astype(int)).mean()
    assert held < 1 < moving, (held, moving)                        # its last frame, held (the clip moves)
