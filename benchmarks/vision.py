"""Issue 23's figures: what the picture analysis costs, and what it buys, on real media.

* the analysis of each real input, cold (measured, MediaPipe already
  started) and warm (read from the cache by content hash), in seconds;
* its share of a 15 s 1080x1920 ugc_video end to end (a real face photo as
  the actor, a wide photo and the product photo as b-roll): the seconds spent
  measuring pictures (MediaPipe's start included) over the whole run's wall
  time, with a fresh cache, in one process (target <= 5%);
* a 2.4 s real clip looped: the largest frame-to-frame step, plain repeat vs
  the cross-faded loop, against the largest inside the clip (target <= 1.5x);
* the lowest text-core contrast any of the 17 styles reaches over the
  luminance range black..white after strengthening (the model; the tests
  measure rendered pixels).

    python benchmarks/vision.py [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "real"
SCRIPT = ("I tried this cold brew for a week and it changed my mornings. It is smooth, never bitter, and ready in "
          "seconds. No machine, no mess, just pour it over ice. Grab yours today.")


def inputs(folder: Path) -> dict[str, Path]:
    from mediakit.ffmpeg import run_ffmpeg

    face = folder / "face.png"
    run_ffmpeg(["-ss", "1", "-i", str(REAL / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg"), "-frames:v", "1", "-y",
                str(face)], what="face photo")
    wide = Image.new("RGB", (2560, 1440), "#8899AA")
    wide.paste(Image.open(face).resize((720, 576)), (120, 430))
    wide.save(folder / "wide.png")
    clip = folder / "short.mp4"
    run_ffmpeg(["-ss", "2", "-t", "2.4", "-i", str(REAL / "moviepy-chaplin" / "chaplin.mp4"), "-an", "-c:v",
                "libx264", "-preset", "veryfast", "-y", str(clip)], what="short clip")
    return {"grid clip 360x288 3 s": REAL / "lipnet-grid-swwp2s" / "id2_vcd_swwp2s.mpg",
            "chaplin clip 640x360 9.6 s": REAL / "moviepy-chaplin" / "chaplin.mp4",
            "coffee photo 600x400": REAL / "skimage-coffee" / "coffee.png",
            "wide photo 2560x1440": folder / "wide.png", "app screenshot": ROOT / "samples" / "app_screen.png",
            "face photo": face, "short clip": clip}


def analysis_costs(files: dict[str, Path]) -> None:
    import mediakit.analysis.stage as stage
    from mediakit.analysis import analyse

    for name, path in files.items():
        if name in ("face photo", "short clip"):
            continue
        stage._memo.clear()
        start = time.perf_counter()
        found = analyse(path)
        cold = time.perf_counter() - start
        stage._memo.clear()
        start = time.perf_counter()
        analyse(path)
        warm = time.perf_counter() - start
        print(f"analysis  {name:28s} cold {cold:6.3f} s  cached {warm:6.4f} s  faces {len(found.faces)}  "
              f"text {len(found.text)}")


def ugc_share(files: dict[str, Path], rounds: int) -> None:
    import mediakit.analysis.stage as stage
    from mediakit.generation.run import generate

    measure = stage._measure
    spent = [0.0]

    def timed(*args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        try:
            return measure(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            spent[0] += time.perf_counter() - start

    stage._measure = timed  # type: ignore[assignment]
    shares = []
    for n in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            os.environ["MEDIAKIT_CACHE"] = tmp
            stage._memo.clear()
            spent[0] = 0.0
            body = {"script": SCRIPT, "face_photo_url": str(files["face photo"]), "target_duration": 15,
                    "broll_images": [str(files["wide photo 2560x1440"]), str(files["coffee photo 600x400"])],
                    "template": "product-review", "style": "hormozi"}
            start = time.perf_counter()
            generate("ugc_video", body, Path(tmp) / "ugc.mp4")
            total = time.perf_counter() - start
            shares.append(spent[0] / total)
            print(f"ugc_video round {n + 1}: {total:6.2f} s wall, analysis {spent[0]:5.2f} s = {spent[0] / total:.1%}")
    print(f"ugc_video analysis share, median of {rounds}: {statistics.median(shares):.1%} (target <= 5%)")


def loop_jumps(files: dict[str, Path], folder: Path) -> None:
    from mediakit.ffmpeg import run_ffmpeg
    from mediakit.stages.loops import seamless_loop

    def largest_step(path: Path, repeats: int) -> float:
        raw = run_ffmpeg(["-stream_loop", str(repeats), "-i", str(path), "-vf", "scale=160:90", "-f", "rawvideo",
                          "-pix_fmt", "gray", "-"], what="frames")
        frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 90 * 160).astype(np.int16)
        return float(np.abs(np.diff(frames, axis=0)).mean(axis=1).max())

    clip = files["short clip"]
    inside, plain = largest_step(clip, 0), largest_step(clip, 2)
    looped = largest_step(seamless_loop(clip, 6000, folder), 2)
    print(f"loop 2.4 s clip: largest step inside {inside:.2f}, plain repeat {plain:.2f} ({plain / inside:.2f}x), "
          f"cross-faded loop {looped:.2f} ({looped / inside:.2f}x; target <= 1.5x)")


def contrast_floor() -> None:
    from mediakit.captions import get_style, style_names
    from mediakit.captions.contrast import readable, worst_contrast

    before = {n: worst_contrast(get_style(n)) for n in style_names()}
    after = {n: worst_contrast(readable(get_style(n))) for n in style_names()}
    weakest = min(before, key=before.__getitem__)
    print(f"caption contrast over black..white, lowest of 17 styles: before {before[weakest]:.2f} ({weakest}), "
          f"after {min(after.values()):.2f}; strengthened: {sorted(n for n in after if after[n] != before[n])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        files = inputs(Path(folder))
        ugc_share(files, args.rounds)   # first: its first round starts MediaPipe, as a fresh process does
        os.environ["MEDIAKIT_CACHE"] = str(Path(folder) / "cache")
        analysis_costs(files)
        loop_jumps(files, Path(folder))
        contrast_floor()


if __name__ == "__main__":
    main()
