"""Footage actors: the user's own talking clip is a spoken ad's actor and voice (the ``footage`` option)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import MediaError, ValidationError
from mediakit.ffmpeg import run_ffmpeg_full
from mediakit.generation.contract import Options
from mediakit.generation.footage import FOOTAGE_SLUG
from mediakit.generation.run import generate, plan_job
from mediakit.media_io import decode_audio
from mediakit.timeline import ImageLayer, TextLayer, VideoLayer

SCRIPT = "I tried this cold brew for a week and it changed my mornings."
PREVIEW = {"preview_height": 320}


@pytest.fixture
def grid(real: Path) -> Path:
    return real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"


def _plan(footage: Path, **options: object) -> object:
    return plan_job("ugc_video", {"script": SCRIPT}, options=Options(footage=footage, extra=PREVIEW, **options))[1]


def test_the_clip_is_the_actor_and_the_voice_and_its_length_the_bucket(grid: Path) -> None:
    plan = _plan(grid)
    assert plan.casting.actor.kind == "footage" and plan.casting.actor.talking_clip == grid  # type: ignore[attr-defined]
    assert plan.speech is None and plan.voiceover == grid and plan.heard  # type: ignore[attr-defined]
    assert plan.seconds == 5 and plan.receipt.actor_slug == FOOTAGE_SLUG  # type: ignore[attr-defined]
    assert plan.receipt.selected_voice is None and plan.receipt.notes[0].startswith("footage: ")  # type: ignore[attr-defined]


def test_a_clip_over_15_s_a_silent_clip_or_footage_with_a_voiceover_is_refused(grid: Path, silent_video: Path,
                                                                                  tmp_path: Path) -> None:
    long = tmp_path / "long.mp4"
    run_ffmpeg_full(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=10:d=16", "-f", "lavfi", "-i",
                     "sine=f=200:d=16", "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                     "yuv420p", "-y", str(long)], what="a 16 s clip")
    with pytest.raises(ValidationError, match="must last at most 15 s") as too_long:
        _plan(long)
    assert too_long.value.field == "footage"
    with pytest.raises(MediaError, match="both a picture and a sound") as silent:
        _plan(silent_video)
    assert silent.value.field == "footage"
    with pytest.raises(ValidationError, match="give footage or voiceover, not both"):
        _plan(grid, voiceover=grid)


@pytest.mark.slow
def test_a_footage_ad_captions_the_clips_own_words_at_the_house_loudness(grid: Path, tmp_path: Path) -> None:
    result = generate("ugc_video", {"script": SCRIPT}, tmp_path / "ad.mp4",
                      options=Options(footage=grid, extra=PREVIEW))
    words = [w["word"].strip(".,").lower() for w in json.loads(result.files["words_json"].read_text())]
    assert words[:3] == ["set", "white", "with"] and words[-1] == "soon", words
    _, meter = run_ffmpeg_full(["-i", str(result.output), "-af", "ebur128=framelog=quiet", "-f", "null", "-"],
                               what="loudness")
    integrated = float(meter.rsplit("I:", 1)[1].split("LUFS")[0])
    assert -15.0 <= integrated <= -13.0
    sound = _best_lag(_loudness(result.output), _loudness(grid), 20)  # 10 ms steps
    assert sound == 0, sound  # the ad's sound is the clip's, not shifted


def _loudness(media: Path) -> np.ndarray:
    """RMS per 10 ms of ``media``'s sound."""
    pcm = decode_audio(media, rate=16000)[:16000 * 3]
    return np.sqrt((pcm[:len(pcm) // 160 * 160].reshape(-1, 160) ** 2).mean(axis=1))


def _best_lag(a: np.ndarray, b: np.ndarray, reach: int) -> int:
    """The shift of ``a`` against ``b`` (in steps) where they correlate best."""
    n = min(len(a), len(b)) - reach
    scores = {k: float(np.corrcoef(a[reach + k:reach + k + n - reach], b[reach:n])[0, 1]) for k in range(-reach, reach)}
    return max(scores, key=lambda k: scores[k])


@pytest.mark.slow
def test_the_end_card_quotes_what_the_clip_said_not_the_script(grid: Path, tmp_path: Path) -> None:
    gen, plan = plan_job("ugc_video", {"script": SCRIPT}, options=Options(footage=grid, extra=PREVIEW))
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None
    texts = [layer.text for layer in built.timeline.layers if isinstance(layer, TextLayer)]
    assert texts and "soon" in texts[-1].lower() and "brew" not in " ".join(texts).lower()
    (clip,) = [layer for layer in built.timeline.layers if isinstance(layer, VideoLayer) and layer.path == grid]
    assert (clip.start_ms, clip.trim_start_ms, clip.loop) == (0, 0, False), "the picture starts with its sound"
    (held,) = [layer for layer in built.timeline.layers if isinstance(layer, ImageLayer)]
    assert held.start_ms == clip.duration_ms == 2980 and held.start_ms + held.duration_ms == 5000, "then it holds"
