"""ugc_video end to end vs a bare encode vs the same composition done the MoviePy way, in one run.

Issue 8's figures, for a 15 s 9:16 ad (drawn actor, default voice, product
image PiP, hormozi captions, music, b-roll):

* mediakit, request in -> mp4 out (speech, lip-sync, mix and render included,
  with a fresh clip cache each time so nothing is reused from an earlier
  run) <= 1.5x a bare encode of 15 s of 1080x1920 with the same encoder
  settings;
* the same composition written the way MoviePy-based tools do it
  (``CompositeVideoClip`` of the product still, the actor clip in a PiP
  frame, the CTA card, the same mixed audio; the actor clip and audio are
  handed over ready-made and untimed, so MoviePy does less work than
  mediakit, which draws the actor inside its one render):
  mediakit >= 3.5x faster;
* peak memory of the whole mediakit run (Python and its ffmpeg children,
  RSS summed over the process tree, sampled every 20 ms) < 600 MB.

Runs are interleaved (bare, mediakit, moviepy per round); medians are
reported, as wall seconds and as CPU seconds of the process tree
(``RUSAGE_CHILDREN``), which swing far less than wall time on a shared
machine.  ``--baseline TREE`` also runs ``mediakit`` from another checkout
(e.g. the commit before a change, from ``git archive``) in every round, so
before and after are measured under the same load.  Needs the ``bench``
extra (``pip install -e '.[bench]'``).

``--request FILE`` renders another ugc_video request instead of the sample
(``benchmarks/talking_only.yaml``: the talking shot alone); MoviePy's composition mirrors the sample, so it is skipped.

    python benchmarks/bench_ugc_video.py [--rounds 3] [--baseline /tmp/before] [--request FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render.profile import DEFAULT_PROFILE

ROOT = Path(__file__).resolve().parents[1]
REQUEST = ROOT / "samples" / "requests" / "ugc_video.yaml"
SECONDS = 15
W, H = 1080, 1920


def children_cpu() -> float:
    """CPU seconds (user + system) of every child process waited for so far, their own children included."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bare(out: Path, width: int = W, height: int = H, seconds: float = SECONDS, fps: int = 30) -> tuple[float, float]:
    """Wall and CPU seconds of the bare encode: a moving test picture and a tone, in the delivery profile."""
    cpu, start = children_cpu(), time.perf_counter()
    run_ffmpeg(["-f", "lavfi", "-i", f"testsrc2=s={width}x{height}:r={fps}:d={seconds}", "-f", "lavfi",
                "-i", f"sine=f=220:d={seconds}:sample_rate=48000", "-map", "0:v", "-map", "1:a",
                "-t", str(seconds), *DEFAULT_PROFILE.output_options(), "-y", str(out)], what="bare encode")
    return time.perf_counter() - start, children_cpu() - cpu


def mediakit_run(out: Path, cache: Path, checkout: Path = ROOT, request: Path = REQUEST) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MB (process tree) of ``mediakit generate ugc_video`` run from ``checkout``."""
    env = {**os.environ, "MEDIAKIT_CACHE": str(cache)}
    cmd = [sys.executable, "-m", "mediakit", "generate", "ugc_video", "--input", str(request.resolve()), "-o",
           str(out), "--json"]
    cpu, start = children_cpu(), time.perf_counter()
    proc = psutil.Popen(cmd, cwd=checkout, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = 0
    while proc.poll() is None:
        try:
            tree = [proc, *proc.children(recursive=True)]
            peak = max(peak, sum(p.memory_info().rss for p in tree if p.is_running()))
        except psutil.Error:
            pass
        time.sleep(0.02)
    wall = time.perf_counter() - start
    stdout, stderr = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"mediakit failed: {stdout.decode()[-800:]} {stderr.decode()[-800:]}")
    return wall, children_cpu() - cpu, peak / 1e6


def actor_clip(audio: Path) -> Path:
    """The drawn actor speaking ``audio`` as a clip file at the PiP's size, for MoviePy to composite.

    mediakit itself draws the actor inside its one render and writes no such
    clip; MoviePy gets it ready-made (untimed), as it gets the mixed audio.
    """
    from mediakit.stages.actors import SpeechInput, get_actor
    from mediakit.stages.actors.talking import talking_clip
    from mediakit.timeline import Box

    pip_w = int(W * 0.38) // 2 * 2
    return talking_clip(get_actor("maya-chen"), SpeechInput.from_file(audio), Box(0, 0, pip_w, pip_w * 4 // 3))


def moviepy_run(actor: Path, product: Path, audio: Path, out: Path) -> float:
    """The same picture composed clip by clip in Python, the MoviePy way."""
    from moviepy import AudioFileClip, ColorClip, CompositeVideoClip, ImageClip, VideoFileClip

    start = time.perf_counter()
    bg = ImageClip(str(product)).resized(height=H)
    bg = bg.with_position(("center", "center")).with_duration(SECONDS)
    pip_w = int(W * 0.38) // 2 * 2
    pip = VideoFileClip(str(actor)).resized(width=pip_w).with_duration(SECONDS)
    pip = pip.with_position((W - int(W * 0.12) - pip_w, int(H * 0.8) - pip.h))
    card = ColorClip((W, 216), color=(0, 0, 0)).with_opacity(0.6).with_start(SECONDS - 1.5).with_duration(1.5)
    card = card.with_position((0, int(H * 0.3)))
    video = CompositeVideoClip([bg, pip, card], size=(W, H)).with_duration(SECONDS)
    video = video.with_audio(AudioFileClip(str(audio)))
    video.write_videofile(str(out), fps=30, codec="libx264", audio_codec="aac", preset="veryfast",
                          logger=None, ffmpeg_params=["-crf", "23", "-pix_fmt", "yuv420p"])
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--baseline", type=Path, help="another checkout whose mediakit also runs in every round")
    parser.add_argument("--request", type=Path, default=REQUEST, help="the ugc_video request to render")
    args = parser.parse_args()
    moviepy = args.request == REQUEST
    with tempfile.TemporaryDirectory(prefix="bench-ugc-") as tmp:
        folder = Path(tmp)
        # warm-up: imports, fonts, the actor's sprites; also gives MoviePy its ready-made inputs
        mediakit_run(folder / "warm.mp4", folder / "warm-cache", request=args.request)
        if args.baseline is not None:
            mediakit_run(folder / "warm-base.mp4", folder / "warm-base-cache", args.baseline, args.request)
        audio = folder / "audio.m4a"
        run_ffmpeg(["-i", str(folder / "warm.mp4"), "-vn", "-c:a", "copy", "-y", str(audio)], what="audio")
        actor = actor_clip(audio) if moviepy else None
        product = ROOT / "samples" / "coffee.png"
        rows: dict[str, list[float]] = {}
        for n in range(args.rounds):
            runs = {"bare": bare(folder / "bare.mp4")}
            if args.baseline is not None:
                wall, cpu, _ = mediakit_run(folder / "base.mp4", folder / f"base-cache-{n}", args.baseline,
                                            args.request)
                runs["baseline"] = (wall, cpu)
            wall, cpu, peak = mediakit_run(folder / "ad.mp4", folder / f"cache-{n}", request=args.request)
            runs["mediakit"] = (wall, cpu)
            rows.setdefault("peak_mb", []).append(peak)
            if actor is not None:
                runs["moviepy"] = (moviepy_run(actor, product, audio, folder / "moviepy.mp4"), 0.0)
            for name, (wall, cpu) in runs.items():
                rows.setdefault(f"{name}_s", []).append(wall)
                rows.setdefault(f"{name}_cpu_s", []).append(cpu)
        med = {k: statistics.median(v) for k, v in rows.items()}
        result: dict[str, float | int] = {k: round(v, 2) for k, v in med.items() if k != "moviepy_cpu_s"}
        for name in ("mediakit", "baseline"):
            if f"{name}_s" in med:
                result[f"{name}_over_bare"] = round(med[f"{name}_s"] / med["bare_s"], 2)
                result[f"{name}_over_bare_cpu"] = round(med[f"{name}_cpu_s"] / med["bare_cpu_s"], 2)
        if moviepy:
            result["moviepy_over_mediakit"] = round(med["moviepy_s"] / med["mediakit_s"], 2)
        result.update(peak_mb=round(max(rows["peak_mb"])), rounds=args.rounds, cpus=os.cpu_count() or 0,
                      load_1min=round(os.getloadavg()[0], 2))
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
