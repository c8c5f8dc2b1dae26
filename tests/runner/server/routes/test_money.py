"""Money over HTTP: every amount of a quote or a receipt is a JSON number, exact to the millicredit, and equal to
what the ledger took (issue 21: audio prices, usd and breakdown lines came back as strings)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from serving import Live

from runner import ledger
from runner.db import Database

pytestmark = pytest.mark.slow

BODIES = {"video": {"prompt": "a red kite over a beach at dawn", "seconds": 5},
          "image": {"prompt": "a red kite"},
          "audio": {"text": "Seventeen letters"}}  # 17 characters at 0.016: 0.272 credits, not a whole number


def _milli(amount: Any) -> int:
    """``amount`` in millicredits, asserting it is a JSON number (not a string, not a bool)."""
    assert type(amount) in (int, float), f"{amount!r} is not a JSON number"
    return ledger.to_milli(amount)


@pytest.mark.parametrize("kind", BODIES)
def test_quote_and_receipt_amounts_are_numbers_equal_to_the_debit(live: Live, kind: str) -> None:
    alice = live.key("alice")
    quote = live.client.post(f"/v2/quote/{kind}", json=BODIES[kind], headers=alice)
    assert quote.status_code == 200, quote.text
    receipt = live.client.post(f"/v2/generate/{kind}", json=BODIES[kind],
                               headers={**alice, "Idempotency-Key": f"money-{kind}"})
    assert receipt.status_code == 201, receipt.text
    q, r = quote.json(), receipt.json()
    with Database(live.config.store).write() as conn:
        debit = ledger.job_net(conn, r["job_id"])
    assert debit > 0
    assert _milli(q["credits"]) == _milli(r["credits_deducted"]) == debit
    assert sum(_milli(line["credits"]) for line in q["breakdown"]) == debit
    assert sum(_milli(line["credits"]) for line in r["breakdown"]) == debit
    assert type(q["usd"]) is float and Decimal(str(q["usd"])) * 100_000 == debit  # 1 credit = 0.01 USD, exactly
    status = live.client.get(f"/v1/videos/{r['job_id']}", headers=alice).json()
    assert _milli(status["credit_cost"]) == debit


def test_a_fractional_price_stays_exact(live: Live) -> None:
    r = live.client.post("/v2/quote/audio", json=BODIES["audio"], headers=live.key("alice")).json()
    assert (r["credits"], r["usd"], r["breakdown"][0]["credits"]) == (0.272, 0.00272, 0.272)


def test_the_skill_quote_is_in_numbers(live: Live) -> None:
    body = {"script": "Three short words", "person": "a woman in her thirties in a sunny kitchen"}
    r = live.client.post("/v1/skills/make_ugc/quote", json=body, headers=live.key("alice"))
    assert r.status_code == 200, r.text
    assert all(type(r.json()[k]) in (int, float) for k in ("credits", "available", "committed"))


def test_openapi_types_the_amounts_as_numbers(live: Live) -> None:
    schemas = live.client.get("/openapi.json").json()["components"]["schemas"]
    assert schemas["QuoteBody"]["properties"]["usd"]["type"] == "number"
    for model, field in (("QuoteBody", "credits"), ("ReceiptBody", "credits_deducted"), ("Line", "credits")):
        kinds = {s["type"] for s in schemas[model]["properties"][field]["anyOf"]}
        assert kinds == {"integer", "number"}, (model, field)
