"""The OpenAI-compatible image and speech adapter, against a local server started by the test."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
from engine_http import Reply, Server
from PIL import Image

from mediakit.engines import ImageJob, SpeechJob
from mediakit.engines.openai_http import OpenAIImageEngine, OpenAISpeechEngine
from mediakit.errors import EngineError
from mediakit.fetch import sniff
from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.run import generate
from mediakit.probe import probe


def image_bytes(color: tuple[int, int, int], fmt: str = "PNG", size: tuple[int, int] = (64, 96)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, fmt)
    return buf.getvalue()


def answer(payload: object) -> Reply:
    return 200, "application/json", json.dumps(payload).encode()


@pytest.fixture
def configured(server: Server, monkeypatch: pytest.MonkeyPatch) -> Server:
    monkeypatch.setenv("MEDIAKIT_OPENAI_BASE_URL", f"{server.base}/v1")
    monkeypatch.setenv("MEDIAKIT_OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("MEDIAKIT_OPENAI_IMAGE_MODEL", "img-model")
    monkeypatch.setenv("MEDIAKIT_OPENAI_SPEECH_MODEL", "tts-model")
    monkeypatch.delenv("MEDIAKIT_OPENAI_IMAGE_FORMAT", raising=False)
    return server


@pytest.fixture(scope="module")
def mp3(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("speech") / "s.mp3"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=f=220:d=1.2", "-c:a", "libmp3lame", "-y", str(path)], what="mp3")
    return path.read_bytes()


def job(n: int = 1, refs: tuple[Path, ...] = (), resolution: str = "1024x1536") -> ImageJob:
    return ImageJob(model="image-engine-2", mode="image-edit" if refs else "text-to-image", prompt="a red can",
                    resolution=resolution, width=1024, height=1536, n=n, refs=refs)


def test_generations_with_inline_images(configured: Server, tmp_path: Path) -> None:
    pngs = [image_bytes((200, 0, 0)), image_bytes((0, 200, 0))]
    configured.routes["/v1/images/generations"] = lambda body: answer(
        {"data": [{"b64_json": base64.b64encode(p).decode()} for p in pngs]})
    paths = OpenAIImageEngine().make(job(n=2), tmp_path)
    assert [p.read_bytes() for p in paths] == pngs
    path, headers, body = configured.requests[0]
    assert path == "/v1/images/generations" and headers["Authorization"] == "Bearer sk-test"
    assert json.loads(body) == {"model": "img-model", "prompt": "a red can", "n": 2, "size": "1024x1536"}


def test_generations_with_image_urls_and_sizes_by_label(configured: Server, monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    jpeg = image_bytes((10, 20, 200), "JPEG")
    configured.routes["/v1/images/generations"] = lambda body: answer(
        {"data": [{"url": f"{configured.base}/files/out-{json.loads(body)['size']}.jpg"}]})
    configured.routes["/files/out-2048x2048.jpg"] = lambda body: (200, "image/jpeg", jpeg)
    monkeypatch.setenv("MEDIAKIT_OPENAI_IMAGE_FORMAT", "url")
    [path] = OpenAIImageEngine().make(job(resolution="2K"), tmp_path)
    assert path.suffix == ".jpeg" and path.read_bytes() == jpeg
    assert json.loads(configured.requests[0][2])["response_format"] == "url"


def test_refs_go_to_the_edits_route_as_multipart(configured: Server, tmp_path: Path) -> None:
    refs = []
    for i, color in enumerate(((1, 2, 3), (4, 5, 6))):
        refs.append(tmp_path / f"ref{i}.png")
        refs[-1].write_bytes(image_bytes(color))
    configured.routes["/v1/images/edits"] = lambda body: answer(
        {"data": [{"b64_json": base64.b64encode(image_bytes((9, 9, 9))).decode()}]})
    OpenAIImageEngine().make(job(refs=tuple(refs)), tmp_path)
    path, headers, body = configured.requests[0]
    assert path == "/v1/images/edits" and headers["Content-Type"].startswith("multipart/form-data; boundary=")
    assert body.count(b'name="image[]"') == 2 and refs[0].read_bytes() in body and refs[1].read_bytes() in body
    assert b'name="model"\r\n\r\nimg-model\r\n' in body and b'name="size"\r\n\r\n1024x1536\r\n' in body


@pytest.mark.slow
def test_speech_sends_the_text_without_tags_and_maps_named_voices(configured: Server, mp3: bytes,
                                                                  tmp_path: Path) -> None:
    configured.routes["/v1/audio/speech"] = lambda body: (200, "audio/mpeg", mp3)
    engine = OpenAISpeechEngine()
    assert (engine.voice(None), engine.voice("Noah"), engine.voice("af_bella")) == ("leo", "noah", "af_bella")
    path = engine.make(SpeechJob(model="voice-tts", text="[excited] This changed my mornings! [whispers] Try it.",
                                 voice="noah", speed=1.1), tmp_path)
    assert path.name == "speech.mp3" and path.read_bytes() == mp3
    assert json.loads(configured.requests[0][2]) == {
        "model": "tts-model", "input": "This changed my mornings! Try it.", "voice": "onyx", "speed": 1.1,
        "response_format": "mp3", "instructions": "Delivery: excited, whispers."}
    engine.make(SpeechJob(model="voice-tts", text="Plain words.", voice="af_bella"), tmp_path)
    sent = json.loads(configured.requests[1][2])
    assert sent["voice"] == "af_bella" and "instructions" not in sent


@pytest.mark.parametrize("reply, message", [
    ((500, "application/json", b'{"error": {"message": "model overloaded"}}'), "answered HTTP 500"),
    ((200, "application/json", b"<html>"), "replied without a data list"),
    ((200, "application/json", b'{"data": [{"b64_json": "%%%"}]}'), "b64_json that is not base64"),
    ((200, "application/json", b'{"data": [{"b64_json": "aGVsbG8="}]}'), "an image that is not one"),
    ((200, "application/json", b'{"data": [{"revised_prompt": "x"}]}'), "neither b64_json nor url"),
])
def test_bad_replies_are_engine_errors(configured: Server, tmp_path: Path, reply: Reply, message: str) -> None:
    configured.routes["/v1/images/generations"] = lambda body: reply
    with pytest.raises(EngineError, match=message) as info:
        OpenAIImageEngine().make(job(), tmp_path)
    assert info.value.status == 502 and info.value.exit_code == 1


def test_an_unreachable_or_unconfigured_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("MEDIAKIT_OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("MEDIAKIT_OPENAI_SPEECH_MODEL", "tts")
    with pytest.raises(EngineError, match="cannot reach 'http://127.0.0.1:9/v1/audio/speech'"):
        OpenAISpeechEngine().make(SpeechJob(model="voice-tts", text="hi there", voice="ava"), tmp_path)
    monkeypatch.delenv("MEDIAKIT_OPENAI_IMAGE_MODEL", raising=False)
    with pytest.raises(EngineError, match="set MEDIAKIT_OPENAI_BASE_URL .* and MEDIAKIT_OPENAI_IMAGE_MODEL"):
        OpenAIImageEngine().check()


@pytest.mark.slow
def test_generate_image_through_the_adapter_delivers_png(configured: Server, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    jpegs = [image_bytes((250, 200, 0), "JPEG", (128, 128)), image_bytes((0, 90, 250), "JPEG", (128, 128))]
    configured.routes["/v1/images/generations"] = lambda body: answer(
        {"data": [{"b64_json": base64.b64encode(j).decode()} for j in jpegs[: json.loads(body)["n"]]]})
    monkeypatch.setenv("MEDIAKIT_ENGINE_IMAGE", "openai-compatible")
    result = generate("image", {"model": "image-engine-pro", "prompt": "a yellow square", "n": 2}, tmp_path / "o.png")
    assert json.loads(configured.requests[0][2])["size"] == "1024x1024"  # 1K, the model's first resolution
    for path, color in ((tmp_path / "o.png", (250, 200, 0)), (tmp_path / "o-2.png", (0, 90, 250))):
        assert sniff(path.read_bytes()[:16]) == ("image", "png")
        with Image.open(path) as im:
            px = im.convert("RGB").getpixel((64, 64))
            assert isinstance(px, tuple) and sum(abs(a - b) for a, b in zip(px, color, strict=True)) < 30
    assert result.receipt["notes"] == [f"openai-compatible served image-engine-pro with 'img-model' at "
                                       f"{configured.base}/v1"]
    configured.routes["/v1/images/generations"] = lambda body: answer(
        {"data": [{"b64_json": base64.b64encode(jpegs[0]).decode()}]})
    with pytest.raises(EngineError, match="returned 1 images, not the 2 asked"):
        generate("image", {"model": "image-engine-pro", "prompt": "two", "n": 2}, tmp_path / "t.png")
    assert not (tmp_path / "t.png").exists()


@pytest.mark.slow
def test_generate_audio_through_the_adapter_delivers_mp3(configured: Server, monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    wav = tmp_path / "reply.wav"
    run_ffmpeg(["-f", "lavfi", "-i", "sine=f=330:d=1", "-y", str(wav)], what="wav")
    configured.routes["/v1/audio/speech"] = lambda body: (200, "audio/wav", wav.read_bytes())
    monkeypatch.setenv("MEDIAKIT_ENGINES", "voice-tts=openai-compatible")
    result = generate("audio", {"text": "Hello there, friend.", "voice": "zoe"}, tmp_path / "s.mp3")
    assert sniff(result.output.read_bytes()[:16]) == ("audio", "mp3")
    info = probe(result.output)
    assert info.audio is not None and info.duration_ms is not None and 900 < info.duration_ms < 1200
    assert json.loads(configured.requests[0][2])["voice"] == "coral"
    assert result.receipt["selected_voice"] == "zoe"
