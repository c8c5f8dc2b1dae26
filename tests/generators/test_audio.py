"""The generic audio generator: voice-tts through the voice adapter, MP3 out, priced per character."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mediakit.errors import ValidationError
from mediakit.fetch import sniff
from mediakit.generation.registry import get_generator
from mediakit.generation.run import generate, plan_job
from mediakit.probe import probe


def parse_error(body: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        get_generator("audio").parse(body)
    return info.value


@pytest.mark.parametrize("body, field, rule", [
    ({}, "text", "is required"),
    ({"text": ""}, "text", "must be at least 1 characters"),
    ({"text": "[laughs] [pause]"}, "text", "has no words to speak (emotion tags are not spoken)"),
    ({"text": "x " * 1501}, "text", "must be at most 3000 characters"),
    ({"text": "hi", "speed": 0.6}, "speed", "must be at least 0.7"),
    ({"text": "hi", "speed": 1.6}, "speed", "must be at most 1.5"),
    ({"text": "hi", "voice": ""}, "voice", "must be at least 1 characters"),
    ({"text": "hi", "model": "voice-2"}, "model", "must be auto or a live audio model: voice-tts"),
    ({"text": "hi", "format": "wav"}, "format", "is not a field of this request"),
])
def test_parse_rules(body: dict[str, Any], field: str, rule: str) -> None:
    err = parse_error(body)
    assert err.field == field and rule in err.rule and err.status == 400


def test_an_unknown_voice_is_refused_before_any_work() -> None:
    with pytest.raises(ValidationError) as info:
        plan_job("audio", {"text": "hello there", "voice": "nobody-at-all"})
    assert info.value.field == "voice" and "ava, " in info.value.rule


def test_plan_metering_and_receipt() -> None:
    text = "[excited] This changed my mornings!"
    _, plan = plan_job("audio", {"text": text, "voice": "Leo"})
    assert plan.metered.to_dict() == {"operation": "audio", "model": "voice-tts", "mode": "text-to-speech",
                                      "auto_reason": "default audio model", "characters": len(text)}
    receipt = plan.receipt.to_dict()
    assert {k: receipt[k] for k in ("selected_voice", "voice_auto_detected", "word_count", "estimated_duration",
                                    "model", "mode")} == {
        "selected_voice": "leo", "voice_auto_detected": False, "word_count": 4, "estimated_duration": 2,
        "model": "voice-tts", "mode": "text-to-speech"}
    assert receipt["auto"] == {"model": "voice-tts", "reason": "default audio model"}
    assert "voice: leo spoken by espeak; espeak chosen over the voice's own kokoro" in receipt["notes"]  # suite: eSpeak
    _, default = plan_job("audio", {"text": "hello", "model": "voice-tts"})
    assert default.receipt.selected_voice == "leo" and default.receipt.auto is None


def duration(path: Path) -> int:
    info = probe(path)
    assert info.audio is not None and info.duration_ms is not None
    return info.duration_ms


@pytest.mark.slow
def test_speech_is_an_mp3_and_speed_and_tags_change_it(tmp_path: Path) -> None:
    line = "Mornings are easier now that the coffee is ready when I wake up."
    normal = generate("audio", {"text": line}, tmp_path / "normal.mp3")
    assert sniff(normal.output.read_bytes()[:16]) == ("audio", "mp3")
    receipt = json.loads((tmp_path / "normal.receipt.json").read_text())
    assert receipt["metered"]["characters"] == len(line)
    fast = generate("audio", {"text": line, "speed": 1.5}, tmp_path / "fast.mp3").output
    paused = generate("audio", {"text": line.replace("now", "[long pause] now")}, tmp_path / "pause.mp3").output
    base = duration(normal.output)
    assert 2000 < base < 8000
    assert duration(fast) < base * 0.8
    assert duration(paused) > base + 500  # the tag is honoured as silence, not read aloud


def test_speech_is_levelled_to_minus_14_lufs_under_minus_1_dbtp(tmp_path: Path) -> None:
    """An engine speaks at whatever level it likes (eSpeak: about -20 LUFS); the MP3 is at the platforms' level."""
    from mediakit.stages.mix import measure_loudness

    out = generate("audio", {"text": "Mornings are easier now that the coffee is ready."}, tmp_path / "s.mp3").output
    level = measure_loudness(out)
    assert abs(level.integrated + 14) <= 1 and (level.true_peak or 0) <= -1


@pytest.mark.slow
def test_a_raw_voice_id(tmp_path: Path) -> None:
    result = generate("audio", {"text": "Cheers, mate.", "voice": "en-gb+m3"}, tmp_path / "raw.mp3")
    assert result.receipt["selected_voice"] == "en-gb+m3" and duration(result.output) > 300
