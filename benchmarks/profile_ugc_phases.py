"""Where one ugc_video run spends its wall time: each stage's start and end, and which thread ran it.

The end-to-end benchmark (``bench_ugc_video.py``) says how far mediakit is
from a bare encode; this says which stages make up the difference and
whether they overlap.  Each stage function is wrapped with a timer in the
module that calls it, the sample request is generated once with a fresh
cache (so speech is synthesised), and the spans are printed in start order.

    python benchmarks/profile_ugc_phases.py [--runs 2]
"""

from __future__ import annotations

import argparse
import functools
import os
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
REQUEST = ROOT / "samples" / "requests" / "ugc_video.yaml"
sys.path.insert(0, str(ROOT))  # this checkout's mediakit, not whichever one is installed

Span = tuple[str, str, float, float]


def instrument(spans: list[Span], t0: list[float]) -> None:
    """Wrap the stages of a talking ad where ``talking_ad`` and ``run`` look them up."""
    from mediakit import cache
    from mediakit.generators import run, talking_ad
    from mediakit.stages import mix

    def timed(module: Any, name: str, label: str) -> None:
        fn: Callable[..., Any] = getattr(module, name)

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spans.append((label, threading.current_thread().name, start - t0[0], time.perf_counter() - t0[0]))

        setattr(module, name, wrapper)

    for name in ("_speak", "music_bed", "soundtrack", "talking_track", "scenes_track"):
        timed(talking_ad, name, name.lstrip("_"))
    timed(mix, "mix_bed", "mix_bed (loudness)")
    for name in ("plan_job", "render", "poster_frame"):
        timed(run, name, name)
    timed(cache, "cached_file", "cache miss/hit (file)")


def cpu_seconds() -> float:
    """CPU seconds of this process and the children it has waited for (ffmpeg runs)."""
    return sum(u.ru_utime + u.ru_stime for u in (resource.getrusage(resource.RUSAGE_SELF),
                                                  resource.getrusage(resource.RUSAGE_CHILDREN)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    from mediakit.generators.run import generate

    spans: list[Span] = []
    t0 = [0.0]
    instrument(spans, t0)
    body = yaml.safe_load(REQUEST.read_text(encoding="utf-8"))
    os.chdir(ROOT)
    for n in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="ugc-phases-") as tmp:
            os.environ["MEDIAKIT_CACHE"] = str(Path(tmp) / "cache")  # fresh: speech is synthesised, cards drawn
            spans.clear()
            cpu, t0[0] = cpu_seconds(), time.perf_counter()
            generate("ugc_video", body, Path(tmp) / "ad.mp4")
            total, cpu = time.perf_counter() - t0[0], cpu_seconds() - cpu
        print(f"run {n + 1}: {total:.2f} s, {cpu:.2f} CPU s, load {os.getloadavg()[0]:.1f}")
        for label, thread, start, end in sorted(spans, key=lambda s: s[2]):
            print(f"  {start:6.2f} -> {end:6.2f}  {end - start:5.2f} s  {label:<20} {thread}")


if __name__ == "__main__":
    main()
