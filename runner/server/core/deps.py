"""FastAPI dependencies: the authenticated user of a request, counted against its rate-limit bucket.

Each dependency leaves the request's quota in ``request.state.quota`` so
``app.RateHeaders`` can put X-RateLimit-* on the response, errors included.
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from runner.db import Database
from runner.errors import AuthError

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


class StorePool:
    """Connections to the server's store, each lent to one request at a time.

    A SQLite connection serves one transaction at a time, and FastAPI may run
    a request's dependencies and its route on different pool threads, so a
    connection per thread is not enough: a request borrows one for its whole
    life and gives it back when it ends.  Opening one (WAL, migration check)
    costs more than a request, hence the pool.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.idle: queue.SimpleQueue[Database] = queue.SimpleQueue()

    @contextmanager
    def lend(self) -> Iterator[Database]:
        try:
            db = self.idle.get_nowait()
        except queue.Empty:
            db = Database(self.folder)
        try:
            yield db
        finally:
            self.idle.put(db)

    def close(self) -> None:
        while True:
            try:
                self.idle.get_nowait().close()
            except queue.Empty:
                return


def store(request: Request) -> Iterator[Database]:
    """The request's own connection to the store (see ``StorePool``)."""
    with request.app.state.stores.lend() as db:
        yield db


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
