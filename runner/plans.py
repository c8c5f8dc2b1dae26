"""Plan tiers and the rules they put on a job: allowance, concurrency, duration, operations.

The tiers are data (``presets/plans.yaml``): names, allowances and limits are
the spec's; which operations and model tiers each plan may use is mediakit's
choice, documented there.  A job is checked from its plan (``Plan.metered``)
before anything is debited or rendered, so a refusal costs nothing:

- an operation the tier does not include (a skill's steps included) is 403 ``plan_required``,
  naming the cheapest tier that includes it;
- a bucketed video longer than the tier's maximum is 400 ``plan_limit``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticError

from mediakit.catalog import load_catalog
from mediakit.errors import EXIT_BAD_INPUT, MediakitError, ValidationError
from mediakit.generation.contract import Metered, Plan
from mediakit.generator_ids import GeneratorId
from mediakit.paths import data_dir

KNOWN_GENERATORS = frozenset(GeneratorId)  # mediakit's own ids; a plug-in generator is outside the tiers' lists
# the generator that runs a catalog model of each kind (text models serve inside other jobs)
MODEL_GENERATORS: dict[str, str] = {"video": GeneratorId.VIDEO, "image": GeneratorId.IMAGE, "audio": GeneratorId.AUDIO}
# the jobs billed in 5/10/15 s buckets, where the plan's max_video_duration applies, and the field each names
DURATION_FIELDS: dict[str, str] = {GeneratorId.UGC_VIDEO: "target_duration", GeneratorId.SAAS_REVIEW: "target_duration",
                                   GeneratorId.PRODUCT_ACTING_UGC: "duration", GeneratorId.SHOW_YOUR_APP: "duration",
                                   GeneratorId.TEXT_TO_VIDEO: "duration", GeneratorId.VIDEO: "seconds"}


class Tier(BaseModel):
    """One plan tier as ``presets/plans.yaml`` gives it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tier: str
    name: str
    monthly_credits: int = Field(ge=0)
    max_concurrent_jobs: int = Field(ge=1)
    max_video_duration: int = Field(ge=1)
    generators: tuple[str, ...] | Literal["all"] = Field(alias="operations")

    def allows(self, generator: str) -> bool:
        return self.generators == "all" or generator in self.generators

    @property
    def models_available(self) -> tuple[str, ...]:
        """The live catalog models a job on this plan can run (the account's ``limits.models_available``).

        A video, image or audio model is run by its kind's generator, so it is
        listed only where the plan allows that generator (the free plan runs
        no ``video`` job, so it lists no video model); text models write
        scripts inside the plan's other jobs.
        """
        return tuple(m.id for m in load_catalog().models
                     if m.live and (m.kind not in MODEL_GENERATORS or self.allows(MODEL_GENERATORS[m.kind])))


class _PlansFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tiers: tuple[Tier, ...] = Field(min_length=1)


class PlanRequired(MediakitError):
    """The account's tier does not include this kind of job or model (403 ``plan_required``)."""

    code = "plan_required"
    status = 403
    exit_code = EXIT_BAD_INPUT


class InsufficientCredits(MediakitError):
    """The balance is lower than the cost (402); its body is the spec's separate 402 shape."""

    code = "insufficient_credits"
    status = 402
    exit_code = EXIT_BAD_INPUT

    def __init__(self, required: int | float, available: int | float) -> None:
        self.required = required
        self.available = available
        super().__init__(f"this needs {required} credits; {available} are available")

    def to_dict(self) -> dict[str, Any]:
        """``{error, error_description, credits_required, credits_available}`` (the spec's 402 body)."""
        return {"error": self.code, "error_description": self.message,
                "credits_required": self.required, "credits_available": self.available}


@lru_cache(maxsize=1)
def tiers() -> dict[str, Tier]:
    """The bundled tiers by id, cheapest first (read once per process)."""
    path = data_dir("presets") / "plans.yaml"
    try:
        loaded = _PlansFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
    except (OSError, yaml.YAMLError, PydanticError) as exc:
        raise MediakitError(f"{path}: the plan tiers cannot be read: {exc}") from None
    return {t.tier: t for t in loaded.tiers}


def get_tier(name: str, *, field: str = "plan") -> Tier:
    """The tier ``name``; a ValidationError on ``field`` listing the tiers otherwise."""
    found = tiers().get(name)
    if found is None:
        raise ValidationError(field, name, f"must be one of {', '.join(tiers())}")
    return found


def check_plan(tier: Tier, plan: Plan) -> None:
    """Refuse ``plan`` when ``tier`` does not allow it (see the module docstring); returns quietly otherwise."""
    for metered in _with_steps(plan.metered):
        generator = metered.generator
        if generator in KNOWN_GENERATORS and not tier.allows(generator):
            cheapest = next((t.tier for t in tiers().values() if t.allows(generator)), "no plan")
            raise PlanRequired(f"the {tier.name} plan ({tier.tier}) does not include {generator}; "
                               f"{cheapest} or higher does")
        field = DURATION_FIELDS.get(generator)
        if field is not None and metered.seconds is not None and metered.seconds > tier.max_video_duration:
            raise ValidationError(field, metered.seconds,
                                  f"is over the {tier.name} plan's maximum of {tier.max_video_duration} s",
                                  code="plan_limit")


def _with_steps(metered: Metered) -> Iterator[Metered]:
    """A job's metering and its skill steps' (a skill is allowed only when each generator it runs is)."""
    yield metered
    for step in metered.steps:
        yield from _with_steps(step)

