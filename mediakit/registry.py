"""The one plug-in registry shape: names -> factories, built-ins, ``register()`` calls, entry points.

Every pluggable kind in mediakit (generators, voice, recognition, lip-sync,
b-roll, image, video and script engines, translators, publishers) is a
``Registry[T]``, so each is extended the same way.  Adding an engine without
touching mediakit::

    from mediakit.stages.voice import ENGINES

    class HttpTTS(VoiceEngine):
        ...

    ENGINES.register("acme", HttpTTS)

or declare it in the plug-in package's metadata so it is found on demand::

    [project.entry-points."mediakit.voice_engines"]
    acme = "acme_tts:HttpTTS"

A factory is anything called with no arguments that returns the plug-in (a
class, a function, a ``functools.partial``).  Built-ins are named as
``"module:attr"`` strings and imported on first use, so importing a registry
never imports heavy engines.  ``get`` returns one shared instance per name
(an engine may cache loaded models on itself); ``create`` a fresh one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from importlib.metadata import entry_points
from typing import Generic, TypeVar

from .errors import EngineError, ValidationError

T = TypeVar("T")
Factory = Callable[[], T]


class Registry(Generic[T]):
    """Names -> plug-in factories.  An unknown name is a ``ValidationError`` on ``field`` listing the valid ones."""

    def __init__(self, kind: str, field_name: str, group: str, builtins: Mapping[str, str] | None = None) -> None:
        self.kind = kind
        self.field = field_name
        self.group = group
        self._builtins = dict(builtins or {})  # name -> "module:attr", imported on first use
        self._factories: dict[str, Factory[T]] = {}
        self._instances: dict[str, T] = {}

    def register(self, name: str, factory: Factory[T]) -> None:
        """Add or replace ``name``; a replaced plug-in's shared instance is dropped."""
        if not isinstance(name, str) or not name.strip() or name != name.strip().lower():
            raise ValidationError(self.field, name, f"a {self.kind} name must be a non-empty lowercase word")
        if not callable(factory):
            raise EngineError(f"{self.kind} {name!r} must be registered with a class or factory, "
                              f"not {type(factory).__name__}")
        self._factories[name] = factory
        self._instances.pop(name, None)

    def unregister(self, name: str) -> None:
        """Forget a name registered in code (built-ins and entry points stay)."""
        self._factories.pop(name, None)
        self._instances.pop(name, None)

    def names(self) -> list[str]:
        plugins = {ep.name for ep in entry_points(group=self.group)}
        return sorted({*self._builtins, *self._factories, *plugins})

    def modules(self) -> list[str]:
        """The modules defining the built-ins and the plug-ins registered in code, named without importing them.

        What a process pool imports once up front so each task starts warm
        (entry-point plug-ins are left out: one that fails to import would fail every task).
        """
        builtins = {spec.partition(":")[0] for spec in self._builtins.values()}
        registered = {getattr(factory, "__module__", None) for factory in self._factories.values()}
        return sorted(builtins | {m for m in registered if m})

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self.names()

    def get(self, name: str) -> T:
        """The shared instance of plug-in ``name``."""
        if name not in self._instances:
            self._instances[name] = self.create(name)
        return self._instances[name]

    def create(self, name: str) -> T:
        """A new instance of plug-in ``name``."""
        return self.factory(name)()

    def factory(self, name: str) -> Factory[T]:
        """The factory registered for ``name``: code first, then built-ins, then entry points."""
        if not isinstance(name, str):
            raise self.unknown(name)
        if name in self._factories:
            return self._factories[name]
        if name in self._builtins:
            module, _, attr = self._builtins[name].partition(":")
            found: Factory[T] = getattr(importlib.import_module(module), attr)
            return found
        for ep in entry_points(group=self.group, name=name):
            try:
                loaded: Factory[T] = ep.load()
            except Exception as exc:  # a broken plug-in must not look like an unknown name
                raise EngineError(f"{self.kind} {name!r} from entry point {ep.value!r} failed to load: "
                                  f"{exc}") from exc
            return loaded
        raise self.unknown(name)

    def unknown(self, name: object) -> ValidationError:
        return ValidationError(self.field, name, f"must be one of {', '.join(self.names())}")
