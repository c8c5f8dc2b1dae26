"""``/v1/tooling/contracts``: every generator's JSON Schema, the one its request model validates with."""

from __future__ import annotations

import pytest
from serving import Live

from mediakit.generation.registry import generator_names, get_generator


@pytest.mark.slow
def test_contracts_are_the_generators_schemas(live: Live) -> None:
    assert live.client.get("/v1/tooling/contracts").status_code == 401
    body = live.client.get("/v1/tooling/contracts", headers=live.key()).json()
    assert body["count"] == len(generator_names()) >= 4
    by_id = {c["id"]: c for c in body["contracts"]}
    subtitle = by_id["subtitle"]["input_schema"]
    assert subtitle == get_generator("subtitle").schema()
    assert subtitle["additionalProperties"] is False
    assert set(subtitle["properties"]) == {"video_url", "style"} and subtitle["required"] == ["video_url"]
