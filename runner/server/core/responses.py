"""What ``/openapi.json`` says a route answers when it refuses: the spec's error bodies and the statuses it can return.

FastAPI documents a 422 for every route with parameters, which this server
never answers (``app._validation_error`` turns request validation into the
spec's 400), and no other error.  ``document_errors`` replaces it with the
statuses a route can really return: the ones its shape implies (a credential
-> 401 and 429, a body -> 400 and 413, a query or header -> 400, a path
parameter -> 404, the store -> 503, any route -> 500), plus the ones its own work can raise,
which the route declares with ``responses=errors(...)`` (402 and 403 on paid
submits, 409 on idempotency keys and state moves).  Each is typed by the
spec's body: ``Error`` (``mediakit.errors.MediakitError.to_dict`` with the
``type`` the app adds) or, for 402, ``InsufficientCredits``
(``runner.plans.InsufficientCredits.to_dict``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute
from pydantic import BaseModel, Field
from starlette.routing import BaseRoute

from .deps import bearer, store
from .money import Credits

MEANING = {400: "Invalid request: a field breaks a rule (validation_error and the spec's codes) or the body is "
                "not JSON (invalid_json).",
           401: "Missing or invalid credential (missing_api_key, invalid_api_key).",
           402: "Not enough credits; nothing was charged.",
           403: "The plan tier does not allow this (plan_required), or only an admin may (admin_required).",
           404: "No such resource for this caller (another account's is not found either).",
           409: "The resource's state refuses the move (cannot_cancel, idempotency_key_reused, package_conflict).",
           413: "The request body is over 1 MB.",
           416: "The Range header asks for bytes past the end of the file.",
           429: "Too many requests; retry after Retry-After seconds.",
           500: "An error of the server's own (server_error; ledger_mismatch: a write the ledger refused, rolled "
                "back, nothing charged); nothing in the request to change.",
           503: "The store cannot answer now (STATUS_UNAVAILABLE); nothing was changed."}


class ErrorInfo(BaseModel):
    """The error itself: a stable ``code``, a one-line ``message`` naming the field and rule, the status's ``type``."""

    code: str
    message: str
    type: str = Field(description="The older responses' type for the status (the spec's Errors table).")
    details: list[dict[str, Any]] = Field(default_factory=list, description="One object per problem, such as "
                                          "{field, rule}; absent when there is nothing to add.")
    similar: list[str] = Field(default_factory=list, description="ACTOR_NOT_FOUND only: slugs close to the one asked.")


class Error(BaseModel):
    """The spec's error body."""

    error: ErrorInfo


class InsufficientCredits(BaseModel):
    """The spec's separate 402 body."""

    error: str = Field(description="insufficient_credits")
    error_description: str
    credits_required: Credits
    credits_available: Credits


PAID = (402, 403)  # a submit that charges: too few credits, or a plan tier without the job or its model


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route that can answer ``statuses``, each with its documented body."""
    return {status: _response(status) for status in statuses}


def content(media_type: str, description: str, schema: dict[str, Any] | None = None,
            statuses: tuple[int, ...] = (200,)) -> dict[int | str, dict[str, Any]]:
    """The ``responses=`` of a route whose success is not JSON (a file, an event stream): ``media_type`` with
    ``schema`` (default: binary bytes), for each of ``statuses``."""
    body = {media_type: {"schema": schema or {"type": "string", "format": "binary"}}}
    return {status: {"description": description, "content": body} for status in statuses}


def _response(status: int) -> dict[str, Any]:
    model = InsufficientCredits if status == 402 else Error
    response: dict[str, Any] = {"description": MEANING[status], "content": {
        "application/json": {"schema": {"$ref": f"#/components/schemas/{model.__name__}"}}}}
    if status == 429:
        response["headers"] = {"Retry-After": {"description": "Seconds until the window starts again.",
                                               "schema": {"type": "integer"}}}
    return response


def component(schemas: dict[str, Any], model: type[BaseModel]) -> str:
    """Add ``model`` (and the models it uses) to ``schemas``, the description's components; its ``$ref``."""
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schemas.update(schema.pop("$defs", {}))
    schemas[model.__name__] = schema
    return f"#/components/schemas/{model.__name__}"


def document_errors(app: FastAPI, routes: Iterable[BaseRoute]) -> None:
    """Make ``app``'s /openapi.json list the real error statuses of ``routes`` (its routers' own: the app holds
    them wrapped), typed, and no 422."""
    shown = [r for r in routes if isinstance(r, APIRoute) and r.include_in_schema]
    default = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = default()
            schemas = spec.setdefault("components", {}).setdefault("schemas", {})
            for name in ("HTTPValidationError", "ValidationError"):  # FastAPI's 422 body, never sent
                schemas.pop(name, None)
            for model in (Error, InsufficientCredits):
                component(schemas, model)
            for route in shown:
                for method in route.methods or ():
                    _document(spec["paths"][route.path_format][method.lower()], implied(route))
        assert app.openapi_schema is not None  # set by default()
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented way to extend the description


def _document(operation: dict[str, Any], statuses: set[int]) -> None:
    responses = operation["responses"]
    responses.pop("422", None)
    for status, response in errors(*statuses).items():
        responses.setdefault(str(status), response)
    operation["responses"] = dict(sorted(responses.items()))


def implied(route: APIRoute) -> set[int]:
    """The error statuses ``route``'s shape implies, whatever its work: 500 for any route (the app answers an
    error it did not expect in the spec's body, ``server_error``)."""
    parts = list(_walk(route.dependant))
    statuses = {500}
    if any(d.call is bearer for d in parts):
        statuses |= {401, 429}
    if route.body_field is not None:
        statuses |= {400, 413}
    if any(d.query_params or d.header_params for d in parts):
        statuses.add(400)
    if any(d.path_params for d in parts):
        statuses.add(404)
    if any(d.call is store for d in parts):
        statuses.add(503)
    return statuses


def _walk(dependant: Dependant) -> Iterator[Dependant]:
    yield dependant
    for sub in dependant.dependencies:
        yield from _walk(sub)
