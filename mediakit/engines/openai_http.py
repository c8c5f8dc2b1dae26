"""``openai-compatible``: image and speech engines for any server that speaks the OpenAI HTTP shapes.

Hosted APIs and self-hosted servers alike (OpenAI, LocalAI, vLLM-based and
diffusers-based image servers, openedai-speech, Kokoro-FastAPI...) accept

- ``POST {base}/images/generations`` ``{model, prompt, n, size}`` and answer
  ``{"data": [{"b64_json": ...} | {"url": ...}]}``;
- ``POST {base}/images/edits`` (multipart: ``model``, ``prompt``, ``n``,
  ``size`` and the images as ``image[]``) with the same answer, for refs;
- ``POST {base}/audio/speech`` ``{model, input, voice, speed,
  response_format}`` and answer with the audio bytes.

Configured by the environment: ``MEDIAKIT_OPENAI_BASE_URL`` (for example
``https://api.openai.com/v1`` or ``http://127.0.0.1:8000/v1``),
``MEDIAKIT_OPENAI_API_KEY`` (optional for local servers),
``MEDIAKIT_OPENAI_IMAGE_MODEL`` and ``MEDIAKIT_OPENAI_SPEECH_MODEL``;
``MEDIAKIT_OPENAI_IMAGE_FORMAT=b64_json`` asks servers that default to URLs
for inline images (OpenAI's newest image models refuse the field, so it is
sent only when set).  Then ``MEDIAKIT_ENGINE_IMAGE=openai-compatible`` (or
``MEDIAKIT_ENGINES=voice-tts=openai-compatible``) routes catalog models to it.

Speech: the seven named voices map to the server's voice names through
``presets/engines.yaml`` (``openai_voices``); any other voice is sent as a
raw voice id.  Emotion tags cannot be sent as text (they would be read
aloud), so they are taken out of the input and sent as ``instructions``
("Delivery: excited, whispers."), which instruction-following speech models
honour and others ignore.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import urllib.error
import urllib.request
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import EngineError, MediaError, ValidationError
from ..fetch import MB, Limits, fetch, sniff
from ..stages.script.fetch import check_url
from .base import AudioEngine, ImageEngine, ImageJob, SpeechJob
from .routing import engines_file

ENV_BASE_URL = "MEDIAKIT_OPENAI_BASE_URL"
ENV_API_KEY = "MEDIAKIT_OPENAI_API_KEY"
ENV_IMAGE_MODEL = "MEDIAKIT_OPENAI_IMAGE_MODEL"
ENV_SPEECH_MODEL = "MEDIAKIT_OPENAI_SPEECH_MODEL"
ENV_IMAGE_FORMAT = "MEDIAKIT_OPENAI_IMAGE_FORMAT"
IMAGE_TIMEOUT_S = 180.0  # image models take tens of seconds; 2K on a busy server longer
SPEECH_TIMEOUT_S = 60.0
MAX_REPLY_BYTES = 64 * MB
SIZES = {"1K": "1024x1024", "2K": "2048x2048"}  # the catalog's labels as pixel sizes; others are sizes already


@dataclass(frozen=True)
class OpenAIConfig:
    """Where the server is and which model to ask for; ``api_key`` is optional (local servers need none)."""

    base_url: str
    model: str
    api_key: str | None = None

    @classmethod
    def from_env(cls, model_var: str, environ: Mapping[str, str] | None = None) -> OpenAIConfig:
        env = os.environ if environ is None else environ
        base_url, model = env.get(ENV_BASE_URL, "").strip(), env.get(model_var, "").strip()
        if not base_url or not model:
            raise EngineError(f"engine 'openai-compatible' is not configured: set {ENV_BASE_URL} (for example "
                              f"'https://api.openai.com/v1') and {model_var}, plus {ENV_API_KEY} if the server "
                              "needs a key")
        return cls(check_url(base_url, field=ENV_BASE_URL).rstrip("/"), model, env.get(ENV_API_KEY) or None)

    def url(self, path: str) -> str:
        return f"{self.base_url}/{path.lstrip('/')}"

    def headers(self, content_type: str) -> dict[str, str]:
        out = {"Content-Type": content_type, "Accept": "application/json, audio/*, */*"}
        if self.api_key:
            out["Authorization"] = f"Bearer {self.api_key}"
        return out


def post(config: OpenAIConfig, path: str, body: bytes, content_type: str, timeout: float) -> tuple[bytes, str]:
    """POST ``body`` to the server; its reply bytes and content type, or an ``EngineError`` naming the URL."""
    url = config.url(path)
    request = urllib.request.Request(url, data=body, headers=config.headers(content_type), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = response.read(MAX_REPLY_BYTES + 1)
            kind = response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as exc:
        detail = " ".join(exc.read(400).decode("utf-8", "replace").split())
        raise EngineError(f"{url!r} answered HTTP {exc.code}: {detail or exc.reason}") from None
    except urllib.error.URLError as exc:
        raise EngineError(f"cannot reach {url!r}: {exc.reason}") from None
    except OSError as exc:  # timeouts, resets
        raise EngineError(f"no reply from {url!r}: {exc}") from None
    if len(data) > MAX_REPLY_BYTES:
        raise EngineError(f"{url!r} replied with more than {MAX_REPLY_BYTES // MB} MB")
    return data, kind


class OpenAIImageEngine(ImageEngine):
    name = "openai-compatible"
    description = "an OpenAI-compatible images API (MEDIAKIT_OPENAI_BASE_URL, MEDIAKIT_OPENAI_IMAGE_MODEL)"

    def check(self) -> None:
        OpenAIConfig.from_env(ENV_IMAGE_MODEL)

    def note(self, model: str) -> str:
        config = OpenAIConfig.from_env(ENV_IMAGE_MODEL)
        return f"{self.name} served {model} with {config.model!r} at {config.base_url}"

    def make(self, job: ImageJob, workdir: Path) -> list[Path]:
        config = OpenAIConfig.from_env(ENV_IMAGE_MODEL)
        size = SIZES.get(job.resolution, job.resolution)
        fields = {"model": config.model, "prompt": job.prompt, "n": str(job.n), "size": size}
        if os.environ.get(ENV_IMAGE_FORMAT, "").strip():
            fields["response_format"] = os.environ[ENV_IMAGE_FORMAT].strip()
        if job.refs:
            body, content_type = multipart(fields, [("image[]", p) for p in job.refs])
            data, _ = post(config, "images/edits", body, content_type, IMAGE_TIMEOUT_S)
        else:
            payload = {**fields, "n": job.n}
            data, _ = post(config, "images/generations", json.dumps(payload).encode(), "application/json",
                           IMAGE_TIMEOUT_S)
        items = _reply_items(data, config)
        out = []
        for i, item in enumerate(items):
            out.append(_save_image(item, workdir / f"image-{i + 1}", config))
        return out


class OpenAISpeechEngine(AudioEngine):
    name = "openai-compatible"
    description = "an OpenAI-compatible speech API (MEDIAKIT_OPENAI_BASE_URL, MEDIAKIT_OPENAI_SPEECH_MODEL)"

    def check(self) -> None:
        OpenAIConfig.from_env(ENV_SPEECH_MODEL)

    def note(self, model: str) -> str:
        config = OpenAIConfig.from_env(ENV_SPEECH_MODEL)
        return f"{self.name} served {model} with {config.model!r} at {config.base_url}"

    def voice(self, requested: str | None) -> str:
        """A named voice (case-insensitive; the default when None), else the raw id as given."""
        from ..stages.voice import default_voice, voice_names

        if requested is None:
            return default_voice().name
        name = requested.strip()
        if not name:
            raise ValidationError("voice", requested, f"must be one of {', '.join(voice_names())}, or a raw voice id")
        return name.lower() if name.lower() in voice_names() else name

    def make(self, job: SpeechJob, workdir: Path) -> Path:
        from ..stages.voice.delivery import TAG_RE, canonical_tag

        config = OpenAIConfig.from_env(ENV_SPEECH_MODEL)
        voices = engines_file().get("openai_voices") or {}
        tags = [canonical_tag(m.group(1)) for m in TAG_RE.finditer(job.text)]
        payload: dict[str, Any] = {"model": config.model, "input": " ".join(TAG_RE.sub(" ", job.text).split()),
                                   "voice": voices.get(job.voice, job.voice), "speed": job.speed,
                                   "response_format": "mp3"}
        if tags:
            payload["instructions"] = f"Delivery: {', '.join(dict.fromkeys(tags))}."
        data, _ = post(config, "audio/speech", json.dumps(payload).encode(), "application/json", SPEECH_TIMEOUT_S)
        found = sniff(data[:256])
        if found is None or found[0] != "audio":
            raise EngineError(f"{config.url('audio/speech')!r} replied with something that is not audio "
                              f"({data[:60]!r})")
        path = workdir / f"speech.{found[1]}"
        path.write_bytes(data)
        return path


def multipart(fields: Mapping[str, str], files: list[tuple[str, Path]]) -> tuple[bytes, str]:
    """A multipart/form-data body of text ``fields`` and ``files``; returns it and its content type."""
    boundary = f"mediakit-{uuid.uuid4().hex}"
    parts: list[bytes] = []
    for name, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, path in files:
        data = path.read_bytes()
        found = sniff(data[:256])
        fmt = found[1] if found else "octet-stream"
        mime = f"image/{fmt}" if found and found[0] == "image" else "application/octet-stream"
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{path.stem}.{fmt}"'
                     f"\r\nContent-Type: {mime}\r\n\r\n".encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def _reply_items(data: bytes, config: OpenAIConfig) -> list[dict[str, Any]]:
    try:
        payload = json.loads(data)
        items = payload["data"]
    except (ValueError, KeyError, TypeError):
        raise EngineError(f"{config.base_url!r} replied without a data list: {data[:200]!r}") from None
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise EngineError(f"{config.base_url!r} replied with a data field that is not a list of images")
    return items


def _save_image(item: dict[str, Any], stem: Path, config: OpenAIConfig) -> Path:
    """One ``data`` item (inline base64 or a URL to download) written as an image file."""
    if isinstance(item.get("b64_json"), str):
        try:
            data = base64.b64decode(item["b64_json"], validate=True)
        except (binascii.Error, ValueError):
            raise EngineError(f"{config.base_url!r} replied with b64_json that is not base64") from None
    elif isinstance(item.get("url"), str):
        limits = Limits(("image",), MAX_REPLY_BYTES, https_only=config.base_url.startswith("https:"))
        try:
            data = fetch(item["url"], field="image", limits=limits).read_bytes()
        except (MediaError, ValidationError) as exc:  # the server's answer failed, not the request
            raise EngineError(f"{config.base_url!r} replied with an image URL that failed: {exc}") from None
    else:
        raise EngineError(f"{config.base_url!r} replied with an image item holding neither b64_json nor url")
    found = sniff(data[:256])
    if found is None or found[0] != "image":
        raise EngineError(f"{config.base_url!r} replied with an image that is not one ({data[:40]!r})")
    path = stem.with_suffix(f".{found[1]}")
    path.write_bytes(data)
    return path
