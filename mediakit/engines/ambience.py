"""Generated ambient sound for the local animatic: the air of the prompt's setting under a slow pad.

A hosted video model returns a clip with sound; the stand-in must not be
silent either.  It reads the same setting the designer draws (sea, land,
city, studio) and synthesises its air from filtered noise (surf that swells
and recedes, wind in gusts, a low city rumble with a faint hiss, a quiet
room tone), with a slow pad progression underneath: major for bright
prompts, minor for night, dark or dramatic ones.  numpy only, a fraction of
a second for 30 s, deterministic for a prompt.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from ..drawing.motifs import setting_for, words_of
from ..media_io import write_wav
from ..stages import synth
from ..stages.music import apply_fades
from ..stages.music_theory import Key, midi_to_hz, voice_lead

SAMPLE_RATE = 48000
CHORD_SECONDS = 4.0
TARGET_RMS = 10 ** (-22 / 20)  # a bed under a possible voice: well below speech level
PEAK = 10 ** (-3 / 20)
DARK_WORDS = frozenset(("night", "dark", "dramatic", "mystery", "mysterious", "storm", "rain", "noir", "horror",
                        "sad", "moody", "tense", "thriller", "shadow", "shadows"))
PROGRESSIONS = {"major": (1, 6, 4, 5), "minor": (1, 6, 3, 7)}


def ambience(prompt: str, seconds: float, *, sample_rate: int = SAMPLE_RATE) -> np.ndarray:
    """``seconds`` of ambience for ``prompt`` as float32 stereo ``(n, 2)``, faded at both ends."""
    n = max(1, round(seconds * sample_rate))
    seed = int.from_bytes(hashlib.sha256(prompt.strip().lower().encode()).digest()[:8], "big")
    rng = np.random.default_rng(seed)
    air = _air(setting_for(prompt), n, sample_rate, rng)
    mode = "minor" if DARK_WORDS.intersection(words_of(prompt)) else "major"
    bed = 0.55 * air + 0.45 * _pad(Key(seed % 12, mode), n, sample_rate, rng)
    rms = float(np.sqrt(np.mean(bed**2))) or 1.0
    bed *= min(TARGET_RMS / rms, PEAK / max(float(np.abs(bed).max()), 1e-9))
    return apply_fades(bed, sample_rate, min(1.0, seconds / 4), min(1.5, seconds / 4)).astype(np.float32)


def write_ambience(path: Path, prompt: str, seconds: float) -> Path:
    """The ambience as a 16-bit stereo WAV at ``path``."""
    return write_wav(path, ambience(prompt, seconds), sample_rate=SAMPLE_RATE)


def _air(setting: str, n: int, sr: int, rng: np.random.Generator) -> np.ndarray:
    """Stereo filtered noise shaped like the setting's air, each channel its own noise (width)."""
    t = np.arange(n) / sr
    noise = np.stack([synth.noise(n, rng), synth.noise(n, rng)], axis=1)
    if setting == "sea":
        surf = synth.spectral_filter(noise, sr, low=120, high=900, order=2)
        period = rng.uniform(6.0, 9.0)
        swell = 0.25 + 0.75 * (0.5 - 0.5 * np.cos(2 * np.pi * t / period)) ** 2
        return _norm(surf * swell[:, None])
    if setting == "land":
        wind = synth.spectral_filter(noise, sr, low=300, high=2500, order=1)
        gusts = _smooth_random(n, sr, rng, every=1.5)
        return _norm(wind * (0.35 + 0.65 * gusts)[:, None])
    if setting == "city":
        rumble = synth.spectral_filter(noise, sr, low=30, high=180, order=2)
        hiss = synth.spectral_filter(noise, sr, low=3000, high=8000, order=2)
        return _norm(_norm(rumble) + 0.12 * _norm(hiss))
    return _norm(synth.spectral_filter(noise, sr, low=80, high=1200, order=1)) * 0.6


def _pad(key: Key, n: int, sr: int, rng: np.random.Generator) -> np.ndarray:
    """A slow chord progression (four chords, looped) on the synth pad, softly panned."""
    degrees = PROGRESSIONS[key.mode]
    chords = voice_lead([key.chord(d, 3, 3) for d in degrees])
    step = round(CHORD_SECONDS * sr)
    out = np.zeros((n + round(sr), 2))
    for k, start in enumerate(range(0, n, step)):
        gate = min(step, n - start)
        for v, note in enumerate(chords[k % len(chords)]):
            tone = synth.pad(midi_to_hz(note), gate, sr, rng)
            end = min(out.shape[0], start + tone.shape[0])
            pan = (v - 1) * 0.3
            out[start:end, 0] += tone[: end - start] * (1 - pan) * 0.5
            out[start:end, 1] += tone[: end - start] * (1 + pan) * 0.5
    return _norm(out[:n])


def _smooth_random(n: int, sr: int, rng: np.random.Generator, *, every: float) -> np.ndarray:
    """A random level in [0, 1] that drifts smoothly (a new target every ``every`` seconds, cosine-eased)."""
    points = rng.uniform(0.0, 1.0, int(n / (every * sr)) + 2)
    pos = np.arange(n) / (every * sr)
    i = pos.astype(np.int64)
    frac = 0.5 - 0.5 * np.cos(np.pi * (pos - i))
    return points[i] * (1 - frac) + points[i + 1] * frac


def _norm(x: np.ndarray) -> np.ndarray:
    rms = float(np.sqrt(np.mean(x**2)))
    return x / rms if rms > 0 else x
