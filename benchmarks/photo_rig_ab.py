"""The photo rig's cost, this checkout against another (main), side by side in one run.

* **rig**: landmarks (cold: MediaPipe's import included) and every key pose
  at 1080x1920, each checkout in a fresh process with a fresh cache, CPU
  seconds (``getrusage``) and wall, interleaved, medians (target <= 3 s);
* **render**: the photo actor alone over the sample script's speech at
  1080x1920 in the delivery profile (parts cached beforehand), each
  checkout's render against a bare encode of the same length (testsrc2 +
  tone), CPU of the render's processes, interleaved, medians.

The speech is synthesised once (the default voice) and handed to both
checkouts, so both animate the same audio, each with its own viseme track.

    python benchmarks/photo_rig_ab.py --baseline /work/main [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_ugc_video import bare
from photo_rig import FACE, SCRIPT

ROOT = Path(__file__).resolve().parents[1]
RIG = r'''
import json, resource, sys, time
from pathlib import Path
start = time.perf_counter()
from mediakit.stages.actors.face_mesh import find_face
find_face(Path(sys.argv[1]), field="x")
landmarks, cpu = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF)
from mediakit.stages.actors.photo_rig import photo_parts
photo_parts(Path(sys.argv[1]), (1080, 1920), field="x")
parts, end = time.perf_counter() - start - landmarks, resource.getrusage(resource.RUSAGE_SELF)
used = cpu.ru_utime + cpu.ru_stime
print(json.dumps({"landmarks_wall": landmarks, "parts_wall": parts, "landmarks_cpu": used,
                  "parts_cpu": end.ru_utime + end.ru_stime - used}))
'''
RENDER = r'''
import json, pickle, resource, sys, time
from pathlib import Path
from mediakit.render import render
from mediakit.stages.actors.photo_rig import photo_layer
from mediakit.stages.actors.visemes import speech_visemes
from mediakit.timeline import AudioClip, Canvas, Timeline
phonemes, words, audio, duration = pickle.loads(Path(sys.argv[2]).read_bytes())
layer = photo_layer(Path(sys.argv[1]), speech_visemes(phonemes, words, Path(audio), duration), words,
                    size=(1080, 1920), duration_ms=duration, seed=11, field="face_photo_url")
def cpu():
    kids, me = resource.getrusage(resource.RUSAGE_CHILDREN), resource.getrusage(resource.RUSAGE_SELF)
    return kids.ru_utime + kids.ru_stime + me.ru_utime + me.ru_stime
used, start = cpu(), time.perf_counter()
render(Timeline(Canvas(1080, 1920, 30), duration, layers=(layer,), audio=(AudioClip(Path(audio)),)), Path(sys.argv[3]))
print(json.dumps({"wall": time.perf_counter() - start, "cpu": cpu() - used}))
'''


def child(code: str, tree: Path, cache: Path, *args: str) -> dict[str, float]:
    """``code`` run with ``tree`` first on the path and ``cache`` as the mediakit cache; its JSON line."""
    env = {**os.environ, "PYTHONPATH": str(tree), "MEDIAKIT_CACHE": str(cache)}
    out = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, cwd="/",
                         check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def interleaved(trees: dict[str, Path], n: int) -> list[tuple[str, Path]]:
    """The trees in round ``n``'s order: each goes first every other round, so neither gets the warmer machine."""
    order = list(trees.items())
    return order if n % 2 == 0 else order[::-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other checkout (its repository root)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    trees = {"branch": ROOT, "baseline": args.baseline.resolve()}
    with tempfile.TemporaryDirectory(prefix="bench-rig-ab-") as tmp:
        folder = Path(tmp)
        rig: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for n in range(args.rounds):
            for name, tree in interleaved(trees, n):
                rig[name].append(child(RIG, tree, folder / f"rig-{name}-{n}", str(FACE)))
        from mediakit.stages.actors import SpeechInput
        from mediakit.stages.voice import synthesize

        speech = SpeechInput.from_speech(synthesize(SCRIPT))
        spoken = folder / "speech.pkl"
        spoken.write_bytes(pickle.dumps((list(speech.phonemes), list(speech.words), str(speech.audio),
                                         speech.duration_ms)))
        renders: dict[str, list[dict[str, float]]] = {name: [] for name in [*trees, "bare"]}
        for name, tree in trees.items():  # the parts, cached
            child(RENDER, tree, folder / f"render-{name}", str(FACE), str(spoken), str(folder / f"{name}.mp4"))
        for n in range(args.rounds):
            for name, tree in interleaved(trees, n):
                renders[name].append(child(RENDER, tree, folder / f"render-{name}", str(FACE), str(spoken),
                                           str(folder / f"{name}.mp4")))
            wall, cpu = bare(folder / "bare.mp4", seconds=speech.duration_ms / 1000)
            renders["bare"].append({"wall": wall, "cpu": cpu})

    def median(rows: list[dict[str, float]]) -> dict[str, float]:
        return {k: round(statistics.median(r[k] for r in rows), 2) for k in rows[0]}

    result: dict[str, object] = {"rounds": args.rounds, "load_1min": round(os.getloadavg()[0], 1)}
    for name in trees:
        got = median(rig[name])
        result[f"rig_{name}"] = {**got, "total_cpu": round(got["landmarks_cpu"] + got["parts_cpu"], 2),
                                 "total_wall": round(got["landmarks_wall"] + got["parts_wall"], 2)}
    base = median(renders["bare"])
    result["render_bare"] = base
    for name in trees:
        got = median(renders[name])
        result[f"render_{name}"] = {**got, "over_bare_cpu": round(got["cpu"] / base["cpu"], 2),
                                    "over_bare_wall": round(got["wall"] / base["wall"], 2)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
