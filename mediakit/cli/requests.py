"""A request body from the command line: a YAML/JSON file plus ``--set field=value`` overrides (and ``--footage``)."""

from __future__ import annotations

from collections.abc import Container, Sequence
from pathlib import Path
from typing import Any

from ..documents import load_document, parse_yaml
from ..errors import ValidationError


def load_request(path: Path | None, sets: Sequence[str]) -> dict[str, Any]:
    """The request body: the file's mapping (or empty), then each ``--set`` applied in order."""
    body: Any = {} if path is None else load_document(path, field="input")
    if body is None:
        body = {}
    if not isinstance(body, dict):
        raise ValidationError("input", str(path), "must hold a mapping of request fields")
    for item in sets:
        apply_set(body, item)
    return body


def apply_set(body: dict[str, Any], item: str) -> None:
    """Set ``a.b=value`` in ``body``; the value is read as a YAML scalar (``10`` is a number, ``true`` a bool)."""
    key, sep, raw = item.partition("=")
    if not sep or not key.strip():
        raise ValidationError("set", item, "must look like FIELD=VALUE")
    value = parse_yaml(raw, field="set", where=item) if raw.strip() else raw
    parts = key.strip().split(".")
    target = body
    for part in parts[:-1]:
        nxt = target.setdefault(part, {})
        if not isinstance(nxt, dict):
            raise ValidationError("set", item, f"{part} is not an object, so it has no fields")
        target = nxt
    target[parts[-1]] = value


def with_footage(body: dict[str, Any], footage: Path | None, fields: Container[str]) -> dict[str, Any]:
    """``body`` with ``--footage CLIP`` as its ``footage_url`` (one name for one thing: the flag is the field's
    shorthand, so script and actor are optional alike); ValidationError on a route without that field, or when
    the body gives it too."""
    if footage is None:
        return body
    if "footage_url" not in fields:
        raise ValidationError("footage", str(footage), "applies only to the talking routes (those that take "
                                                       "footage_url)")
    if "footage_url" in body:
        raise ValidationError("footage", str(footage), "give --footage or footage_url, not both")
    return {**body, "footage_url": str(footage)}
