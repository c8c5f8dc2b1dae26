"""A 15 s generated actor at 1080x1920 vs a bare encode of 15 s at 1080x1920, side by side in one run.

Issue 4's figure: rendering a talking generated actor (viseme lip sync,
blinks, idle motion; speech and sound included) costs at most 1.3x a bare
encode with the same encoder settings (median of >= 3 interleaved pairs).
Speech is synthesised once before timing; drawing the actor's parts happens
in a warm-up render, as a batch pays it once per actor and frame size.

Two baselines are timed with the same profile and the same speech track:
``testsrc2`` (moving test footage, the reference figure) and a still image
looped (the cheapest thing an encoder can do; a stricter, informative ratio).

    python benchmarks/bench_actor.py [--pairs 3] [--actor maya-chen]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from mediakit.ffmpeg import run_ffmpeg
from mediakit.recipes.audition import render_talking
from mediakit.render.profile import DEFAULT_PROFILE
from mediakit.stages.actors import SpeechInput, get_actor
from mediakit.stages.voice import synthesize
from mediakit.timeline import Canvas

SECONDS = 15
CANVAS = Canvas(1080, 1920)
SCRIPT = ("Okay, I have to show you this app. I used to lose an hour every morning deciding what to do first. "
          "Now I open it, it sorts my day, and I just start. Honestly, try it for a week.")


def make_speech(folder: Path) -> SpeechInput:
    """The script, spoken once, padded with silence to exactly 15 s."""
    speech = SpeechInput.from_speech(synthesize(SCRIPT))
    padded = folder / "speech15.wav"
    run_ffmpeg(["-i", str(speech.audio), "-af", f"apad,atrim=0:{SECONDS}", "-y", str(padded)],
               what="padding speech to 15 s")
    return SpeechInput(padded, SECONDS * 1000, speech.phonemes, speech.words)


def bare_testsrc(speech: SpeechInput, out: Path) -> float:
    start = time.perf_counter()
    run_ffmpeg(["-f", "lavfi", "-i", f"testsrc2=s={CANVAS.width}x{CANVAS.height}:r=30:d={SECONDS}",
                "-i", str(speech.audio), "-map", "0:v", "-map", "1:a", "-t", str(SECONDS),
                *DEFAULT_PROFILE.output_options(), "-y", str(out)], what="bare testsrc2 encode")
    return time.perf_counter() - start


def bare_still(still: Path, speech: SpeechInput, out: Path) -> float:
    start = time.perf_counter()
    run_ffmpeg(["-framerate", "30", "-i", str(still), "-i", str(speech.audio), "-filter_complex",
                f"[0:v]format=yuv420p,loop=loop={SECONDS * 30 - 1}:size=1:start=0,setpts=N[v]",
                "-map", "[v]", "-map", "1:a", "-t", str(SECONDS), *DEFAULT_PROFILE.output_options(), "-y", str(out)],
               what="bare still encode")
    return time.perf_counter() - start


def actor_render(slug: str, speech: SpeechInput, out: Path) -> float:
    start = time.perf_counter()
    render_talking(get_actor(slug), speech, out, canvas=CANVAS)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--actor", default="maya-chen")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        speech = make_speech(folder)
        cold = actor_render(args.actor, speech, folder / "warm.mp4")  # draws and caches the parts
        still = folder / "still.png"
        run_ffmpeg(["-ss", "1", "-i", str(folder / "warm.mp4"), "-frames:v", "1", "-y", str(still)],
                   what="grabbing a still")
        print(f"warm-up render (drawing the actor's parts included): {cold:.2f} s")
        rows = []
        for i in range(args.pairs):
            t = bare_testsrc(speech, folder / f"bare{i}.mp4")
            s = bare_still(still, speech, folder / f"still{i}.mp4")
            a = actor_render(args.actor, speech, folder / f"actor{i}.mp4")
            rows.append((t, s, a))
            print(f"pair {i + 1}: bare testsrc2 {t:.2f} s, bare still {s:.2f} s, actor {a:.2f} s, "
                  f"ratio {a / t:.3f} (vs still {a / s:.3f})")
        ratio = statistics.median(a / t for t, _, a in rows)
        still_ratio = statistics.median(a / s for _, s, a in rows)
        print(f"median: bare testsrc2 {statistics.median(r[0] for r in rows):.2f} s, bare still "
              f"{statistics.median(r[1] for r in rows):.2f} s, actor {statistics.median(r[2] for r in rows):.2f} s, "
              f"ratio {ratio:.3f} (target <= 1.3), vs still {still_ratio:.3f}; actor {args.actor}, "
              f"{CANVAS.width}x{CANVAS.height}, {SECONDS} s")


if __name__ == "__main__":
    main()
