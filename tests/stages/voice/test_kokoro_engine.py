"""The Kokoro engine: the model from the wheels, words as written and timings from its own durations."""

from __future__ import annotations

import threading
from itertools import pairwise

import numpy as np
import pytest

from mediakit.errors import EngineError
from mediakit.speech.align import align
from mediakit.stages.voice import Speech, Voice, get_engine, kokoro_engine, synthesize

LINE = "Honestly? This blender is worth every cent: $40, 5 speeds & no mess."


@pytest.fixture(scope="module")
def kokoro_speech() -> Speech:
    return synthesize(f"[excited] {LINE} [laughs]", engine="kokoro", voice="noah")


@pytest.mark.slow
def test_kokoro_words_are_the_script_as_written(kokoro_speech: Speech) -> None:
    words = kokoro_speech.words
    assert [w.text for w in words] == LINE.split()
    for a, b in pairwise(words):
        assert a.start_ms < b.start_ms and a.end_ms <= b.start_ms
    assert words[-1].end_ms <= kokoro_speech.duration_ms
    assert kokoro_speech.engine == "kokoro" and kokoro_speech.sample_rate == 24000


@pytest.mark.slow
def test_kokoro_phonemes_are_ipa_inside_their_words(kokoro_speech: Speech) -> None:
    phonemes = kokoro_speech.phonemes
    assert all(p.phoneme.isalpha() or "ː" in p.phoneme for p in phonemes)
    assert all(0 <= p.start_ms < p.end_ms <= kokoro_speech.duration_ms for p in phonemes)
    blender = next(w for w in kokoro_speech.words if w.text == "blender")
    assert [p.phoneme for p in phonemes if blender.start_ms <= p.start_ms < blender.end_ms][0] == "b"


@pytest.mark.slow
@pytest.mark.usefixtures("own_engines")
def test_default_voice_word_starts_match_forced_alignment() -> None:
    """Captions and visemes land with the voice: the model's sound leads its durations (LEAD_FRAMES)."""
    speech = synthesize("Honestly, this blender is worth every cent and it cleans itself in seconds.")
    assert speech.engine == "kokoro"
    aligned = align(speech.resampled(16000), speech.text)
    assert aligned.matches, aligned.problem
    errors = [w.start_ms - a.start_ms for w, a in zip(speech.words, aligned.words, strict=True)]
    assert np.median(np.abs(errors)) < 40, f"start errors (ms): {errors}"
    assert abs(np.median(errors)) < 40, f"start errors (ms): {errors}"


@pytest.mark.slow
def test_the_model_is_joined_checked_and_cached_with_its_durations() -> None:
    import onnx

    path = kokoro_engine.model_path()
    assert path == kokoro_engine.model_path()  # made once, then found in the cache
    outputs = [o.name for o in onnx.load(str(path), load_external_data=False).graph.output]
    assert outputs[-1] == "duration"


@pytest.mark.slow
def test_the_session_runs_the_cached_optimised_model_without_optimising_again() -> None:
    import onnxruntime as rt

    path = kokoro_engine.optimised_model_path()
    assert path == kokoro_engine.optimised_model_path() and path != kokoro_engine.model_path()
    kokoro_engine._LOADING.clear()
    session, tokenizer = kokoro_engine._session_loading(2).result(), kokoro_engine._tokenizer()
    options = session.get_session_options()
    assert options.graph_optimization_level == rt.GraphOptimizationLevel.ORT_DISABLE_ALL
    assert options.intra_op_num_threads == 2
    ids = [tokenizer.vocab[c] for c in tokenizer.phonemize("Hi there.", "en-us")]
    feed = {"tokens": np.array([[0, *ids, 0]], dtype=np.int64), "style": kokoro_engine._style({}, len(ids)),
            "speed": np.array([1.0], dtype=np.float32)}
    plain = rt.InferenceSession(str(kokoro_engine.model_path()), providers=["CPUExecutionProvider"])
    for ours, theirs in zip(session.run(None, feed), plain.run(None, feed), strict=True):
        assert np.allclose(ours, theirs, atol=1e-4)


def test_the_session_loads_beside_the_caller_in_its_context_and_a_failed_load_is_tried_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The session is made on a thread of its own (the phonemiser starts meanwhile), with the caller's settings."""
    from contextvars import ContextVar

    setting: ContextVar[str] = ContextVar("setting", default="unset")
    made: list[tuple[int, str, str]] = []

    def make(threads: int) -> str:
        made.append((threads, setting.get(), threading.current_thread().name))
        if len(made) == 1:
            raise EngineError("the cache folder is full")
        return "session"

    monkeypatch.setattr(kokoro_engine, "_make_session", make)
    kokoro_engine._LOADING.clear()
    setting.set("the caller's")
    try:
        with pytest.raises(EngineError, match="full"):
            kokoro_engine._session_loading(3).result()
        assert kokoro_engine._session_loading(3).result() == "session"
        assert kokoro_engine._session_loading(3).result() == "session" and len(made) == 2
    finally:
        kokoro_engine._LOADING.clear()
    assert made[1] == (3, "the caller's", "kokoro-session")


def test_a_mix_of_presets_is_checked_and_weighted() -> None:
    engine = get_engine("kokoro")
    mixed = Voice("m", "neutral", "", {"kokoro": {"mix": {"jf_alpha": 1, "jm_kumo": 3}}}, engine="kokoro")
    engine.check(mixed)
    presets = kokoro_engine._presets()
    expected = 0.25 * presets["jf_alpha"][9] + 0.75 * presets["jm_kumo"][9]
    assert kokoro_engine._style(mixed.settings("kokoro"), 10).ravel() == pytest.approx(expected.ravel(), abs=1e-6)
    with pytest.raises(EngineError, match="'af_bella' is not bundled"):
        engine.check(Voice("x", "female", "", {"kokoro": {"preset": "af_bella"}}, engine="kokoro"))


def test_kokoro_speaks_english_only() -> None:
    with pytest.raises(EngineError, match="not dub_language 'fr'"):
        get_engine("kokoro").check(None, "fr")
