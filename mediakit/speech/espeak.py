"""In-process binding to the eSpeak NG library shipped by espeakng-loader.

One process-wide handle, initialised on first use in synchronous mode (audio
comes back through a callback, nothing plays on a sound card) with phoneme
events in IPA switched on, so a synthesis reports when each word and each
phoneme starts.  eSpeak keeps global state, so every call into it holds
``LOCK``.  Both the letter-to-sound fallback of forced alignment and the
default voice engine use this module.
"""

from __future__ import annotations

import ctypes
import functools
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..errors import EngineError

AUDIO_OUTPUT_SYNCHRONOUS = 2
# Phoneme events are off unless asked for at initialisation; IPA makes them
# the same alphabet as Piper's, so one viseme table serves both engines.
INITIALIZE_PHONEME_EVENTS = 0x0001
INITIALIZE_PHONEME_IPA = 0x0002
LOCK = threading.RLock()


@functools.cache
def library() -> ctypes.CDLL:
    """The initialised libespeak-ng handle (loaded lazily, once)."""
    try:
        import espeakng_loader
    except ImportError as exc:  # pragma: no cover - a dependency of the package
        raise EngineError("espeakng-loader is not installed; pip install espeakng-loader") from exc
    lib = ctypes.CDLL(espeakng_loader.get_library_path())
    lib.espeak_Initialize.restype = ctypes.c_int
    lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
    lib.espeak_SetVoiceByName.restype = ctypes.c_int
    lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
    lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_int, ctypes.c_int]
    with LOCK:
        rate = lib.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0,
                                     espeakng_loader.get_data_path().encode(),
                                     INITIALIZE_PHONEME_EVENTS | INITIALIZE_PHONEME_IPA)
    if rate <= 0:
        raise EngineError(f"eSpeak NG failed to initialise (returned {rate})")
    lib.sample_rate = rate  # type: ignore[attr-defined]
    lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
    lib.espeak_SetParameter.restype = ctypes.c_int
    lib.espeak_SetSynthCallback.argtypes = [_SYNTH_CALLBACK]
    lib.espeak_SetSynthCallback.restype = None
    lib.espeak_Synth.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int,
                                 ctypes.c_uint, ctypes.c_uint, ctypes.POINTER(ctypes.c_uint),
                                 ctypes.c_void_p]
    lib.espeak_Synth.restype = ctypes.c_int
    lib.espeak_ng_SetRandSeed.argtypes = [ctypes.c_long]
    lib.espeak_ng_SetRandSeed.restype = None
    return lib


def sample_rate() -> int:
    """Output sample rate of eSpeak NG (22050 Hz)."""
    return int(library().sample_rate)  # type: ignore[attr-defined]


def set_voice(name: str) -> None:
    """Select an eSpeak voice by name (``en-us``, ``en-gb+f3``...); caller holds ``LOCK``."""
    if library().espeak_SetVoiceByName(name.encode()) != 0:
        raise EngineError(f"eSpeak NG has no voice {name!r}")


def text_to_phonemes(text: str, voice: str = "en-us") -> str:
    """eSpeak's ASCII phoneme mnemonics for ``text`` (e.g. ``"h@l'oU w'3:ld"``).

    Used to give the aligner a pronunciation for words its dictionary lacks.
    """
    lib = library()
    with LOCK:
        set_voice(voice)
        buf = ctypes.create_string_buffer(text.encode("utf-8"))
        ptr = ctypes.c_void_p(ctypes.addressof(buf))
        parts: list[str] = []
        while ptr.value:
            out = lib.espeak_TextToPhonemes(ctypes.byref(ptr), 0, 0)
            if out:
                parts.append(out.decode("utf-8", "replace"))
    return " ".join(p.strip() for p in parts if p.strip())


# --- synthesis -------------------------------------------------------------
# speak_lib.h values; only the ones the voice engine uses.
_EVENT_LIST_TERMINATED = 0
_EVENT_WORD = 1
_EVENT_SENTENCE = 2
_EVENT_END = 5
_EVENT_PHONEME = 7
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_ENDPAUSE = 0x1000
PARAM_RATE = 1
PARAM_VOLUME = 2
PARAM_PITCH = 3
PARAM_RANGE = 4
PARAM_WORDGAP = 7
# eSpeak's noise (breath, aspiration) comes from a generator seeded from the
# clock; a fixed seed per call makes a run reproducible.
RAND_SEED = 1
_EVENT_KINDS = {_EVENT_WORD: "word", _EVENT_SENTENCE: "sentence", _EVENT_END: "end",
                _EVENT_PHONEME: "phoneme"}


class _EventId(ctypes.Union):
    _fields_ = [("number", ctypes.c_int), ("name", ctypes.c_char_p), ("string", ctypes.c_char * 8)]


class _Event(ctypes.Structure):
    """``espeak_EVENT`` as laid out on 64-bit: the pointer and the union are 8-byte aligned."""

    _fields_ = [("type", ctypes.c_int), ("unique_identifier", ctypes.c_uint),
                ("text_position", ctypes.c_int), ("length", ctypes.c_int),
                ("audio_position", ctypes.c_int), ("sample", ctypes.c_int),
                ("user_data", ctypes.c_void_p), ("id", _EventId)]


_SYNTH_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                                   ctypes.POINTER(_Event))


@dataclass(frozen=True)
class SynthEvent:
    """One event of a synthesis: ``kind`` is word, phoneme, sentence or end.

    ``text_position`` is a 0-based character index into the text given to
    :func:`utter`; ``sample`` is where in its audio the event happens.
    ``phoneme`` is the IPA symbol of a phoneme event (``_`` marks a pause).
    """

    kind: str
    text_position: int
    sample: int
    phoneme: str = ""


@dataclass(frozen=True)
class SynthParams:
    """eSpeak's own units: rate in words per minute (80-450), pitch and range 0-100, volume 0-200."""

    voice: str
    rate: int = 175
    pitch: int = 50
    pitch_range: int = 50
    volume: int = 100


class _Collector:
    """Receives the callback's audio chunks and events during one ``espeak_Synth``."""

    def __init__(self) -> None:
        self.chunks: list[bytes] = []
        self.events: list[SynthEvent] = []
        self.samples = 0

    def __call__(self, wav: ctypes._Pointer, count: int, events: ctypes._Pointer) -> int:  # type: ignore[type-arg]
        if count > 0 and wav:
            self.chunks.append(ctypes.string_at(wav, count * 2))
        i = 0
        while events[i].type != _EVENT_LIST_TERMINATED:
            ev = events[i]
            kind = _EVENT_KINDS.get(ev.type)
            if kind is not None:
                phoneme = ev.id.string.decode("utf-8", "replace") if ev.type == _EVENT_PHONEME else ""
                self.events.append(SynthEvent(kind, max(ev.text_position - 1, 0), ev.sample, phoneme))
            i += 1
        return 0  # 0 = go on synthesising


def utter(text: str, params: SynthParams, *, end_pause: bool = True) -> tuple[np.ndarray, list[SynthEvent]]:
    """Speak ``text`` with eSpeak NG in-process: int16 mono samples and the events.

    Reproducible run to run (the noise generator is seeded per call), but not
    bit-exact between calls in one process: eSpeak's waveform generator keeps
    state (pitch flutter, wave phase) from one call to the next, so the same
    text may differ by a few samples and in fine detail.

    ``end_pause`` keeps the pause eSpeak puts after a final sentence; a piece
    cut mid-sentence (at an emotion tag) drops it so the sentence flows on.
    """
    lib = library()
    collector = _Collector()
    callback = _SYNTH_CALLBACK(collector)  # referenced until espeak_Synth returns
    data = text.encode("utf-8")
    with LOCK:
        set_voice(params.voice)
        for param, value in ((PARAM_RATE, params.rate), (PARAM_PITCH, params.pitch),
                             (PARAM_RANGE, params.pitch_range), (PARAM_VOLUME, params.volume),
                             (PARAM_WORDGAP, 0)):
            lib.espeak_SetParameter(param, int(value), 0)
        lib.espeak_SetSynthCallback(callback)
        lib.espeak_ng_SetRandSeed(RAND_SEED)
        flags = _CHARS_UTF8 | (_ENDPAUSE if end_pause else 0)
        status = lib.espeak_Synth(data, len(data) + 1, 0, _POS_CHARACTER, 0, flags, None, None)
    if status != 0:
        raise EngineError(f"eSpeak NG could not synthesise {text[:40]!r} (espeak_Synth returned {status})")
    samples = np.frombuffer(b"".join(collector.chunks), dtype="<i2")
    return samples, collector.events


# --- voices ------------------------------------------------------------------
class _Voice(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("languages", ctypes.c_void_p),
                ("identifier", ctypes.c_char_p), ("gender", ctypes.c_ubyte), ("age", ctypes.c_ubyte),
                ("variant", ctypes.c_ubyte), ("xx1", ctypes.c_ubyte), ("score", ctypes.c_int),
                ("spare", ctypes.c_void_p)]


@functools.cache
def languages() -> dict[str, str]:
    """Lower-case language code (``en-gb``, ``es-mx``...) -> the identifier of the voice that speaks it best.

    ``espeak_SetVoiceByName`` knows file names (``en-US``) but not every
    language code (``en-gb`` is the voice ``gmw/en``), so codes go through this map.
    """
    lib = library()
    lib.espeak_ListVoices.restype = ctypes.POINTER(ctypes.POINTER(_Voice))
    lib.espeak_ListVoices.argtypes = [ctypes.c_void_p]
    best: dict[str, tuple[int, str]] = {}
    with LOCK:
        voices = lib.espeak_ListVoices(None)
        i = 0
        while voices[i]:
            voice = voices[i].contents
            identifier = voice.identifier.decode()
            pos = voice.languages  # pairs of (priority byte, NUL-terminated code), then a 0 byte
            while pos and ctypes.string_at(pos, 1)[0]:
                priority = ctypes.string_at(pos, 1)[0]
                code = ctypes.string_at(pos + 1).decode().lower()
                if code not in best or priority < best[code][0]:
                    best[code] = (priority, identifier)
                pos += 2 + len(code)
            i += 1
    return {code: ident for code, (_, ident) in best.items()}


@functools.cache
def variants() -> dict[str, str]:
    """Voice variants that can follow ``+`` (``f2``, ``m3``, ``whisper``...): lower-case name -> file name."""
    import espeakng_loader

    folder = Path(espeakng_loader.get_data_path()) / "voices" / "!v"
    return {p.name.lower(): p.name for p in folder.iterdir() if p.is_file()}


def voice_name(spec: str) -> str | None:
    """A name ``set_voice`` accepts for ``language[+variant]`` (``en-gb+m3``), or None if there is none."""
    language, _, variant = spec.partition("+")
    ident = languages().get(language.lower())
    if ident is None or (variant and variant.lower() not in variants()):
        return None
    return f"{ident}+{variants()[variant.lower()]}" if variant else ident
