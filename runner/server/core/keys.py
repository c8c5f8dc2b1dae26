"""API keys: created with a ``ma_`` prefix, shown once, stored only as a SHA-256 hash.

Keys live in one JSON file under the store (``<store>/server/keys.json``) so
``mediakit keys create`` can make the first key before the server runs and the
server sees revocations at once (it rereads the file when it changes).  A
SHA-256 of a 32-byte random token is enough: keys are not passwords a person
chose, so a slow hash buys nothing.  Writes go through ``media_io.write_text``
(atomic), under a lock, so two requests cannot lose each other's keys.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import uuid
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mediakit.errors import NotFoundError, ValidationError
from mediakit.media_io import write_text
from mediakit.times import now_iso
from runner.errors import LimitError

PREFIX = "ma_"
MAX_ACTIVE = 25
MAX_NAME = 100
SHOWN_PREFIX = 11  # "ma_" and 8 characters: enough to tell keys apart in a list, useless to an attacker


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass
class KeyRecord:
    """One stored key: everything but the key itself (only its hash)."""

    id: str
    user_id: str
    name: str
    key_prefix: str
    key_hash: str
    created_at: str
    last_used_at: str | None = None
    revoked_at: str | None = None

    def public(self) -> dict[str, Any]:
        """The spec's list item: id, key_prefix, name, created_at, last_used_at."""
        return {"id": self.id, "key_prefix": self.key_prefix, "name": self.name, "created_at": self.created_at,
                "last_used_at": self.last_used_at}


class KeyStore:
    """The keys of every user of one store, in ``keys.json``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._records: list[KeyRecord] = []
        self._mtime: float | None = None

    def _load(self) -> None:
        """Reread the file when another process (``mediakit keys``) changed it."""
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            self._records, self._mtime = [], None
            return
        if mtime != self._mtime:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self._records = [KeyRecord(**r) for r in data.get("keys", [])]
            self._mtime = mtime

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_text(self.path, json.dumps({"keys": [asdict(r) for r in self._records]}, indent=1))
        self._mtime = self.path.stat().st_mtime

    def create(self, user_id: str, name: str = "Default") -> dict[str, Any]:
        """A new key for ``user_id``: the create response, the only place the full key appears."""
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise ValidationError("name", name, f"a string of 1 to {MAX_NAME} characters")
        with self._lock:
            self._load()
            active = [r for r in self._records if r.user_id == user_id and r.revoked_at is None]
            if len(active) >= MAX_ACTIVE:
                raise LimitError(f"at most {MAX_ACTIVE} active API keys per account; revoke one first",
                                 code="key_limit", status=400)
            key = PREFIX + secrets.token_urlsafe(32)
            record = KeyRecord(id=str(uuid.uuid4()), user_id=user_id, name=name, key_prefix=key[:SHOWN_PREFIX],
                               key_hash=_digest(key), created_at=now_iso())
            self._records.append(record)
            self._save()
        return {"key": key, "id": record.id, "key_prefix": record.key_prefix, "name": name,
                "created_at": record.created_at}

    def list(self, user_id: str) -> list[dict[str, Any]]:
        """The user's active keys, without their values."""
        with self._lock:
            self._load()
            return [r.public() for r in self._records if r.user_id == user_id and r.revoked_at is None]

    def revoke(self, user_id: str, key_id: str) -> dict[str, Any]:
        """Revoke one of the user's keys; another user's key id is not found, like a missing one."""
        with self._lock:
            self._load()
            for record in self._records:
                if record.id == key_id and record.user_id == user_id and record.revoked_at is None:
                    record.revoked_at = now_iso()
                    self._save()
                    return {"revoked": True, "id": key_id}
        raise NotFoundError(f"keyId: no active API key {key_id!r} on this account",
                            details=[{"field": "keyId", "rule": "an active key of this account"}])

    def user_for(self, key: str) -> str | None:
        """The user a key belongs to (and note its use), or None for an unknown or revoked key."""
        digest = _digest(key)
        with self._lock:
            self._load()
            for record in self._records:
                if record.revoked_at is None and hmac.compare_digest(record.key_hash, digest):
                    stamp = now_iso()
                    if record.last_used_at != stamp:  # at most one write per key per second
                        record.last_used_at = stamp
                        self._save()
                    return record.user_id
        return None
