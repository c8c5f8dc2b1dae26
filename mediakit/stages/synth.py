"""Small numpy synthesisers for the generated music beds.

Every voice here renders one whole note (or drum hit) as one vectorised numpy
expression; the arranger in ``music.py`` renders each distinct note once and
adds copies at its positions.  That keeps 15 s of music to a fraction of a
second, where a per-sample Python loop would take minutes.

Timbres are the classic cheap ones that still read as instruments:
FM for electric piano and bells, band-limited wavetables (additive saws) for
pads, strings, plucks and bass, a pitch-swept sine for kicks and toms, and
filtered noise for snares, claps and hats.  Filters work on magnitudes in
the frequency domain (zero phase), which is exact for whole, short signals.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

TABLE_SIZE = 4096
Signal = NDArray[np.float64]
Voice = Callable[[float, int, int, np.random.Generator], Signal]
Drum = Callable[[int, np.random.Generator], Signal]


# --- building blocks --------------------------------------------------------

def envelope(total: int, gate: int, sr: int, *, attack: float, decay: float = np.inf,
             sustain: float = 0.0, release: float = 0.05) -> Signal:
    """Amplitude envelope of ``total`` samples for a note held ``gate`` samples.

    Linear attack, exponential decay (time constant ``decay`` s) towards
    ``sustain``, then a linear release after the gate so notes never end in
    a click.
    """
    t = np.arange(total) / sr
    env = sustain + (1.0 - sustain) * np.exp(-t / decay)
    if attack > 0:
        env *= np.minimum(1.0, t / attack)
    rel = max(1, round(release * sr))
    tail = np.clip((np.arange(total) - gate) / rel, 0.0, 1.0)
    return env * (1.0 - tail)


@functools.lru_cache(maxsize=64)
def _table(shape: str, harmonics: int) -> Signal:
    """One band-limited cycle (plus a wrap sample for interpolation)."""
    x = np.arange(TABLE_SIZE + 1) / TABLE_SIZE
    k = np.arange(1, harmonics + 1, dtype=np.float64)[:, None]
    rolloff = {"saw": 1.0, "warm": 2.2}[shape]  # warm: mostly low harmonics, for bass and pads
    amps: Signal = 1.0 / k**rolloff
    wave: Signal = (amps * np.sin(2 * np.pi * k * x)).sum(axis=0)
    peak = float(np.abs(wave).max())
    return wave / peak


def wavetable(shape: str, freq: float, n: int, sr: int, *, phase: float = 0.0,
              cutoff: float = 20000.0) -> Signal:
    """Oscillator with harmonics up to ``min(cutoff, 0.45 sr)``: band-limited, so no aliasing."""
    harmonics = max(1, int(min(cutoff, 0.45 * sr) // freq))
    table = _table(shape, min(harmonics, 256))
    pos = ((phase + freq * np.arange(n) / sr) % 1.0) * TABLE_SIZE
    i = pos.astype(np.int64)
    frac = pos - i
    return table[i] * (1.0 - frac) + table[i + 1] * frac


def fm(freq: float, n: int, sr: int, *, ratio: float, index: np.ndarray | float) -> Signal:
    """Two-operator FM: a sine carrier phase-modulated by a sine at ``ratio`` x ``freq``."""
    t = np.arange(n) / sr
    return np.sin(2 * np.pi * freq * t + index * np.sin(2 * np.pi * freq * ratio * t))


def spectral_filter(x: np.ndarray, sr: int, *, low: float = 0.0, high: float = np.inf,
                    order: int = 2) -> Signal:
    """Zero-phase Butterworth-shaped band-pass by FFT magnitude (axis 0)."""
    spec = np.fft.rfft(x, axis=0)
    gain = band_response(np.fft.rfftfreq(x.shape[0], 1 / sr), low=low, high=high, order=order)
    spec *= gain if x.ndim == 1 else gain[:, None]
    return np.fft.irfft(spec, n=x.shape[0], axis=0)


def band_response(freqs: np.ndarray, *, low: float = 0.0, high: float = np.inf, order: int = 2) -> Signal:
    """Magnitude of a Butterworth high-pass at ``low`` times a low-pass at ``high``."""
    gain = np.ones_like(freqs)
    if low > 0:
        with np.errstate(divide="ignore"):
            gain /= np.sqrt(1.0 + (low / np.maximum(freqs, 1e-9)) ** (2 * order))
    if np.isfinite(high):
        gain /= np.sqrt(1.0 + (freqs / high) ** (2 * order))
    return gain


def noise(n: int, rng: np.random.Generator) -> Signal:
    return rng.uniform(-1.0, 1.0, n)


# --- pitched voices: (freq, gate samples, sample rate, rng) -> mono note --------------

def epiano(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Rhodes-like: FM with a fast-decaying index (the bell 'tine') over a soft decaying body."""
    total = gate + round(0.25 * sr)
    t = np.arange(total) / sr
    body: Signal = fm(freq, total, sr, ratio=1.0, index=1.6 * np.exp(-t / 0.25) + 0.2)
    tine = fm(freq, total, sr, ratio=14.0, index=0.8) * np.exp(-t / 0.03) * 0.15
    body += tine
    return body * envelope(total, gate, sr, attack=0.003, decay=1.4, sustain=0.15,
                                    release=0.2)


def bell(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Glockenspiel-like FM (inharmonic ratio 3.5), short and bright: sits above a voice."""
    total = gate + round(0.6 * sr)
    t = np.arange(total) / sr
    tone: Signal = fm(freq, total, sr, ratio=3.5, index=2.2 * np.exp(-t / 0.35))
    return tone * envelope(total, gate, sr, attack=0.002, decay=0.45, release=0.5)


def piano(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Additive piano-ish: slightly stretched partials, higher ones dying faster."""
    total = gate + round(0.3 * sr)
    t = np.arange(total) / sr
    out: Signal = np.zeros(total)
    for k in range(1, 7):
        f = freq * k * (1 + 0.0004 * k * k)
        if f > 0.45 * sr:
            break
        out += np.sin(2 * np.pi * f * t) * np.exp(-t * k / 0.9) / k**1.3
    return out * envelope(total, gate, sr, attack=0.002, decay=1.8, release=0.25)


def pluck(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Synth pluck: a bright saw that darkens fast into a round tone (a decaying filter, cheaply)."""
    total = gate + round(0.15 * sr)
    t = np.arange(total) / sr
    bright = wavetable("saw", freq, total, sr, cutoff=9000)
    dark = wavetable("warm", freq, total, sr)
    brightness: Signal = np.exp(-t / 0.06)
    return (dark + brightness * (bright - dark)) * envelope(total, gate, sr, attack=0.002, decay=0.3,
                                                     release=0.12)


def supersaw(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Five detuned saws: the wide dance-music stab."""
    total = gate + round(0.12 * sr)
    out = sum(wavetable("saw", freq * 2 ** (c / 1200), total, sr, phase=rng.random(), cutoff=7000)
              for c in (-18, -8, 0, 8, 18))
    return out / 3.0 * envelope(total, gate, sr, attack=0.004, decay=0.35, sustain=0.25,
                                release=0.1)


def pad(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Warm pad: three detuned, low-passed saws with a slow attack and release."""
    total = gate + round(0.6 * sr)
    out = sum(wavetable("saw", freq * 2 ** (c / 1200), total, sr, phase=rng.random(), cutoff=2200)
              for c in (-7, 0, 7))
    return out / 2.2 * envelope(total, gate, sr, attack=0.35, release=0.6)


def strings(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """String section: four detuned saws, slow bow attack, gentle vibrato."""
    total = gate + round(0.8 * sr)
    t = np.arange(total) / sr
    vibrato = 1 + 0.003 * np.sin(2 * np.pi * 5.2 * t) * np.minimum(1.0, t / 0.8)
    out: Signal = np.zeros(total)
    for c in (-10, -3, 4, 11):
        f = freq * 2 ** (c / 1200)
        phase = np.cumsum(f * vibrato) / sr + rng.random()
        harmonics = max(1, int(3500 // f))
        table = _table("saw", min(harmonics, 256))
        pos = (phase % 1.0) * TABLE_SIZE
        out += table[pos.astype(np.int64)]
    return out / 2.8 * envelope(total, gate, sr, attack=0.5, release=0.8)


def bass_round(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Sub bass: sine plus a little second and third harmonic so it reads on small speakers."""
    total = gate + round(0.04 * sr)
    t = np.arange(total) / sr
    tone: Signal = (np.sin(2 * np.pi * freq * t) + 0.3 * np.sin(4 * np.pi * freq * t)
                        + 0.1 * np.sin(6 * np.pi * freq * t))
    return tone * envelope(total, gate, sr, attack=0.006, decay=0.9, sustain=0.6,
                           release=0.04)


def bass_saw(freq: float, gate: int, sr: int, rng: np.random.Generator) -> Signal:
    """Driving bass: a sine sub under a low-passed saw."""
    total = gate + round(0.03 * sr)
    t = np.arange(total) / sr
    tone: Signal = np.sin(2 * np.pi * freq * t) + 0.6 * wavetable("saw", freq, total, sr, cutoff=1400)
    return tone * envelope(total, gate, sr, attack=0.003, decay=0.4, sustain=0.5,
                           release=0.03)


VOICES: dict[str, Voice] = {
    "epiano": epiano, "bell": bell, "piano": piano, "pluck": pluck, "supersaw": supersaw,
    "pad": pad, "strings": strings, "bass_round": bass_round, "bass_saw": bass_saw,
}


# --- drums: (sample rate, rng) -> mono hit ----------------------------------------

def _sweep(sr: int, seconds: float, f_start: float, f_end: float, sweep_tau: float) -> Signal:
    t = np.arange(round(seconds * sr)) / sr
    f = f_end + (f_start - f_end) * np.exp(-t / sweep_tau)
    return np.sin(2 * np.pi * np.cumsum(f) / sr)


def kick(sr: int, rng: np.random.Generator) -> Signal:
    """Sine swept from ~150 Hz to ~48 Hz, plus a short filtered click for the beater."""
    body = _sweep(sr, 0.45, 150 + 20 * rng.random(), 48, 0.035)
    t = np.arange(body.size) / sr
    hit: Signal = np.tanh(1.6 * body * np.exp(-t / 0.16)) / np.tanh(1.6)
    click = np.zeros(body.size)
    n_click = round(0.004 * sr)
    click[:n_click] = spectral_filter(noise(n_click, rng), sr, low=1500) * np.linspace(1, 0, n_click)
    return hit + 0.35 * click


def snare(sr: int, rng: np.random.Generator) -> Signal:
    """Tuned body (two sines) under a band-passed noise burst for the wires."""
    n = round(0.3 * sr)
    t = np.arange(n) / sr
    body = (np.sin(2 * np.pi * 185 * t) + 0.5 * np.sin(2 * np.pi * 330 * t)) * np.exp(-t / 0.045)
    wires = spectral_filter(noise(n, rng), sr, low=1200, high=9000) * np.exp(-t / 0.09)
    return 0.55 * body + 1.3 * wires


def clap(sr: int, rng: np.random.Generator) -> Signal:
    """Three quick noise bursts and a tail: hands not quite together."""
    n = round(0.35 * sr)
    t = np.arange(n) / sr
    env = np.exp(-t / 0.11)
    for offset in (0.0, 0.011, 0.022):
        env += np.where(t >= offset, np.exp(-np.maximum(t - offset, 0) / 0.006), 0.0) * 1.4
    return spectral_filter(noise(n, rng), sr, low=900, high=7000) * env / 2.0


def hat(sr: int, rng: np.random.Generator) -> Signal:
    """Closed hi-hat: high-passed noise, 30 ms."""
    n = round(0.09 * sr)
    t = np.arange(n) / sr
    return spectral_filter(noise(n, rng), sr, low=7000, order=3) * np.exp(-t / 0.022)


def open_hat(sr: int, rng: np.random.Generator) -> Signal:
    """Open hi-hat: the same metal, ringing a quarter second."""
    n = round(0.4 * sr)
    t = np.arange(n) / sr
    return spectral_filter(noise(n, rng), sr, low=6000, order=3) * np.exp(-t / 0.12)


def shaker(sr: int, rng: np.random.Generator) -> Signal:
    """Shaker: band-passed noise with a soft attack."""
    n = round(0.08 * sr)
    t = np.arange(n) / sr
    env: Signal = np.minimum(1.0, t / 0.01) * np.exp(-t / 0.025)
    return spectral_filter(noise(n, rng), sr, low=4000, high=12000) * env


def taiko(sr: int, rng: np.random.Generator) -> Signal:
    """Big low drum for cinematic hits: slow pitch drop, long body, a skin slap."""
    body = _sweep(sr, 1.2, 120, 52, 0.12)
    t = np.arange(body.size) / sr
    slap = spectral_filter(noise(body.size, rng), sr, low=150, high=2500) * np.exp(-t / 0.03)
    return 0.4 * slap + body * np.exp(-t / 0.4)


def tick(sr: int, rng: np.random.Generator) -> Signal:
    """Clock-like tick (a short high wood block) that marks the beat in sparse moods."""
    n = round(0.05 * sr)
    t = np.arange(n) / sr
    return (np.sin(2 * np.pi * 1900 * t) * np.exp(-t / 0.008)
            + 0.3 * spectral_filter(noise(n, rng), sr, low=3000) * np.exp(-t / 0.004))


DRUMS: dict[str, Drum] = {
    "kick": kick, "snare": snare, "clap": clap, "hat": hat, "open_hat": open_hat,
    "shaker": shaker, "taiko": taiko, "tick": tick,
}


def drum(name: str, sr: int, rng: np.random.Generator) -> Signal:
    """One hit of drum ``name``, its last 15 ms faded so a cut-off decay never clicks."""
    hit = DRUMS[name](sr, rng)
    k = min(round(0.015 * sr), hit.size)
    hit[hit.size - k:] *= np.linspace(1.0, 0.0, k)
    return hit


def reverb_ir(sr: int, rng: np.random.Generator, *, seconds: float) -> Signal:
    """Stereo impulse response ``(2, n)``: exponentially decaying noise, uncorrelated L/R for width.

    ``seconds`` is the RT60.  The caller filters it (in the frequency domain,
    where it convolves anyway).
    """
    n = round(seconds * sr)
    t = np.arange(n) / sr
    ir: Signal = noise(2 * n, rng).reshape(2, n) * np.exp(-6.9 * t / seconds)
    ir[:, : round(0.012 * sr)] = 0.0  # pre-delay keeps the dry attack clear
    energy: Signal = np.sqrt((ir**2).sum(axis=1, keepdims=True))
    return ir / energy
