"""Upload sessions: a short-lived place for a user's images, with its own upload token.

The spec shows the session's fields but not how images get in; here the
``upload_url`` of a session takes raw image bytes by ``POST`` (file name in
``X-Filename``), authorised by the ``upload_token`` it carries, so a phone or
a browser form can upload without the account's API key.  A session lasts
``TTL_S`` and holds ``MAX_FILES`` files: images of at most ``fetch.IMAGE``
bytes each, and (a mediakit extension, listed apart in ``videos``) talking
clips a footage ad can use, checked as ``POST /v1/uploads/raw/video`` checks
them, so a clip recorded on a phone can become a ``footage_url``.  Sessions
are JSON files under ``<store>/server/sessions``; images and clips go to the
owner's uploads (``<store>/outputs/uploads/<owner_tag>/<id>/``) and previews (bounded JPEGs, not
generation inputs) to ``<store>/outputs/previews/<id>/``.
"""

from __future__ import annotations

import hmac
import json
import re
import secrets
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from PIL import Image, UnidentifiedImageError

from mediakit.errors import NotFoundError
from mediakit.fetch import IMAGE, sniff
from mediakit.media_io import atomic_path, write_text
from mediakit.times import iso
from runner.errors import LimitError

from .uploads import Uploads

TTL_S = 3600
MAX_FILES = 10
PREVIEW_PX = 256
_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


class UploadSessions:
    """The upload sessions of one store."""

    def __init__(self, store: Path) -> None:
        self.folder = store / "server" / "sessions"
        self.uploads = Uploads(store)

    def _path(self, session_id: str) -> Path:
        try:
            return self.folder / f"{uuid.UUID(session_id)}.json"
        except ValueError:
            raise self._missing(session_id) from None

    @staticmethod
    def _missing(session_id: str) -> NotFoundError:
        return NotFoundError(f"session_id: no upload session {session_id!r} (expired, or not this account's)",
                             details=[{"field": "session_id", "rule": "an unexpired session of this account"}])

    def _save(self, session: dict[str, Any]) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_text(self._path(session["session_id"]), json.dumps(session), field="session_id")

    def create(self, user: str) -> dict[str, Any]:
        """A new session; the stored record, token included (the create response shows it once)."""
        session = {"session_id": str(uuid.uuid4()), "user": user, "upload_token": secrets.token_urlsafe(24),
                   "expires": time.time() + TTL_S, "images": [], "videos": []}
        self._save(session)
        return session

    def get(self, session_id: str, user: str | None = None, token: str | None = None) -> dict[str, Any]:
        """An unexpired session, checked against its owner or its upload token."""
        path = self._path(session_id)
        if not path.is_file():
            raise self._missing(session_id)
        session: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        allowed = (user is not None and session["user"] == user) or (
            token is not None and hmac.compare_digest(session["upload_token"], token))
        if not allowed or session["expires"] < time.time():
            raise self._missing(session_id)
        return session

    def owned(self, user: str) -> list[dict[str, Any]]:
        """The user's unexpired sessions: ids, expiry and file names only."""
        found = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else ():
            session = json.loads(path.read_text(encoding="utf-8"))
            if session["user"] == user and session["expires"] >= time.time():
                found.append({"session_id": session["session_id"], "expires_at": iso(session["expires"]),
                              "filenames": [i["filename"] for i in [*session["images"], *videos(session)]]})
        return found

    def add(self, session_id: str, token: str, body: bytes, filename: str | None) -> dict[str, Any]:
        """Keep one image, or a talking clip, in the session (by its upload token); its record."""
        session = self.get(session_id, token=token)
        if len(session["images"]) + len(videos(session)) >= MAX_FILES:
            raise LimitError(f"upload session holds at most {MAX_FILES} files", code="session_full", status=400)
        safe = _SAFE_NAME.sub("_", filename or "")[:100]
        found = sniff(body[:256])
        if found is not None and found[0] == "video":
            kept = self.uploads.keep_video(body, session["user"], safe or "the uploaded video", sub=session_id)
            record = {"filename": safe or Path(kept["path"]).name, **kept}
            session["videos"] = [*videos(session), record]
        else:
            with tempfile.TemporaryDirectory() as scratch:
                source = Path(scratch) / "upload"
                source.write_bytes(body)
                path, mime, size = self.uploads.keep(source, "body", session["user"], sub=session_id)
            record = {"filename": safe or Path(path).name, "path": path, "mime": mime, "bytes": size}
            session["images"].append(record)
        self._save(session)
        return record

    def previews(self, session_id: str, user: str) -> tuple[list[dict[str, Any]], list[str]]:
        """Bounded JPEG previews of the session's images ({filename, path}), and the names that had none."""
        session = self.get(session_id, user=user)
        done, unavailable = [], []
        for image in session["images"]:
            target = self.uploads.outputs / "previews" / session_id / (Path(image["path"]).stem + ".jpg")
            try:
                if not target.is_file():
                    with Image.open(self.uploads.outputs / image["path"]) as img:
                        img.thumbnail((PREVIEW_PX, PREVIEW_PX))
                        target.parent.mkdir(parents=True, exist_ok=True)
                        with atomic_path(target, field="previews") as tmp:
                            img.convert("RGB").save(tmp, "JPEG", quality=80)
                done.append({"filename": image["filename"], "path": str(target.relative_to(self.uploads.outputs))})
            except (OSError, UnidentifiedImageError):
                unavailable.append(image["filename"])
        return done, unavailable

    @staticmethod
    def limits() -> dict[str, int]:
        """The spec's per-image size and file count (a talking clip may be up to ``fetch.VIDEO``'s size)."""
        return {"max_bytes": IMAGE.max_bytes, "max_files": MAX_FILES}


def videos(session: dict[str, Any]) -> list[dict[str, Any]]:
    """A session's talking clips (a session kept before clips were taken has none)."""
    found: list[dict[str, Any]] = session.get("videos", [])
    return found
