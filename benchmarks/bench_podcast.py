"""A 10 s make_podcast (two actors, 4 turns, captions) vs a bare encode of 10 s at 1080x1920, in one run.

Issue 9's figure: the whole skill run, from the request to the delivered
mp4 with its sidecars (four takes synthesised, both actors lip-synced to
their own takes, the podcast layout composited with captions), costs at
most 2x a bare encode of a 10 s 1080x1920 ``testsrc2`` with the same
encoder settings.  One warm-up run first (drawn parts and the room are
cached once per actor and size, as in a batch); then interleaved pairs,
median reported.

    python benchmarks/bench_podcast.py [--pairs 3]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path

from mediakit.ffmpeg import run_ffmpeg
from mediakit.probe import probe
from mediakit.render.profile import DEFAULT_PROFILE
from mediakit.skills.base import run_skill

SECONDS = 10
BODY = {
    "character_a": "char_maya-chen",
    "character_b": "char_omar-farouk",
    "script": [
        {"speaker": "A", "line": "Welcome back, we test gadgets."},
        {"speaker": "B", "line": "I brought the strangest one."},
        {"speaker": "A", "line": "Show me right now, please."},
        {"speaker": "B", "line": "This lamp follows you everywhere."},
    ],
    "room": "cozy wooden studio",
    "subtitles": True,
}


def cpu() -> float:
    """CPU seconds of this process and its finished children (ffmpeg), user + system."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def bare(out: Path, seconds: float) -> tuple[float, float]:
    start, used = time.perf_counter(), cpu()
    run_ffmpeg(["-f", "lavfi", "-i", f"testsrc2=s=1080x1920:r=30:d={seconds}", "-f", "lavfi", "-i",
                f"sine=f=220:d={seconds}:sample_rate=48000", "-shortest", *DEFAULT_PROFILE.output_options(),
                "-y", str(out)], what="bare 1080x1920 encode")
    return time.perf_counter() - start, cpu() - used


def podcast(out: Path) -> tuple[float, float]:
    start, used = time.perf_counter(), cpu()
    report = run_skill("make_podcast", BODY, out)
    elapsed = time.perf_counter() - start, cpu() - used
    assert report["status"] == "succeeded", report
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        podcast(folder / "warm.mp4")
        length = (probe(folder / "warm.mp4").duration_ms or 0) / 1000
        pods, bares = [], []
        for i in range(args.pairs):
            bares.append(bare(folder / f"bare-{i}.mp4", length))
            pods.append(podcast(folder / f"pod-{i}.mp4"))
    for k, what in enumerate(("wall", "cpu")):
        ratios = [p[k] / b[k] for p, b in zip(pods, bares, strict=True)]
        print(f"{what}: make_podcast ({length:.1f} s, 2 actors, 4 turns, captions) median "
              f"{statistics.median(p[k] for p in pods):.2f} s; bare encode 1080x1920 median "
              f"{statistics.median(b[k] for b in bares):.2f} s; pair ratios "
              f"{', '.join(f'{r:.3f}' for r in ratios)}; median {statistics.median(ratios):.3f} (target <= 2.0)")


if __name__ == "__main__":
    main()
