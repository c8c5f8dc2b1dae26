"""The README's actor frames: a drawn actor, a photo actor and a footage ad, one frame each (docs/actors_*.png).

Each is a 5 s ugc_video at 360x640 (``preview_height``), its frame taken
mid-sentence with the captions on, written as a PNG under 200 KB:

* drawn: the bundled actor ``maya-chen`` speaking the script (Kokoro/Piper voice);
* photo: ``face_photo_url`` = the GRID speaker's first frame (CC BY 4.0), the rig
  of ``stages.actors.photo_rig`` (mouth poses, blinks, brows, nod and roll);
* footage: ``footage_url`` = the GRID clip itself, its own voice and words.

    python benchmarks/actor_frames.py [--out docs]
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

from mediakit.ffmpeg import ffmpeg_exe
from mediakit.generation.contract import Options
from mediakit.generation.run import generate

ROOT = Path(__file__).resolve().parents[1]
GRID = ROOT / "tests" / "data" / "real" / "lipnet-grid-swwp2s"
SCRIPT = "I tried this cold brew for a week. Honestly, it changed my mornings completely."
MAX_BYTES = 200_000
ADS = {
    "drawn": ({"script": SCRIPT, "actor_slug": "maya-chen", "tone": "energetic"}, 1800),
    "photo": ({"script": SCRIPT, "face_photo_url": str(GRID / "face.png"), "tone": "energetic"}, 1800),
    "footage": ({"footage_url": str(GRID / "id2_vcd_swwp2s.mpg"), "music": "chill"}, 1700),
}


def save_small(image: Image.Image, target: Path) -> None:
    """``image`` as a README frame: quantised to 256 colours (Floyd-Steinberg), at most ``MAX_BYTES``
    (SystemExit naming the file otherwise)."""
    image.convert("RGB").quantize(colors=256, dither=Image.Dither.FLOYDSTEINBERG).save(target, optimize=True)
    size = target.stat().st_size
    print(f"{target}: {size} bytes")
    if size > MAX_BYTES:
        raise SystemExit(f"{target} is {size} bytes, over {MAX_BYTES}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="actor-frames-") as tmp:
        for name, (body, at_ms) in ADS.items():
            video = Path(tmp) / f"{name}.mp4"
            generate("ugc_video", body, video, options=Options(extra={"preview_height": 640}))
            frame = Path(tmp) / f"{name}.png"
            subprocess.run([ffmpeg_exe(), "-v", "error", "-y", "-ss", f"{at_ms / 1000:.3f}", "-i", str(video),
                            "-frames:v", "1", str(frame)], check=True)
            target = args.out / f"actors_{name}.png"
            with Image.open(frame) as image:
                save_small(image, target)


if __name__ == "__main__":
    main()
