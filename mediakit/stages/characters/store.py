"""Saved characters: every character sheet made is kept, so later jobs can name it by id (``char_...``).

A finished ``character_sheet`` job saves its character under
``<root>/<hash>/``.  ``<root>`` is the caller's characters folder: by default
``<home>/characters`` (``<home>`` is ``$MEDIAKIT_HOME``, else ``~/.mediakit``;
unlike the cache, saved characters are meant to last) for the CLI and the
library, and a per-user folder inside its store for the server
(``Options.characters_dir``), so one account never sees another's:

- ``sheet.png``: the sheet, carrying its character (``stages.characters.sheet``);
- ``portrait.png`` and ``thumbnail.png``: the character drawn as a bust;
- ``actor.yaml``: the character as a user actor record with its drawn look,
  so the folder of saved characters is a user actor library
  (``stages.actors.user``) and every generator that casts by slug can cast it.

The id is ``char_`` + ``<hash>``, a short digest of the character's record, so
the same character saved twice is one entry.  ``char_<actor slug>`` names a
library actor the same way: :func:`saved_actor_paths` adds this store to the
actors a skill casts from.  ``actor.yaml`` is written last, so a folder being
written is not yet a character.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from PIL import Image

from ...errors import NotFoundError, ValidationError
from ...media_io import atomic_path, write_text
from ..actors.user import ACTOR_FILE, PORTRAIT_FILE
from .sheet import Character
from .views import figure

HOME_ENV = "MEDIAKIT_HOME"
CHARACTER_PREFIX = "char_"
SHEET_FILE, THUMBNAIL_FILE, RECORD_FILE = "sheet.png", "thumbnail.png", "character.json"
PORTRAIT_SIZE, THUMBNAIL_SIZE = (512, 512), (160, 160)
DEFAULT_LIMIT, MAX_LIMIT = 50, 100  # the spec's page size for GET /v1/characters


def home_dir() -> Path:
    """``$MEDIAKIT_HOME``, else ``~/.mediakit``: where what the user keeps (not a cache) lives."""
    env = os.environ.get(HOME_ENV)
    return Path(env).expanduser() if env else Path.home() / ".mediakit"


def characters_dir(root: Path | None = None) -> Path:
    """``root``, else the default characters folder ``<home>/characters`` (the CLI's and the library's)."""
    return root if root is not None else home_dir() / "characters"


def file_uri(path: Path) -> str:
    """A saved file's ``file://`` URL: where the CLI and library find it (the server passes its own URLs)."""
    return path.resolve().as_uri()


@dataclass(frozen=True)
class SavedCharacter:
    """One saved character: its id, name and files."""

    id: str
    name: str
    folder: Path
    created_at: str

    @property
    def sheet(self) -> Path:
        return self.folder / SHEET_FILE

    def to_dict(self, url: Callable[[Path], str] = file_uri) -> dict[str, Any]:
        """The spec's saved character: id, character_sheet_url, portrait and thumbnail URLs (and name, date),
        each file's URL made by ``url``."""
        return {"character_id": self.id, "name": self.name,
                "character_sheet_url": url(self.sheet),
                "portrait_url": url(self.folder / PORTRAIT_FILE),
                "thumbnail_url": url(self.folder / THUMBNAIL_FILE),
                "created_at": self.created_at}


def character_hash(character: Character) -> str:
    """The short stable digest of a character's record (its actor slug; its id after ``char_``)."""
    return hashlib.sha256(json.dumps(character.to_dict(), sort_keys=True).encode()).hexdigest()[:10]


def save_character(character: Character, sheet: Path, root: Path | None = None) -> SavedCharacter:
    """Keep ``character`` and its ``sheet`` PNG in the characters folder ``root`` (see the module docstring);
    the saved entry."""
    slug = character_hash(character)
    folder = characters_dir(root) / slug
    folder.mkdir(parents=True, exist_ok=True)
    with atomic_path(folder / SHEET_FILE) as tmp:
        tmp.write_bytes(sheet.read_bytes())
    portrait = figure(character.look, PORTRAIT_SIZE)
    with atomic_path(folder / PORTRAIT_FILE) as tmp:
        portrait.save(tmp, "PNG")
    with atomic_path(folder / THUMBNAIL_FILE) as tmp:
        portrait.resize(THUMBNAIL_SIZE, Image.Resampling.LANCZOS).save(tmp, "PNG")
    created = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    saved = SavedCharacter(CHARACTER_PREFIX + slug, character.name, folder, created)
    write_text(folder / RECORD_FILE, json.dumps({**saved.to_dict(), "character": character.to_dict()},
                                                indent=2, sort_keys=True))
    record = {"slug": slug, "name": character.name, "gender": character.gender, "nationality": "",
              "actor_type": "Casual", "style": "drawn character (saved character sheet)", "created_at": created,
              "look": character.to_dict()["look"]}
    write_text(folder / ACTOR_FILE, yaml.safe_dump(record, sort_keys=True))
    return saved


def list_characters(limit: int = DEFAULT_LIMIT, root: Path | None = None,
                    url: Callable[[Path], str] = file_uri) -> list[dict[str, Any]]:
    """The characters saved in ``root``, newest first, at most ``limit`` (1 to 100): each as
    ``SavedCharacter.to_dict(url)``."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValidationError("limit", limit, f"must be a whole number from 1 to {MAX_LIMIT}")
    saved = [_read(folder) for folder in _folders(root)]
    saved.sort(key=lambda s: (s.created_at, s.id), reverse=True)
    return [s.to_dict(url) for s in saved[:limit]]


def get_character(character_id: str, root: Path | None = None,
                  url: Callable[[Path], str] = file_uri) -> dict[str, Any]:
    """The character ``character_id`` saved in ``root``, as ``SavedCharacter.to_dict(url)``; NotFoundError
    otherwise (an id saved in another folder, another account's, is as unknown as one never saved)."""
    found = [folder for folder in _folders(root) if CHARACTER_PREFIX + folder.name == character_id]
    if not found:
        raise NotFoundError(f"character_id: no saved character {character_id!r}",
                            details=[{"field": "character_id", "rule": "a saved character id of yours"}])
    return _read(found[0]).to_dict(url)


def saved_actor_paths(root: Path | None = None) -> tuple[Path, ...]:
    """The folder ``root`` as a user actor library, when it holds a character (an empty library is an error
    there)."""
    return (characters_dir(root),) if _folders(root) else ()


def _folders(root: Path | None) -> list[Path]:
    root = characters_dir(root)
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / ACTOR_FILE).is_file() and (p / RECORD_FILE).is_file())


def _read(folder: Path) -> SavedCharacter:
    data = json.loads((folder / RECORD_FILE).read_text(encoding="utf-8"))
    return SavedCharacter(str(data["character_id"]), str(data["name"]), folder, str(data["created_at"]))
