"""Running renders: atomic output, progress, errors that carry ffmpeg's words."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from mediakit.errors import RenderError, ValidationError
from mediakit.probe import probe
from mediakit.render import StillProfile, compile_timeline, render
from mediakit.timeline import AudioClip, Box, Canvas, ColorLayer, TextLayer, Timeline, VideoLayer


@pytest.mark.slow
def test_render_writes_h264_aac_at_canvas_size_and_reports_progress(tiny_video: Path, tmp_path: Path) -> None:
    seen: list[float] = []
    tl = Timeline(Canvas(120, 214), 1000, layers=(VideoLayer(path=tiny_video),),
                  audio=(AudioClip(tiny_video),))
    out = render(tl, tmp_path / "o.mp4", progress=seen.append)
    info = probe(out)
    assert info.video is not None and info.audio is not None
    assert (info.video.codec, info.video.width, info.video.height, info.video.fps) == ("h264", 120, 214, 30)
    assert (info.audio.codec, info.audio.sample_rate, info.audio.channels) == ("aac", 48000, 2)
    assert info.duration_ms is not None and abs(info.duration_ms - 1000) < 80
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    assert [p.name for p in tmp_path.iterdir()] == ["o.mp4"]


def test_failed_render_leaves_nothing_and_carries_stderr(tmp_path: Path) -> None:
    target = tmp_path / "out.mp4"
    tl = Timeline(Canvas(64, 64), 500, layers=(VideoLayer(path=tmp_path / "missing.mp4"),))
    with pytest.raises(RenderError) as info:
        render(tl, target)
    err = info.value
    assert err.returncode not in (0, None)
    assert "missing.mp4" in err.stderr_tail and "missing.mp4" in err.message
    assert err.cmd and err.cmd[-1].endswith(".mp4")
    assert list(tmp_path.iterdir()) == []


def test_existing_target_survives_a_failed_render(tmp_path: Path) -> None:
    target = tmp_path / "out.mp4"
    target.write_bytes(b"previous")
    tl = Timeline(Canvas(64, 64), 500, layers=(VideoLayer(path=tmp_path / "missing.mp4"),))
    with pytest.raises(RenderError):
        render(tl, target)
    assert target.read_bytes() == b"previous"


def test_missing_output_folder_is_refused_before_rendering(tmp_path: Path) -> None:
    tl = Timeline(Canvas(64, 64), 500)
    with pytest.raises(ValidationError, match="does not exist"):
        render(tl, tmp_path / "nope" / "o.mp4")


def test_still_frame_shows_layers(tmp_path: Path) -> None:
    from PIL import Image

    tl = Timeline(Canvas(200, 100), 1000, background="blue",
                  layers=(ColorLayer(color="red", box=Box(0, 0, 100, 100)),
                          TextLayer(text="Hi", box=Box(100, 0, 100, 100), size_px=40, color="yellow")))
    out = render(tl, tmp_path / "f.png", profile=StillProfile(500))
    with Image.open(out) as img:
        rgb = img.convert("RGB")
        r, g, b = rgb.getpixel((50, 50))
        assert r > 200 and g < 60 and b < 60  # red layer
        r, g, b = rgb.getpixel((190, 95))
        assert b > 200 and r < 60  # blue background shows around the text
        yellow = sum(1 for x in range(100, 200) for y in range(100)
                     if (p := rgb.getpixel((x, y)))[0] > 180 and p[1] > 180 and p[2] < 90)
        assert yellow > 50  # the text was drawn


@pytest.mark.slow
def test_a_stalled_render_is_killed_and_retried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ffmpeg that stops making progress is not waited on forever."""
    ex = importlib.import_module("mediakit.render.execute")  # the package re-exports a function of that name

    monkeypatch.setattr(ex, "STALL_SECONDS", 1.5)
    monkeypatch.setattr(ex, "STALL_ATTEMPTS", 2)
    fifo = tmp_path / "never.mp4"
    os.mkfifo(fifo)  # opening a pipe nobody writes to blocks: ffmpeg starts, then never progresses
    tl = Timeline(Canvas(64, 64), 500, layers=(VideoLayer(path=fifo),))
    runs: list[int] = []
    real = ex._run_once
    monkeypatch.setattr(ex, "_run_once", lambda *a: runs.append(1) or real(*a))
    with pytest.raises(RenderError, match="stalled 2 times"):
        ex.execute(compile_timeline(tl), tmp_path / "o.mp4")
    assert len(runs) == 2 and list(tmp_path.iterdir()) == [fifo]
