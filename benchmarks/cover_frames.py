"""Issue 23's "frame 0 is the cover" on every video route, at full size, from the sample requests.

For each route the job is planned and built as a user's would be
(``samples/requests/<route>.yaml``), and the first second of its picture is
rendered without captions (they follow the voice, so they are not the
cover's).  Two figures compare frame 0 with the frame at 0.5 s:

* ``appeared``: the share of the 0.5 s frame's pixels that no pixel of
  frame 0 within 2% of the height matches to within 24 luma levels - what
  came into the picture rather than moved (a fade from an empty frame, a
  product that enters late).  Target: under 1%.
* ``diff``: their mean absolute luma difference (0..255), beside the largest
  difference between neighbouring frames in that half second.

    python benchmarks/cover_frames.py [route ...]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parents[1]
ROUTES = ("ugc_video", "saas_review", "show_your_app", "laptop_ugc", "product_acting_ugc", "text_to_video",
          "make_ugc", "make_podcast", "make_subtitles")
DROP = ("publish_integration_ids", "caption_mode", "caption_guidance")   # publishing is not the picture
REACH = 0.02      # of the height: the motion half a second allows (Ken Burns drifts 3% a second)
MATCH = 24        # luma levels


def appeared(before: np.ndarray, after: np.ndarray, reach: int) -> float:
    """The share of ``after``'s pixels no pixel of ``before`` within ``reach`` px matches to within ``MATCH``."""
    h, w = after.shape
    padded = np.pad(before, reach, mode="edge")
    best = np.full(after.shape, 255.0, np.float32)
    for dy in range(-reach, reach + 1):
        for dx in range(-reach, reach + 1):
            best = np.minimum(best, np.abs(after - padded[reach + dy:reach + dy + h, reach + dx:reach + dx + w]))
    return float((best > MATCH).mean())


def first_second(timeline: Any, folder: Path) -> np.ndarray:
    """The first second of ``timeline`` without captions or sound (captions follow the voice): N x H x W luma."""
    from mediakit.ffmpeg import run_ffmpeg
    from mediakit.render import render

    first = tuple(layer for layer in timeline.layers if layer.start_ms < 1000)
    out = render(replace(timeline, layers=first, captions=None, audio=(), duration_ms=1000), folder / "cover.mp4")
    canvas = timeline.canvas
    raw = run_ffmpeg(["-i", str(out), "-f", "rawvideo", "-pix_fmt", "gray", "-"], what="decoding the cover")
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, canvas.height, canvas.width).astype(np.float32)


def cover_share(frames: np.ndarray, canvas: Any, reach: float = REACH) -> float:
    """The share of the frame at 0.5 s missing from frame 0, the motion half a second allows (``reach``, a share
    of the height) aside."""
    return appeared(frames[0], frames[round(float(canvas.fps) / 2)], max(1, round(canvas.height * reach)))


def opening(route: str, folder: Path) -> tuple[np.ndarray, Any]:
    """The first second of ``route``'s sample job (``first_second``) and its canvas."""
    from mediakit.generation.run import plan_job

    body = {k: v for k, v in yaml.safe_load((ROOT / "samples" / "requests" / f"{route}.yaml").read_text()).items()
            if k not in DROP}
    gen, plan = plan_job(route, body)
    timeline = gen.build(plan, folder).timeline
    assert timeline is not None
    return first_second(timeline, folder), timeline.canvas


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("routes", nargs="*", default=list(ROUTES))
    args = parser.parse_args(argv)
    print("| route | canvas | appeared | diff(0, 0.5 s) | largest neighbouring step |")
    print("|---|---|---|---|---|")
    worst = 0.0
    for route in args.routes:
        with tempfile.TemporaryDirectory() as tmp:
            frames, canvas = opening(route, Path(tmp))
        half = round(float(canvas.fps) / 2)
        share = cover_share(frames, canvas)
        diff = float(np.abs(frames[half] - frames[0]).mean())
        step = float(np.abs(np.diff(frames[:half + 1], axis=0)).mean(axis=(1, 2)).max())
        worst = max(worst, share)
        print(f"| {route} | {canvas.width}x{canvas.height} | {share:.2%} | {diff:.2f} | {step:.2f} |", flush=True)
    return 0 if worst < 0.01 else 1


if __name__ == "__main__":
    sys.exit(main())
