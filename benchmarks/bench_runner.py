"""A batch of 20 short mixed jobs: the runner against the same renders without it, and local pool against Dask.

Issue 10's figures, measured side by side in one run on this machine:

- runner overhead outside rendering < 0.3 s per job: ``mediakit run`` on the
  batch, against the same 20 requests rendered by a bare process pool of the
  same size calling ``mediakit.generation.run.generate`` (no store, no
  ledger, no planning twice, no manifest or gallery);
  overhead = (runner wall - bare wall) / jobs.
- the cores stay >= 85% busy through the batch with the default worker
  count: the CPU seconds of the runner's whole process tree (each
  process's own user + system time, last seen by a sampler every 0.1 s,
  so a process shorter than that is missed) over wall x cores, so other
  load on a shared machine does not count as ours; the system-wide CPU
  is printed beside it;
- peak memory of the whole batch < 1.5 GB (the runner's process tree:
  runner, forkserver, tasks and their ffmpeg, summed RSS, sampled);
- with ``--dask``: the same batch on a two-worker Dask LocalCluster within
  1.2x of the local pool's wall time.

Each arm starts from an empty store and output folder and from its own
copy of one warm cache (two warm-up jobs draw the actors' sprites and the
fonts' metrics once), so no arm renders from what another arm cached and
the arms can run in any order.

    python benchmarks/bench_runner.py [--jobs 20] [--dask]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import psutil

from mediakit.cache import CACHE_ENV

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
SCRIPTS = ["Cold brew in seconds, never bitter. Try it today.",
           "My mornings changed the week I switched to this.",
           "Smooth, strong and ready before the kettle boils.",
           "I stopped buying coffee out. This is why."]


def requests(n: int) -> list[tuple[str, str, dict[str, Any]]]:
    """``n`` short jobs cycling through five kinds: (id, generator, request)."""
    kinds = [
        ("ugc", "ugc_video", lambda i: {"script": SCRIPTS[i % 4] + " " + SCRIPTS[(i + 1) % 4],
                                        "actor_slug": ["maya-chen", "omar-farouk"][i % 2], "target_duration": 5}),
        ("app", "show_your_app", lambda i: {"app_screenshot_url": str(SAMPLES / "app_screen.png"),
                                            "script": SCRIPTS[i % 4], "duration": 5}),
        ("caption", "subtitle", lambda i: {"video_url": str(SAMPLES / "jfk.mp4"),
                                           "style": ["hormozi", "karaoke"][i % 2]}),
        ("picture", "image", lambda i: {"prompt": f"an iced coffee on a windowsill, variant {i}"}),
        ("voice", "audio", lambda i: {"text": SCRIPTS[i % 4]}),
    ]
    out = []
    for i in range(n):
        name, gen, body = kinds[i % len(kinds)]
        out.append((f"{name}{i}", gen, body(i)))
    return out


def _bare_one(args: tuple[str, dict[str, Any], str]) -> float:
    from mediakit.generation.registry import get_generator
    from mediakit.generation.run import generate

    gen, body, out = args
    start = time.perf_counter()
    generate(gen, body, Path(out + get_generator(gen).output_suffix))
    return time.perf_counter() - start


def fresh_cache(warm: Path, folder: Path) -> Path:
    """A copy of the warm cache for one arm, made its process's (and its children's) cache."""
    cache = folder / "cache"
    shutil.copytree(warm, cache)
    os.environ[CACHE_ENV] = str(cache)
    return cache


def bare(jobs: list[tuple[str, str, dict[str, Any]]], folder: Path, workers: int) -> float:
    """The renders alone: a process pool of ``workers`` calling generate() on each request."""
    folder.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        list(pool.map(_bare_one, [(g, b, str(folder / i)) for i, g, b in jobs]))
    return time.perf_counter() - start


class Sampler:
    """System CPU %, the tree's CPU seconds and its summed RSS, every 0.1 s, in a thread."""

    def __init__(self, pid: int) -> None:
        self.proc = psutil.Process(pid)
        self.cpu: list[float] = []
        self.peak = 0
        self.cpu_seconds: dict[int, float] = {}
        self.stop = threading.Event()
        psutil.cpu_percent(None)
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.wait(0.1):
            self.cpu.append(psutil.cpu_percent(None))
            rss = 0
            try:
                for p in [self.proc, *self.proc.children(recursive=True)]:
                    try:
                        with p.oneshot():
                            rss += p.memory_info().rss
                            times = p.cpu_times()
                        self.cpu_seconds[p.pid] = times.user + times.system
                    except psutil.Error:
                        pass
            except psutil.Error:
                continue
            self.peak = max(self.peak, rss)

    def finish(self) -> None:
        self.stop.set()
        self.thread.join()


def runner(spec: Path, folder: Path, workers: int | None, executor: str = "local") -> dict[str, Any]:
    """``mediakit run`` on the spec in a fresh store: wall time, CPU busy %, peak tree RSS, outcome counts."""
    cmd = [sys.executable, "-m", "mediakit", "run", str(spec), "--out", str(folder / "out"), "--store",
           str(folder / "store"), "--json", "--executor", executor]
    if workers:
        cmd += ["--workers", str(workers)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sampler = Sampler(proc.pid)
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    sampler.finish()
    tree_cpu = sum(sampler.cpu_seconds.values())
    done = json.loads(out.strip().splitlines()[-1]) if out.strip() else {"jobs": {}, "error": err[-500:]}
    return {"wall": wall, "tree_busy": 100 * tree_cpu / (wall * (os.cpu_count() or 1)),
            "cpu_busy": statistics.fmean(sampler.cpu) if sampler.cpu else 0.0,
            "peak_mb": sampler.peak / 2**20, "jobs": done.get("jobs"), "error": done.get("error")}


def write_spec(jobs: list[tuple[str, str, dict[str, Any]]], path: Path) -> None:
    spec = {"account": {"plan": "pro_plus", "credits": 100000},
            "jobs": [{"id": i, "generator": g, "input": b} for i, g, b in jobs]}
    path.write_text(json.dumps(spec, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jobs", type=int, default=20)
    parser.add_argument("--dask", action="store_true", help="Also run the batch on a two-worker Dask LocalCluster.")
    args = parser.parse_args()
    jobs = requests(args.jobs)
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="bench-runner-") as tmp:
        root = Path(tmp)
        spec = root / "batch.json"
        write_spec(jobs, spec)
        warm = root / "warm-cache"
        os.environ[CACHE_ENV] = str(warm)
        bare(jobs[:2], root / "warm", 2)  # drawn actors and fonts, copied into each arm's cache
        fresh_cache(warm, root / "local")
        local = runner(spec, root / "local", None)
        fresh_cache(warm, root / "bare")
        bare_wall = bare(jobs, root / "bare", cores)
        print(f"{len(jobs)} jobs on {cores} cores")
        print(f"bare pool      {bare_wall:7.1f} s")
        print(f"mediakit run   {local['wall']:7.1f} s  tree busy {local['tree_busy']:5.1f}% "
              f"(system {local['cpu_busy']:5.1f}%)  "
              f"peak {local['peak_mb']:6.0f} MB  {local['jobs']}")
        print(f"overhead       {(local['wall'] - bare_wall) / len(jobs):7.3f} s per job (target < 0.3)")
        if args.dask:
            fresh_cache(warm, root / "dask")
            dask = runner(spec, root / "dask", 2, executor="dask")
            print(f"dask 2 workers {dask['wall']:7.1f} s  {dask['jobs']}  ratio to local "
                  f"{dask['wall'] / local['wall']:.2f} (target <= 1.2)")


if __name__ == "__main__":
    main()
