"""In-process binding to the eSpeak NG library shipped by espeakng-loader.

One process-wide handle, initialised on first use in synchronous mode (audio
comes back through a callback, nothing plays on a sound card).  eSpeak keeps
global state, so every call into it holds ``LOCK``.  Both the letter-to-sound
fallback of forced alignment and the default voice engine use this module.
"""

from __future__ import annotations

import ctypes
import functools
import threading

from ..errors import EngineError

AUDIO_OUTPUT_SYNCHRONOUS = 2
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
                                     espeakng_loader.get_data_path().encode(), 0)
    if rate <= 0:
        raise EngineError(f"eSpeak NG failed to initialise (returned {rate})")
    lib.sample_rate = rate  # type: ignore[attr-defined]
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
