"""The seven named voices and how a request's voice is chosen."""

from __future__ import annotations

import pytest

from mediakit.errors import ValidationError
from mediakit.stages.voice import default_voice, list_voices, resolve_voice, voice_names


def test_seven_named_voices_with_one_default_first() -> None:
    voices = list_voices()
    assert len(voices) == 7
    assert voices[0] == default_voice()
    assert {v.gender for v in voices} == {"female", "male", "neutral"}
    for v in voices:
        assert v.description and v.settings("espeak")["voice"] and v.settings("piper")["model"]


def test_explicit_voice_wins_over_the_actor() -> None:
    voice, selected, auto = resolve_voice("Leo", actor_voice_id="zoe")
    assert (voice.name, selected, auto) == ("leo", "leo", False)


def test_actor_voice_is_auto_detected() -> None:
    voice, selected, auto = resolve_voice(None, actor_voice_id="zoe")
    assert (voice.name, selected, auto) == ("zoe", "zoe", True)


def test_default_voice_without_voice_or_actor() -> None:
    voice, selected, auto = resolve_voice(None)
    assert voice == default_voice() and selected == default_voice().name and auto is False


def test_raw_espeak_voice_ids_pass_through() -> None:
    voice, selected, _ = resolve_voice("en-gb+m3")
    assert voice.raw and selected == "en-gb+m3" and voice.gender == "male"
    assert voice.settings("espeak") == {"voice": "en-gb+m3"}
    assert resolve_voice("EN-US+Annie")[0].raw and resolve_voice("fr")[0].gender == "neutral"


@pytest.mark.parametrize("bad", ["robot9000", "en-us+nosuchvariant", "", "x" * 101])
def test_unknown_voice_lists_the_named_voices(bad: str) -> None:
    with pytest.raises(ValidationError) as err:
        resolve_voice(bad)
    assert err.value.field == "voice"
    for name in voice_names():
        assert name in str(err.value)


def test_unknown_actor_voice_names_the_actor_field() -> None:
    with pytest.raises(ValidationError) as err:
        resolve_voice(None, actor_voice_id="nobody")
    assert err.value.field == "actor.voice_id"
