"""Every render path writes yuv420p, TV range, tagged BT.709, and converts RGB with the BT.709 matrix."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mediakit.ffmpeg import ffmpeg_exe, run_ffmpeg
from mediakit.recipes.audition import render_talking
from mediakit.render import StillProfile, render
from mediakit.stages.actors import SpeechInput, get_actor
from mediakit.stages.actors.talking import talking_clip
from mediakit.timeline import Box, Canvas, ColorLayer, ImageLayer, TextLayer, Timeline, VideoLayer

CANVAS = Canvas(180, 320)
RED = (200, 40, 40)
BLUE = (30, 160, 220)


def stream_line(path: Path) -> str:
    err = subprocess.run([ffmpeg_exe(), "-hide_banner", "-i", str(path)], capture_output=True, text=True).stderr
    return next(line for line in err.splitlines() if "Video:" in line)


def assert_bt709_tv(path: Path) -> None:
    line = stream_line(path)
    assert re.search(r"yuv420p\(tv, bt709(, progressive)?\)", line), line


def rgb_frame(path: Path, *, honour_tags: bool) -> np.ndarray:
    """The first frame as RGB: as ffmpeg decodes it by the file's tags, or forced to BT.709 TV range."""
    force = [] if honour_tags else ["-vf", "scale=in_color_matrix=bt709:in_range=tv,format=rgb24"]
    raw = run_ffmpeg(["-i", str(path), "-frames:v", "1", *force, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                     what="decoding a frame")
    return np.frombuffer(raw, np.uint8).reshape(CANVAS.height, CANVAS.width, 3).astype(int)


@pytest.fixture(scope="module")
def stills(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("stills")
    Image.new("RGB", (CANVAS.width, CANVAS.height), RED).save(folder / "red.png")
    Image.new("RGBA", (60, 60), (*BLUE, 255)).save(folder / "blue.png")
    return folder / "red.png", folder / "blue.png"


@pytest.mark.slow
@pytest.mark.parametrize("base", ["still", "colour", "video"])
def test_timeline_renders_are_tagged_bt709_tv(base: str, stills: tuple[Path, Path], tiny_video: Path,
                                              tmp_path: Path) -> None:
    red, blue = stills
    bottom = {"still": ImageLayer(path=red), "colour": ColorLayer(color="0xC82828"),
              "video": VideoLayer(path=tiny_video)}[base]
    timeline = Timeline(CANVAS, 400, layers=(bottom, ImageLayer(path=blue, box=Box(10, 10, 60, 60)),
                                             TextLayer(text="Hi", box=Box(0, 200, 180, 60), size_px=30)))
    assert_bt709_tv(render(timeline, tmp_path / "out.mp4"))


@pytest.mark.slow
def test_composite_frame_decodes_the_same_with_or_without_honouring_tags(stills: tuple[Path, Path],
                                                                          tmp_path: Path) -> None:
    red, blue = stills
    out = render(Timeline(CANVAS, 400, layers=(ImageLayer(path=red), ImageLayer(path=blue, box=Box(10, 10, 60, 60)))),
                 tmp_path / "composite.mp4")
    by_tags, forced = rgb_frame(out, honour_tags=True), rgb_frame(out, honour_tags=False)
    assert np.abs(by_tags - forced).max() == 0
    # and the colours are the stills' own (BT.709 both ways; BT.601 would push red to about 185, 23, 41)
    assert np.abs(by_tags[200, 90] - RED).max() <= 2
    assert np.abs(by_tags[40, 40] - BLUE).max() <= 3


def test_still_profile_png_keeps_the_colours(stills: tuple[Path, Path], tmp_path: Path) -> None:
    red, _ = stills
    png = render(Timeline(CANVAS, 400, layers=(ImageLayer(path=red),)), tmp_path / "poster.png",
                 profile=StillProfile(0))
    with Image.open(png) as im:
        assert np.abs(np.asarray(im.convert("RGB"))[100, 100].astype(int) - RED).max() <= 2


@pytest.mark.slow
def test_drawn_actor_clip_and_audition_are_tagged(tone_wav: Path, tmp_path: Path) -> None:
    speech = SpeechInput.from_file(tone_wav)
    assert_bt709_tv(talking_clip(get_actor("maya-chen"), speech, CANVAS.box))
    assert_bt709_tv(render_talking(get_actor("omar-farouk"), speech, tmp_path / "audition.mp4", canvas=CANVAS))
