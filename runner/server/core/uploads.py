"""Uploaded images: by base64, by https URL, or presigned (presign, PUT the bytes, confirm).

Images land in ``<store>/outputs/uploads/<owner_tag>/<uuid>.<format>``
(served back by ``GET /v1/files/...``; the owner's folder is what makes the
URL an input of that user only, ``runner.served``) only after their bytes sniff as PNG, JPEG or WebP
within ``fetch.IMAGE``'s 20 MB, the same rule generator inputs follow.  A
presigned upload is a small JSON ticket under ``<store>/server/presign`` that
names its owner, size and expiry; the PUT must come before the expiry and
carry exactly the presigned number of bytes, and only the owner confirms it.

Talking clips (a mediakit extension, ``POST /v1/uploads/raw/video``) are
kept beside the images, in the owner's uploads, only when they can be an ad's
``footage_url``: a container ffmpeg reads, within ``fetch.VIDEO``'s size, with
a picture and a sound, lasting at most 15 s (``generation.footage``'s rule).
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import secrets
import shutil
import tempfile
import time
import urllib.parse
import uuid
from pathlib import Path
from typing import Any

from mediakit.errors import MediaError, NotFoundError, ValidationError
from mediakit.fetch import IMAGE, VIDEO, check_file, fetch, sniff
from mediakit.generation.footage import check_footage
from mediakit.media_io import atomic_path, write_text
from mediakit.probe import probe
from runner.downloads import DOWNLOADS
from runner.served import uploads_folder

PRESIGN_TTL_S = 900
MIMES = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp", "mp4": "video/mp4", "mov": "video/quicktime",
         "webm": "video/webm", "avi": "video/x-msvideo", "flv": "video/x-flv", "mpeg": "video/mpeg", "ts": "video/mp2t"}


class Uploads:
    """The upload area of one store."""

    def __init__(self, store: Path) -> None:
        self.outputs = store / "outputs"
        self.tickets = store / "server" / "presign"

    def keep(self, source: Path, field: str, user: str, sub: str = "") -> tuple[str, str, int]:
        """Check ``source`` is an accepted image and copy it into ``user``'s uploads (``sub`` folder in them);
        (path under outputs, mime, bytes)."""
        check_file(source, field=field, limits=IMAGE)
        return self._store(source, field, user, sub)

    def keep_video(self, body: bytes, user: str, shown: str, sub: str = "") -> dict[str, Any]:
        """Check ``body`` is a talking clip a footage ad can use and store it in ``user``'s uploads (``sub``
        folder in them); ``{path, mime, bytes, duration_s}`` (errors name the field ``body`` and the upload as
        ``shown``).  Blocking: a server calls it on a worker thread."""
        with tempfile.TemporaryDirectory() as scratch:
            source = Path(scratch) / "upload"
            source.write_bytes(body)
            check_file(source, field="body", limits=VIDEO, shown=shown)
            check_footage(source, field="body", shown=shown)
            path, mime, size = self._store(source, "body", user, sub)
            duration_ms = probe(source).duration_ms or 0
        return {"path": path, "mime": mime, "bytes": size, "duration_s": round(duration_ms / 1000, 3)}

    def _store(self, source: Path, field: str, user: str, sub: str) -> tuple[str, str, int]:
        """Copy a checked ``source`` into ``user``'s uploads under a fresh name with its sniffed type's
        extension: (path under outputs, mime, bytes)."""
        with source.open("rb") as fh:
            found = sniff(fh.read(256))
        assert found is not None  # the caller's check_file passed
        name = f"{uuid.uuid4()}.{found[1]}"
        folder = "/".join(filter(None, (uploads_folder(user), sub)))
        (self.outputs / folder).mkdir(parents=True, exist_ok=True)
        with atomic_path(self.outputs / folder / name, field=field) as tmp:
            shutil.copyfile(source, tmp)
        return f"{folder}/{name}", MIMES[found[1]], source.stat().st_size

    def from_base64(self, user: str, data: str, scratch: Path) -> str:
        """Store a base64 image (a ``data:`` URL prefix is allowed); its path under outputs."""
        payload = data.split(",", 1)[1] if data.startswith("data:") else data
        try:
            raw = base64.b64decode(payload, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ValidationError("image_base64", None, "must be base64 of a PNG, JPEG or WebP image") from exc
        scratch.write_bytes(raw)
        return self.keep(scratch, "image_base64", user)[0]

    def from_url(self, user: str, url: str) -> str:
        """Download an https image (never a local path: the caller is remote); its path under outputs."""
        if urllib.parse.urlsplit(url).scheme.lower() != "https":
            raise ValidationError("image_url", url, "must be an https:// URL")
        with DOWNLOADS.of(user):
            path = fetch(url, field="image_url", limits=IMAGE)
        return self.keep(path, "image_url", user)[0]

    def presign(self, user: str, size: int, content_type: str | None, filename: str | None) -> dict[str, Any]:
        """A ticket for one PUT of ``size`` bytes; the route adds ``put_url``."""
        if not 1 <= size <= IMAGE.max_bytes:
            raise ValidationError("bytes", size, f"an image size from 1 to {IMAGE.max_bytes} bytes")
        if content_type is not None and content_type not in MIMES.values():
            raise ValidationError("content_type", content_type, f"one of {', '.join(MIMES.values())}")
        key = secrets.token_urlsafe(24)
        ticket = {"user": user, "bytes": size, "content_type": content_type, "filename": filename,
                  "expires": time.time() + PRESIGN_TTL_S}
        self.tickets.mkdir(parents=True, exist_ok=True)
        write_text(self.tickets / f"{key}.json", json.dumps(ticket), field="upload_key")
        return {"upload_key": key, "content_type": content_type, "bytes": size, "expires_in": PRESIGN_TTL_S}

    def _ticket(self, key: str, user: str | None) -> dict[str, Any]:
        path = self.tickets / f"{key}.json"
        if "/" in key or key.startswith(".") or not path.is_file():
            raise NotFoundError(f"upload_key: no presigned upload {key!r}",
                                details=[{"field": "upload_key", "rule": "a key from /v1/uploads/presign"}])
        ticket: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        if (user is not None and ticket["user"] != user) or ticket["expires"] < time.time():
            raise NotFoundError(f"upload_key: no presigned upload {key!r} (expired or not yours)",
                                details=[{"field": "upload_key", "rule": "an unexpired key of this account"}])
        return ticket

    def put(self, key: str, body: bytes) -> None:
        """Receive the presigned bytes (the key itself is the credential, as with a presigned URL)."""
        ticket = self._ticket(key, None)
        if len(body) != ticket["bytes"]:
            raise ValidationError("body", f"{len(body)} bytes", f"exactly the presigned {ticket['bytes']} bytes")
        with atomic_path(self.tickets / f"{key}.bin", field="body") as tmp:
            tmp.write_bytes(body)

    def confirm(self, user: str, key: str) -> dict[str, Any]:
        """Check the PUT bytes and keep them; ``{path, mime, bytes}`` (the route turns path into image_url)."""
        self._ticket(key, user)
        data = self.tickets / f"{key}.bin"
        if not data.is_file():
            raise MediaError(f"upload {key}", "no bytes were PUT to put_url yet", field="upload_key")
        path, mime, size = self.keep(data, "upload_key", user)
        os.unlink(data)
        os.unlink(self.tickets / f"{key}.json")
        return {"path": path, "mime": mime, "bytes": size}
