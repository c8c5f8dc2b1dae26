"""MoviePy clips and pydub segments go in wherever a file does, and outputs come back as them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import MissingExtraError
from mediakit.generation.burn import burn_subtitles
from mediakit.generation.contract import Options
from mediakit.generation.run import generate
from mediakit.interop import as_input, to_audiosegment, to_moviepy
from mediakit.probe import probe
from mediakit.words import Word

moviepy = pytest.importorskip("moviepy")
pydub = pytest.importorskip("pydub")


def _red_clip_with_tone(seconds: float = 1.5) -> object:
    def tone(t: np.ndarray) -> np.ndarray:
        wave = 0.3 * np.sin(2 * np.pi * 440 * np.asarray(t))
        return np.stack([wave, wave], axis=-1)

    sound = moviepy.AudioClip(tone, duration=seconds, fps=48000)
    return moviepy.ColorClip((160, 120), color=(220, 30, 30), duration=seconds).with_fps(30).with_audio(sound)


@pytest.mark.slow
def test_a_moviepy_clip_is_captioned_and_comes_back_as_a_clip(tmp_path: Path) -> None:
    words = [Word("Red", 100, 500), Word("alert", 600, 1200)]
    result = burn_subtitles(_red_clip_with_tone(), tmp_path / "out.mp4", words=words)
    with to_moviepy(result) as clip:
        assert tuple(clip.size) == (160, 120)
        assert abs(clip.duration - 1.5) < 0.1
        assert clip.audio is not None and clip.audio.max_volume() > 0.1
        corner = clip.get_frame(0.2)[2, 2].astype(int)
    assert abs(corner - (220, 30, 30)).max() <= 12  # the clip's colour survived both trips


def test_a_clip_is_written_once(tmp_path: Path) -> None:
    clip = moviepy.ColorClip((32, 32), color=(0, 0, 255), duration=0.2)
    first = as_input(clip, tmp_path)
    assert as_input(clip, tmp_path) == first and first.suffix == ".mov"
    info = probe(first)
    assert info.video is not None and (info.video.width, info.video.height) == (32, 32) and info.audio is None


@pytest.mark.slow
def test_an_audiosegment_is_the_voiceover_and_the_sound_comes_back_as_one(tmp_path: Path) -> None:
    from mediakit.stages.voice import synthesize

    line = "I tried this cold brew for a week and it changed my mornings."
    voice = pydub.AudioSegment.from_wav(synthesize(line).write_wav(tmp_path / "vo.wav"))
    result = generate("ugc_video", {"script": line, "actor_slug": "maya-chen"}, tmp_path / "vo.mp4",
                      options=Options(voiceover=voice, extra={"preview_height": 320}))
    assert result.plan.seconds == 5 and result.captions is not None and len(result.captions.words) == 13
    sound = to_audiosegment(result)
    assert abs(len(sound) - 5000) <= 100 and sound.frame_rate == 48000 and sound.channels == 2
    assert sound.dBFS > -40


def test_an_audio_output_comes_back_as_a_segment_and_a_clip(tmp_path: Path) -> None:
    from pydub.generators import Sine

    tone = Sine(300).to_audio_segment(duration=700, volume=-12).set_frame_rate(22050)
    path = as_input(tone, tmp_path)
    back = to_audiosegment(path)
    assert back.frame_rate == 22050 and abs(len(back) - 700) <= 1 and abs(back.dBFS - tone.dBFS) < 0.1
    with to_moviepy(path) as clip:
        assert isinstance(clip, moviepy.AudioFileClip) and abs(clip.duration - 0.7) < 0.05


def test_a_moviepy_audio_clip_becomes_a_wav_of_its_length(tmp_path: Path) -> None:
    sound = _red_clip_with_tone(0.8).audio
    info = probe(as_input(sound, tmp_path))
    assert info.video is None and info.audio is not None and info.audio.sample_rate == 48000
    assert abs((info.duration_ms or 0) - 800) <= 25


def test_something_else_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="MoviePy clip or a pydub AudioSegment"):
        as_input(object(), tmp_path)


def test_nothing_foreign_is_imported_until_used() -> None:
    code = ("import sys, mediakit.interop, mediakit.generation.run, mediakit.cli.main; "
            "print(sorted(m for m in ('moviepy', 'pydub', 'ffmpeg') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_missing_extra_names_the_install_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "moviepy", None)  # as if it were not installed
    with pytest.raises(MissingExtraError, match=r"pip install 'mediakit\[moviepy\]'"):
        to_moviepy(tmp_path / "x.mp4")
