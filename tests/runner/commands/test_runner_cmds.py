"""``mediakit run|quote|jobs|account|rate``: what a user types, what they read, and the exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from mediakit.cli.main import main
from runner import accounts, jobs
from runner.db import Database

SPEC = """account: {plan: starter, credits: 10}
jobs:
  - {id: hello, generator: audio, input: {text: "Hello from the batch runner."}}
"""


def cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_schema_is_printed(tmp_path: Path):
    code, out, _ = cli("run", "--schema")
    assert code == 0 and json.loads(out)["title"] == "mediakit job spec"


@pytest.mark.slow
def test_a_bad_spec_lists_every_problem_and_runs_nothing(tmp_path: Path):
    spec = tmp_path / "bad.yaml"
    spec.write_text("jobs:\n  - {id: a, generator: nope}\n  - {id: b, generator: audio, input: {tone: 3}}\n")
    code, out, err = cli("run", str(spec), "--store", str(tmp_path / "st"))
    assert code == 2 and out == ""
    assert "jobs[0].generator" in err and f"{spec}:3: jobs[1].input.tone" in err and "Traceback" not in err
    code, out, _ = cli("run", str(spec), "--store", str(tmp_path / "st"), "--json")
    body = json.loads(out)
    assert code == 2 and body["error"]["code"] == "validation_error"
    assert sorted((d["field"], d["line"]) for d in body["error"]["details"]) == [
        ("jobs[0].generator", 2), ("jobs[1].input.text", 3), ("jobs[1].input.tone", 3)]
    assert not (tmp_path / "st").exists()


@pytest.mark.slow
def test_dry_run_quotes_without_a_store(tmp_path: Path):
    spec = tmp_path / "b.yaml"
    spec.write_text(SPEC)
    code, out, _ = cli("run", str(spec), "--dry-run", "--json", "--store", str(tmp_path / "st"))
    quote = json.loads(out)
    assert code == 0 and quote["jobs"][0]["id"] == "hello"
    assert quote["available"] == 3910 and quote["sufficient"] is True
    assert not (tmp_path / "st").exists()
    code, out, _ = cli("quote", str(spec), "--json", "--store", str(tmp_path / "st"))
    assert code == 0 and json.loads(out)["credits"] == quote["credits"]


@pytest.mark.slow
def test_quote_one_request(tmp_path: Path):
    code, out, _ = cli("quote", "subtitle", "--set", "video_url=" + str(Path("samples/jfk.mp4").resolve()), "--json")
    assert code == 0 and json.loads(out)["credits"] == 50
    code, out, _ = cli("quote", "ugc_video", "--set", "script=short", "--json")
    assert code == 2 and json.loads(out)["error"]["details"][0]["field"] == "script"


def _store_with_job(tmp_path: Path) -> tuple[Path, str]:
    store = tmp_path / "st"
    db = Database(store)
    with db.write() as conn:
        accounts.open_account(conn, "local", plan="payg", credits=500)
    job, _ = jobs.submit(db, "local", jobs.Submission(generator="subtitle", input={"video_url": "a.mp4"},
                                                      credits=50, quote={}, receipt={}))
    return store, job.id


@pytest.mark.slow
def test_jobs_commands(tmp_path: Path):
    store, job_id = _store_with_job(tmp_path)
    s = ("--store", str(store))
    code, out, _ = cli("jobs", "list", *s, "--json")
    listed = json.loads(out)
    assert code == 0 and listed["total"] == 1 and listed["jobs"][0]["job_id"] == job_id
    code, out, _ = cli("jobs", "show", job_id, *s, "--legacy")
    assert code == 0 and json.loads(out)["operation"] == "subtitle"
    code, out, _ = cli("jobs", "cancel", job_id, *s, "--json")
    assert code == 0 and json.loads(out) == {"canceled": True, "jobId": job_id, "credits_refunded": 50,
                                             "refund_pending": False}
    code, out, _ = cli("jobs", "cancel", job_id, *s, "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "cannot_cancel"
    assert cli("jobs", "delete", job_id, *s)[0] == 0
    code, out, _ = cli("jobs", "show", job_id, *s, "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "job_not_found"
    assert cli("jobs", "restore", job_id, *s)[0] == 0
    assert cli("jobs", "list", *s, "--limit", "500")[0] == 2
    code, out, _ = cli("rate", job_id, "--score", "5", *s, "--json")
    assert code == 0 and json.loads(out)["score"] == 5


@pytest.mark.slow
def test_account_commands(tmp_path: Path):
    store, _ = _store_with_job(tmp_path)
    s = ("--store", str(store))
    code, out, _ = cli("account", *s, "--json")
    data = json.loads(out)
    assert code == 0 and data["plan"]["tier"] == "payg"
    assert data["credits"] == {"monthly_remaining": 0, "monthly_allowance": 0, "purchased": 450, "total": 450}
    assert cli("account", *s, "add-credits", "100")[0] == 0
    assert cli("account", *s, "plan", "starter")[0] == 0
    data = json.loads(cli("account", *s, "--json")[1])
    assert data["plan"]["tier"] == "starter" and data["credits"]["total"] == 3900 + 550
    assert data["limits"]["max_video_duration"] == 10
    code, out, _ = cli("account", *s, "usage", "--period", "7d")
    usage = json.loads(out)
    assert code == 0 and usage["summary"]["total_jobs"] == 1 and usage["summary"]["credits_used"] == 50
    assert cli("account", *s, "usage", "--period", "1y")[0] == 2


@pytest.mark.slow
def test_a_footage_job_in_a_spec_is_quoted_by_its_clip_and_a_long_clip_costs_nothing(tmp_path: Path, real: Path,
                                                                                      long_clip: Path):
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    spec = tmp_path / "footage.yaml"
    spec.write_text(f"jobs:\n  - {{id: mine, generator: ugc_video, input: {{footage_url: '{grid}'}}}}\n"
                    f"  - {{id: long, generator: ugc_video, input: {{footage_url: '{long_clip}'}}}}\n")
    code, out, _ = cli("run", str(spec), "--dry-run", "--json", "--store", str(tmp_path / "st"))
    mine, long = json.loads(out)["jobs"]
    assert code == 0 and mine["breakdown"][0]["item"].startswith("5 s video"), mine  # the clip picked 5 s
    assert long["error"]["details"] == [{"field": "footage_url", "rule": "must last at most 15 s"}], long
    spec.write_text(f"jobs:\n  - {{id: long, generator: ugc_video, input: {{footage_url: '{long_clip}'}}}}\n")
    code, out, _ = cli("run", str(spec), "--json", "--store", str(tmp_path / "st"), "--out", str(tmp_path / "out"))
    failed = json.loads(out.splitlines()[0])
    assert code == 1 and failed["status"] == "failed" and failed["credits"] == 0, failed
    assert failed["error_message"].startswith("footage_url: must last at most 15 s"), failed


def test_footage_jobs_of_the_phone_laptop_and_product_routes_are_quoted_by_their_clip(tmp_path: Path, real: Path,
                                                                                     long_clip: Path) -> None:
    grid = real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"
    screen = tmp_path / "screen.png"
    Image.new("RGB", (360, 780), (246, 247, 251)).save(screen)
    spec = tmp_path / "footage.yaml"
    spec.write_text("jobs:\n"
                    f"  - {{id: app, generator: show_your_app, input: {{app_screenshot_url: '{screen}', "
                    f"footage_url: '{grid}'}}}}\n"
                    f"  - {{id: laptop, generator: laptop_ugc, input: {{app_screen_image_url: '{screen}', "
                    f"footage_url: '{grid}'}}}}\n"
                    f"  - {{id: product, generator: product_acting_ugc, input: {{product_image_url: '{screen}', "
                    f"footage_url: '{long_clip}'}}}}\n")
    code, out, _ = cli("run", str(spec), "--dry-run", "--json", "--store", str(tmp_path / "st"))
    app, laptop, product = json.loads(out)["jobs"]
    assert (app["credits"], laptop["credits"]) == (75, 200), (app, laptop)   # the spec's flat prices
    assert product["error"]["details"] == [{"field": "footage_url", "rule": "must last at most 15 s"}], product
    spec.write_text(f"jobs:\n  - {{id: product, generator: product_acting_ugc, input: {{product_image_url: "
                    f"'{screen}', footage_url: '{grid}'}}}}\n")
    code, out, _ = cli("run", str(spec), "--dry-run", "--json", "--store", str(tmp_path / "st"))
    (product,) = json.loads(out)["jobs"]
    assert code == 0 and product["breakdown"][0]["item"].startswith("5 s"), product   # priced per second: the clip's
