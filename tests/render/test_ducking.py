"""Music ducked under a voice inside a video's one render graph, gained to -14 LUFS from a plan measured first."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from mediakit.errors import ValidationError
from mediakit.ffmpeg import ffmpeg_exe
from mediakit.media_io import write_wav
from mediakit.render import render
from mediakit.stages.mix import plan_mix
from mediakit.stages.music import SAMPLE_RATE, music_bed
from mediakit.timeline import AudioClip, Canvas, ColorLayer, Ducking, Timeline


def integrated_lufs(path: Path) -> float:
    err = subprocess.run([ffmpeg_exe(), "-hide_banner", "-nostdin", "-i", str(path), "-vn", "-af",
                          "ebur128=framelog=quiet", "-f", "null", "-"], capture_output=True, text=True).stderr
    found = re.search(r"I:\s+(-?[\d.]+) LUFS", err.rsplit("Summary:", 1)[1])
    assert found
    return float(found.group(1))


@pytest.mark.slow
def test_a_video_with_ducked_music_measures_minus_14_lufs(real: Path, tmp_path: Path) -> None:
    voice = real / "pocketsphinx-goforward" / "goforward.wav"
    bed = music_bed("chill", 2.8)
    plan = plan_mix(voice, bed)
    bed_file = write_wav(tmp_path / "bed.wav", bed, sample_rate=SAMPLE_RATE)
    timeline = Timeline(Canvas(64, 64), 2800, layers=(ColorLayer(color="navy"),), audio=(AudioClip(voice),),
                        ducking=plan.ducking(bed_file))
    out = render(timeline, tmp_path / "ad.mp4")
    assert integrated_lufs(out) == pytest.approx(-14.0, abs=0.7)


def test_ducking_needs_sounds_to_duck_under() -> None:
    with pytest.raises(ValidationError, match="ducking: needs the sounds to duck under"):
        Timeline(Canvas(64, 64), 1000, ducking=Ducking(bed=AudioClip(Path("bed.wav"))))
