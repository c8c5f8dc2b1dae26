"""What a job costs, in credits, by the service's credit table (1 credit = 0.01 USD).

Kept apart from the generators so a quote can be made, and refused, before
any rendering starts: credits are taken at submission and only for jobs that
pass validation.  Money lives only here: a generator's plan says what the job
consists of (``Plan.metered``) and :func:`quote_plan` prices it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from mediakit.errors import ValidationError
from mediakit.generators.base import Plan
from mediakit.routes import GENERATOR_ROUTES, Route

SECONDS_BUCKETS = (5, 10, 15)
PER_SECOND = 30
SCRIPT_GENERATED = 5
FLAT: dict[str, int] = {Route.SUBTITLE: 50, Route.SHOW_YOUR_APP: 75, Route.LAPTOP_UGC: 200,
                        Route.STORYBOARD_GENERATE: 20, Route.STORYBOARD_SUGGEST: 0}
PRODUCT_FRAME_CREDITS = 50
CHARACTER_VIDEO = {5: 350, 10: 700}
VOICE_TTS_PER_CHAR = Decimal("0.016")
GENERATORS: tuple[str, ...] = GENERATOR_ROUTES
_PER_SECOND_ROUTES = (Route.UGC_VIDEO, Route.SAAS_REVIEW, Route.PRODUCT_ACTING_UGC)


@dataclass(frozen=True)
class Quote:
    """Credits for one job, with the lines that add up to them."""

    credits: int | Decimal
    breakdown: tuple[tuple[str, int | Decimal], ...] = field(default=())

    @property
    def usd(self) -> Decimal:
        return (Decimal(self.credits) / 100).quantize(Decimal("0.0001"))

    def to_dict(self) -> dict[str, Any]:
        return {"credits": self.credits, "usd": str(self.usd),
                "breakdown": [{"item": k, "credits": v} for k, v in self.breakdown]}


def quote(generator: str, *, duration: int | None = None, script_generated: bool = False) -> Quote:
    """Credits for a generator job of ``duration`` seconds (the chosen bucket, after pacing)."""
    if generator in (Route.UGC_VIDEO, Route.SAAS_REVIEW):
        seconds = _bucket(generator, duration)
        lines: list[tuple[str, int | Decimal]] = [(f"{seconds} s video at {PER_SECOND}/s", seconds * PER_SECOND)]
    elif generator == Route.PRODUCT_ACTING_UGC:
        seconds = _bucket(generator, duration)
        lines = [(f"{seconds} s video at {PER_SECOND}/s", seconds * PER_SECOND),
                 ("frame credits", PRODUCT_FRAME_CREDITS)]
    elif generator in FLAT:
        lines = [(f"{generator} flat", FLAT[generator])]
    elif generator == Route.CHARACTER_VIDEO:
        seconds = duration if duration is not None else 10
        if seconds not in CHARACTER_VIDEO:
            raise ValidationError("duration", seconds, "must be 5 or 10 for character_video")
        lines = [(f"{seconds} s character video", CHARACTER_VIDEO[seconds])]
    else:
        raise ValidationError("generator", generator, f"must be one of {', '.join(GENERATORS)} "
                              f"(text_to_video is priced by the model catalog)")
    if script_generated:
        if generator not in _PER_SECOND_ROUTES:
            raise ValidationError("prompt", None, f"{generator} does not generate scripts")
        lines.append(("script generated from prompt", SCRIPT_GENERATED))
    return Quote(sum(v for _, v in lines), tuple(lines))


def quote_plan(plan: Plan) -> Quote:
    """Credits for a planned generator job, read from what its plan metered (nothing is rendered)."""
    metered = plan.metered
    seconds = None if metered.seconds is None else round(metered.seconds)
    return quote(metered.operation, duration=seconds, script_generated=metered.script_generated)


def quote_voice(text: str) -> Quote:
    """voice-tts: 0.016 credits per character (the one non-integer price)."""
    credits = VOICE_TTS_PER_CHAR * len(text)
    return Quote(credits, ((f"{len(text)} characters at {VOICE_TTS_PER_CHAR}", credits),))


def _bucket(generator: str, duration: int | None) -> int:
    seconds = duration if duration is not None else 10
    if seconds not in SECONDS_BUCKETS:
        raise ValidationError("duration", seconds, f"must be one of 5, 10, 15 for {generator}")
    return seconds
