"""What every script engine receives and must provide, and the one registry of engines.

The spec's routes generate a script from a prompt (+5 credits).  Where the
hosted service uses a language model, mediakit has a seam: an engine is any
object with a ``name`` and ``write(request) -> str``.  The bundled default is a
local template writer; an OpenAI-compatible HTTP engine is included; others
plug in by name, either with ``register_engine(name, factory)`` or through the
``mediakit.script_engines`` entry point group, so the library never needs to
know them in advance.

To add an engine: write a class with a ``name`` attribute and a ``write``
method that returns the spoken script for a ``ScriptRequest`` (at most
``request.max_words`` words, at least ``request.min_chars`` characters), then
register it.  ``write_script`` checks the reply against the cap either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ...registry import Registry
from .fetch import PageContext

ENTRY_POINT_GROUP = "mediakit.script_engines"


@dataclass(frozen=True)
class ScriptRequest:
    """A validated request, with defaults filled in and the word budget worked out.

    Engines read this instead of raw keyword arguments so that every engine
    sees the same defaults (template, angle, tone) and the same cap.
    """

    generator: str
    duration: int
    max_words: int
    min_chars: int
    prompt: str | None = None
    product_name: str | None = None
    product_description: str | None = None
    template: str | None = None
    angle: str | None = None
    tone: str | None = None
    cta: str | None = None
    acting_style: str | None = None
    context: PageContext | None = None


@runtime_checkable
class ScriptEngine(Protocol):
    """Turns a ``ScriptRequest`` into the words the actor says."""

    name: str

    def write(self, request: ScriptRequest) -> str:
        """Return the script; plain spoken text, no stage directions."""
        ...


ENGINES: Registry[ScriptEngine] = Registry(
    "script engine", "engine", ENTRY_POINT_GROUP,
    {"template": "mediakit.stages.script.template_engine:TemplateEngine",
     "openai-compatible": "mediakit.stages.script.llm_engine:OpenAICompatibleEngine"})


def register_engine(name: str, factory: Callable[[], ScriptEngine]) -> None:
    """Make ``factory`` (usually the engine class) available as ``engine=name``."""
    ENGINES.register(name, factory)


def engine_names() -> list[str]:
    """Every engine name that ``get_engine`` accepts, registered or installed, sorted."""
    return ENGINES.names()


def get_engine(name: str) -> ScriptEngine:
    """A fresh engine instance for ``name``; unknown names list the valid ones."""
    return ENGINES.create(name)
