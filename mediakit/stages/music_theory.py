"""Just enough music theory to write chord progressions as scale degrees.

Moods in ``presets/music_moods.yaml`` name a key, a mode and progressions as
scale degrees (``[1, 5, 6, 4]``).  Stacking thirds inside the scale gives each
degree its right quality (ii is minor, V7 is dominant, ...) without spelling
chord names, and choosing the inversion nearest the previous chord keeps the
voices moving smoothly, which is most of what makes a synthetic bed sound
played rather than computed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ValidationError

PITCH_CLASSES = {"C": 0, "C#": 1, "Db": 1, "D": 2, "D#": 3, "Eb": 3, "E": 4, "F": 5, "F#": 6, "Gb": 6,
                 "G": 7, "G#": 8, "Ab": 8, "A": 9, "A#": 10, "Bb": 10, "B": 11}
MODES = {
    "major": (0, 2, 4, 5, 7, 9, 11),
    "minor": (0, 2, 3, 5, 7, 8, 10),
}
PENTATONIC_DEGREES = {"major": (1, 2, 3, 5, 6), "minor": (1, 3, 4, 5, 7)}


@dataclass(frozen=True)
class Key:
    """A tonic (pitch class 0-11, C = 0) and a mode; turns scale degrees into MIDI notes."""

    tonic: int
    mode: str

    @classmethod
    def named(cls, tonic: str, mode: str) -> Key:
        """``Key.named("D", "minor")``; unknown names raise ``ValidationError`` listing the valid ones."""
        if tonic not in PITCH_CLASSES:
            raise ValidationError("key", tonic, f"must be one of {', '.join(PITCH_CLASSES)}")
        if mode not in MODES:
            raise ValidationError("mode", mode, f"must be one of {', '.join(MODES)}")
        return cls(PITCH_CLASSES[tonic], mode)

    @property
    def steps(self) -> tuple[int, ...]:
        return MODES[self.mode]

    def note(self, degree: int, octave: int) -> int:
        """MIDI note of scale ``degree`` (1-based, may exceed 7 or go below 1) in ``octave``."""
        index = degree - 1
        octave_shift, step = divmod(index, 7)
        return 12 * (octave + 1 + octave_shift) + self.tonic + self.steps[step]

    def chord(self, degree: int, size: int, octave: int) -> list[int]:
        """Root-position chord of ``size`` notes stacked in thirds on ``degree``."""
        return [self.note(degree + 2 * i, octave) for i in range(size)]

    def pentatonic(self, low: int, high: int) -> list[int]:
        """MIDI notes of the key's pentatonic scale in ``[low, high]``: melodies that never clash."""
        classes = {(self.tonic + self.steps[d - 1]) % 12 for d in PENTATONIC_DEGREES[self.mode]}
        return [m for m in range(low, high + 1) if m % 12 in classes]


def inversions(chord: list[int]) -> list[list[int]]:
    """Every inversion of ``chord``, each one lifting the lowest note an octave."""
    out = [list(chord)]
    for _ in range(len(chord) - 1):
        prev = out[-1]
        out.append(prev[1:] + [prev[0] + 12])
    return out


def voice_lead(chords: list[list[int]], first_inversion: int = 0) -> list[list[int]]:
    """Pick for each chord the inversion (octave-shifted to stay near) closest to the previous voicing."""
    voiced = [inversions(chords[0])[first_inversion % len(chords[0])]]
    for chord in chords[1:]:
        prev = voiced[-1]
        centre = sum(prev) / len(prev)
        candidates = []
        for inv in inversions(chord):
            shift = 12 * round((centre - sum(inv) / len(inv)) / 12)
            candidates.append([n + shift for n in inv])
        voiced.append(min(candidates, key=lambda c: sum(abs(a - b) for a, b in zip(c, prev, strict=True))))
    return voiced


def midi_to_hz(note: float) -> float:
    return float(440.0 * 2.0 ** ((note - 69) / 12))

