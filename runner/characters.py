"""Each account's saved characters, kept in the store: ``STORE/outputs/characters/<token>/``.

Saved characters belong to the account whose sheet job made them, so every
job the store plans for a user names that user's folder
(``Options.characters_dir``): a ``char_`` id of another account is then
unknown (404), and a listing shows only the caller's.  They sit under the
store's outputs so ``GET /v1/files/...`` serves them like any other output.
That route is public like a signed URL, so the folder is not the user id but
a keyed digest of it: the key is random, made once per store, and kept
beside the database (never served), so one account cannot guess another's
folder.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from mediakit.generation.contract import Options

from .db import outputs_of

KEY_FILE = "characters.key"
TOKEN_CHARS = 32


def characters_of(store: Path, user: str) -> Path:
    """``user``'s characters folder in ``store`` (it need not exist yet)."""
    token = hmac.new(_key(store), user.encode(), hashlib.sha256).hexdigest()[:TOKEN_CHARS]
    return outputs_of(store) / "characters" / token


def options_for(store: Path, user: str) -> Options:
    """The library options a job of ``user`` is planned with in ``store``: their own characters folder."""
    return Options(characters_dir=characters_of(store, user))


def _key(store: Path) -> bytes:
    """The store's key for character folders, made on first use.  It is linked into place whole, so two
    processes racing both read the first one written, never a half-written file."""
    path = store / KEY_FILE
    if not path.is_file():
        store.mkdir(parents=True, exist_ok=True)
        tmp = store / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        tmp.write_text(secrets.token_hex(32), encoding="ascii")
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_bytes()
