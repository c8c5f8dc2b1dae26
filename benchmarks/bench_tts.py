"""Real-time factor of the voice engines on a 37-word script (the spec's longest, 15 s take).

RTF = synthesis seconds / seconds of audio produced; issue 3's target for
eSpeak is <= 0.1.  Prints the median of warm runs per engine and, for the
neural engines, the one-off model load.  Issue 22's voice quality and CPU
figures come from ``benchmarks/voices.py``.

    python benchmarks/bench_tts.py [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

from mediakit.errors import EngineError
from mediakit.stages.voice import synthesize

SCRIPT = ("I have to show you this app. I used to lose an hour every morning deciding what to do "
          "first. Now I open it, it sorts my day, and I just start. Try it for a week.")


def bench(engine: str, runs: int) -> None:
    assert len(SCRIPT.split()) == 37
    try:
        start = time.perf_counter()
        speech = synthesize(SCRIPT, engine=engine)
        first = time.perf_counter() - start
    except EngineError as exc:
        print(f"{engine:7s} skipped: {exc}")
        return
    audio_s = speech.duration_ms / 1000
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        synthesize(SCRIPT, engine=engine)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"{engine:7s} audio {audio_s:5.2f} s  synth {median:6.3f} s  RTF {median / audio_s:6.3f}  "
          f"(first call {first:.2f} s incl. loading; median of {runs})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for engine in ("espeak", "piper", "kokoro"):
        bench(engine, args.runs)


if __name__ == "__main__":
    main()
