"""say and voices from the command line."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mediakit.cli.main import main
from mediakit.probe import probe
from mediakit.words import load_words


def test_voices_lists_seven_with_one_default() -> None:
    result = CliRunner().invoke(main, ["voices"])
    voices = [line for line in result.output.strip().splitlines() if not line.startswith(" ")]
    assert result.exit_code == 0 and len(voices) == 7
    assert sum("(default)" in line for line in voices) == 1
    assert result.output.count("licence: ") == 7 and "DNSMOS" in result.output


def test_voices_json_shows_engine_gender_licence_and_quality() -> None:
    result = CliRunner().invoke(main, ["voices", "--json"])
    listed = json.loads(result.output)
    assert result.exit_code == 0 and len(listed) == 7 and [v["default"] for v in listed].count(True) == 1
    for v in listed:
        assert v["engine"] in ("piper", "kokoro", "espeak") and v["gender"] in ("female", "male", "neutral")
        assert v["licence"] and set(v["quality"]) == {"wer", "dnsmos_ovrl"}
        if v["engine"] != "espeak":  # a neural voice is listed only when it passed issue 22's bar
            assert v["quality"]["wer"] <= 0.03 and v["quality"]["dnsmos_ovrl"] >= 3.2
        else:
            assert "no neural" in v["note"]
    assert listed[0]["engine"] != "espeak"  # the default voice is neural


def test_say_writes_audio_and_word_timings_without_tags(tmp_path: Path) -> None:
    out, words = tmp_path / "s.wav", tmp_path / "w.json"
    result = CliRunner().invoke(main, ["say", "[whispers] Meet mediakit, it renders 1455 videos.", "-o", str(out),
                                       "--tone", "calm", "--words-json", str(words)])
    assert result.exit_code == 0, result.output
    info = probe(out)
    assert info.audio is not None and info.duration_ms and info.duration_ms > 1000
    timed = load_words(words)
    assert [w.text for w in timed] == ["Meet", "mediakit,", "it", "renders", "1455", "videos."]
    assert all(a.end_ms <= b.start_ms + 1 for a, b in zip(timed, timed[1:], strict=False))


def test_say_rejects_bad_values_without_writing(tmp_path: Path) -> None:
    runner = CliRunner()
    for args, match in ((["--speed", "1.6"], "voice_speed"), (["--voice", "nobody"], "ava"),
                        (["--tone", "sleepy"], "energetic"), (["--engine", "nope"], "kokoro")):
        result = runner.invoke(main, ["say", "Hello there", "-o", str(tmp_path / "x.wav"), *args])
        assert result.exit_code == 2 and match in result.stderr, (args, result.stderr)
    empty = runner.invoke(main, ["say", "  ", "-o", str(tmp_path / "x.wav")])
    assert empty.exit_code == 2 and "script" in empty.stderr
    assert list(tmp_path.iterdir()) == []


def test_say_gives_the_voice_session_every_core(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-shot say has nothing else to run: its model session gets one thread per core, other callers one."""
    from mediakit.stages import voice
    from mediakit.stages.voice.shaping import session_threads

    seen: list[int] = []
    real = voice.synthesize

    def spy(*args: object, **kwargs: Any) -> voice.Speech:
        seen.append(session_threads())
        return real(*args, **{**kwargs, "engine": "espeak"})  # type: ignore[arg-type]

    monkeypatch.setattr(voice, "synthesize", spy)
    monkeypatch.setattr(os, "cpu_count", lambda: 6)
    result = CliRunner().invoke(main, ["say", "Hello there", "-o", str(tmp_path / "x.wav")])
    assert result.exit_code == 0, result.output
    assert seen == [6] and session_threads() == 1
