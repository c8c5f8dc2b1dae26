"""Tiny media for the actor tests, made once per session."""

from __future__ import annotations

from pathlib import Path

import pytest

from mediakit.ffmpeg import run_ffmpeg
from mediakit.stages.actors import SpeechInput

# "hello ... my" in IPA, as the voice stage reports it: a vowel around 400 ms, silence 600-900 ms
PHONEMES = (("h", 100, 150), ("ə", 150, 250), ("l", 250, 320), ("oʊ", 320, 600), ("m", 900, 960),
            ("aɪ", 960, 1150))


@pytest.fixture(scope="session")
def speech_wav(media_dir: Path) -> Path:
    """1.2 s of voiced tone standing in for speech (22.05 kHz mono, like eSpeak)."""
    out = media_dir / "speech.wav"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=f=180:d=1.2:sample_rate=22050", "-y", str(out)], what="making speech")
    return out


@pytest.fixture(scope="session")
def speech(speech_wav: Path) -> SpeechInput:
    return SpeechInput.from_file(speech_wav, phonemes=PHONEMES)


@pytest.fixture(scope="session")
def green_clip(media_dir: Path) -> Path:
    """0.8 s of key green with a pink rectangle standing in for a person (shorter than the speech)."""
    out = media_dir / "greenscreen.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "color=c=0x00B140:s=180x320:r=30:d=0.8", "-vf",
                "drawbox=x=50:y=100:w=80:h=120:color=0xC03060:t=fill", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-y", str(out)], what="making green clip")
    return out


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sprites and prepared clips go to a per-session folder, not the user's cache."""
    folder = tmp_path_factory.getbasetemp() / "actor-cache"
    monkeypatch.setenv("MEDIAKIT_CACHE", str(folder))
    return folder
