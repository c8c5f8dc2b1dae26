from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mediakit.cli.main import main

pytestmark = pytest.mark.slow


def test_list_and_schema() -> None:
    runner = CliRunner()
    listed = json.loads(runner.invoke(main, ["generate", "--list", "--json"]).output)
    assert "subtitle" in [g["id"] for g in listed["generators"]]
    schema = json.loads(runner.invoke(main, ["generate", "subtitle", "--schema"]).output)
    assert schema["title"] == "subtitle" and schema["required"] == ["video_url"]
    assert schema["additionalProperties"] is False and len(schema["properties"]["style"]["enum"]) == 17


def test_json_failures_print_the_spec_error_body_on_stdout(tmp_path: Path, tiny_video: Path) -> None:
    runner = CliRunner()
    request = tmp_path / "req.yaml"
    request.write_text(f"video_url: {tiny_video}\nstyle: fancy\nextra: 1\n")
    result = runner.invoke(main, ["generate", "subtitle", "-i", str(request), "-o", str(tmp_path / "o.mp4"),
                                  "--json"])
    assert result.exit_code == 2
    body = json.loads(result.stdout)
    assert body["error"]["code"] == "validation_error"
    assert [d["field"] for d in body["error"]["details"]] == ["style", "extra"]
    plain = runner.invoke(main, ["generate", "nope", "-o", str(tmp_path / "o.mp4")])
    assert plain.exit_code == 2 and plain.stderr.startswith("error: generator: must be one of")
    usage = runner.invoke(main, ["actors", "--limit", "abc", "--json"])
    assert usage.exit_code == 2 and json.loads(usage.stdout)["error"]["details"][0]["field"] == "limit"
    missing = runner.invoke(main, ["actors", "--slug", "maya-chex", "--json"])
    assert missing.exit_code == 2
    assert json.loads(missing.stdout)["error"] == {"code": "ACTOR_NOT_FOUND", "message": missing_message(missing),
                                                  "similar": ["maya-chen"]}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["req.yaml"]


def missing_message(result) -> str:  # type: ignore[no-untyped-def]
    return json.loads(result.stdout)["error"]["message"]


def test_generate_writes_output_receipt_sidecars_and_poster(tmp_path: Path, tiny_video: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "o.mp4"
    words = tmp_path / "words.json"
    words.write_text('[{"word": "Testing", "start": 0.1, "end": 0.6}, {"word": "one", "start": 0.7, "end": 1.0}]')
    result = runner.invoke(main, ["generate", "subtitle", "--set", f"video_url={tiny_video}", "--set", "style=bold",
                                  "--timings", str(words), "-o", str(out), "--json"])
    assert result.exit_code == 0, result.output
    receipt = json.loads(result.stdout)
    assert receipt["subtitle_style"] == "bold" and receipt["estimated_duration"] == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.mp4", "o.poster.png", "o.receipt.json", "o.srt",
                                                          "o.vtt", "o.words.json", "words.json"]
    assert "00:00:00,100 --> 00:00:00,700\nTesting\n" in (tmp_path / "o.srt").read_text()
    saved = json.loads((tmp_path / "o.receipt.json").read_text())
    assert saved["generator"] == "subtitle" and saved["metered"] == {"operation": "subtitle", "seconds": 2}


def test_the_footage_flag_is_footage_url_so_no_script_is_needed(tmp_path: Path, silent_video: Path) -> None:
    """--footage CLIP is --set footage_url=CLIP: with no script the clip itself is checked (and refused here, being
    silent), where a separate option left the request demanding a script."""
    result = CliRunner().invoke(main, ["generate", "ugc_video", "--footage", str(silent_video),
                                       "-o", str(tmp_path / "o.mp4"), "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["details"][0] == {
        "file": str(silent_video), "rule": "must have both a picture and a sound (the actor and their voice)",
        "field": "footage_url"}
    both = CliRunner().invoke(main, ["generate", "ugc_video", "--footage", str(silent_video), "--set",
                                     f"footage_url={silent_video}", "-o", str(tmp_path / "o.mp4"), "--json"])
    assert json.loads(both.stdout)["error"]["details"][0]["rule"] == "give --footage or footage_url, not both"
    elsewhere = CliRunner().invoke(main, ["generate", "subtitle", "--footage", str(silent_video),
                                          "-o", str(tmp_path / "o.mp4"), "--json"])
    assert json.loads(elsewhere.stdout)["error"]["details"][0] == {
        "field": "footage", "rule": "applies only to the talking routes (those that take footage_url)"}


def test_a_bad_aspect_is_one_line_naming_the_option(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["generate", "show_your_app", "--set", "app_screenshot_url=shot.png",
                                       "--set", "script=Look at this app.", "--aspects", "9:16,2:3",
                                       "-o", str(tmp_path / "ad.mp4")])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: aspects: must be a comma-separated "
                                                                       "list of 9:16, 4:5, 1:1 ('2:3' is not one)")
    as_json = CliRunner().invoke(main, ["generate", "show_your_app", "--aspects", "4:3", "--json",
                                        "-o", str(tmp_path / "ad.mp4")])
    assert json.loads(as_json.stdout)["error"]["details"][0]["field"] == "aspects"
    assert list(tmp_path.iterdir()) == []
