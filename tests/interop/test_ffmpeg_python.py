"""A compiled timeline handed to ffmpeg-python renders the same frames and sound as mediakit's own render."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.ffmpeg import ffmpeg_exe, run_ffmpeg
from mediakit.interop import to_ffmpeg_python
from mediakit.render import StillProfile, render
from mediakit.timeline import AudioClip, Box, Canvas, ColorLayer, ImageLayer, TextLayer, Timeline, VideoLayer

ffmpeg = pytest.importorskip("ffmpeg")


@pytest.fixture
def timeline(tiny_video: Path, tone_wav: Path, tmp_path: Path) -> Timeline:
    """A clip under a half-transparent plane, a still with a name like a trap, text, and a second sound."""
    still = tmp_path / "it's a still, [1].png"
    Image.new("RGB", (40, 30), (20, 200, 90)).save(still)
    return Timeline(Canvas(160, 120), 1000, layers=(
        VideoLayer(path=tiny_video),
        ColorLayer(color="red@0.5", box=Box(10, 10, 60, 40)),
        ImageLayer(path=still, box=Box(100, 70, 40, 30), start_ms=300),
        TextLayer(text="Hi, there: 50%", size_px=20, box=Box(10, 80, 140, 30)),
    ), audio=(AudioClip(tiny_video), AudioClip(tone_wav, start_ms=200, gain_db=-6)))


def _decode(video: Path, *args: str) -> bytes:
    return run_ffmpeg(["-i", str(video), *args, "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"], what="decoding")


@pytest.mark.slow
def test_the_ffmpeg_python_graph_renders_the_same_frames_and_sound(timeline: Timeline, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from mediakit.fonts import fontconfig_env

    ours = render(timeline, tmp_path / "ours.mp4")
    for key, value in fontconfig_env().items():
        monkeypatch.setenv(key, value)
    theirs = tmp_path / "theirs.mp4"
    to_ffmpeg_python(timeline).output(theirs).run(cmd=ffmpeg_exe(), quiet=True)

    frames = np.frombuffer(_decode(theirs), np.uint8)
    assert frames.size == 30 * 160 * 120 * 3 // 2
    assert np.array_equal(frames, np.frombuffer(_decode(ours), np.uint8))
    sound = [run_ffmpeg(["-i", str(v), "-f", "s16le", "pipe:1"], what="decoding sound") for v in (ours, theirs)]
    assert len(sound[0]) > 0 and sound[0] == sound[1]


def test_a_still_profile_hands_over_only_the_picture(timeline: Timeline, tmp_path: Path) -> None:
    graph = to_ffmpeg_python(timeline, StillProfile(at_ms=500))
    assert graph.audio is None
    args = graph.output(tmp_path / "still.png").compile(cmd="ffmpeg")
    assert args[-1] == str(tmp_path / "still.png") and "-filter_complex" in args


def test_the_streams_can_be_extended_with_ffmpeg_python(tmp_path: Path) -> None:
    left_red = Timeline(Canvas(160, 120), 1000, layers=(ColorLayer(color="red", box=Box(0, 0, 40, 120)),))
    graph = to_ffmpeg_python(left_red, StillProfile(at_ms=0))
    out = tmp_path / "flipped.png"
    ffmpeg.output(graph.video.hflip(), str(out), **graph.options).run(cmd=ffmpeg_exe(), quiet=True)
    with Image.open(out) as img:
        pixels = np.asarray(img.convert("RGB"), dtype=np.int16)
    assert pixels.shape == (120, 160, 3)
    assert pixels[60, 150, 0] > 200 and pixels[60, 150, 1] < 40  # the red band moved to the right
    assert pixels[60, 10].max() < 40
