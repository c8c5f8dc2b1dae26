"""Prepared actor clips (loop units and keyed green screen), made by timelines through the compiler."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import MediaError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.probe import probe
from mediakit.render import ClipProfile, compile_timeline, render
from mediakit.stages.actors.talking import KEY_GREEN, fitted_clip, footage_key, loop_unit, prepared_timeline
from mediakit.timeline import Canvas, ChromaKey, SequenceLayer, Timeline, VideoLayer

FPS = Fraction(30)


def _clip(out: Path, graph: str) -> Path:
    run_ffmpeg(["-f", "lavfi", "-i", graph, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "1",
                "-pix_fmt", "yuv420p", "-y", str(out)], what=f"making {out.name}")
    return out


@pytest.fixture(scope="module")
def moving_clip(media_dir: Path) -> Path:
    """0.8 s (24 frames) of a red square crossing grey at 100 px/s: every frame differs from its neighbours."""
    return _clip(media_dir / "moving.mp4", "color=c=gray:s=96x64:r=30:d=0.8[g];color=c=red:s=16x16:r=30[b];"
                                           "[g][b]overlay=x='t*100':y=20:shortest=1[out0]")


@pytest.fixture(scope="module")
def spill_clip(media_dir: Path) -> Path:
    """A pink 'person' on key green, ringed by an 8 px band of green-tinted skin (spill: g above (r+b)/2)."""
    return _clip(media_dir / "spill.mp4", "color=c=0x00B140:s=180x320:r=30:d=0.8,"
                                          "drawbox=x=42:y=92:w=96:h=136:color=0xC8AA78:t=fill,"
                                          "drawbox=x=50:y=100:w=80:h=120:color=0xC03060:t=fill")


def frames_of(video: Path) -> np.ndarray:
    """Every frame of ``video`` as RGB int16, decoded by ffmpeg."""
    info = probe(video).video
    assert info is not None
    raw = run_ffmpeg(["-i", str(video), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], what="decoding frames")
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, info.height, info.width, 3).astype(np.int16)


def nearest(frame: np.ndarray, source: np.ndarray) -> tuple[int, float]:
    """The source frame closest to ``frame`` and their mean absolute difference."""
    diffs = np.abs(source - frame).mean(axis=(1, 2, 3))
    return int(diffs.argmin()), float(diffs.min())


def test_loop_unit_scenes_are_counted_in_frames() -> None:
    """23 usable frames at 30 fps: a 5-frame fade, scene A from frame 6, the unit 18 frames (600 ms)."""
    unit = loop_unit(Path("clip.mp4"), 23, FPS)
    a, b = unit.scenes
    assert isinstance(a, VideoLayer) and isinstance(b, VideoLayer)
    assert (a.trim_start_ms, a.duration_ms, b.trim_start_ms, b.duration_ms) == (200, 466, 67, 134)
    assert unit.transition.kind == "fade" and unit.transition.duration_ms == 166 and unit.duration_ms == 600
    long = loop_unit(Path("clip.mp4"), 299, Fraction(25))  # a 12-frame (480 ms) fade at most
    assert isinstance(long.scenes[0], VideoLayer)
    assert (long.scenes[0].trim_start_ms, long.transition.duration_ms, long.duration_ms) == (520, 480, 11480)
    with pytest.raises(MediaError, match="too short to loop"):
        loop_unit(Path("clip.mp4"), 7, FPS)


@pytest.mark.slow
def test_loop_seam_is_as_smooth_as_the_clip(moving_clip: Path) -> None:
    """Looping the unit plays clip frames 6..17, the fade (clip's end into its start), 5, then 6 again."""
    unit_path, loop = fitted_clip(moving_clip, 2000, FPS, key=False)
    assert loop and unit_path != moving_clip
    source, unit = frames_of(moving_clip), frames_of(unit_path)
    assert len(source) == 24 and len(unit) == 18
    assert [nearest(f, source)[0] for f in unit[:12]] == list(range(6, 18))
    assert nearest(unit[-1], source)[0] == 5 and nearest(unit[-1], source)[1] < 1
    blend = unit[14]  # halfway through the fade: neither clip frame alone
    assert nearest(blend, source)[1] > 2
    neighbours = max(float(np.abs(source[i + 1] - source[i]).mean()) for i in range(len(source) - 1))
    seam = float(np.abs(unit[0] - unit[-1]).mean())
    assert seam <= neighbours, f"the loop point jumps: {seam:.2f} against {neighbours:.2f} between clip frames"


@pytest.mark.slow
def test_keyed_green_is_exactly_the_plate(green_clip: Path, tmp_path: Path) -> None:
    """Where the screen was, the prepared clip shows the same pixels as a bare KEY_GREEN plate."""
    prepared, loop = fitted_clip(green_clip, 600, FPS, key=True)
    assert not loop
    plate = render(Timeline(Canvas(180, 320), 600, background=KEY_GREEN), tmp_path / "plate.mp4",
                   profile=ClipProfile())
    keyed, flat = frames_of(prepared)[5], frames_of(plate)[5]
    screen = np.ones(keyed.shape[:2], dtype=bool)
    screen[84:236, 34:146] = False  # the 'person' (80x120 at 50,100) and a macroblock around it (coding ringing)
    assert np.array_equal(keyed[screen], flat[screen])
    assert keyed[160, 90].tolist() == pytest.approx([192, 46, 94], abs=4), "the person keeps its colour"


@pytest.mark.slow
def test_despill_takes_the_green_out_of_the_edge(spill_clip: Path) -> None:
    """The green-tinted band around the person stays (it is not key-coloured) but loses its green cast."""
    prepared, _ = fitted_clip(spill_clip, 600, FPS, key=True)
    before, after = frames_of(spill_clip)[5], frames_of(prepared)[5]
    r, g, b = before[160, 46]
    assert g - (r + b) / 2 > 6, "the source band is green-tinted"
    r, g, b = after[160, 46]
    assert abs(r - 200) <= 6 and abs(b - 120) <= 6, "the band is kept"
    assert g <= (r + b) / 2 + 2, f"green spill left: {(r, g, b)}"


def test_prepared_green_loop_compiles_to_one_key_step() -> None:
    """The preparation's graph: scenes on a KEY_GREEN base, chromakey then despill where the compiler keys."""
    key = ChromaKey(color="0x00AF3E", similarity=0.16, blend=0.08, space="yuv", despill=True)
    timeline = prepared_timeline(Path("green.mp4"), (181, 321), 23, FPS, loop=True, key=key)
    (layer,) = timeline.layers
    assert isinstance(layer, SequenceLayer) and layer.key == key and timeline.duration_ms == 600
    compiled = compile_timeline(timeline, ClipProfile())
    assert compiled.inputs[0] == ("-f", "lavfi", "-i", "color=c=0x00FF00:s=180x320:r=30/1:d=0.600")
    assert ("[l0_seq]setsar=1,chromakey=color=0x00AF3E:similarity=0.160:blend=0.080,format=rgba,"
            "despill=type=green,format=pix_fmts=yuva420p:color_spaces=bt709:color_ranges=tv[l0]") in compiled.graph
    assert compiled.graph.count("chromakey") == 1 and "xfade" not in compiled.graph


def test_footage_key_uses_the_measured_screen_colour(green_clip: Path) -> None:
    key = footage_key(green_clip)
    assert (key.space, key.despill, key.similarity, key.blend) == ("yuv", True, 0.16, 0.08)
    r, g, b = (int(key.color[i:i + 2], 16) for i in (2, 4, 6))
    assert r <= 4 and abs(g - 0xB1) <= 4 and abs(b - 0x40) <= 4  # the fixture's 0x00B140

