"""The model catalog: ``presets/models.yaml`` read into checked, typed entries, and printed in the spec's shape.

The YAML is the single source of the catalog's facts (ids, tiers, modes,
prices, limits); a typed schema (pydantic, unknown keys refused) checks it
when it is loaded, so a typo in the data fails loudly instead of silently
dropping a rule.  Each video mode's ``inputs`` spell that mode's request
rules as data (how many refs, which formats, how many seconds...), and the
video generator reads them from here.

``Catalog.to_json(stats)`` is the response of ``GET /v1/models``: models[],
count, default_video_model, defaults, auto_policy and note, with each entry's
``recent`` filled from the run stats a store supplies (nulls otherwise).

Adding a model: append an entry to ``presets/models.yaml`` (``status: live``
makes it selectable) and map it to an engine in ``presets/engines.yaml``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator
from pydantic import ValidationError as PydanticValidationError

from ..errors import MediakitError, ValidationError
from ..paths import data_dir
from .stats import NO_RUNS, RunStats

Kind = Literal["video", "image", "audio"]
KINDS: tuple[str, ...] = ("video", "image", "audio")
QUALITIES: tuple[str, ...] = ("480p", "720p", "1080p")
ASPECTS: tuple[str, ...] = ("9:16", "16:9", "1:1", "4:3", "3:4", "21:9", "adaptive")
VIDEO_MODES: tuple[str, ...] = ("text", "image", "reference")
LIVE = "live"
Number = int | float  # credits are integers except the audio price; JSON keeps 30 as 30, not 30.0


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Span(_Data):
    """A closed range ``{min, max}``."""

    min: Number
    max: Number

    @model_validator(mode="after")
    def _ordered(self) -> Span:
        if self.min > self.max:
            raise ValueError(f"min {self.min:g} is above max {self.max:g}")
        return self


class SecondsRange(_Data):
    """Whole output seconds a mode takes."""

    min: int = Field(ge=1)
    max: int = Field(ge=1)

    @model_validator(mode="after")
    def _ordered(self) -> SecondsRange:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self


class InputRule(_Data):
    """What one request field of a video mode accepts (see the key list at the top of models.yaml)."""

    kind: Literal["text", "image", "video", "audio"]
    required: bool = False
    max_items: int | None = Field(None, ge=1)
    formats: tuple[str, ...] = ()
    max_mb: Number | None = Field(None, gt=0)
    item_seconds: Span | None = None
    total_seconds: Number | None = Field(None, gt=0)
    short_side: Span | None = None
    fps: Span | None = None
    ratio: Span | None = None
    pixels: Span | None = None
    needs_one_of: tuple[str, ...] = ()
    refuses_words: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_defaults=True) | {"kind": self.kind}


class VideoMode(_Data):
    """One entry of ``video.modes[]``: how a mode is used, what it takes, what it costs per second."""

    mode: Literal["text", "image", "reference"]
    how: str
    inputs: dict[str, InputRule]
    seconds: SecondsRange
    seconds_options: tuple[int, ...] = ()
    aspects: tuple[str, ...]
    aspect_default: str
    qualities: tuple[str, ...]
    credits_per_second: dict[str, Number]
    seed: bool
    prompt_syntax: str
    notes: tuple[str, ...] = ()
    verified: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> VideoMode:
        _subset("aspects", self.aspects, ASPECTS)
        _subset("qualities", self.qualities, QUALITIES)
        if self.aspect_default not in self.aspects:
            raise ValueError(f"aspect_default {self.aspect_default!r} is not one of its aspects")
        if set(self.credits_per_second) != set(self.qualities):
            raise ValueError("credits_per_second must price exactly its qualities")
        if not self.seconds_options:
            object.__setattr__(self, "seconds_options", tuple(range(self.seconds.min, self.seconds.max + 1)))
        elif not all(self.seconds.min <= s <= self.seconds.max for s in self.seconds_options):
            raise ValueError("seconds_options must lie within seconds")
        return self

    def input(self, name: str) -> InputRule | None:
        return self.inputs.get(name)

    def to_json(self) -> dict[str, Any]:
        out = self.model_dump(mode="json")
        out["inputs"] = {name: rule.to_json() for name, rule in self.inputs.items()}
        return out


class VideoSection(_Data):
    """An entry's ``video`` object: its modes, prices per quality, default quality and timeout."""

    modes: tuple[VideoMode, ...]
    credits_per_second: dict[str, Number]
    audio_credits_per_second: dict[str, Number] | Number | None = None
    default_quality: str
    timeout_minutes: int = Field(ge=1)

    @model_validator(mode="after")
    def _consistent(self) -> VideoSection:
        names = [m.mode for m in self.modes]
        if len(set(names)) != len(names):
            raise ValueError("video modes must be unique")
        if self.default_quality not in self.credits_per_second:
            raise ValueError(f"default_quality {self.default_quality!r} has no price")
        return self

    def mode(self, name: str) -> VideoMode | None:
        return next((m for m in self.modes if m.mode == name), None)

    def to_json(self) -> dict[str, Any]:
        out = self.model_dump(mode="json")
        out["modes"] = [m.to_json() for m in self.modes]
        return out


class Limits(_Data):
    """``resolutions`` and ``refsMax``; either may be absent (the spec: "may be empty")."""

    resolutions: tuple[str, ...] | None = None
    refsMax: int | None = Field(None, ge=0)  # noqa: N815 (the spec's key)


class Credits(_Data):
    unit: str
    perUnit: Number = Field(gt=0)  # noqa: N815 (the spec's key)


class Usage(_Data):
    pick_when: str
    prompt_tips: tuple[str, ...]
    latency: str


class ModelEntry(_Data):
    """One model of the catalog, with every field of the spec's entry except ``recent`` (from stats)."""

    id: str
    kind: Kind
    tier: Literal["standard", "premium"]
    status: str
    provider: str
    modes: tuple[str, ...]
    features: tuple[str, ...]
    limits: Limits
    video: VideoSection | None
    credits: Credits
    price_default: str
    quality: str
    speed: str
    best_for: tuple[str, ...]
    avoid_for: tuple[str, ...]
    usage: Usage
    verified: dict[str, Any] | None = None
    docs_url: str
    select_with: dict[str, Any]

    @model_validator(mode="after")
    def _video_iff_kind(self) -> ModelEntry:
        if (self.kind == "video") != (self.video is not None):
            raise ValueError(f"{self.id}: a video model needs a video object, other kinds null")
        return self

    @property
    def live(self) -> bool:
        return self.status == LIVE

    def unit_price(self, quality: str | None = None) -> float:
        """Credits per unit: per output second at ``quality`` (default quality when None), else ``perUnit``."""
        if self.video is None:
            return self.credits.perUnit
        return self.video.credits_per_second[quality or self.video.default_quality]

    def video_mode(self, mode: str) -> VideoMode:
        found = self.video.mode(mode) if self.video is not None else None
        if found is None:
            raise ValidationError("model", self.id, f"has no {mode} mode")
        return found

    def to_json(self, stats: RunStats = NO_RUNS) -> dict[str, Any]:
        """The entry as the spec's catalog shows it (fields in the spec's order)."""
        data = self.model_dump(mode="json", exclude={"limits", "video"})
        limits = self.limits.model_dump(mode="json", exclude_none=True)
        video = self.video.to_json() if self.video is not None else None
        order = ("id", "kind", "tier", "status", "provider", "modes", "features")
        out = {k: data[k] for k in order}
        out |= {"limits": limits, "video": video}
        out |= {k: data[k] for k in ("credits", "price_default", "quality", "speed", "best_for", "avoid_for",
                                     "usage")}
        out |= {"recent": stats.recent(), "verified": data["verified"], "docs_url": data["docs_url"],
                "select_with": data["select_with"]}
        return out


class Defaults(_Data):
    image: str
    video: str
    audio: str


class Catalog(_Data):
    """The whole catalog: entries, the default of each kind, the auto policy's wording and a note."""

    models: tuple[ModelEntry, ...]
    default_video_model: str
    defaults: Defaults
    auto_policy: str
    note: str

    @model_validator(mode="after")
    def _consistent(self) -> Catalog:
        ids = [m.id for m in self.models]
        if len(set(ids)) != len(ids):
            raise ValueError("model ids must be unique")
        by_id = {m.id: m for m in self.models}
        for kind in KINDS:
            default = getattr(self.defaults, kind)
            entry = by_id.get(default)
            if entry is None or entry.kind != kind or not entry.live:
                raise ValueError(f"defaults.{kind} {default!r} is not a live {kind} model")
        if self.default_video_model != self.defaults.video:
            raise ValueError("default_video_model must equal defaults.video")
        return self

    # ---- look-ups ------------------------------------------------------------------------------------
    def get(self, model_id: str) -> ModelEntry | None:
        return next((m for m in self.models if m.id == model_id), None)

    def live(self, kind: str | None = None) -> list[ModelEntry]:
        """Live models (of ``kind``), in catalog order."""
        return [m for m in self.models if m.live and (kind is None or m.kind == kind)]

    def live_ids(self, kind: str | None = None) -> list[str]:
        return [m.id for m in self.live(kind)]

    def default(self, kind: str) -> ModelEntry:
        if kind not in KINDS:
            raise ValidationError("kind", kind, f"must be one of {', '.join(KINDS)}")
        entry = self.get(getattr(self.defaults, kind))
        assert entry is not None  # checked when loaded
        return entry

    def require_live(self, model_id: str, kind: str, *, field: str = "model") -> ModelEntry:
        """The live ``kind`` model ``model_id``; a 400 ``ValidationError`` listing the live ones otherwise."""
        entry = self.get(model_id) if isinstance(model_id, str) else None
        if entry is not None and entry.live and entry.kind == kind:
            return entry
        live = self.live_ids(kind)
        rule = f"must be auto or a live {kind} model: {', '.join(live)}"
        raise ValidationError(field, model_id, rule, details=[{"field": field, "rule": rule, "live_models": live}])

    # ---- the spec's JSON -------------------------------------------------------------------------------
    def to_json(self, stats: Mapping[str, RunStats] | None = None, *, kind: str | None = None) -> dict[str, Any]:
        """``GET /v1/models``: every model (or those of ``kind``) with ``recent`` from ``stats``."""
        if kind is not None and kind not in KINDS:
            raise ValidationError("kind", kind, f"must be one of {', '.join(KINDS)}")
        runs = stats or {}
        models = [m.to_json(runs.get(m.id, NO_RUNS)) for m in self.models if kind is None or m.kind == kind]
        return {"models": models, "count": len(models), "default_video_model": self.default_video_model,
                "defaults": self.defaults.model_dump(), "auto_policy": self.auto_policy, "note": self.note}


def _subset(name: str, values: tuple[str, ...], allowed: tuple[str, ...]) -> None:
    unknown = [v for v in values if v not in allowed]
    if unknown:
        raise ValueError(f"{name} {unknown} are not among {', '.join(allowed)}")


def read_catalog(path: Path) -> Catalog:
    """The catalog in ``path``, checked; a ``MediakitError`` naming the file and the bad key otherwise."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise MediakitError(f"{path}: the model catalog cannot be read: {exc}") from None
    if not isinstance(data, dict):
        raise MediakitError(f"{path}: the model catalog must be a mapping")
    data.pop("shared", None)  # anchors only
    try:
        return Catalog.model_validate(data)
    except PydanticValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise MediakitError(f"{path}: model catalog entry {where}: {first['msg']}") from None


@functools.cache
def load_catalog() -> Catalog:
    """The bundled catalog (``presets/models.yaml``), read once per process."""
    return read_catalog(data_dir("presets") / "models.yaml")
