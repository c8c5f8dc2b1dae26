"""Submitting work: the generator routes, the older create route, the character steps and ``/v2`` generic generation.

Each route hands the request body to the runner (``runner.service``), which
plans it with the generator's own request model (unknown fields and every
rule refused there, as 400), checks the plan tier, prices it and takes the
credits; the server never prices or debits itself.  Bodies are free JSON
objects here because each generator's model validates them (with the
spec's codes, such as ``missing_script``); ``/openapi.json`` still shows
each route's body as that same model (``document_requests``), the one the
CLI's ``mediakit schema`` prints.

``/v2/generate`` never answers the spec's 202 ``dispatch_status: unknown``:
a submit is one local SQLite transaction, so it is either recorded and
charged (201, or 200 on replay) or not at all; a store that cannot answer
is 503 ``STATUS_UNAVAILABLE``, and a retry with the same Idempotency-Key is
safe either way.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, FastAPI, Header, Request, Response
from fastapi import Path as PathParam

from mediakit.errors import NotFoundError, ValidationError
from mediakit.generation.registry import GENERATORS, get_generator
from mediakit.generation.run import plan_job
from mediakit.generator_ids import V1_GENERATOR_IDS, GeneratorId
from mediakit.generators.storyboard import StoryboardSuggestPlan, answer
from runner import service
from runner.jobs import Job

from ..core.bodies import JobSubmitted
from ..core.catalog_bodies import StoryOptions
from ..core.deps import Generator, Reader, Store
from ..core.lanes import fetching
from ..core.money import QuoteBody, ReceiptBody
from ..core.responses import PAID, component, errors

router = APIRouter(tags=["generate"])

JsonBody = Annotated[dict[str, Any], Body(description="The generator's request fields (see `mediakit schema`).")]


def idempotency_key(key: Annotated[str | None, Header(
        alias="Idempotency-Key", max_length=200,
        description="Unique per intended generation; a retry replays. Empty is refused.")] = None) -> str | None:
    """The request's ``Idempotency-Key``.  An empty (or blank) one is refused, naming the header: taken as a
    key, it would be one key for every client that sends it blank, replaying the first one's job to the rest;
    taken as no key, a retry the client believes safe would charge again."""
    if key is not None and not key.strip():
        raise ValidationError("Idempotency-Key", key, "must not be empty: send a key unique to this generation, "
                              "or no header")
    return key


IdempotencyKey = Annotated[str | None, Depends(idempotency_key)]
GENERIC = (GeneratorId.VIDEO, GeneratorId.IMAGE, GeneratorId.AUDIO)
# the generic generator's id; the path (and /openapi.json) keeps the parameter's name, kind
GenericKind = Annotated[str, PathParam(alias="kind")]
DOCUMENTED: dict[str, tuple[str, ...]] = {}  # path -> the generators whose request model is its body


def documented(path: str, *generators: str) -> str:
    """``path``, noted so that /openapi.json shows its body as the request model of ``generators``."""
    DOCUMENTED[path] = generators
    return path


def document_requests(app: FastAPI) -> None:
    """Make ``app``'s /openapi.json show each submit route's body as its generator's request model."""
    default = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            spec = default()
            schemas = spec.setdefault("components", {}).setdefault("schemas", {})
            for path, generators in DOCUMENTED.items():
                refs = [{"$ref": component(schemas, get_generator(g).request_model)} for g in generators]
                body = spec["paths"][path]["post"]["requestBody"]["content"]["application/json"]
                body["schema"] = refs[0] if len(refs) == 1 else {"oneOf": refs}
        assert app.openapi_schema is not None  # set by default()
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]  # FastAPI's documented way to extend the description


def generator_ids() -> list[str]:
    """The ids ``/v1/generate/{generatorId}`` takes: the spec's generators and plug-ins, not steps or skills."""
    steps = set(GeneratorId) - set(V1_GENERATOR_IDS)
    return [n for n in GENERATORS.names() if n not in steps]


def submit_body(db: Store, user: str, generator: str, body: dict[str, Any], key: str | None = None
                ) -> tuple[Job, bool]:
    """Submit ``body`` to the runner; its ``webhook_url`` (a field of most requests) is where the job reports."""
    hook = body.get("webhook_url")
    return service.submit_request(db, user, generator, body, idempotency_key=key,
                                  webhook_url=hook if isinstance(hook, str) else None)


def _generate_with(generator_id: str) -> Callable[..., Awaitable[dict[str, Any]]]:
    @fetching
    def generate(user: Generator, db: Store, body: JsonBody) -> dict[str, Any]:
        return submit_body(db, user.user_id, generator_id, body)[0].submitted_shape()

    return generate


for _id in V1_GENERATOR_IDS:  # before the catch-all below, so each is documented with its own request model
    router.add_api_route(documented(f"/v1/generate/{_id}", _id), _generate_with(_id), methods=["POST"],
                         status_code=201, name=f"generate_{_id}", response_model=JobSubmitted,
                         responses=errors(*PAID),
                         summary=f"Submit a {_id} job (201 JobSubmitted)")


@router.post("/v1/generate/{generatorId}", status_code=201, response_model=JobSubmitted, responses=errors(*PAID),
             summary="Submit a job to a plug-in generator (201 JobSubmitted)")
@fetching
def generate(user: Generator, db: Store, body: JsonBody,
             generator_id: Annotated[str, PathParam(alias="generatorId")]) -> dict[str, Any]:
    if generator_id not in generator_ids():
        raise NotFoundError(f"generatorId: no generator {generator_id!r}; one of {', '.join(generator_ids())}",
                            details=[{"field": "generatorId", "rule": "must name a generator"}])
    return submit_body(db, user.user_id, generator_id, body)[0].submitted_shape()


@router.post(documented("/v1/videos", GeneratorId.UGC_VIDEO), status_code=201, response_model=JobSubmitted,
             responses=errors(*PAID),
             summary="Create a ugc_video (older route; use /v1/generate/ugc_video)",
             deprecated=True)
@fetching
def create_video(user: Generator, db: Store, body: JsonBody) -> dict[str, Any]:
    return submit_body(db, user.user_id, GeneratorId.UGC_VIDEO, body)[0].submitted_shape()


@router.post(documented("/v1/character/sheet-generate", GeneratorId.CHARACTER_SHEET), status_code=202,
             response_model=JobSubmitted, responses=errors(*PAID),
             summary="Draw a character sheet (poll the job)")
@fetching
def sheet_generate(user: Generator, db: Store, body: JsonBody) -> dict[str, Any]:
    return submit_body(db, user.user_id, GeneratorId.CHARACTER_SHEET, body)[0].submitted_shape()


@router.post(documented("/v1/character/storyboard-generate", GeneratorId.STORYBOARD_GENERATE), status_code=202,
             response_model=JobSubmitted, responses=errors(*PAID),
             summary="Draw storyboard panels (poll the job)")
@fetching
def storyboard_generate(user: Generator, db: Store, body: JsonBody) -> dict[str, Any]:
    return submit_body(db, user.user_id, GeneratorId.STORYBOARD_GENERATE, body)[0].submitted_shape()


@router.post(documented("/v1/character/storyboard-suggest", GeneratorId.STORYBOARD_SUGGEST),
             response_model=StoryOptions,
             summary="Three story options for a character (synchronous, free)")
def storyboard_suggest(user: Reader, body: JsonBody) -> dict[str, Any]:
    _, plan = plan_job(GeneratorId.STORYBOARD_SUGGEST, body)
    assert isinstance(plan, StoryboardSuggestPlan)
    return answer(plan)


def _generic(generator: str) -> GeneratorId:
    """The generic generator ``{kind}`` names; 404 (field ``kind``, the path's) for any other."""
    if generator not in GENERIC:
        raise NotFoundError(f"kind: no generic kind {generator!r}; one of video, image, audio",
                            details=[{"field": "kind", "rule": "video, image or audio"}])
    return GeneratorId(generator)


@router.post(documented("/v2/quote/{kind}", *GENERIC), response_model=QuoteBody, response_model_exclude_unset=True,
             responses=errors(403),
             summary="Price a generic generation (nothing generated or debited)")
@fetching
def quote(user: Reader, db: Store, body: JsonBody, generator: GenericKind) -> dict[str, Any]:
    return service.quote_request(db, user.user_id, _generic(generator), body)


@router.post(documented("/v2/generate/{kind}", *GENERIC), status_code=201, response_model=ReceiptBody,
             response_model_exclude_unset=True, responses=errors(*PAID, 409),
             summary="Generic generation (201 new; 200 the saved receipt for a repeated Idempotency-Key)")
@fetching
def generate_v2(request: Request, response: Response, user: Generator, db: Store, body: JsonBody,
                generator: GenericKind, idempotency_key: IdempotencyKey = None) -> dict[str, Any]:
    job, replayed = submit_body(db, user.user_id, _generic(generator), body, idempotency_key)
    if replayed:
        response.status_code = 200
    return receipt_v2(request, job)


def receipt_v2(request: Request, job: Job) -> dict[str, Any]:
    """The ``/v2/generate`` body, rebuilt from the saved job so a replay answers exactly what the first call did."""
    quote = job.quote
    out: dict[str, Any] = {"job_id": job.id, "request_id": str(uuid.uuid5(uuid.NAMESPACE_URL, job.id)),
                           "model": quote.get("model", job.model)}
    out |= {k: quote[k] for k in ("mode", "quality") if k in quote}
    out |= {"credits_deducted": quote.get("credits", job.credits), "breakdown": quote.get("breakdown", [])}
    if "auto" in quote:
        out["auto"] = quote["auto"]
    out["status_url"] = str(request.url_for("get_video", jobId=job.id))
    return out
