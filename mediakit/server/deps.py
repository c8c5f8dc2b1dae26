"""FastAPI dependencies: the authenticated user of a request, counted against its rate-limit bucket.

Each dependency leaves the request's quota in ``request.state.quota`` so
``app.RateHeaders`` can put X-RateLimit-* on the response, errors included.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from runner.db import Database

from ..errors import AuthError
from .auth import Principal, authenticate
from .limits import Bucket

# declared for /openapi.json and /docs ("Authorize" button); the header itself is read by ``authenticate``
bearer = HTTPBearer(auto_error=False, description="An API key (ma_...) or a user-bound session token (JWT).")


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def user_in(bucket: Bucket) -> Callable[..., Principal]:
    """A dependency: the request's user, after counting the request in ``bucket`` for that user."""

    def dependency(request: Request,
                   _: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> Principal:
        state = request.app.state
        try:
            principal = authenticate(request.headers.get("authorization"), state.keys, state.config.jwt)
        except AuthError:
            # no user to count against: count the caller's IP, which also slows down guessing keys
            request.state.quota = state.config.limiter.hit(bucket, f"ip:{_client(request)}")
            raise
        request.state.quota = state.config.limiter.hit(bucket, principal.user_id)
        return principal

    return dependency


def per_ip(bucket: Bucket) -> Callable[..., None]:
    """A dependency for public routes: counts the request in ``bucket`` for the client's IP."""

    def dependency(request: Request) -> None:
        request.state.quota = request.app.state.config.limiter.hit(bucket, _client(request))

    return dependency


Reader = Annotated[Principal, Depends(user_in(Bucket.READ))]
Generator = Annotated[Principal, Depends(user_in(Bucket.GENERATE))]


_local = threading.local()


def store(request: Request) -> Database:
    """The store of this server, one connection per thread: a SQLite connection serves one transaction at a time,
    and FastAPI runs plain routes on a pool of threads."""
    folder: Path = request.app.state.config.store
    opened: dict[Path, Database] = _local.__dict__.setdefault("stores", {})
    if folder not in opened:
        opened[folder] = Database(folder)
    return opened[folder]


def url_for_output(request: Request) -> Callable[[str], str]:
    """How a job's output path becomes its ``/v1/files/...`` URL (the path under the store's outputs folder).

    A job a batch rendered into its own folder (``mediakit run`` on the same store) is not served; its
    location is its ``file://`` URL, as the CLI reports it.
    """
    root = request.app.state.config.outputs.resolve()

    def url(path: str) -> str:
        target = Path(path).resolve()
        if not target.is_relative_to(root):
            return target.as_uri()
        return str(request.url_for("get_file", path=str(target.relative_to(root))))

    return url


Store = Annotated[Database, Depends(store)]
