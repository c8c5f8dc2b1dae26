"""Footage actors: the user's own talking clip is a spoken ad's actor and voice (the ``footage`` option)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mediakit.errors import MediaError, ValidationError
from mediakit.ffmpeg import run_ffmpeg_full
from mediakit.generation.contract import Options
from mediakit.generation.footage import FOOTAGE_SLUG
from mediakit.generation.run import generate, plan_job
from mediakit.timeline import TextLayer

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


@pytest.mark.slow
def test_the_end_card_quotes_what_the_clip_said_not_the_script(grid: Path, tmp_path: Path) -> None:
    gen, plan = plan_job("ugc_video", {"script": SCRIPT}, options=Options(footage=grid, extra=PREVIEW))
    built = gen.build(plan, tmp_path)
    assert built.timeline is not None
    texts = [layer.text for layer in built.timeline.layers if isinstance(layer, TextLayer)]
    assert texts and "soon" in texts[-1].lower() and "brew" not in " ".join(texts).lower()
