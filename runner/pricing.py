"""What a job costs, in credits, by the service's credit table (1 credit = 0.01 USD).

Kept apart from the generators so a quote can be made, and refused, before
any rendering starts: credits are taken at submission and only for jobs that
pass validation.  Money lives only here and in data: a generator's plan says
what the job consists of (``Plan.metered``), ``presets/prices.yaml`` holds the
credit table and ``presets/models.yaml`` the catalog models' prices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import Decimal
from functools import lru_cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticError

from mediakit.catalog import load_catalog
from mediakit.errors import MediakitError, ValidationError
from mediakit.generation.contract import Metered, Plan
from mediakit.generator_ids import GeneratorId
from mediakit.paths import data_dir

from . import ledger

Credits = int | Decimal
Line = tuple[str, Credits]


class StepPrice(BaseModel):
    """A skill step's own price: flat, or per second of the skill's estimated duration."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    flat: int | None = Field(None, ge=0)
    per_second: int | None = Field(None, ge=0)


class Prices(BaseModel):
    """``presets/prices.yaml``: the spec's credit table and mediakit's skill step prices."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    per_second: int = Field(gt=0)
    per_second_generators: tuple[str, ...] = Field(alias="per_second_operations")
    buckets: tuple[int, ...]
    script_generated: int = Field(ge=0)
    frame_credits: dict[str, int]
    flat: dict[str, int]
    character_sheet: dict[Literal["actor", "reference", "description"], int]
    character_video: dict[int, int]
    catalog_priced: tuple[str, ...]
    skill_steps: dict[str, StepPrice]

    @property
    def generators(self) -> tuple[str, ...]:
        """Every generator this table (or the catalog, for ``catalog_priced``) prices."""
        return (*self.per_second_generators, *self.flat, GeneratorId.CHARACTER_SHEET, GeneratorId.CHARACTER_VIDEO,
                *self.catalog_priced)


@lru_cache(maxsize=1)
def prices() -> Prices:
    """The bundled price table (read once per process)."""
    path = data_dir("presets") / "prices.yaml"
    try:
        return Prices.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError, PydanticError) as exc:
        raise MediakitError(f"{path}: the price table cannot be read: {exc}") from None


@dataclass(frozen=True)
class Quote:
    """Credits for one job, with the lines that add up to them (and the catalog model, when one is used)."""

    credits: Credits
    breakdown: tuple[Line, ...] = field(default=())
    model: str | None = None
    mode: str | None = None
    quality: str | None = None
    auto: dict[str, str] | None = None

    @property
    def usd(self) -> Decimal:
        return Decimal(self.credits) / 100

    def to_dict(self) -> dict[str, Any]:
        """The spec's quote body: ``{credits, usd, model?, mode?, quality?, breakdown, auto?}``, every amount a
        JSON number exact to the millicredit (the spec: credits are numbers)."""
        milli = ledger.to_milli(self.credits)
        out: dict[str, Any] = {"credits": ledger.from_milli(milli), "usd": ledger.usd(milli)}
        out |= {k: v for k, v in (("model", self.model), ("mode", self.mode), ("quality", self.quality))
                if v is not None}
        out["breakdown"] = [{"item": k, "credits": ledger.as_number(v)} for k, v in self.breakdown]
        if self.auto is not None:
            out["auto"] = self.auto
        return out


def quote(generator: str, *, duration: int | None = None, script_generated: bool = False,
          variant: str | None = None) -> Quote:
    """Credits for a job of the credit table (not a catalog model) of ``duration`` seconds (its bucket)."""
    return _total(_lines(Metered(generator=generator, seconds=duration, script_generated=script_generated,
                                 variant=variant)))


def quote_plan(plan: Plan) -> Quote:
    """Credits for a planned job, read from what its plan metered (nothing is rendered)."""
    metered = plan.metered
    auto = {"model": metered.model, "reason": metered.auto_reason} if metered.auto_reason and metered.model else None
    return _total(_lines(metered), model=metered.model, mode=metered.mode, quality=metered.quality, auto=auto)


def _total(lines: list[Line], **model: Any) -> Quote:
    credits = Decimal(sum((v for _, v in lines), start=Decimal(0)))
    whole: Credits = int(credits) if credits == credits.to_integral_value() else credits
    return Quote(whole, tuple(lines), **model)


def _lines(m: Metered) -> list[Line]:
    table = prices()
    generator = m.generator
    if m.steps or generator in (GeneratorId.MAKE_PODCAST, GeneratorId.MAKE_UGC, GeneratorId.MAKE_SUBTITLES):
        return _skill_lines(m)
    if generator in table.catalog_priced:
        return _catalog_lines(m)
    if generator in table.per_second_generators:
        seconds = _bucket(generator, m.seconds, table.buckets)
        lines: list[Line] = [(f"{seconds} s video at {table.per_second}/s", seconds * table.per_second)]
        if generator in table.frame_credits:
            lines.append(("frame credits", table.frame_credits[generator]))
    elif generator in table.flat:
        lines = [(f"{generator} flat", table.flat[generator])]
    elif generator == GeneratorId.CHARACTER_SHEET:
        variant = m.variant or "description"
        if variant not in table.character_sheet:
            raise ValidationError("variant", variant, f"must be one of {', '.join(table.character_sheet)}")
        lines = [(f"character sheet from {variant}", table.character_sheet[variant])]  # type: ignore[index]
    elif generator == GeneratorId.CHARACTER_VIDEO:
        seconds = round(m.seconds) if m.seconds is not None else 10
        if seconds not in table.character_video:
            raise ValidationError("duration", seconds, "must be 5 or 10 for character_video")
        lines = [(f"{seconds} s character video", table.character_video[seconds])]
    else:
        raise ValidationError("generator", generator, f"has no price; priced are {', '.join(table.generators)} "
                              "and the skills")
    if m.script_generated:
        if generator not in table.per_second_generators:
            raise ValidationError("prompt", None, f"{generator} does not generate scripts")
        lines.append(("script generated from prompt", table.script_generated))
    return lines


def _catalog_lines(m: Metered) -> list[Line]:
    """Catalog models: output (and video reference) seconds at the quality's rate, images, or characters."""
    if m.model is None:
        raise ValidationError("model", None, f"{m.generator} is priced by its catalog model; none was chosen")
    entry = load_catalog().get(m.model)
    if entry is None:
        raise ValidationError("model", m.model, "is not in the model catalog")
    if entry.kind == "video":
        rate = Decimal(str(entry.unit_price(m.quality)))
        quality = m.quality or (entry.video.default_quality if entry.video else "")
        seconds = Decimal(str(m.seconds or 0))
        lines: list[Line] = [(f"{seconds} s at {quality} on {entry.id}, {rate}/s", rate * seconds)]
        if m.ref_seconds:
            ref = Decimal(str(math.ceil(m.ref_seconds)))
            lines.append((f"{ref} s of video references at {rate}/s", rate * ref))
        return lines
    rate = Decimal(str(entry.credits.perUnit))
    count = m.images if entry.kind == "image" else m.characters
    return [(f"{count} {entry.credits.unit}{'s' if count != 1 else ''} on {entry.id} at {rate}", rate * count)]


def _skill_lines(m: Metered) -> list[Line]:
    """A skill: the sum of its steps (a generator step at its own price; the others from ``skill_steps``)."""
    table = prices()
    seconds = math.ceil(m.seconds or 0)
    lines: list[Line] = []
    for step in m.steps:
        own = table.skill_steps.get(step.generator)
        if own is None:
            lines += [(f"{m.generator}: {item}", v) for item, v in _lines(step)]
        elif own.per_second is not None:
            lines.append((f"{m.generator}: {step.generator}, {seconds} s at {own.per_second}/s",
                          own.per_second * seconds))
        elif own.flat:
            lines.append((f"{m.generator}: {step.generator}", own.flat))
    return lines


def _bucket(generator: str, duration: int | float | None, buckets: tuple[int, ...]) -> int:
    seconds = round(duration) if duration is not None else 10
    if seconds not in buckets:
        raise ValidationError("duration", seconds, f"must be one of {', '.join(map(str, buckets))} for {generator}")
    return seconds
