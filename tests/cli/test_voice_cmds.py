"""say and voices from the command line."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from mediakit.cli.main import main
from mediakit.probe import probe
from mediakit.words import load_words


def test_voices_lists_seven_with_one_default() -> None:
    result = CliRunner().invoke(main, ["voices"])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 0 and len(lines) == 7
    assert sum("(default)" in line for line in lines) == 1


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
                        (["--tone", "sleepy"], "energetic"), (["--engine", "nope"], "espeak")):
        result = runner.invoke(main, ["say", "Hello there", "-o", str(tmp_path / "x.wav"), *args])
        assert result.exit_code == 2 and match in result.stderr, (args, result.stderr)
    empty = runner.invoke(main, ["say", "  ", "-o", str(tmp_path / "x.wav")])
    assert empty.exit_code == 2 and "script" in empty.stderr
    assert list(tmp_path.iterdir()) == []
