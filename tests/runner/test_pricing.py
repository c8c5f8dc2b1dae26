from __future__ import annotations

from decimal import Decimal

import pytest

from mediakit.errors import ValidationError
from runner.pricing import quote, quote_voice


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
