"""Punch-ins: render CPU of a talking shot with them vs without, and the frames either side of one.

Issue 23's punch-ins must cost about nothing: the tight framing is drawn once
(``stages.actors.tight_framing``), so the render only crops other cells of
the same held strips.  The talking-only 15 s ugc_video
(``talking_only.yaml``) is built twice from one plan, with punch-ins and
with ``punch_in`` turned off, and each timeline is rendered ``--rounds``
times, interleaved with a bare encode of the same size and length; CPU
seconds are this process's ffmpeg children (``RUSAGE_CHILDREN``), which
swing far less than wall time on a shared machine.  ``--photo`` uses a face
photo actor instead of the drawn one.  It also writes the frames 100 ms
before and after the first punch-in to ``--frames`` (PNG), to look at.

    python benchmarks/punch_ins.py [--rounds 3] [--photo] [--frames /tmp/punch-frames]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from unittest import mock

import yaml
from bench_ugc_video import bare, children_cpu

from mediakit.ffmpeg import run_ffmpeg
from mediakit.generation.run import plan_job
from mediakit.render import render
from mediakit.timeline import PuppetLayer, Timeline

ROOT = Path(__file__).resolve().parents[1]
REQUEST = ROOT / "benchmarks" / "talking_only.yaml"
FACE = ROOT / "tests" / "data" / "real" / "lipnet-grid-swwp2s" / "face.png"


def timelines(body: dict[str, object], workdir: Path) -> tuple[Timeline, Timeline]:
    """The ad's timeline with punch-ins and without (the same plan, voice and captions)."""
    gen, plan = plan_job("ugc_video", body)
    with_punch = gen.build(plan, workdir / "with").timeline
    with mock.patch("mediakit.generation.spoken_ad.punch_in", lambda layer, words, shots: layer):
        without = gen.build(plan, workdir / "without").timeline
    assert with_punch is not None and without is not None
    return with_punch, without


def render_cpu(timeline: Timeline, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds of rendering ``timeline``."""
    cpu, start = children_cpu(), time.perf_counter()
    render(timeline, out)
    return time.perf_counter() - start, children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--photo", action="store_true", help="a face photo actor instead of the drawn one")
    parser.add_argument("--frames", type=Path, default=None, help="where to write the frames around a punch-in")
    args = parser.parse_args()
    body = yaml.safe_load(REQUEST.read_text())
    if args.photo:
        body = {**{k: v for k, v in body.items() if k != "actor_slug"}, "face_photo_url": str(FACE)}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for sub in ("with", "without"):
            (work / sub).mkdir()
        punched, plain = timelines(body, work)
        actor = next(layer for layer in punched.layers if isinstance(layer, PuppetLayer))
        assert actor.punch is not None
        print(f"punch-ins (ms): {actor.punch.spans}")
        runs: dict[str, list[tuple[float, float]]] = {"bare": [], "with": [], "without": []}
        for n in range(args.rounds):
            order = ("with", "without") if n % 2 == 0 else ("without", "with")
            runs["bare"].append(bare(work / "bare.mp4", punched.canvas.width, punched.canvas.height,
                                     punched.duration_ms / 1000))
            for name in order:
                runs[name].append(render_cpu(punched if name == "with" else plain, work / f"{name}.mp4"))
            print(f"round {n + 1}: " + ", ".join(f"{k} {w:.2f} s / {c:.2f} CPU-s" for k, v in runs.items()
                                                 for w, c in v[-1:]))
        med = {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v)) for k, v in runs.items()}
        print(f"render CPU with ÷ without punch-ins: {med['with'][1] / med['without'][1]:.3f} "
              f"({med['with'][1]:.2f} vs {med['without'][1]:.2f} CPU-s, median of {args.rounds})")
        print(f"render ÷ bare encode, CPU: with {med['with'][1] / med['bare'][1]:.2f}, "
              f"without {med['without'][1] / med['bare'][1]:.2f}; wall: with {med['with'][0] / med['bare'][0]:.2f}, "
              f"without {med['without'][0] / med['bare'][0]:.2f}")
        if args.frames is not None:
            args.frames.mkdir(parents=True, exist_ok=True)
            at = actor.punch.spans[0][0]
            for name, ms in (("before", at - 100), ("after", at + 100)):
                run_ffmpeg(["-ss", f"{ms / 1000:.3f}", "-i", str(work / "with.mp4"), "-frames:v", "1", "-y",
                            str(args.frames / f"{name}.png")], what="a frame")
            print(f"frames around the punch-in at {at} ms: {args.frames}")


if __name__ == "__main__":
    main()
