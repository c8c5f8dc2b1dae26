"""Engines and translators plug in by name, by register_*() or by entry point."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from mediakit.errors import EngineError, ValidationError
from mediakit.stages.voice import (
    Speech,
    Translator,
    Voice,
    VoiceEngine,
    default_voice,
    engine_names,
    get_engine,
    get_voice,
    list_voices,
    prepare,
    register_engine,
    register_translator,
    speaker_note,
    synthesize,
)
from mediakit.stages.voice.base import ENGINES
from mediakit.stages.voice.delivery import spoken_words
from mediakit.stages.voice.translate import TRANSLATORS
from mediakit.words import Word


class CountingEngine(VoiceEngine):
    """Stands in for e.g. an HTTP TTS service: one silent 100 ms slot per word."""

    name = "counting"
    description = "test engine"
    calls: list[str] = []

    def perform(self, text: str, voice: Voice, *, speed: float = 1.0, tone: str | None = None,
                language: str | None = None) -> Speech:
        CountingEngine.calls.append(text)
        words = tuple(Word(w, i * 100, i * 100 + 90) for i, w in enumerate(spoken_words(text)))
        return Speech(np.zeros(len(words) * 1600, np.float32), 16000, words, (), self.name)


class UpperTranslator(Translator):
    name = "upper"
    calls: list[str] = []

    def translate(self, text: str, target: str) -> str:
        UpperTranslator.calls.append(target)
        return text.upper()


@pytest.fixture
def counting() -> CountingEngine:
    register_engine("counting", CountingEngine)
    CountingEngine.calls.clear()
    yield get_engine("counting")
    ENGINES.unregister("counting")


@pytest.fixture
def translator(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDIAKIT_TRANSLATOR", raising=False)
    register_translator("upper", UpperTranslator)
    UpperTranslator.calls.clear()
    yield
    TRANSLATORS.unregister("upper")


def test_builtin_engines_are_listed() -> None:
    assert {"espeak", "piper", "kokoro"} <= set(engine_names())
    assert "formant" in get_engine("espeak").description


def test_unknown_engine_lists_valid_names() -> None:
    with pytest.raises(ValidationError) as err:
        synthesize("Hello there.", engine="festival")
    assert err.value.field == "engine"
    assert "espeak" in str(err.value) and "piper" in str(err.value)


def test_registered_engine_speaks_with_receipt_fields(counting: CountingEngine) -> None:
    speech = synthesize("[excited] Hi there, friend.", engine="counting", actor_voice_id="mia")
    assert [w.text for w in speech.words] == ["Hi", "there,", "friend."]
    assert (speech.selected_voice, speech.voice_auto_detected) == ("mia", True)


def test_engine_with_wrong_words_is_an_engine_error(counting: CountingEngine,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    bad = Speech(np.zeros(10, np.float32), 16000, (Word("hi", 0, 1),), (), "counting")
    monkeypatch.setattr(CountingEngine, "perform", lambda self, *a, **k: bad)
    with pytest.raises(EngineError, match="not the script's 2 words"):
        synthesize("Hello there.", engine="counting")


def test_entry_point_engine_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "acme_tts.py").write_text(
        "import numpy as np\n"
        "from mediakit.words import Word\n"
        "from mediakit.stages.voice import Speech, VoiceEngine, spoken_words\n"
        "class Acme(VoiceEngine):\n"
        "    name = description = 'acme'\n"
        "    def perform(self, text, voice, *, speed=1.0, tone=None, language=None):\n"
        "        words = tuple(Word(w, i, i + 1) for i, w in enumerate(spoken_words(text)))\n"
        "        return Speech(np.zeros(160, np.float32), 16000, words, (), self.name)\n")
    dist = tmp_path / "acme_tts-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-tts\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[mediakit.voice_engines]\nacme = acme_tts:Acme\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert "acme" in engine_names()
        speech = synthesize("Plug and play.", engine="acme")
        assert speech.engine == "acme" and len(speech.words) == 3
    finally:
        ENGINES._instances.pop("acme", None)
        sys.modules.pop("acme_tts", None)


def test_dub_without_translator_fails_before_synthesis(counting: CountingEngine,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDIAKIT_TRANSLATOR", raising=False)
    with pytest.raises(EngineError, match="dub_language 'es' needs a translator engine; none is configured"):
        synthesize("Hello there.", engine="counting", dub_language="es")
    assert CountingEngine.calls == []


@pytest.mark.parametrize("bad", ["spanish-language", "e", "es_ES", "", 7])
def test_dub_language_must_be_bcp47(bad: object) -> None:
    with pytest.raises(ValidationError) as err:
        synthesize("Hello there.", dub_language=bad)  # type: ignore[arg-type]
    assert err.value.field == "dub_language"


def test_dub_speaks_the_translation(counting: CountingEngine, translator: None) -> None:
    speech = synthesize("[laughs] Hello there.", engine="counting", dub_language="pt-BR")
    assert CountingEngine.calls == ["[LAUGHS] HELLO THERE."]
    assert [w.text for w in speech.words] == ["HELLO", "THERE."]


def test_dub_with_espeak_switches_language(translator: None) -> None:
    speech = synthesize("Hola amigos.", dub_language="es")
    assert [w.text for w in speech.words] == ["HOLA", "AMIGOS."]


def test_dub_into_a_language_the_engine_lacks_fails_before_translating(translator: None) -> None:
    with pytest.raises(EngineError, match="cannot speak language 'tlh'"):
        synthesize("Hello there.", dub_language="tlh")
    assert UpperTranslator.calls == []


@pytest.mark.usefixtures("own_engines")
def test_each_named_voice_is_spoken_by_its_own_engine() -> None:
    for voice in list_voices():
        request = prepare("Hello there.", voice=voice.name)
        assert request.engine == voice.engine and f"spoken by {voice.engine}" in request.note
    assert default_voice().engine == "kokoro"


@pytest.mark.usefixtures("own_engines")
def test_engine_argument_and_environment_override_the_voices_own(monkeypatch: pytest.MonkeyPatch) -> None:
    forced = prepare("Hello there.", voice="leo", engine="espeak")
    assert forced.engine == "espeak" and "espeak chosen over the voice's own kokoro" in forced.note
    monkeypatch.setenv("MEDIAKIT_VOICE_ENGINE", "piper")
    assert prepare("Hello there.", voice="leo").engine == "piper"
    monkeypatch.setenv("MEDIAKIT_VOICE_ENGINE", "festival")
    with pytest.raises(ValidationError, match="festival"):
        prepare("Hello there.", voice="leo")


@pytest.mark.usefixtures("own_engines", "translator")
def test_a_dub_language_the_neural_voice_lacks_is_spoken_by_espeak() -> None:
    request = prepare("Hello there.", voice="leo", dub_language="es")
    assert request.engine == "espeak" and "kokoro does not speak es, so espeak does" in request.note
    with pytest.raises(EngineError, match="not dub_language 'es'"):  # an explicit engine is not replaced
        prepare("Hello there.", voice="leo", dub_language="es", engine="kokoro")


@pytest.mark.parametrize(("raw", "engine"), [("en-gb+m3", "espeak"), ("jm_kumo", "kokoro"),
                                             ("en_US-joe-medium", "piper")])
def test_a_raw_voice_id_is_spoken_by_the_engine_that_knows_it(raw: str, engine: str) -> None:
    voice = get_voice(raw)
    assert voice.raw and voice.engine == engine and voice.licence


def test_a_voice_kept_on_espeak_says_why_in_the_receipt() -> None:
    kept = Voice("ava", "female", "", {"espeak": {"voice": "en-us+f5"}}, engine="espeak", licence="GPL-3.0",
                 note="no neural female voice passed the quality bar")
    assert speaker_note("ava", kept, "espeak") == (
        "voice: ava spoken by espeak (licence: GPL-3.0); no neural female voice passed the quality bar")
