from __future__ import annotations

import json
from pathlib import Path

import pytest
import sleepgen

from mediakit.errors import ValidationError
from runner.spec import SCHEMA_PATH, load_spec, schema

SCRIPT = "I tried this cold brew for a week and it changed my mornings, smooth and never bitter."


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "spec.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path) -> list[dict]:
    with pytest.raises(ValidationError) as err:
        load_spec(path)
    return err.value.details


def test_matrix_expands_with_readable_ids_and_defaults_fill_known_fields(tmp_path: Path):
    spec = load_spec(write(tmp_path, f"""
account: {{plan: starter, credits: 50}}
defaults: {{subtitle_style: none, style: karaoke}}
jobs:
  - id: launch
    generator: ugc_video
    input: {{target_duration: 10}}
    matrix:
      script: ["{SCRIPT}", "{SCRIPT} Grab yours."]
      actor_slug: [maya-chen, leo-park]
  - id: app
    generator: show_your_app
    input: {{app_screenshot_url: shot.png, script: "Five words in this script."}}
"""))
    assert [j.id for j in spec.jobs] == ["launch-script1-maya-chen", "launch-script1-leo-park",
                                         "launch-script2-maya-chen", "launch-script2-leo-park", "app"]
    first = spec.jobs[0]
    assert first.input["actor_slug"] == "maya-chen" and first.input["style"] == "karaoke"
    assert "subtitle_style" not in first.input  # ugc_video has no such field: defaults skip it
    assert spec.jobs[4].input["subtitle_style"] == "none"
    assert spec.jobs[4].input["app_screenshot_url"] == str(tmp_path / "shot.png")  # relative to the spec
    assert spec.account is not None and spec.account.plan == "starter" and spec.account.credits == 50


def test_every_problem_is_reported_at_once_with_its_line(tmp_path: Path):
    found = problems(write(tmp_path, """jobs:
  - id: a
    generator: ugc_video
    input:
      script: too short
  - id: b
    generator: nope
  - id: c
    generator: subtitle
    webhook_url: http://example.com/hook
    input: {video_url: v.mp4, colour: red}
  - id: a
    skill: make_subtitles
    input: {video_url: v.mp4}
"""))
    got = {(d["field"], d["line"]) for d in found}
    assert ("jobs[0].input.script", 5) in got
    assert ("jobs[1].generator", 7) in got
    assert ("jobs[2].webhook_url", 10) in got
    assert ("jobs[2].input.colour", 11) in got
    assert ("jobs[3].id", 12) in got  # a duplicate id
    assert all(d["file"].endswith("spec.yaml") for d in found)


def test_file_shape_errors_name_the_field(tmp_path: Path):
    found = problems(write(tmp_path, "jobs:\n  - id: x\n    generator: subtitle\n    skill: make_ugc\nextra: 1\n"))
    assert {d["field"] for d in found} == {"jobs[0]", "extra"}
    assert problems(write(tmp_path, "jobs: []\n"))[0]["field"] == "jobs"
    assert problems(write(tmp_path, "account: {plan: creator, credits: -5}\njobs: [{id: a, generator: subtitle}]\n"
                          ))[0]["field"] == "account.credits"


@pytest.mark.slow
@pytest.mark.parametrize(("content", "rule"), [
    (b"\x00\x01\x02binary", "binary"),
    (b"jobs:\n  - id: a\n    input: {script: 'unterminated\n", "not valid YAML"),
    (b"a: &a [x, x, x, x, x, x, x, x, x, x]\n" + b"".join(
        b"%c: &%c [" % (c, c) + b", ".join([b"*%c" % (c - 1)] * 10) + b"]\n" for c in range(ord("b"), ord("n"))),
     "aliases"),
    (b"jobs: " + b"[" * 5000, "nested"),
    (b"# " + b"x" * (1024 * 1024 + 10), "at most"),
    (b"\xff\xfe not utf8", "UTF-8"),
])
def test_hostile_files_are_clear_errors(tmp_path: Path, content: bytes, rule: str):
    path = tmp_path / "spec.yaml"
    path.write_bytes(content)
    with pytest.raises(ValidationError, match=rule):
        load_spec(path)


def test_a_matrix_may_not_explode(tmp_path: Path):
    values = ", ".join(str(i) for i in range(40))
    quoted = ", ".join(f"'c{i}'" for i in range(40))
    found = problems(write(tmp_path, f"jobs:\n  - id: a\n    generator: test_sleep\n"
                                     f"    matrix: {{seconds: [{values}], colour: [{quoted}]}}\n"))
    assert "at most 1000" in found[0]["rule"]


def test_published_schema_is_current():
    current = schema()
    enum = current["$defs"]["JobEntry"]["properties"]["generator"]["anyOf"][0]["enum"]
    enum.remove(sleepgen.NAME)  # registered by these tests, not by mediakit
    assert json.loads(SCHEMA_PATH.read_text(encoding="utf-8")) == current, (
        "runner/jobspec.schema.json is stale: python -c 'import json, runner.spec as s; "
        "open(s.SCHEMA_PATH, \"w\").write(json.dumps(s.schema(), indent=2) + \"\\n\")'")


def test_aspects_make_one_job_of_several_outputs_as_the_cli_does(tmp_path: Path):
    """`aspects:` is the CLI's `--aspects`: a list or a comma-separated string, bare `4:5` included (YAML 1.1
    would read it as 245); the job stays one job."""
    spec = load_spec(write(tmp_path, f"""
jobs:
  - id: ad
    generator: ugc_video
    input: {{script: "{SCRIPT}", target_duration: 10}}
    aspects: [9:16, 4:5, 1:1]
  - id: app
    generator: show_your_app
    input: {{app_screenshot_url: shot.png, script: "Five words in this script."}}
    aspects: "4:5,9:16"
  - id: plain
    generator: ugc_video
    input: {{script: "{SCRIPT}", target_duration: 10}}
"""))
    assert [(j.id, j.aspects) for j in spec.jobs] == [("ad", ("9:16", "4:5", "1:1")), ("app", ("4:5", "9:16")),
                                                      ("plain", ())]


def test_a_bad_aspect_is_refused_with_its_line_before_anything_runs(tmp_path: Path):
    found = problems(write(tmp_path, f"""jobs:
  - id: ad
    generator: ugc_video
    input: {{script: "{SCRIPT}", target_duration: 10}}
    aspects: [9:16, 3:2]
  - id: clip
    generator: video
    input: {{prompt: a lighthouse at dusk}}
    aspects: "9:16,4:5"
"""))
    by_field = {p["field"]: p for p in found}
    bad = by_field["jobs[0].aspects"]
    assert bad["line"] == 5 and "'3:2' is not one" in bad["rule"] and bad["rule"].startswith("must be a comma")
    assert "renders one aspect per job" in by_field["jobs[1].aspects"]["rule"]
