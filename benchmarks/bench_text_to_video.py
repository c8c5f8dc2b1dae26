"""text_to_video end to end vs a bare encode of the same size and length, side by side in one run.

Issue 25's speed figure: a 10 s 9:16 text_to_video (the local animatic:
designed shots with parallax, the title, ambient sound), request in -> mp4
out in a fresh process with a fresh cache, against a bare encode of 10 s of
720x1280 ``testsrc2`` at the animatic's 24 fps with a sine tone, with the
same encoder settings; target <= 1.5x.  Runs are interleaved (bare, then
mediakit, per round); medians are reported as wall seconds and as CPU
seconds of the process tree (``RUSAGE_CHILDREN``), which swing far less
than wall time on a shared machine.  ``--profile`` also prints where the
time of one run goes: the drawing of the shots (in-process) and the render.

    python benchmarks/bench_text_to_video.py [--rounds 3] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bench_ugc_video
from bench_ugc_video import children_cpu

ROOT = Path(__file__).resolve().parents[1]
PROMPT = "A lighthouse on a cliff at dusk, then waves crashing on the rocks below"
SECONDS = 10
W, H, FPS = 720, 1280, 24


def bare(out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a bare encode of this benchmark's size and length."""
    return bench_ugc_video.bare(out, W, H, SECONDS, FPS)


def mediakit_run(request: Path, out: Path, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of ``mediakit generate text_to_video`` in a fresh process."""
    env = {**os.environ, "MEDIAKIT_CACHE": str(cache)}
    cmd = [sys.executable, "-m", "mediakit", "generate", "text_to_video", "--input", str(request), "-o", str(out)]
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"mediakit failed: {done.stdout.decode()[-800:]} {done.stderr.decode()[-800:]}")
    return time.perf_counter() - start, children_cpu() - cpu


def profile(folder: Path) -> None:
    """Where one run's time goes: the animatic's timeline (shots drawn, ambience), then the render."""
    from mediakit.engines.animatic import AnimaticEngine
    from mediakit.engines.base import VideoJob
    from mediakit.render import render

    job = VideoJob(model="video-engine-2.0", mode="text", prompt=PROMPT, seconds=SECONDS, quality="720p",
                   aspect="9:16", width=W, height=H)
    start = time.perf_counter()
    timeline = AnimaticEngine().make(job, folder)
    made = time.perf_counter()
    cpu = children_cpu()
    render(timeline, folder / "profiled.mp4")
    print(f"profile: timeline (shots, title, ambience) {made - start:.2f} s in-process; render "
          f"{time.perf_counter() - made:.2f} s wall, {children_cpu() - cpu:.2f} s CPU (ffmpeg)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="also time the drawing and the render apart")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-t2v-") as tmp:
        folder = Path(tmp)
        request = folder / "request.json"
        request.write_text(json.dumps({"prompt": PROMPT, "duration": SECONDS, "aspect_ratio": "9:16"}))
        mediakit_run(request, folder / "warm.mp4", folder / "warm-cache")  # imports, fonts, the asset files
        rows: dict[str, list[float]] = {}
        for n in range(args.rounds):
            for name, (wall, cpu) in (("bare", bare(folder / "bare.mp4")),
                                      ("mediakit", mediakit_run(request, folder / "t2v.mp4", folder / f"c{n}"))):
                rows.setdefault(f"{name}_s", []).append(wall)
                rows.setdefault(f"{name}_cpu_s", []).append(cpu)
        med = {k: statistics.median(v) for k, v in rows.items()}
        result: dict[str, float | int] = {k: round(v, 2) for k, v in med.items()}
        result.update(over_bare=round(med["mediakit_s"] / med["bare_s"], 2),
                      over_bare_cpu=round(med["mediakit_cpu_s"] / med["bare_cpu_s"], 2), rounds=args.rounds,
                      cpus=os.cpu_count() or 0, load_1min=round(os.getloadavg()[0], 2))
        print(json.dumps(result, indent=2))
        if args.profile:
            profile(folder)


if __name__ == "__main__":
    main()
