"""Personas: named bundles of actor, voice, tone and caption style (``persona_slug``).

A persona saves picking four fields every time; a request's own fields win
over the persona's one by one.  Bundled personas live in
``presets/personas.yaml``; a YAML file of the same shape named by
``MEDIAKIT_PERSONAS_PATH`` adds or replaces personas.
"""

from __future__ import annotations

import difflib
import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...documents import load_document
from ...errors import NotFoundError, ValidationError
from ...paths import data_dir

PERSONAS_ENV = "MEDIAKIT_PERSONAS_PATH"
FIELDS = ("actor_slug", "voice", "tone", "style")


@dataclass(frozen=True)
class Persona:
    """One bundle; any of its fields may be unset (then the request or the defaults decide)."""

    slug: str
    name: str
    description: str = ""
    actor_slug: str | None = None
    voice: str | None = None
    tone: str | None = None
    style: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}


class PersonaNotFoundError(NotFoundError):
    """``persona_slug`` names no persona; the request is at fault (400 on a generator route)."""

    code = "validation_error"
    status = 400

    def __init__(self, slug: str, known: list[str]) -> None:
        close = difflib.get_close_matches(slug, known, n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        super().__init__(f"persona_slug: no persona is called {slug!r}{hint} (known: {', '.join(known)})",
                         details=[{"field": "persona_slug", "rule": f"one of {', '.join(known)}"}])


def personas() -> dict[str, Persona]:
    """Bundled personas, then those of ``$MEDIAKIT_PERSONAS_PATH`` (which win on the same slug)."""
    found = dict(_load(data_dir("presets") / "personas.yaml"))
    extra = os.environ.get(PERSONAS_ENV)
    if extra:
        found.update(_load(Path(extra)))
    return found


def get_persona(slug: str) -> Persona:
    known = personas()
    if slug not in known:
        raise PersonaNotFoundError(slug, sorted(known))
    return known[slug]


@functools.cache
def _load(path: Path) -> dict[str, Persona]:
    doc = load_document(path, field="personas")
    items = doc.get("personas") if isinstance(doc, dict) else None
    if not isinstance(items, dict):
        raise ValidationError("personas", str(path), "must hold a 'personas' mapping of slug -> persona")
    out = {}
    for slug, rec in items.items():
        if not isinstance(rec, dict) or not isinstance(rec.get("name"), str):
            raise ValidationError(f"personas.{slug}", str(path), "must be a mapping with a name")
        unknown = set(rec) - {"name", "description", *FIELDS}
        if unknown:
            raise ValidationError(f"personas.{slug}", sorted(unknown), f"unknown fields; allowed: name, "
                                  f"description, {', '.join(FIELDS)}")
        text = {k: str(v) for k, v in rec.items() if v is not None}
        out[str(slug)] = Persona(slug=str(slug), name=text.pop("name"), **text)
    return out
