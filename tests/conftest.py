"""Shared fixtures: tiny generated media (made once per session) and the real cases."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from mediakit.ffmpeg import run_ffmpeg
from mediakit.stages.actors import SpeechInput

FrameAt = Callable[[Path, int, Path], np.ndarray]
REAL = Path(__file__).resolve().parent / "data" / "real"


@pytest.fixture(scope="session")
def suite_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The suite's own cache of drawn sprites and images: shared by its tests, never the user's."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="session", autouse=True)
def speech_as_a_means() -> Iterator[None]:
    """Most tests speak only because a render needs a voice: eSpeak does it in milliseconds, the same every time.

    Session-wide, so session and module fixtures that render see it too; tests of
    the voices' own (neural) engines take the ``own_engines`` fixture.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MEDIAKIT_VOICE_ENGINE", "espeak")
        yield


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
                 suite_cache: Path) -> Path:
    """Each test's own home (saved characters) and store (jobs, ledger, run statistics), and the suite's cache.

    Nothing a test reads or writes lives in the real home, the working
    folder's ``mediakit-store`` or the user's cache, so another mediakit
    process on the machine cannot change what a test sees.
    """
    folder = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("MEDIAKIT_HOME", str(folder))
    monkeypatch.setenv("MEDIAKIT_STORE", str(folder / "store"))
    monkeypatch.setenv("MEDIAKIT_CACHE", str(suite_cache))
    return folder


@pytest.fixture
def own_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every voice spoken by its own engine (presets/voices.yaml), as for a user: neural by default."""
    monkeypatch.delenv("MEDIAKIT_VOICE_ENGINE", raising=False)


@pytest.fixture(scope="session")
def real() -> Path:
    """The small real recordings copied into tests/data/real (with their SOURCE.md and licences)."""
    assert REAL.is_dir(), f"real cases missing at {REAL}"
    return REAL


@pytest.fixture(scope="session")
def media_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("media")


@pytest.fixture(scope="session")
def tiny_video(media_dir: Path) -> Path:
    """1.5 s, 180x320, 30 fps test pattern with a 440 Hz tone."""
    out = media_dir / "tiny.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=180x320:r=30:d=1.5", "-f", "lavfi",
                "-i", "sine=f=440:d=1.5:sample_rate=48000", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y", str(out)], what="making tiny video")
    return out


@pytest.fixture(scope="session")
def silent_video(media_dir: Path) -> Path:
    """1 s, 160x160 video with no audio stream."""
    out = media_dir / "silent.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=160x160:r=25:d=1", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-y", str(out)], what="making silent video")
    return out


@pytest.fixture(scope="session")
def long_clip(media_dir: Path) -> Path:
    """16 s, 64x64, 10 fps grey with a 200 Hz tone: a talking clip longer than the longest bucket."""
    out = media_dir / "long.mp4"
    run_ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=64x64:r=10:d=16", "-f", "lavfi", "-i", "sine=f=200:d=16",
                "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-y", str(out)],
               what="making a 16 s clip")
    return out


@pytest.fixture(scope="session")
def tone_wav(media_dir: Path) -> Path:
    """1 s mono 16 kHz tone, audio only."""
    out = media_dir / "tone.wav"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=f=300:d=1:sample_rate=16000", "-y", str(out)], what="making tone")
    return out


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


@pytest.fixture
def private_actor_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Sprites and prepared clips go to a per-session folder, not the user's cache."""
    folder = tmp_path_factory.getbasetemp() / "actor-cache"
    monkeypatch.setenv("MEDIAKIT_CACHE", str(folder))
    return folder


def _frame_at(video: Path, at_ms: int, out: Path) -> np.ndarray:
    run_ffmpeg(["-ss", f"{at_ms / 1000:.3f}", "-i", str(video), "-frames:v", "1", "-y", str(out)],
               what="grabbing a frame")
    with Image.open(out) as img:
        return np.asarray(img.convert("RGB"), dtype=np.int16)


@pytest.fixture
def frame() -> FrameAt:
    """ffmpeg's decode of a video's frame at ``at_ms``, saved at ``out``, as RGB int16 pixels."""
    return _frame_at


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[float, float], str]]:
    """Every string Pillow draws from now on, with where: what a picture says, read without OCR."""
    seen: list[tuple[tuple[float, float], str]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, *args: object, **kwargs: object) -> None:
        seen.append(((float(xy[0]), float(xy[1])), str(text)))
        original(self, xy, text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return seen
