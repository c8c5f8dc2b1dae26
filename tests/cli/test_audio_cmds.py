"""pace, music and mix from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mediakit.cli.main import main
from mediakit.probe import probe


def test_pace_json_receipt() -> None:
    result = CliRunner().invoke(main, ["pace", " ".join(["word"] * 20), "--duration", "5", "--json"])
    assert result.exit_code == 0, result.output
    receipt = json.loads(result.output)
    assert receipt["word_count"] == 20 and receipt["estimated_duration"] == 10
    assert receipt["max_words"] == 25 and receipt["pacing_warning"]


def test_pace_rejects_over_37_words() -> None:
    result = CliRunner().invoke(main, ["pace", " ".join(["word"] * 38)])
    assert result.exit_code == 2 and result.stderr.startswith("error: script:")


@pytest.mark.slow
def test_music_writes_a_bed_and_rejects_unknown_mood(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "bed.wav"
    assert runner.invoke(main, ["music", "chill", "--seconds", "2", "-o", str(out)]).exit_code == 0
    info = probe(out)
    assert info.audio is not None and info.audio.channels == 2 and info.duration_ms == 2000
    bad = runner.invoke(main, ["music", "sad", "--seconds", "2", "-o", str(tmp_path / "x.wav")])
    assert bad.exit_code == 2 and "chill" in bad.stderr and not (tmp_path / "x.wav").exists()


@pytest.mark.slow
def test_mix_reports_loudness(real: Path, tmp_path: Path) -> None:
    out = tmp_path / "mix.wav"
    result = CliRunner().invoke(main, ["mix", str(real / "pocketsphinx-goforward" / "goforward.wav"),
                                       "--music", "upbeat", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "LUFS" in result.output and out.exists()
    missing = CliRunner().invoke(main, ["mix", str(real / "goforward.wav"), "--music", "upbeat",
                                        "-o", str(tmp_path / "m2.wav")])
    assert missing.exit_code == 2 and "does not exist" in missing.stderr
