"""The ASGI app: error shapes, the 1 MB body limit, rate-limit headers, and the route modules.

Every error leaves in the spec's shape ``{"error": {"code", "message",
"details", "type"}}`` whichever layer raised it (a library ``MediakitError``,
FastAPI's request validation, an unknown route), so clients parse one body.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mediakit import __version__
from mediakit.errors import MediakitError, error_type
from mediakit.fetch import RemoteInputs, remote_inputs
from runner.db import outputs_of
from runner.errors import LimitError, RangeNotSatisfiable
from runner.redact import hide_paths, public
from runner.served import Served, serving
from runner.worker import Worker, WorkerOptions

from .core.auth import JwtConfig
from .core.deps import StorePool
from .core.keys import KeyStore
from .core.limits import RateLimiter
from .core.responses import document_errors
from .docs import mount_docs
from .routes.uploads import RAW_PREFIX

MAX_BODY = 1_000_000
API_VERSION = "1.0.0"  # the spec: "The description file declares version 1.0.0"


@dataclass
class ServerConfig:
    """What one server serves: its store folder, how it verifies JWTs, its rate limiter and its admins."""

    store: Path
    jwt: JwtConfig = field(default_factory=JwtConfig)
    limiter: RateLimiter = field(default_factory=RateLimiter)
    worker: WorkerOptions | None = None  # None: jobs are recorded, and rendered by another process's worker
    admins: frozenset[str] = frozenset()  # the users who approve marketplace packages (``serve --admin``)
    local_inputs: bool = True  # inputs may be paths on this machine (a loopback server); False: remote rules

    @property
    def outputs(self) -> Path:
        """The folder whose files ``GET /v1/files/...`` serves (job outputs, uploads)."""
        return outputs_of(self.store)

    @property
    def keys_path(self) -> Path:
        return self.store / "server" / "keys.json"


def error_body(code: str, message: str, status: int, details: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The spec's error body, with the older ``type`` beside the code."""
    body: dict[str, Any] = {"code": code, "message": message, "type": error_type(status)}
    if details:
        body["details"] = details
    return {"error": body}


class BodyLimit:
    """Refuses bodies over ``MAX_BODY`` bytes (413), by Content-Length or by reading at most that much.

    The body is read here in full (at most 1 MB) and handed on as one
    message: refusing in the middle of the app's own read would surface as
    the framework's generic parse error instead of this one.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(RAW_PREFIX):  # raw image routes bound their size
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
            await self._refuse(send, int(declared))
            return
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([], message, receive), send)
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > MAX_BODY:
                await self._refuse(send, size)
                return
            more = message.get("more_body", False)
        await self.app(scope, _replay(chunks, None, receive), send)

    @staticmethod
    async def _refuse(send: Send, size: int) -> None:
        response = JSONResponse(error_body("invalid_json", f"request body: at most {MAX_BODY} bytes "
                                           f"(got {size} or more)", 413), status_code=413)
        await response({"type": "http"}, _no_receive, send)


def _replay(chunks: list[bytes], last: Message | None, receive: Receive) -> Receive:
    """A ``receive`` that gives the buffered body as one message (or ``last``), then the real stream."""
    pending: list[Message] = [last] if last is not None else [
        {"type": "http.request", "body": b"".join(chunks), "more_body": False}]

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()

    return replayed


async def _no_receive() -> Message:
    return {"type": "http.disconnect"}


class InputRules:
    """Marks every request's inputs: this server's own file URLs (under this request's or the configured public
    ``/v1/files/`` URL) are read from its outputs folder as the requesting user's files (``runner.served``), in
    every mode (a job names them under the public URL, where its worker reads them); unless the config allows
    local inputs, the rest follow a remote client's rules
    (``mediakit.fetch.RemoteInputs``): a path on this machine or a private address is refused."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        own = str(Request(scope).base_url).rstrip("/") + "/v1/files/"
        public = self.config.worker.files_url if self.config.worker else None
        prefixes = tuple(dict.fromkeys(p for p in (own, public) if p))
        remote = nullcontext() if self.config.local_inputs else remote_inputs(RemoteInputs(own))
        with serving(Served(prefixes, self.config.outputs, canonical=public)), remote:
            await self.app(scope, receive, send)


class RateHeaders:
    """Adds the X-RateLimit-* headers of the request's quota (set by the auth dependency) to its response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope.setdefault("state", {})

        async def send_with_headers(message: Message) -> None:
            quota = scope["state"].get("quota")
            if message["type"] == "http.response.start" and quota is not None:
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k.lower().encode(), v.encode()) for k, v in quota.headers().items()
                         if k.lower().encode() not in names]
                message["headers"] = list(message.get("headers", [])) + extra
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _mediakit_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, MediakitError)
    exc = public(exc)
    body = exc.to_dict()
    if isinstance(body["error"], dict):  # the 402 body is the spec's flat shape: no type to add
        body["error"]["type"] = exc.type
    headers: dict[str, str] = {}
    if isinstance(exc, LimitError | RangeNotSatisfiable):
        headers.update(exc.headers)
    if isinstance(exc, LimitError):
        if exc.retry_after is not None:
            headers["Retry-After"] = str(exc.retry_after)
    return JSONResponse(body, status_code=exc.status, headers=headers)


def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        return _invalid_json("is not valid JSON")
    details = [{"field": ".".join(str(p) for p in e["loc"] if p != "body") or "body", "rule": e["msg"]}
               for e in errors]
    first = details[0]
    message = f"{first['field']}: {first['rule']}"
    if len(details) > 1:
        message += f" (and {len(details) - 1} more)"
    return JSONResponse(error_body("validation_error", message, 400, details), status_code=400)


def _invalid_json(why: str) -> JSONResponse:
    return JSONResponse(error_body("invalid_json", f"request body {why}", 400), status_code=400)


def _http_error(request: Request, exc: Exception) -> JSONResponse:
    """The framework's own refusals in the spec's shape.  Its bare 400 is a body it could not decode (bytes that
    are not UTF-8, JSON nested past the parser's depth), the spec's ``invalid_json`` like any other bad JSON."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 400:
        cause = exc.__cause__
        return _invalid_json("is not UTF-8 text" if isinstance(cause, UnicodeDecodeError) else
                             "nests too deeply" if isinstance(cause, RecursionError) else "is not valid JSON")
    code = "not_found" if exc.status_code == 404 else "method_not_allowed" if exc.status_code == 405 else "error"
    message = f"{request.method} {request.url.path}: {hide_paths(str(exc.detail))}"
    return JSONResponse(error_body(code, message, exc.status_code), status_code=exc.status_code,
                        headers=exc.headers)


def _server_error(request: Request, exc: Exception) -> JSONResponse:
    return JSONResponse(error_body("server_error", f"internal error: {type(exc).__name__}", 500), status_code=500)


@asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Run the configured worker for as long as the server runs; its renders go back to the queue at shutdown."""
    options = app.state.config.worker
    worker = Worker(app.state.config.store, options) if options is not None else None
    app.state.worker = worker
    if worker is not None:
        worker.start()
    try:
        yield
    finally:
        if worker is not None:
            worker.stop()
        app.state.stores.close()


def create_app(config: ServerConfig) -> FastAPI:
    """The service's API over ``config.store``; ``/openapi.json`` and ``/docs`` come from the route models."""
    from .routes import (
        account,
        characters,
        files,
        generate,
        integrations,
        jobs,
        marketplace,
        me,
        primitives,
        public,
        skills,
        tooling,
        upload_sessions,
        uploads,
    )

    app = FastAPI(title="mediakit", version=API_VERSION, docs_url=None, redoc_url=None, lifespan=_lifespan,
                  description=f"The media generation service's REST API, served locally by mediakit {__version__}.")
    app.state.config = config
    app.state.keys = KeyStore(config.keys_path)
    app.state.stores = StorePool(config.store)
    app.add_exception_handler(MediakitError, _mediakit_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(Exception, _server_error)
    app.state.worker = None
    modules = (public, generate, jobs, account, me, characters, integrations, skills, primitives, uploads,
               upload_sessions, tooling, marketplace, files)
    for module in modules:
        app.include_router(module.router)
    generate.document_requests(app)
    document_errors(app, [route for module in modules for route in module.router.routes])
    mount_docs(app)
    app.add_middleware(InputRules, config=config)
    app.add_middleware(RateHeaders)
    app.add_middleware(BodyLimit)
    return app
