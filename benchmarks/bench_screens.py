"""laptop_ugc's render CPU in two source trees, side by side: does the screen that follows the line cost more?

The app scene pans along a path (a crop offset of one scaled picture per
frame) where it used to scroll top to bottom (a tall capture) or zoom in (a
capture that fits, re-scaled every frame).  Both captures are rendered at
1080x1920, 15 s, in each tree, interleaved (``bench_ab.compare``: CPU seconds
of the render's ffmpeg children)::

    python benchmarks/bench_screens.py --a ../main --b . --rounds 2
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from bench_ab import compare
from PIL import Image

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "app_screen.png"   # 720x1560: taller than 9:16
SCRIPT = ("This app keeps my streak alive. I log my water every morning. Reading comes next, twenty minutes a day. "
          "Then I walk eight thousand steps. And I sleep by eleven now. Try it free.")
JOB = """
from mediakit.generation.contract import Options
from mediakit.generation.run import plan_job
from mediakit.render import render
gen, plan = plan_job("laptop_ugc", {{"app_screen_image_url": {screen!r}, "script": {script!r}, "duration": 15,
                                    "actor_slug": "maya-chen"}}, options=Options())
timeline = gen.build(plan, OUT).timeline
START()
render(timeline, OUT / "l.mp4")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--a", type=Path, required=True, help="first source tree (e.g. main)")
    parser.add_argument("--b", type=Path, required=True, help="second source tree")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="mediakit-screens-"))
    fits = folder / "app_fits.png"          # the sample cut to 9:16: it fits the frame (main zooms it)
    with Image.open(SAMPLE) as im:
        im.crop((0, 0, 720, 1280)).save(fits)
    for name, screen in (("tall capture (scrolls)", SAMPLE), ("capture that fits (drifts)", fits)):
        compare(f"laptop_ugc, {name}", JOB.format(screen=str(screen), script=SCRIPT),
                (args.a.resolve(), args.b.resolve()), args.rounds)


if __name__ == "__main__":
    main()
