"""Which engine serves which model: engines.yaml, MEDIAKIT_ENGINE_<KIND>, MEDIAKIT_ENGINES, plug-ins."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mediakit.catalog import ModelEntry, load_catalog
from mediakit.engines import AUDIO_ENGINES, IMAGE_ENGINES, VIDEO_ENGINES, VideoEngine, VideoJob, engine_for, engine_name
from mediakit.engines.base import frame_size
from mediakit.engines.routing import engines_file, parse_engine_map
from mediakit.errors import EngineError, MediakitError, ValidationError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.run import generate
from mediakit.probe import probe
from mediakit.render import ProgressCallback


def entry(model_id: str) -> ModelEntry:
    found = load_catalog().get(model_id)
    assert found is not None
    return found


def test_every_live_model_has_a_local_default_engine_that_says_it_is_a_stand_in() -> None:
    served = {m.id: engine_name(m, {})[0] for m in load_catalog().live()}
    assert served == {"video-engine-2.0": "local-animatic", "video-engine-2.5": "local-animatic",
                      "image-engine-2.5": "local-designer", "image-engine-2.5-flare": "local-designer",
                      "image-engine-2": "local-designer", "image-engine-pro": "local-designer",
                      "voice-tts": "local-voice"}
    assert set(engines_file()["models"]) == {m.id for m in load_catalog().live()}
    for model in load_catalog().live():
        registry = {"video": VIDEO_ENGINES, "image": IMAGE_ENGINES, "audio": AUDIO_ENGINES}[model.kind]
        engine = engine_for(model, registry, {})
        assert engine.local and engine.name.startswith("local-")
        assert engine.note(model.id).startswith(f"{engine.name}: a local stand-in for {model.id}")


def test_the_environment_overrides_the_file_most_specific_first() -> None:
    pro = entry("image-engine-pro")
    assert engine_name(pro, {"MEDIAKIT_ENGINE_IMAGE": "openai-compatible"}) == ("openai-compatible",
                                                                                "MEDIAKIT_ENGINE_IMAGE")
    env = {"MEDIAKIT_ENGINE_IMAGE": "openai-compatible", "MEDIAKIT_ENGINES": "image-engine-pro=local-designer"}
    assert engine_name(pro, env) == ("local-designer", "MEDIAKIT_ENGINES")
    assert engine_name(entry("image-engine-2"), env) == ("openai-compatible", "MEDIAKIT_ENGINE_IMAGE")
    assert engine_name(entry("voice-tts"), env) == ("local-voice", "presets/engines.yaml")
    assert type(engine_for(pro, IMAGE_ENGINES, env)).__name__ == "DesignerEngine"
    assert type(engine_for(entry("image-engine-2"), IMAGE_ENGINES, env)).__name__ == "OpenAIImageEngine"


def test_an_unknown_engine_names_where_it_came_from_and_lists_the_engines() -> None:
    with pytest.raises(ValidationError) as info:
        engine_for(entry("voice-tts"), AUDIO_ENGINES, {"MEDIAKIT_ENGINE_AUDIO": "acme"})
    assert info.value.field == "MEDIAKIT_ENGINE_AUDIO"
    assert "names no audio engine for voice-tts; one of local-voice, openai-compatible" in info.value.rule
    with pytest.raises(ValidationError, match="names no video engine for video-engine-2.5; one of local-animatic"):
        engine_for(entry("video-engine-2.5"), VIDEO_ENGINES, {"MEDIAKIT_ENGINES": "video-engine-2.5=local-designer"})
    with pytest.raises(MediakitError, match="not served by the image engine registry"):
        engine_for(entry("voice-tts"), IMAGE_ENGINES, {})


@pytest.mark.parametrize("text", ["image-engine-2=", "=local-designer", "image-engine-2"])
def test_a_malformed_engine_map_is_refused(text: str) -> None:
    with pytest.raises(ValidationError, match="MEDIAKIT_ENGINES: must be a comma-separated list of model=engine"):
        parse_engine_map(text)
    assert parse_engine_map(" a=x , b=y ,") == {"a": "x", "b": "y"}


@pytest.mark.parametrize("aspect, quality, size", [
    ("9:16", "480p", (480, 854)), ("16:9", "720p", (1280, 720)), ("1:1", "1080p", (1080, 1080)),
    ("4:3", "480p", (640, 480)), ("3:4", "720p", (720, 960)), ("21:9", "1080p", (2520, 1080)),
])
def test_frame_sizes(aspect: str, quality: str, size: tuple[int, int]) -> None:
    assert frame_size(aspect, quality) == size


class FinishedClipEngine(VideoEngine):
    """A plug-in engine that returns a finished file, as a hosted model's adapter would."""

    name = "test-finished"
    description = "returns a test pattern clip"

    def make(self, job: VideoJob, workdir: Path, progress: ProgressCallback | None = None) -> Path:
        out = workdir / "clip.mp4"
        run_ffmpeg(["-f", "lavfi", "-i", f"testsrc2=s={job.width}x{job.height}:r=24:d={job.seconds}",
                    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-y", str(out)], what="clip")
        return out


class BrokenEngine(FinishedClipEngine):
    name = "test-broken"

    def make(self, job: VideoJob, workdir: Path, progress: ProgressCallback | None = None) -> Path:
        out = workdir / "clip.mp4"
        out.write_bytes(b"not a video")
        return out


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    VIDEO_ENGINES.register("test-finished", FinishedClipEngine)
    VIDEO_ENGINES.register("test-broken", BrokenEngine)
    yield
    VIDEO_ENGINES.unregister("test-finished")
    VIDEO_ENGINES.unregister("test-broken")


@pytest.mark.slow
def test_a_plugin_engine_serves_a_model_through_the_generator(plugins: None, monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    monkeypatch.setenv("MEDIAKIT_ENGINES", "video-engine-2.5=test-finished")
    result = generate("video", {"model": "video-engine-2.5", "prompt": "a test", "seconds": 4, "aspect": "1:1"},
                      tmp_path / "o.mp4")
    info = probe(result.output)
    assert info.video is not None and (info.video.width, info.video.height) == (480, 480)
    assert result.receipt["notes"][0] == "test-finished served video-engine-2.5 (returns a test pattern clip)"
    assert "poster" not in result.files  # a finished file has no timeline to take a poster from
    monkeypatch.setenv("MEDIAKIT_ENGINES", "video-engine-2.5=test-broken")
    with pytest.raises(EngineError, match="'test-broken' returned no readable video"):
        generate("video", {"model": "video-engine-2.5", "prompt": "a test", "seconds": 4}, tmp_path / "b.mp4")
    assert not (tmp_path / "b.mp4").exists()
