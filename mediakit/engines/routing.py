"""Which engine serves which catalog model: ``presets/engines.yaml``, overridden by the environment.

Most specific first:

1. ``MEDIAKIT_ENGINES="image-engine-2.5=openai-compatible,voice-tts=openai-compatible"`` names the
   engine of single models;
2. ``MEDIAKIT_ENGINE_VIDEO`` / ``MEDIAKIT_ENGINE_IMAGE`` / ``MEDIAKIT_ENGINE_AUDIO`` name the engine
   of every model of a kind;
3. ``presets/engines.yaml`` maps every live model to its default engine (the local stand-ins).

A name that is not in the kind's registry is a ``ValidationError`` naming
where it came from and listing the engines that exist.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from typing import Any, TypeVar

import yaml

from ..catalog import ModelEntry
from ..errors import MediakitError, ValidationError
from ..paths import data_dir
from ..registry import Registry
from .base import REGISTRIES

T = TypeVar("T")

ENGINES_ENV = "MEDIAKIT_ENGINES"
KIND_ENV = "MEDIAKIT_ENGINE_{kind}"


@functools.cache
def engines_file() -> dict[str, Any]:
    """``presets/engines.yaml`` as data (read once)."""
    path = data_dir("presets") / "engines.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise MediakitError(f"{path}: cannot be read: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("models"), dict):
        raise MediakitError(f"{path}: must hold a 'models' mapping of model id -> engine name")
    return data


def parse_engine_map(text: str) -> dict[str, str]:
    """``"a=x, b=y"`` -> ``{"a": "x", "b": "y"}``; a malformed pair is a ``ValidationError`` on the variable."""
    out: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        model, sep, engine = part.partition("=")
        if not sep or not model.strip() or not engine.strip():
            raise ValidationError(ENGINES_ENV, part.strip(), "must be a comma-separated list of model=engine")
        out[model.strip()] = engine.strip()
    return out


def engine_name(model: ModelEntry, environ: Mapping[str, str] | None = None) -> tuple[str, str]:
    """``(engine, source)``: the engine serving ``model`` and where that was said (for error messages)."""
    env = os.environ if environ is None else environ
    per_model = parse_engine_map(env.get(ENGINES_ENV, ""))
    if model.id in per_model:
        return per_model[model.id], ENGINES_ENV
    kind_var = KIND_ENV.format(kind=model.kind.upper())
    if env.get(kind_var, "").strip():
        return env[kind_var].strip(), kind_var
    mapped = engines_file()["models"].get(model.id)
    if not isinstance(mapped, str):
        raise MediakitError(f"presets/engines.yaml names no engine for {model.id}")
    return mapped, "presets/engines.yaml"


def engine_for(model: ModelEntry, registry: Registry[T], environ: Mapping[str, str] | None = None) -> T:
    """The (shared) engine instance of ``registry`` (the model's kind's) that serves ``model``."""
    if registry is not REGISTRIES[model.kind]:
        raise MediakitError(f"{model.id} is a {model.kind} model, not served by the {registry.kind} registry")
    name, source = engine_name(model, environ)
    if name not in registry:
        raise ValidationError(source, name, f"names no {registry.kind} for {model.id}; "
                              f"one of {', '.join(registry.names())}")
    return registry.get(name)
