"""A server's own file URLs as inputs: ``.../v1/files/<path>`` read from the store, for the file's owner only.

A client uploads an image, or renders a character sheet, and names the URL
it got back in its next request; that URL is this server's, so it is read
from the store's outputs folder instead of downloaded (a loopback server's
``http://`` URL would be refused as plain http, and a remote one reached
over the network).  Who owns a file follows from where it is:
``<job_id>/...`` is the job's user's, ``uploads/<owner_tag>/...`` (uploads
and upload sessions) the user's with that tag.  Any other file (a preview)
is no one's input, and another user's file is refused exactly like a
missing one, so a URL tells no one whether someone else's file exists.

The server marks a request's URLs with :func:`serving` (its middleware);
:func:`own_files` then binds them to the request's user where the request
is planned (``runner.service``), and the worker binds a job's user when it
plans the job again.  The worker knows the server by one address only
(``--public-url``'s), while a request may reach it by another (a host name,
``localhost`` for ``127.0.0.1``); :func:`canonical_urls` names a job's
files by the worker's address before the job is kept, so the file the
server accepted at submit is the file the worker reads.
"""

from __future__ import annotations

import hashlib
import urllib.parse
from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mediakit.errors import MediaError
from mediakit.fetch import served_files
from mediakit.scoped import scoped

from . import jobs
from .db import Database
from .errors import JobNotFound

UPLOADS = "uploads"


def owner_tag(user: str) -> str:
    """The folder of ``user``'s uploads under ``uploads/``: a digest, so URLs never show a user id."""
    return hashlib.sha256(user.encode()).hexdigest()[:16]


def uploads_folder(user: str) -> str:
    """Where ``user``'s uploads go, relative to the outputs folder."""
    return f"{UPLOADS}/{owner_tag(user)}"


@dataclass(frozen=True)
class Served:
    """The URL prefixes a server serves its outputs folder under (``.../v1/files/``), and that folder; one per
    request, so ``names`` holds the URLs this request named its stored files by (an error about one of those files
    names the URL, not the store's path: see :func:`client_name`)."""

    prefixes: tuple[str, ...]
    outputs: Path
    canonical: str | None = None  # the prefix the worker reads a job's files under, when one renders here
    names: dict[str, str] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class OwnFiles:
    """A ``mediakit.fetch.ServedFiles`` resolver: ``served``'s URLs as ``user``'s stored files."""

    served: Served
    db: Database
    user: str

    def __call__(self, text: str, field: str) -> Path | None:
        prefix = next((p for p in self.served.prefixes if text.startswith(p)), None)
        if prefix is None:
            return None
        root = self.served.outputs.resolve()
        path = (root / urllib.parse.unquote(urllib.parse.urlsplit(text[len(prefix):]).path)).resolve()
        if not (path.is_relative_to(root) and path.is_file() and self._owns(path.relative_to(root).parts)):
            raise MediaError(text, "is not a file of this account on this server", field=field)
        self.served.names[str(path)] = text
        return path

    def _owns(self, parts: tuple[str, ...]) -> bool:
        if parts[0] == UPLOADS:
            return len(parts) > 2 and parts[1] == owner_tag(self.user)
        try:
            jobs.get(self.db, parts[0], self.user)
        except JobNotFound:
            return False
        return len(parts) > 1


_SERVED: ContextVar[Served | None] = ContextVar("runner_served", default=None)


def serving(served: Served) -> AbstractContextManager[None]:
    """Inside this block (a server's request), ``served``'s URLs are inputs: see :func:`own_files`."""
    return scoped(_SERVED, served)


def client_name(path: str) -> str | None:
    """The URL the current request named the stored file ``path`` by, if it did."""
    served = _SERVED.get()
    return None if served is None else served.names.get(path)


def canonical_urls(body: Mapping[str, Any]) -> dict[str, Any]:
    """``body`` with each URL of this server's files (under any prefix of the enclosing :func:`serving`) named
    under its ``canonical`` prefix, in fields at any depth; unchanged outside a server's request."""
    served = _SERVED.get()
    if served is None or served.canonical is None:
        return dict(body)
    canonical, others = served.canonical, tuple(p for p in served.prefixes if p != served.canonical)

    def named(value: Any) -> Any:
        if isinstance(value, str):
            prefix = next((p for p in others if value.startswith(p)), None)
            return value if prefix is None else canonical + value[len(prefix):]
        if isinstance(value, list):
            return [named(v) for v in value]
        if isinstance(value, dict):
            return {k: named(v) for k, v in value.items()}
        return value

    return {k: named(v) for k, v in body.items()}


def own_files(db: Database, user: str) -> AbstractContextManager[None]:
    """Plan inside this block: the served URLs of the enclosing :func:`serving` read as ``user``'s files."""
    served = _SERVED.get()
    return nullcontext() if served is None else served_files(OwnFiles(served, db, user))
