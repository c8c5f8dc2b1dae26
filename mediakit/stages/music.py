"""Music beds: the five moods generated with numpy, or the user's own file.

The spec's ``music`` field names a mood (chill, energetic, corporate,
dramatic, upbeat).  mediakit writes that music itself instead of shipping
third-party loops: each mood in ``presets/music_moods.yaml`` is a small
score (tempo, key, chord progressions as scale degrees, bass, drum and
arpeggio patterns, a seeded melody) played by the synthesisers in
``synth.py``.  The seed picks variants (progression, patterns, voicing,
melody), so the same seed is bit-identical and another seed is another take
of the same mood.

How it stays fast: the score is rendered as one loop of just the bars needed
(at most 16, four whole phrases, beyond which it repeats), in which every
distinct note or drum hit is synthesised once and added at its positions;
reverb and EQ are one FFT over the loop.  Everything in the loop wraps around
its end (note tails, reverb), so it tiles seamlessly to any length; in a bed
that does not repeat, the wrapped tails land under the fade-in.
"""

from __future__ import annotations

import functools
import math
import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from ..errors import MediaError, ValidationError
from ..media_io import decode_audio
from ..paths import data_dir
from . import synth
from .music_theory import Key, midi_to_hz, voice_lead

SAMPLE_RATE = 48000
FADE_IN = 0.5
FADE_OUT = 1.5
MAX_SECONDS = 600.0  # the longest job (24 podcast turns of 15 s) with room to spare; bounds memory
MAX_LOOP_BARS = 16
LOOP_CROSSFADE = 0.05
TARGET_RMS = 10 ** (-16 / 20)
PEAK_CEILING = 10 ** (-1 / 20)
STEPS = 16
_VELOCITY = {"X": 1.0, "x": 0.75, "o": 0.4}
_BASS_DEGREE = {"R": 0, "3": 2, "5": 4}


# --- the mood data ------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One patterned layer: a drum sound, or a voice playing bass, chords or an arpeggio."""

    sound: str
    level: float
    pan: float
    patterns: tuple[str, ...]
    fill: str | None
    octave: int


@dataclass(frozen=True)
class Lead:
    """The seeded melody: how often it plays (``density``) on a grid of ``grid`` 16ths."""

    voice: str
    octave: int
    level: float
    pan: float
    density: float
    grid: int


@dataclass(frozen=True)
class Mood:
    name: str
    about: str
    bpm: float
    swing: float
    key: Key
    chord_size: int
    progressions: tuple[tuple[int, ...], ...]
    drums: tuple[Part, ...]
    bass: Part
    chords: Part
    arp: Part | None
    lead: Lead | None
    high_cut: float
    reverb: float
    reverb_seconds: float
    pump: float

    @property
    def bar_seconds(self) -> float:
        return 240.0 / self.bpm


@functools.cache
def moods() -> dict[str, Mood]:
    """The moods of ``presets/music_moods.yaml``, checked once and cached."""
    path = data_dir("presets") / "music_moods.yaml"
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    return {name: _mood(name, spec, path) for name, spec in raw.items()}


def mood_names() -> tuple[str, ...]:
    return tuple(moods())


def _mood(name: str, spec: dict[str, Any], path: Path) -> Mood:
    where = f"{path.name}: {name}"
    master = spec["master"]
    return Mood(
        name=name, about=spec["about"], bpm=float(spec["bpm"]), swing=float(spec["swing"]),
        key=Key.named(spec["key"], spec["mode"]), chord_size=int(spec["chord_size"]),
        progressions=tuple(tuple(p) for p in spec["progressions"]),
        drums=tuple(_part(f"{where}.drums.{k}", v, synth.DRUMS, "sound") for k, v in spec["drums"].items()),
        bass=_part(f"{where}.bass", spec["bass"], synth.VOICES, "voice"),
        chords=_part(f"{where}.chords", spec["chords"], synth.VOICES, "voice"),
        arp=_part(f"{where}.arp", spec["arp"], synth.VOICES, "voice") if "arp" in spec else None,
        lead=_lead(f"{where}.lead", spec["lead"]) if "lead" in spec else None,
        high_cut=float(master["high_cut"]), reverb=float(master["reverb"]),
        reverb_seconds=float(master["reverb_seconds"]), pump=float(master["pump"]),
    )


def _part(where: str, spec: dict[str, Any], known: dict[str, Any], kind: str) -> Part:
    sound = spec[kind]
    if sound not in known:
        raise ValidationError(where, sound, f"{kind} must be one of {', '.join(known)}")
    patterns = tuple(p.replace(" ", "") for p in spec["patterns"])
    fill = spec.get("fill")
    for pattern in (*patterns, *([fill] if fill else [])):
        if len(pattern) != STEPS:
            raise ValidationError(where, pattern, f"patterns need {STEPS} steps (one per 16th note)")
    return Part(sound=sound, level=float(spec["level"]), pan=float(spec.get("pan", 0.0)), patterns=patterns,
                fill=fill, octave=int(spec.get("octave", 0)))


def _lead(where: str, spec: dict[str, Any]) -> Lead:
    if spec["voice"] not in synth.VOICES:
        raise ValidationError(where, spec["voice"], f"voice must be one of {', '.join(synth.VOICES)}")
    return Lead(voice=spec["voice"], octave=int(spec["octave"]), level=float(spec["level"]),
                pan=float(spec.get("pan", 0.0)), density=float(spec["density"]), grid=int(spec["grid"]))


# --- public API -------------------------------------------------------------------

def generate_music(mood: str, seconds: float, *, seed: int = 0, sample_rate: int = SAMPLE_RATE,
                   fade_in: float = FADE_IN, fade_out: float = FADE_OUT) -> np.ndarray:
    """``seconds`` of the ``mood`` bed as float32 stereo, shape ``(round(seconds * rate), 2)``.

    Peaks stay below -1 dBFS, there is no DC, and the ends fade so the bed
    can start and stop under a voice.  Deterministic for a given seed.
    """
    spec = _lookup(mood)
    n = _frames(seconds, sample_rate)
    _check_seed(seed)
    rng = np.random.default_rng([seed, zlib.crc32(mood.encode())])
    bars = math.ceil(seconds / spec.bar_seconds)
    loop = _render_loop(spec, min(bars, MAX_LOOP_BARS), sample_rate, rng)
    gain = min(TARGET_RMS / max(float(np.sqrt(np.mean(loop**2))), 1e-9),
               PEAK_CEILING / max(float(np.abs(loop).max()), 1e-9))
    reps = math.ceil(n / loop.shape[1])
    out = np.tile(loop * gain, (1, reps))[:, :n].T
    return apply_fades(out, sample_rate, fade_in, fade_out).astype(np.float32)


def music_bed(source: str | os.PathLike[str], seconds: float, *, seed: int = 0,
              sample_rate: int = SAMPLE_RATE) -> np.ndarray:
    """A bed of exactly ``seconds``: a mood name is generated, anything else is read as an audio file.

    A file shorter than ``seconds`` loops with a short crossfade, a longer one
    is cut; both fade in and out like the generated beds.  A missing or
    non-audio file raises ``MediaError`` naming it; a bare word that is no
    mood raises ``ValidationError`` listing the moods.
    """
    text = os.fspath(source)
    if text in moods():
        return generate_music(text, seconds, seed=seed, sample_rate=sample_rate)
    path = Path(text)
    if not path.exists() and not path.suffix and os.sep not in text and "/" not in text:
        _lookup(text)
    n = _frames(seconds, sample_rate)
    audio = decode_audio(path, rate=sample_rate, channels=2).astype(np.float64)
    if audio.shape[0] == 0:
        raise MediaError(path, "has no audio samples")
    return apply_fades(_loop_to(audio, n, round(LOOP_CROSSFADE * sample_rate)), sample_rate,
                       FADE_IN, FADE_OUT).astype(np.float32)


def apply_fades(samples: np.ndarray, sample_rate: int, fade_in: float, fade_out: float) -> np.ndarray:
    """Raised-cosine fades at both ends (each at most half the length), on a copy."""
    out = np.array(samples, dtype=np.float64)
    n = out.shape[0]
    for seconds, head in ((fade_in, True), (fade_out, False)):
        k = min(round(seconds * sample_rate), n // 2)
        if k <= 0:
            continue
        ramp = 0.5 - 0.5 * np.cos(np.pi * np.arange(k) / k)
        if head:
            out[:k] *= ramp[:, None]
        else:
            out[n - k:] *= ramp[::-1, None]
    return out


# --- checks -------------------------------------------------------------------------

def _lookup(mood: str) -> Mood:
    try:
        return moods()[mood]
    except (KeyError, TypeError):
        raise ValidationError("music", mood, f"must be one of {', '.join(moods())}") from None


def _frames(seconds: float, sample_rate: int) -> int:
    ok = isinstance(seconds, int | float) and not isinstance(seconds, bool) and 0 < seconds <= MAX_SECONDS
    if not ok:
        raise ValidationError("seconds", seconds, f"must be a number of seconds above 0 and at most {MAX_SECONDS:g}")
    if sample_rate not in (8000, 16000, 22050, 24000, 32000, 44100, 48000, 96000):
        raise ValidationError("sample_rate", sample_rate, "must be a standard audio rate such as 48000")
    return max(1, round(seconds * sample_rate))


def _check_seed(seed: int) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValidationError("seed", seed, "must be a non-negative integer")


def _loop_to(audio: np.ndarray, n: int, crossfade: int) -> np.ndarray:
    """Repeat ``audio`` to ``n`` frames, each repeat crossfading ``crossfade`` frames into the next.

    Overlap-added repeats form a periodic signal, so one period is built
    (the faded-out tail folded onto the faded-in head) and tiled; only the
    very start, which has nothing to fade from, is the plain audio.
    """
    size = audio.shape[0]
    if size >= n:
        return audio[:n]
    xf = min(crossfade, size // 2)
    period = audio[: size - xf].copy()
    if xf:
        ramp = np.linspace(0.0, 1.0, xf, endpoint=False)[:, None]
        period[:xf] = audio[:xf] * ramp + audio[size - xf:] * (1.0 - ramp)
    out = np.tile(period, (math.ceil(n / period.shape[0]), 1))[:n]
    out[:xf] = audio[:xf]
    return out


# --- the arranger ---------------------------------------------------------------------

class _Loop:
    """Stereo buses of one circular loop; everything added past the end wraps to the start."""

    def __init__(self, mood: Mood, bars: int, sr: int) -> None:
        self.mood, self.sr = mood, sr
        self.n = _fft_friendly(round(bars * STEPS * 60.0 / mood.bpm / 4 * sr))
        self.step = self.n / (bars * STEPS)
        # channels first: FFTs along contiguous rows are much faster than along axis 0
        self.drums = np.zeros((2, self.n))
        self.tonal = np.zeros((2, self.n))
        self.bass = np.zeros((2, self.n))

    def at(self, bar: int, step: int) -> int:
        """Sample index of a 16th step; ``swing`` delays the off-beat 8th (and the 16ths around it)."""
        beat, sixteenth = divmod(bar * STEPS + step, 4)
        offbeat = 2 + 4 * self.mood.swing
        within = (0.0, offbeat / 2, offbeat, (offbeat + 4) / 2)[sixteenth]
        return round((4 * beat + within) * self.step) % self.n

    def samples(self, steps: int) -> int:
        return max(1, round(steps * self.step))

    def add(self, bus: np.ndarray, start: int, mono: np.ndarray, gain: float, pan: float) -> None:
        theta = (pan + 1.0) * np.pi / 4
        gains = np.array([np.cos(theta), np.sin(theta)]) * np.sqrt(2.0) * gain
        sig = gains[:, None] * mono[None, : self.n]
        end = start + sig.shape[1]
        if end <= self.n:
            bus[:, start:end] += sig
        else:
            bus[:, start:] += sig[:, : self.n - start]
            bus[:, : end - self.n] += sig[:, self.n - start:]


def _render_loop(mood: Mood, bars: int, sr: int, rng: np.random.Generator) -> np.ndarray:
    """Play the mood's score for ``bars`` bars into a circular loop, shape ``(2, n)``.

    Every random choice comes from ``rng`` in a fixed order, which is what
    makes a seed reproduce the same take bit for bit.
    """
    loop = _Loop(mood, bars, sr)
    progression = mood.progressions[int(rng.integers(len(mood.progressions)))]
    degrees = [progression[b % len(progression)] for b in range(bars)]
    voicings = voice_lead([mood.key.chord(d, mood.chord_size, mood.chords.octave) for d in degrees],
                          int(rng.integers(mood.chord_size)))
    fills = [b % 4 == 3 and rng.random() < 0.75 for b in range(bars)]
    notes = _NoteCache(sr, rng)

    for part in mood.drums:
        takes = [synth.drum(part.sound, sr, rng) for _ in range(2)]  # two takes: no machine-gun repeats
        pattern = _pick(part.patterns, rng)
        for bar in range(bars):
            hits = _overlay(pattern, part.fill) if part.fill and fills[bar] else pattern
            for step, ch in enumerate(hits):
                if ch in _VELOCITY:
                    vel = _VELOCITY[ch] * (1 + 0.05 * rng.standard_normal())
                    loop.add(loop.drums, loop.at(bar, step), takes[(bar * STEPS + step) % 2], part.level * vel,
                             part.pan)

    bass_pattern = _pick(mood.bass.patterns, rng)
    for bar, degree in enumerate(degrees):
        for step, gate, ch in _events(bass_pattern):
            midi = mood.key.note(degree + _BASS_DEGREE.get(ch, 0), mood.bass.octave) + (12 if ch == "O" else 0)
            loop.add(loop.bass, loop.at(bar, step), notes.get(mood.bass.sound, midi, loop.samples(gate)),
                     mood.bass.level, mood.bass.pan)

    chord_pattern = _pick(mood.chords.patterns, rng)
    for bar, voicing in enumerate(voicings):
        for step, gate, ch in _events(chord_pattern):
            vel = _VELOCITY.get(ch, 1.0)
            for midi in voicing:
                loop.add(loop.tonal, loop.at(bar, step), notes.get(mood.chords.sound, midi, loop.samples(gate)),
                         mood.chords.level * vel / np.sqrt(len(voicing)), mood.chords.pan)

    if mood.arp is not None:
        arp_pattern = _pick(mood.arp.patterns, rng)
        for bar, voicing in enumerate(voicings):
            base = sorted(voicing)
            for step, gate, ch in _events(arp_pattern):
                i = int(ch)
                midi = base[i % len(base)] + 12 * (i // len(base)) + 12 * (mood.arp.octave - mood.chords.octave)
                loop.add(loop.tonal, loop.at(bar, step), notes.get(mood.arp.sound, midi, loop.samples(gate)),
                         mood.arp.level * (1 + 0.08 * rng.standard_normal()), mood.arp.pan)

    if mood.lead is not None:
        for bar, step, gate, midi in _melody(mood, mood.lead, voicings, rng):
            loop.add(loop.tonal, loop.at(bar, step), notes.get(mood.lead.voice, midi, loop.samples(gate)),
                     mood.lead.level, mood.lead.pan)

    return _master(loop, rng)


def _master(loop: _Loop, rng: np.random.Generator) -> np.ndarray:
    """Pump, reverb and EQ in one circular FFT pass over the loop."""
    mood, sr, n = loop.mood, loop.sr, loop.n
    tonal, bass = loop.tonal, loop.bass
    if mood.pump:  # the dance-music "breathing": everything but the drums ducks after each kick
        since = np.mod(np.arange(n), 4 * loop.step) / sr
        duck = 1.0 - mood.pump * np.exp(-since / 0.09)
        tonal, bass = tonal * duck, bass * duck
    dry = loop.drums + tonal + bass
    send = (tonal + 0.35 * loop.drums).mean(axis=0)
    ir = synth.reverb_ir(sr, rng, seconds=min(mood.reverb_seconds, n / sr / 2))
    freqs = np.fft.rfftfreq(n, 1 / sr)
    eq = synth.band_response(freqs, low=35.0, high=mood.high_cut, order=1)
    eq[0] = 0.0  # no DC, ever
    # the tail is darker than the dry sound, as in real rooms
    damping = mood.reverb * synth.band_response(freqs, low=200.0, high=0.6 * mood.high_cut)
    wet = np.fft.rfft(send) * np.fft.rfft(ir, n=n, axis=-1) * damping
    return np.fft.irfft((np.fft.rfft(dry, axis=-1) + wet) * eq, n=n, axis=-1)


def _fft_friendly(n: int) -> int:
    """Smallest length >= ``n`` with only factors 2, 3, 5, 7, 11.

    The loop is FFT'd whole; a length with a large prime factor makes that
    FFT ten times slower.  The nearest such length is within half a percent,
    a tempo change no listener hears.
    """
    m = n
    while True:
        rest = m
        for p in (2, 3, 5, 7, 11):
            while rest % p == 0:
                rest //= p
        if rest == 1:
            return m
        m += 1


class _NoteCache:
    """Each distinct (voice, pitch, length) is synthesised once; repeats are copies."""

    def __init__(self, sr: int, rng: np.random.Generator) -> None:
        self.sr, self.rng = sr, rng
        self.cache: dict[tuple[str, int, int], np.ndarray] = {}

    def get(self, voice: str, midi: int, gate: int) -> np.ndarray:
        key = (voice, midi, gate)
        if key not in self.cache:
            self.cache[key] = synth.VOICES[voice](midi_to_hz(midi), gate, self.sr, self.rng)
        return self.cache[key]


def _pick(patterns: tuple[str, ...], rng: np.random.Generator) -> str:
    return patterns[int(rng.integers(len(patterns)))]


def _overlay(pattern: str, fill: str) -> str:
    return "".join(f if f != "." else p for p, f in zip(pattern, fill, strict=True))


def _events(pattern: str) -> Iterator[tuple[int, int, str]]:
    """``(step, length in steps, symbol)`` of each note in a pattern; ``-`` extends the note before it."""
    for step, ch in enumerate(pattern):
        if ch in ".-":
            continue
        length = 1
        while step + length < STEPS and pattern[step + length] == "-":
            length += 1
        yield step, length, ch


def _melody(mood: Mood, lead: Lead, voicings: list[list[int]],
            rng: np.random.Generator) -> Iterator[tuple[int, int, int, int]]:
    """A seeded melody as ``(bar, step, length, midi)``.

    Two rhythms are drawn per seed and used in an A A A B phrase; pitches
    walk the key's pentatonic scale (which never clashes) and land on chord
    tones on the strong beats, so the line follows the harmony.  The first
    bar of every eight rests, which gives the bed room to breathe.
    """
    low = 12 * (lead.octave + 1)
    scale = mood.key.pentatonic(low, low + 19)
    rhythms = [_rhythm(lead, rng) for _ in range(2)]
    prev = scale[len(scale) // 3]
    for bar, voicing in enumerate(voicings):
        rhythm = rhythms[1 if bar % 4 == 3 else 0]
        for step, length in rhythm:
            if step % 8 == 0:
                tones = [m + 12 * k for m in voicing for k in range(-2, 4) if low <= m + 12 * k <= low + 19]
                prev = min(tones, key=lambda m: abs(m - prev) + rng.random() * 3)
            else:
                i = min(range(len(scale)), key=lambda j: abs(scale[j] - prev))
                i = int(np.clip(i + rng.choice([-2, -1, 1, 2], p=[0.15, 0.35, 0.35, 0.15]), 0, len(scale) - 1))
                prev = scale[i]
            if bar % 8:
                yield bar, step, length, prev


def _rhythm(lead: Lead, rng: np.random.Generator) -> list[tuple[int, int]]:
    starts = []
    for step in range(0, STEPS, lead.grid):
        weight = 1.6 if step % 8 == 0 else 1.0 if step % 4 == 0 else 0.6
        if rng.random() < lead.density * weight:
            starts.append(step)
    if not starts:
        starts = [0]
    ends = [*starts[1:], STEPS]
    return [(s, min(e - s, 4 * lead.grid)) for s, e in zip(starts, ends, strict=True)]
