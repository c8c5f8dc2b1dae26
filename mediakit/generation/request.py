"""Request models: the spec's field tables as pydantic models, and their errors in the spec's shape.

Every generator's request is a :class:`RequestModel` (unknown fields
rejected, immutable), so one parser turns any body into a request or into
ONE ``ValidationError`` whose ``details`` name every failing field with its
rule, e.g. ``{"field": "pip_options.position", "rule": "one of bottom-center,
bottom-left, bottom-right"}``.  A model validator raises
``spec_error(code, field, rule)`` for the spec's own codes
(``missing_script``, ``cta_too_long``); those keep their code.

The same models export JSON Schema (``mediakit generate NAME --schema``), which
editors use for YAML completion and the skills reuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict
from pydantic import ValidationError as PydanticValidationError
from pydantic_core import PydanticCustomError

from ..errors import ValidationError

M = TypeVar("M", bound=BaseModel)

# the error codes of the spec that a request model may raise (others are the runner's)
SPEC_CODES = ("missing_script", "cta_too_long")


class RequestModel(BaseModel):
    """Base of every request: the spec's fields only (unknown ones refused), frozen once parsed."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)

    def to_body(self) -> dict[str, Any]:
        """The request as the JSON body that would produce it (fields left unset are omitted)."""
        return self.model_dump(mode="json", exclude_unset=True)


def spec_error(code: str, field: str, rule: str) -> PydanticCustomError:
    """An error a model validator raises; ``code`` is kept when it is one of the spec's codes."""
    return PydanticCustomError(code, "{field}: {rule}", {"field": field, "rule": rule})


def rule_error(field: str, rule: str) -> PydanticCustomError:
    """A cross-field rule a model validator breaks (``field`` is the one the caller should change)."""
    return PydanticCustomError("value_error", "{rule}", {"field": field, "rule": rule})


def parse_request(model: type[M], body: Any) -> M:
    """``body`` (a mapping from JSON or YAML) as a ``model``; every problem in one ``ValidationError``."""
    if not isinstance(body, Mapping):
        raise ValidationError("body", type(body).__name__, "must be an object of request fields")
    if (where := _nul_at(body, ())) is not None:
        raise ValidationError(_dotted(where) or "body", None, "must not contain NUL characters")
    try:
        return model.model_validate(dict(body))
    except PydanticValidationError as exc:
        raise _convert(exc, body) from None


def _convert(exc: PydanticValidationError, body: Mapping[str, Any]) -> ValidationError:
    details: list[dict[str, Any]] = []
    first_value: Any = None
    code: str | None = None
    for n, err in enumerate(exc.errors(include_url=False)):
        ctx = err.get("ctx") or {}
        if err["type"] in SPEC_CODES:
            field, rule = ctx["field"], ctx["rule"]
            code = code or err["type"]
        else:
            field = ctx.get("field") or _dotted(err["loc"]) or "body"
            rule = _rule(err["type"], ctx, err["msg"])
        details.append({"field": field, "rule": rule})
        if n == 0:
            first_value = err.get("input") if err["type"] != "missing" else None
    first = details[0]
    if isinstance(first_value, Mapping) and first_value == body:  # a cross-field rule: the body is no value
        first_value = None
    return ValidationError(first["field"], first_value, first["rule"], code=code, details=details)


def _nul_at(value: Any, loc: tuple[int | str, ...]) -> tuple[int | str, ...] | None:
    """Where in a body a string holds a NUL character (no speech engine, font or file name takes one)."""
    if isinstance(value, str):
        return loc if "\x00" in value else None
    items = value.items() if isinstance(value, Mapping) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if (found := _nul_at(item, (*loc, key))) is not None:
            return found
    return None


def _dotted(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not str(part).startswith(("function-", "literal[")) and part not in ("str", "int", "float", "bool",
                                                                                   "list[str]", "none"):
            out += f".{part}" if out else str(part)
    return out


def _rule(kind: str, ctx: dict[str, Any], msg: str) -> str:
    rules = {
        "missing": "is required",
        "extra_forbidden": "is not a field of this request",
        "unexpected_keyword_argument": "is not a field of this request",  # a dataclass field's extra property
        "string_too_short": f"must be at least {ctx.get('min_length')} characters",
        "string_too_long": f"must be at most {ctx.get('max_length')} characters",
        "too_short": f"must hold at least {ctx.get('min_length')} items",
        "too_long": f"must hold at most {ctx.get('max_length')} items",
        "greater_than_equal": f"must be at least {ctx.get('ge')}",
        "less_than_equal": f"must be at most {ctx.get('le')}",
        "greater_than": f"must be above {ctx.get('gt')}",
        "less_than": f"must be below {ctx.get('lt')}",
        "string_type": "must be a string",
        "bool_type": "must be true or false",
        "bool_parsing": "must be true or false",
        "int_type": "must be a whole number",
        "int_parsing": "must be a whole number",
        "float_type": "must be a number",
        "float_parsing": "must be a number",
        "list_type": "must be a list",
        "dict_type": "must be an object",
        "model_type": "must be an object",
        "dataclass_type": "must be an object",
        "uuid_parsing": "must be a UUID",
        "uuid_type": "must be a UUID",
    }
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace("'", "").replace(" or ", ", ")
        return f"one of {expected}"
    if kind in rules:
        return rules[kind]
    if kind == "value_error":
        return msg.removeprefix("Value error, ")
    return msg[:1].lower() + msg[1:]


def _one_of(values: tuple[float, ...]) -> Any:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | float) or value not in values:
            raise PydanticCustomError("literal_error", "", {"expected": ", ".join(f"{v:g}" for v in values)})
        return int(value)
    return check


def seconds_field(*values: int) -> Any:
    """A duration field that takes one of ``values`` (the spec's "number: 5, 10 or 15"), as an int.

    JSON numbers arrive as int or float (``10`` or ``10.0``); both are accepted,
    strings and booleans are not.  The JSON Schema lists the values as an enum.
    """
    from pydantic import WithJsonSchema

    return Annotated[int, BeforeValidator(_one_of(tuple(float(v) for v in values))),
                     WithJsonSchema({"type": "number", "enum": list(values)})]
