"""Response models of the routes that answer with money: quotes and ``/v2`` receipts.

The spec says credits are numbers; these models make ``/openapi.json`` say
so too, and check on the way out that every amount leaves as one (an amount
is ``int`` when whole, else a float exact to the millicredit: see
``runner.ledger.as_number``).  Fields a body omits stay omitted
(``response_model_exclude_unset``), as the spec's ``mode?`` and ``auto?``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

Credits = Annotated[int | float, Field(description="Credits, exact to the millicredit (at most 3 decimals).")]


class Line(BaseModel):
    """One line of a price: what it is for and what it costs."""

    item: str
    credits: Credits


class AutoChoice(BaseModel):
    """The model ``auto`` chose, and why."""

    model: str
    reason: str


class QuoteBody(BaseModel):
    """``POST /v2/quote/{kind}``: the price of a generation; nothing generated or debited."""

    credits: Credits
    usd: float = Field(description="credits / 100, exact (at most 5 decimals).")
    model: str | None = None
    mode: str | None = None
    quality: str | None = None
    breakdown: list[Line]
    auto: AutoChoice | None = None


class ReceiptBody(BaseModel):
    """``POST /v2/generate/{kind}``: the job submitted and what it took (the same body again on a replay)."""

    job_id: str
    request_id: str
    model: str | None = None
    mode: str | None = None
    quality: str | None = None
    credits_deducted: Credits
    breakdown: list[Line]
    auto: AutoChoice | None = None
    status_url: str


class SkillQuoteBody(BaseModel):
    """``POST /v1/skills/make_ugc/quote``: the price against what the user holds and has committed."""

    credits: Credits
    available: Credits
    committed: Credits
    sufficient: bool
