from __future__ import annotations

from decimal import Decimal

import pytest

from mediakit.errors import ValidationError
from mediakit.generators.base import Metered, Plan, Receipt
from runner.pricing import quote, quote_plan, quote_voice


@pytest.mark.parametrize("generator, duration, generated, credits", [
    ("ugc_video", 5, False, 150), ("ugc_video", 10, False, 300), ("ugc_video", 15, True, 455),
    ("saas_review", 15, False, 450), ("subtitle", None, False, 50), ("show_your_app", 15, False, 75),
    ("laptop_ugc", 20, False, 200), ("product_acting_ugc", 5, False, 200), ("product_acting_ugc", 10, True, 355),
    ("character_video", 5, False, 350), ("character_video", 10, False, 700),
])
def test_credit_table(generator: str, duration: int | None, generated: bool, credits: int) -> None:
    q = quote(generator, duration=duration, script_generated=generated)
    assert q.credits == credits == sum(v for _, v in q.breakdown)
    assert q.usd == Decimal(credits) / 100


def test_bad_quotes() -> None:
    with pytest.raises(ValidationError, match="5, 10, 15"):
        quote("ugc_video", duration=20)
    with pytest.raises(ValidationError, match="5 or 10"):
        quote("character_video", duration=15)
    with pytest.raises(ValidationError, match="generator"):
        quote("podcast")
    with pytest.raises(ValidationError, match="does not generate scripts"):
        quote("subtitle", script_generated=True)


def test_voice_is_priced_per_character() -> None:
    assert quote_voice("x" * 1000).credits == Decimal("16.000")


def test_quote_plan_prices_what_the_plan_metered() -> None:
    plan = Plan(generator="ugc_video", receipt=Receipt(),
                metered=Metered(operation="ugc_video", seconds=10, script_generated=True))
    priced = quote_plan(plan)
    assert priced.credits == 305
    assert [item for item, _ in priced.breakdown] == ["10 s video at 30/s", "script generated from prompt"]
    subtitle = Plan(generator="subtitle", receipt=Receipt(), metered=Metered(operation="subtitle", seconds=7.4))
    assert quote_plan(subtitle).credits == 50
