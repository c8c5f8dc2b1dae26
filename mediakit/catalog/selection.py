"""A request's ``model`` field: ``auto`` or a live model of the request's kind, and what it resolves to.

Shared by the generic generators (video, image, audio): the field's type
(its JSON Schema lists ``auto`` and the live ids), the check that gives the
spec's 400 with the list of live models, and the resolution of ``auto``
through the policy, with the reason the receipt and the quote show.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .entries import ModelEntry, load_catalog
from .policy import choose_model
from .stats import RunStats

AUTO = "auto"


def model_literal(kind: str) -> Any:
    """``Literal["auto", <live ids of kind>]``: the request field's type (and its JSON Schema enum)."""
    return Literal[(AUTO, *load_catalog().live_ids(kind))]


def check_model_field(body: Any, kind: str) -> None:
    """Refuse a body whose ``model`` names no live ``kind`` model (a 400 listing the live ones).

    Runs before the request model so the error carries ``live_models``;
    values that are not strings are left to the model's type check.
    """
    if isinstance(body, Mapping):
        value = body.get("model")
        if isinstance(value, str) and value != AUTO:
            load_catalog().require_live(value, kind)


@dataclass(frozen=True)
class Selection:
    """The model a request runs on; ``auto`` holds the receipt's ``{model, reason}`` when auto chose it."""

    entry: ModelEntry
    auto: dict[str, str] | None = None

    @property
    def reason(self) -> str | None:
        return self.auto["reason"] if self.auto else None


def select_model(value: str, kind: str, stats: Mapping[str, RunStats] | None = None, *,
                 quality: str | None = None) -> Selection:
    """The live model ``value`` names, or the one the auto policy picks from ``stats``."""
    catalog = load_catalog()
    if value != AUTO:
        return Selection(catalog.require_live(value, kind))
    model_id, reason = choose_model(kind, catalog, stats, quality=quality)
    entry = catalog.get(model_id)
    assert entry is not None
    return Selection(entry, {"model": model_id, "reason": reason})
