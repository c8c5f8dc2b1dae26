"""Job spec files: an account, defaults, and jobs (with matrices of variants), validated whole before anything runs.

A spec is YAML (or JSON)::

    account: {plan: creator, credits: 3900}   # opens a store that has no account yet
    defaults: {subtitle_style: hormozi}        # merged into every job whose request has the field
    jobs:
      - id: launch
        generator: ugc_video                   # or `skill: make_ugc`
        input: {script: "...", target_duration: 10}
        matrix: {actor_slug: [maya-chen, leo-park], subtitle_style: [hormozi, karaoke]}
        aspects: [9:16, 4:5, 1:1]              # like the CLI's --aspects: one job, an output per aspect
        webhook_url: https://example.com/hooks/mediakit?secret=s3
        idempotency_key: launch-v1

A ``matrix`` multiplies one entry into a job per combination, with readable
ids (``launch-maya-chen-hormozi``; long values such as scripts become
``script1``, ``script2``).  Loading reports every problem at once (the file's
own shape and every job's request model), each with the file, line and
field, so a user fixes the whole file in one pass.  ``aspects`` renders one
job in several aspects (``mediakit.generation.aspects``: one voice, an
output per aspect, priced one render per aspect as the CLI prices it); a
value its generator does not render is refused with the other problems.  Defaults apply only to
fields a job's request model has, so one spec can mix generators.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic import ValidationError as PydanticValidationError

from mediakit.documents import parse_yaml_lines, read_text
from mediakit.errors import MediakitError, ValidationError
from mediakit.generation.aspects import parse_aspects
from mediakit.generation.registry import generator_names, get_generator
from mediakit.generator_ids import SKILL_IDS

from .webhooks import check_webhook_url

MAX_JOBS = 1000
SCHEMA_PATH = Path(__file__).with_name("jobspec.schema.json")
_ID = r"^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$"
_SLUG = re.compile(r"[^a-z0-9]+")
_MEDIA = re.compile(r"^(?!\w+://)[^\s]+\.(png|jpe?g|webp|gif|mp4|mov|webm|mkv|m4v|wav|mp3|m4a|aac|ogg|flac|txt|json)$",
                    re.IGNORECASE)


class AccountSection(BaseModel):
    """The account a store opens with (an existing store keeps its own)."""

    model_config = ConfigDict(extra="forbid")
    plan: str = Field("creator", description="Plan tier: free, payg, starter, creator or pro_plus.")
    credits: float = Field(0, ge=0, description="Purchased credits to start with (the plan's monthly allowance "
                                                "comes on top).")


class JobEntry(BaseModel):
    """One job of a spec (or, with ``matrix``, one job per combination of the matrix's values)."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=_ID, description="Readable id, unique in the spec; names the job's output folder.")
    generator: str | None = Field(None, description="Any name `mediakit generate` knows.")
    skill: str | None = Field(None, description="A composed skill's slug, instead of a generator.")
    input: dict[str, Any] = Field(default_factory=dict, description="The generator's request fields.")
    matrix: dict[str, list[Any]] | None = Field(
        None, description="Request fields (dotted for nested ones) mapped to lists of values; one job per "
                          "combination.")
    aspects: str | list[str] | None = Field(
        None, description="Aspects to render the one job in, like `mediakit generate --aspects` (`9:16,4:5` or a "
                          "list): an output per aspect, priced one render per aspect.")
    webhook_url: str | None = Field(None, max_length=2048, description="https URL POSTed on completion or failure.")
    idempotency_key: str | None = Field(None, min_length=1, max_length=255,
                                        description="Same key + same inputs replays the saved job at no cost.")

    @model_validator(mode="after")
    def _one_kind(self) -> JobEntry:
        if (self.generator is None) == (self.skill is None):
            raise ValueError("give exactly one of generator and skill")
        if self.matrix is not None and any(not values for values in self.matrix.values()):
            raise ValueError("every matrix field needs at least one value")
        return self


class SpecFile(BaseModel):
    """A job spec file: account, defaults merged into every job's input, and the jobs."""

    model_config = ConfigDict(extra="forbid", title="mediakit job spec")
    account: AccountSection | None = None
    defaults: dict[str, Any] = Field(default_factory=dict,
                                     description="Request fields merged into every job whose request has them.")
    jobs: list[JobEntry] = Field(min_length=1, max_length=MAX_JOBS)


@dataclass(frozen=True)
class SpecJob:
    """One concrete job: defaults merged, matrix expanded, request checked by its generator's model."""

    id: str
    generator: str
    input: dict[str, Any]
    line: int
    webhook_url: str | None = None
    idempotency_key: str | None = None
    aspects: tuple[str, ...] = ()


@dataclass(frozen=True)
class Spec:
    """A whole validated spec."""

    path: Path
    account: AccountSection | None
    jobs: tuple[SpecJob, ...]


def schema() -> dict[str, Any]:
    """The spec file's JSON Schema (published as ``runner/jobspec.schema.json`` for editor completion)."""
    out = SpecFile.model_json_schema()
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    job = out["$defs"]["JobEntry"]["properties"]
    job["generator"]["anyOf"][0]["enum"] = [n for n in generator_names() if n not in SKILL_IDS]
    job["skill"]["anyOf"][0]["enum"] = [str(s) for s in SKILL_IDS]
    return out


def load_spec(path: Path) -> Spec:
    """Read and validate ``path``: a :class:`Spec`, or one ValidationError listing every problem with its line."""
    where = str(path)
    data, lines = parse_yaml_lines(read_text(path, field="spec"), field="spec", where=where)
    problems: list[dict[str, Any]] = []
    try:
        spec = SpecFile.model_validate(data if data is not None else {})
    except PydanticValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            problems.append(_problem(where, lines, loc, _dotted(loc), err["msg"]))
        raise _combined(where, problems) from None
    jobs: list[SpecJob] = []
    seen: dict[str, int] = {}
    first_at: dict[str, int] = {}
    for index, entry in enumerate(spec.jobs):
        if entry.id in first_at:
            problems.append(_problem(where, lines, ("jobs", index, "id"), f"jobs[{index}].id",
                                     f"id {entry.id!r} is used twice (first at line {first_at[entry.id]})"))
            continue
        first_at[entry.id] = lines.get(("jobs", index), 0)
        for job in _expand(index, entry, spec.defaults, lines, where, problems, path.resolve().parent):
            if job.id in seen:
                problems.append(_problem(where, lines, ("jobs", index, "id"), f"jobs[{index}].id",
                                         f"id {job.id!r} is used twice (first at line {seen[job.id]})"))
                continue
            seen[job.id] = job.line
            jobs.append(job)
    if len(jobs) > MAX_JOBS:
        problems.append(_problem(where, lines, ("jobs",), "jobs", f"expands to {len(jobs)} jobs; at most {MAX_JOBS}"))
    if problems:
        unique = {(p["field"], p["rule"], p["line"]): p for p in reversed(problems)}  # matrix copies: once
        raise _combined(where, [p for p in problems if unique[(p["field"], p["rule"], p["line"])] is p])
    return Spec(path, spec.account, tuple(jobs))


def _expand(index: int, entry: JobEntry, defaults: Mapping[str, Any], lines: dict[tuple[str | int, ...], int],
            where: str, problems: list[dict[str, Any]], folder: Path) -> list[SpecJob]:
    at = ("jobs", index)
    generator = entry.skill or entry.generator or ""
    kind = "skill" if entry.skill else "generator"
    try:
        gen = get_generator(generator)
    except MediakitError:
        problems.append(_problem(where, lines, (*at, kind), f"jobs[{index}].{kind}",
                                 f"{generator!r} is not a generator; known: {', '.join(generator_names())}"))
        return []
    if entry.webhook_url is not None:
        try:
            check_webhook_url(entry.webhook_url, field=f"jobs[{index}].webhook_url")
        except ValidationError as exc:
            problems.append(_problem(where, lines, (*at, "webhook_url"), f"jobs[{index}].webhook_url", exc.rule))
    aspects: tuple[str, ...] = ()
    if entry.aspects is not None:
        try:
            aspects = parse_aspects(entry.aspects, gen)
        except ValidationError as exc:
            problems.append(_problem(where, lines, (*at, "aspects"), f"jobs[{index}].aspects", exc.rule))
            return []
    known = set(gen.request_model.model_fields)
    base = _merge({k: v for k, v in defaults.items() if k in known}, entry.input)
    matrix = entry.matrix or {}
    keys = list(matrix)
    out: list[SpecJob] = []
    for combo in itertools.product(*(matrix[k] for k in keys)):
        body = json.loads(json.dumps(base))
        for key, value in zip(keys, combo, strict=True):
            _set(body, key, value)
        body = _anchor_paths(body, folder)
        job_id = entry.id + "".join(f"-{_label(k, matrix[k], v)}" for k, v in zip(keys, combo, strict=True))
        try:
            gen.parse(body)
        except ValidationError as exc:
            for detail in exc.details:
                field = str(detail.get("field", "input"))
                loc = _source(field, entry, defaults, at)
                problems.append(_problem(where, lines, loc, f"jobs[{index}].input.{field}", str(detail.get("rule")),
                                         job=job_id, code=exc.code))
            continue
        out.append(SpecJob(job_id, generator, body, lines.get(at, 0), entry.webhook_url, entry.idempotency_key,
                           aspects))
    return out


def _anchor_paths(value: Any, folder: Path) -> Any:
    """Relative media paths in a job's input, read from the spec's folder (so a spec runs from anywhere)."""
    if isinstance(value, dict):
        return {k: _anchor_paths(v, folder) for k, v in value.items()}
    if isinstance(value, list):
        return [_anchor_paths(v, folder) for v in value]
    if isinstance(value, str) and _MEDIA.match(value) and not Path(value).is_absolute():
        return str((folder / value).resolve())
    return value


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        nested = isinstance(value, Mapping) and isinstance(out.get(key), Mapping)
        out[key] = _merge(out[key], value) if nested else value
    return out


def _set(body: dict[str, Any], dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    for part in parts[:-1]:
        body = body.setdefault(part, {})
    body[parts[-1]] = value


def _label(key: str, values: list[Any], value: Any) -> str:
    """A matrix value as part of a job id: its slug when short, else the field name and its position."""
    slug = _SLUG.sub("-", str(value).lower()).strip("-")
    if isinstance(value, str | int | float) and 0 < len(slug) <= 24 and " " not in str(value).strip():
        return slug
    return f"{key.split('.')[-1].replace('_', '-')}{values.index(value) + 1}"


def _source(field: str, entry: JobEntry, defaults: Mapping[str, Any], at: tuple[str | int, ...]
            ) -> tuple[str | int, ...]:
    """Where a request field's value was written: the job's input, its matrix, or the defaults."""
    top = field.split(".")[0].split("[")[0]
    if top in entry.input:
        return (*at, "input", *field.split("."))
    if entry.matrix and field in entry.matrix:
        return (*at, "matrix", field)
    if top in defaults:
        return ("defaults", top)
    return at


def _problem(where: str, lines: dict[tuple[str | int, ...], int], loc: tuple[Any, ...], field: str, rule: str,
             *, job: str | None = None, code: str | None = None) -> dict[str, Any]:
    line = 0
    for cut in range(len(loc), -1, -1):
        if loc[:cut] in lines:
            line = lines[loc[:cut]]
            break
    detail: dict[str, Any] = {"file": where, "line": line, "field": field, "rule": rule}
    if job is not None:
        detail["job"] = job
    if code not in (None, "validation_error"):
        detail["code"] = code
    return detail


def _dotted(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "spec"


def _combined(where: str, problems: list[dict[str, Any]]) -> ValidationError:
    first = problems[0]
    return ValidationError(first["field"], None, f"{first['rule']} ({where}, line {first['line']})",
                           details=problems)
