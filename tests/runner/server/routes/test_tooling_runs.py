"""Tool runs over HTTP: start one, read its server-sent event stream to the end, and the polling fallback."""

from __future__ import annotations

import json
from typing import Any

import pytest
from patience import HANG_S
from serving import Live, credits, sleepgen

pytestmark = pytest.mark.slow

RUNS = "/v1/tooling/runs"


def read_events(live: Live, url: str, headers: dict[str, str]) -> list[tuple[str, dict[str, Any]]]:
    """Every event of a stream, read as it arrives (the stream ends by itself after ``done``)."""
    events: list[tuple[str, dict[str, Any]]] = []
    with live.client.stream("GET", url, headers=headers, timeout=HANG_S) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        name = None
        for line in r.iter_lines():
            if line.startswith("event: "):
                name = line[len("event: "):]
            elif line.startswith("data: "):
                assert name is not None
                events.append((name, json.loads(line[len("data: "):])))
    return events


def test_a_run_streams_status_progress_and_done(working: Live) -> None:
    alice = working.key("alice")
    r = working.client.post(RUNS, json={"tool": sleepgen.NAME, "input": {"seconds": 1.5}}, headers=alice)
    assert r.status_code == 202, r.text
    run = r.json()
    assert run["status"] == "queued" and run["credits_deducted"] == 50
    assert run["status_url"] == f"{working.url}{RUNS}/{run['run_id']}"
    assert run["stream_url"] == f"{working.url}{RUNS}/{run['run_id']}/stream"
    events = read_events(working, run["stream_url"], alice)
    names = [name for name, _ in events]
    assert names[0] == "status" and names[-1] == "done" and names.count("done") == 1
    statuses = [data["status"] for name, data in events if name == "status"]
    assert statuses[-1] == "succeeded" and "running" in statuses
    fractions = [data["progress"] for name, data in events if name == "progress"]
    assert len(fractions) >= 3 and fractions == sorted(fractions) and fractions[-1] == 1.0
    assert any(0 < f < 1 for f in fractions)  # seen while rendering, not only at the start and the end
    done = events[-1][1]
    assert done == working.client.get(run["status_url"], headers=alice).json()  # the fallback reads the same
    assert done["status"] == "succeeded" and done["tool"] == sleepgen.NAME and done["error"] is None
    assert done["output_url"].startswith(working.url + "/v1/files/")
    assert credits(working, alice) == 6900 - 50


def test_a_failed_run_streams_its_error_and_is_refunded(working: Live) -> None:
    alice = working.key("alice")
    run = working.client.post(RUNS, json={"tool": sleepgen.NAME, "input": {"seconds": 0.2, "fail": True},
                                          "idempotency_key": "f-1"}, headers=alice).json()
    events = read_events(working, run["stream_url"], alice)
    done = events[-1]
    assert done[0] == "done" and done[1]["status"] == "failed"
    assert done[1]["error"]["message"].endswith("turned out to be corrupt at render time")
    assert done[1]["output_url"] is None
    again = working.client.post(RUNS, json={"tool": sleepgen.NAME, "input": {"seconds": 0.2, "fail": True},
                                            "idempotency_key": "f-1"}, headers=alice)
    assert again.json()["run_id"] == run["run_id"]  # replayed, not run twice
    assert credits(working, alice) == 6900  # refunded


def test_refusals_and_isolation(live: Live) -> None:
    alice, bob = live.key("alice"), live.key("bob")
    assert live.client.post(RUNS, json={"tool": sleepgen.NAME}).status_code == 401
    unknown = live.client.post(RUNS, json={"tool": "no_such_tool", "input": {}}, headers=alice)
    assert unknown.status_code == 400 and unknown.json()["error"]["details"][0]["field"] == "tool"
    bad = live.client.post(RUNS, json={"tool": "subtitle", "input": {"style": "bold"}}, headers=alice)
    assert bad.status_code == 400 and bad.json()["error"]["details"][0]["field"] == "video_url"
    extra = live.client.post(RUNS, json={"tool": sleepgen.NAME, "inputs": {}}, headers=alice)
    assert extra.status_code == 400
    run = live.client.post(RUNS, json={"tool": sleepgen.NAME}, headers=alice).json()
    state = live.client.get(run["status_url"], headers=alice).json()
    assert state["status"] == "queued" and state["progress"] == 0 and state["output_url"] is None
    assert live.client.get(run["status_url"], headers=bob).status_code == 404
    assert live.client.get(run["stream_url"], headers=bob).status_code == 404
    assert live.client.get(f"{RUNS}/nope/stream", headers=alice).json()["error"]["code"] == "job_not_found"
