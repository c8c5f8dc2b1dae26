"""Whole batches through the local executor, with the ``test_sleep`` generator (quick, no video)."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import sleepgen
from patience import HANG_S, until
from PIL import Image

from mediakit.errors import MediakitError
from mediakit.generation.aspects import plan_aspects
from runner import jobs, ledger
from runner.batch import RunOptions, quote_spec, run_spec, spec_key
from runner.db import Database
from runner.pricing import quote_plan
from runner.spec import load_spec

LOCAL = "local"


def spec_file(tmp_path: Path, jobs_yaml: str, account: str = "{plan: creator, credits: 100}") -> Path:
    path = tmp_path / "batch.yaml"
    path.write_text(f"account: {account}\njobs:\n{jobs_yaml}", encoding="utf-8")
    return path


def options(tmp_path: Path, **kw: Any) -> RunOptions:
    return RunOptions(out=tmp_path / "out", store=tmp_path / "store",
                      executor_options={"imports": (sleepgen.__name__,)}, **kw)


def run(tmp_path: Path, path: Path, **kw: Any) -> tuple[Any, list[dict[str, Any]]]:
    events: list[dict[str, Any]] = []
    report = run_spec(load_spec(path), options(tmp_path, **kw), events.append)
    return report, events


def balance(tmp_path: Path) -> int:
    db = Database(tmp_path / "store")
    with db.write() as conn:
        return ledger.balance(conn, LOCAL).total


@pytest.mark.slow
def test_a_batch_renders_settles_and_reports(tmp_path: Path):
    path = spec_file(tmp_path, """  - {id: ok, generator: test_sleep, input: {seconds: 0.1}}
  - {id: breaks, generator: test_sleep, input: {fail: true}}
  - {id: unusable, generator: test_sleep, input: {bad_input: true}}
""")
    report, events = run(tmp_path, path)
    assert report.counts() == {"completed": 1, "failed": 2}
    out = tmp_path / "out"
    assert (out / "ok" / "ok.png").is_file()
    assert not (out / "breaks" / "breaks.png").exists() and not (out / ".staging").exists()
    rows = [json.loads(line) for line in (out / "manifest.jsonl").read_text().splitlines()]
    assert [(r["id"], r["status"], r["credits"]) for r in rows] == [("ok", "completed", 50), ("breaks", "failed", 0),
                                                                    ("unusable", "failed", 0)]
    assert rows[0]["output"] == "ok/ok.png" and "corrupt" in rows[1]["error_message"]
    status = json.loads((out / "ok" / "status.json").read_text())
    assert status["status"] == "completed" and status["video_url"].endswith("/out/ok/ok.png")
    assert (out / "index.html").is_file()
    # the plan's allowance and purchase, less the one job that completed
    assert balance(tmp_path) == 7_000_000 - 50_000
    kinds = [e["event"] for e in events]
    assert kinds.count("submitted") == 2 and kinds.count("completed") == 1 and kinds.count("failed") == 2


@pytest.mark.slow
def test_running_again_skips_completed_jobs_and_charges_nothing(tmp_path: Path):
    path = spec_file(tmp_path, "  - {id: a, generator: test_sleep, input: {seconds: 0.05}}\n")
    run(tmp_path, path)
    report, events = run(tmp_path, path)
    assert [e["event"] for e in events] == ["skipped"]
    assert report.counts() == {"completed": 1}
    assert balance(tmp_path) == 7_000_000 - 50_000


@pytest.mark.slow
def test_changed_inputs_make_a_new_job(tmp_path: Path):
    run(tmp_path, spec_file(tmp_path, "  - {id: a, generator: test_sleep, input: {colour: red}}\n"))
    _, events = run(tmp_path, spec_file(tmp_path, "  - {id: a, generator: test_sleep, input: {colour: blue}}\n"))
    assert [e["event"] for e in events] == ["submitted", "started", "completed"]
    assert balance(tmp_path) == 7_000_000 - 100_000


@pytest.mark.slow
def test_an_idempotency_key_reused_with_other_inputs_is_refused(tmp_path: Path):
    run(tmp_path, spec_file(tmp_path, "  - {id: a, generator: test_sleep, idempotency_key: k1}\n"))
    with pytest.raises(MediakitError, match="idempotency_key"):
        run(tmp_path, spec_file(tmp_path, "  - {id: a, generator: test_sleep, idempotency_key: k1, "
                                          "input: {colour: blue}}\n"))


@pytest.mark.slow
def test_a_batch_the_balance_cannot_pay_is_refused_whole(tmp_path: Path):
    many = "".join(f"  - {{id: j{i}, generator: test_sleep, input: {{seconds: 0}}}}\n" for i in range(3))
    path = spec_file(tmp_path, many, account="{plan: payg, credits: 120}")
    with pytest.raises(MediakitError) as err:
        run(tmp_path, path)
    assert err.value.status == 402
    assert err.value.to_dict() == {"error": "insufficient_credits", "error_description": err.value.message,
                                   "credits_required": 150, "credits_available": 120}
    assert balance(tmp_path) == 120_000  # nothing debited
    report, _ = run(tmp_path, path, keep_going=True)  # the rest runs; the job that cannot be paid fails, free
    assert report.counts() == {"completed": 2, "failed": 1}
    assert balance(tmp_path) == 20_000


@pytest.mark.slow
def test_the_plans_concurrency_limit_holds(tmp_path: Path):
    path = spec_file(tmp_path, "".join(f"  - {{id: j{i}, generator: test_sleep, input: {{seconds: 0.3}}}}\n"
                                       for i in range(3)), account="{plan: free, credits: 500}")
    _, events = run(tmp_path, path, workers=4)
    order = [(e["event"], e["id"]) for e in events if e["event"] in ("started", "completed")]
    assert order == [("started", "j0"), ("completed", "j0"), ("started", "j1"), ("completed", "j1"),
                     ("started", "j2"), ("completed", "j2")]


@pytest.mark.slow
def test_cancel_stops_a_running_render_refunds_and_leaves_no_file(tmp_path: Path):
    path = spec_file(tmp_path, f"  - {{id: long, generator: test_sleep, input: {{seconds: {2 * HANG_S}}}}}\n")
    result: dict[str, Any] = {}
    worker = threading.Thread(target=lambda: result.update(report=run(tmp_path, path)[0]))
    worker.start()
    db = Database(tmp_path / "store")

    def processing() -> list[jobs.Job]:
        return jobs.list_jobs(db, LOCAL, status="processing")[0] if (tmp_path / "store").exists() else []

    [job] = until(processing, "the job did not start")
    answer = jobs.cancel(db, LOCAL, job.id)
    worker.join(HANG_S)
    assert not worker.is_alive()  # stopped, not waited out: the render sleeps twice as long as the join waits
    assert answer["credits_refunded"] == 50
    assert result["report"].counts() == {"canceled": 1}
    assert not list((tmp_path / "out").rglob("*.png"))
    assert balance(tmp_path) == 7_000_000


def test_quote_prices_without_debiting(tmp_path: Path):
    path = spec_file(tmp_path, "  - {id: a, generator: test_sleep}\n  - {id: b, generator: test_sleep}\n",
                     account="{plan: payg, credits: 60}")
    quote = quote_spec(load_spec(path), options(tmp_path))
    assert [(j["id"], j["credits"]) for j in quote["jobs"]] == [("a", 50), ("b", 50)]
    assert quote["credits"] == 100 and quote["available"] == 60 and quote["sufficient"] is False
    assert not (tmp_path / "store").exists()


@pytest.mark.slow
def test_a_failure_is_recorded_as_the_runner_shows_it(tmp_path: Path):
    """The server's worker keeps host paths out of a failed job's record (its clients and webhooks read it)."""
    from runner.redact import HIDDEN, public

    def with_a_host_path(exc: MediakitError) -> MediakitError:
        return public(exc.reworded(f"{exc.message} (see /srv/mediakit/store/outputs/job-1/log.txt)", exc.details))

    path = spec_file(tmp_path, "  - {id: breaks, generator: test_sleep, input: {fail: true}}\n")
    run(tmp_path, path, shown=with_a_host_path)
    (job,), _ = jobs.list_jobs(Database(tmp_path / "store"), LOCAL)
    assert job.error_message is not None and "corrupt" in job.error_message
    assert job.error_message.endswith(f"(see {HIDDEN})") and "/srv/" not in job.error_message


def test_a_job_of_several_aspects_is_priced_as_the_cli_prices_it(tmp_path: Path):
    """One render per aspect, as `mediakit generate --aspects` quotes it; a job's aspects are part of its identity
    (the same inputs in other aspects are another job)."""

    Image.new("RGB", (300, 600), "#224466").save(tmp_path / "shot.png")
    body = '{app_screenshot_url: shot.png, script: "Five words in this script.", actor_slug: maya-chen}'
    path = spec_file(tmp_path, f"  - {{id: one, generator: show_your_app, input: {body}}}\n"
                               f"  - {{id: three, generator: show_your_app, input: {body},\n"
                               f"      aspects: [9:16, 4:5, 1:1]}}\n")
    spec = load_spec(path)
    quote = {j["id"]: j["credits"] for j in quote_spec(spec, options(tmp_path))["jobs"]}
    _, cli = plan_aspects("show_your_app", spec.jobs[1].input, "9:16,4:5,1:1")
    assert quote["three"] == quote_plan(cli.plan).credits == 3 * quote["one"]
    assert spec_key("b", replace(spec.jobs[1], id="one")) != spec_key("b", spec.jobs[0])
