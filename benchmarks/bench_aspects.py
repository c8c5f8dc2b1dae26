"""One ad in three aspects (``--aspects 9:16,4:5,1:1``) against three separate ``generate`` runs, full size.

Both arms are what a user types: one ``mediakit generate ... --aspects``
process, or three ``mediakit generate ... --set aspect_ratio=...`` processes
one after another.  Each arm starts from an empty cache of its own (the three
separate runs then share theirs, as a user's consecutive runs would), with
the default voice engine.  Wall and CPU seconds (the processes and their
ffmpeg children, from ``getrusage``) per arm; the arms alternate which goes
first each round.  The ratio is --aspects ÷ separate (expected under 1: the
voice, the bed, the mix and the analysis are made once)::

    python benchmarks/bench_aspects.py [--rounds 2] [--request samples/requests/ugc_video.yaml]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ASPECTS = ("9:16", "4:5", "1:1")


def _timed(commands: list[list[str]], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (children) of ``commands`` run one after another."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    for command in commands:
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _arm(name: str, request: Path, out: Path) -> tuple[float, float]:
    base = [sys.executable, "-m", "mediakit", "generate", "ugc_video", "--input", str(request)]
    with tempfile.TemporaryDirectory(prefix=f"aspects-{name}-cache-") as cache:
        env = {**os.environ, "MEDIAKIT_CACHE": cache}
        if name == "aspects":
            return _timed([[*base, "--aspects", ",".join(ASPECTS), "-o", str(out / "ad.mp4")]], env)
        return _timed([[*base, "--set", f"aspect_ratio={a}", "-o", str(out / f"one_{a.replace(':', 'x')}.mp4")]
                       for a in ASPECTS], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--request", type=Path, default=Path("samples/requests/ugc_video.yaml"))
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, float]]] = {"aspects": [], "separate": []}
    with tempfile.TemporaryDirectory(prefix="aspects-bench-") as tmp:
        for n in range(args.rounds):
            order = ("aspects", "separate") if n % 2 == 0 else ("separate", "aspects")
            for name in order:
                runs[name].append(_arm(name, args.request, Path(tmp)))
                wall, cpu = runs[name][-1]
                print(f"round {n + 1} {name:9s} wall {wall:7.1f} s  cpu {cpu:7.1f} s", flush=True)
    for i, what in enumerate(("wall", "cpu")):
        a = statistics.median(r[i] for r in runs["aspects"])
        s = statistics.median(r[i] for r in runs["separate"])
        print(f"{what}: --aspects {a:.1f} s, three runs {s:.1f} s, ratio {a / s:.3f}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
