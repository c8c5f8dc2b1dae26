"""Skills and the character steps over HTTP: list, quote, run (a job), run report; storyboard options.

On a server without a worker, so the recorded jobs stay as submitted (nothing here renders a real skill).
"""

from __future__ import annotations

import pytest
from serving import Live, credits

from runner import accounts
from runner.db import Database

pytestmark = pytest.mark.slow

UGC = {"script": "Hello there, this is my favourite mug and I use it every single day.",
       "person": "a woman in her thirties, friendly"}


def test_skills_list_quote_run_and_report(live: Live) -> None:
    alice, bob = live.key("alice"), live.key("bob")
    listed = live.client.get("/v1/skills", headers=alice).json()["skills"]
    assert [s["slug"] for s in listed] == ["make_ugc", "make_subtitles", "make_podcast"]
    assert listed[0]["input_schema"]["additionalProperties"] is False
    quote = live.client.post("/v1/skills/make_ugc/quote", json=UGC, headers=alice)
    # 14 words: a 5 s clip (make_ugc's buckets hold 15 / 30 words), 150 credits
    assert quote.json() == {"credits": 150, "available": 6900, "committed": 0, "sufficient": True}
    r = live.client.post("/v1/skills/make_ugc/run", json=UGC, headers={**alice, "Idempotency-Key": "ugc-1"})
    assert r.status_code == 202, r.text
    run = r.json()
    assert run["status"] == "queued" and run["skill_run_id"] == run["workflow_id"] and run["credits_deducted"] == 150
    assert credits(live, alice) == 6750
    again = live.client.post("/v1/skills/make_ugc/run", json=UGC, headers={**alice, "Idempotency-Key": "ugc-1"})
    assert again.json()["skill_run_id"] == run["skill_run_id"] and credits(live, alice) == 6750
    live.client.post(f"/v1/videos/{run['skill_run_id']}/cancel", headers=alice)
    report = live.client.get(f"/v1/skills/runs/{run['skill_run_id']}", headers=alice).json()
    assert report["status"] == "canceled" and report["final_output"] is None and report["slug"] == "make_ugc"
    assert live.client.get(f"/v1/skills/runs/{run['skill_run_id']}", headers=bob).status_code == 404
    unknown = live.client.post("/v1/skills/make_movie/run", json=UGC, headers=alice)
    assert unknown.status_code == 404
    bad = live.client.post("/v1/skills/make_ugc/run", json={**UGC, "colour": "red"}, headers=alice)
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "validation_error"


def test_character_steps(live: Live) -> None:
    alice = live.key("alice")
    options = live.client.post("/v1/character/storyboard-suggest",
                                  json={"character_description": "a baker", "vibe": "cozy morning"}, headers=alice)
    assert options.status_code == 200
    assert [o["title"] for o in options.json()["options"]] == [
        "A day in the life: cozy morning", "Problem, then payoff: cozy morning", "The discovery: cozy morning"]
    assert credits(live, alice) == 6900  # free
    sheet = live.client.post("/v1/character/sheet-generate", json={"description": "a friendly baker"},
                                headers=alice)
    assert sheet.status_code == 202 and sheet.json()["credits_deducted"] == 35
    board = live.client.post("/v1/character/storyboard-generate", json={"character_sheet_url": "x"},
                                headers=alice)
    assert board.status_code == 400


def test_a_plan_without_the_skill_is_403_plan_required_at_no_cost(live: Live) -> None:
    carol = live.key("carol")
    db = Database(live.config.store)
    with db.write() as conn:
        accounts.open_account(conn, "carol", plan="free", credits=500)
    r = live.client.post("/v1/skills/make_ugc/run", json=UGC, headers=carol)
    assert r.status_code == 403, r.text
    assert r.json()["error"]["code"] == "plan_required" and r.json()["error"]["type"] == "authentication_error"
    assert "payg or higher" in r.json()["error"]["message"]
    assert credits(live, carol) == 500 and live.client.get("/v1/videos", headers=carol).json()["total"] == 0
