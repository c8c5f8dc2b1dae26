"""The README's cut-out frames: green screen, the avatar bubble, the kitchen and the podcast set with a photo actor.

One frame each at 360x640 (the GRID corpus speaker's photo, CC BY 4.0; the app screenshot and the coffee photo
of ``samples/``), tiled into ``docs/cutouts.png`` and quantised to 256 colours, as ``actor_frames.py`` writes
its own.

    python benchmarks/cutout_frames.py [--out docs]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from actor_frames import save_small
from cutouts import GRID, PAGE, RECORD
from PIL import Image

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import StillProfile, render
from mediakit.stages.actors import SpeechInput, get_actor
from mediakit.stages.actors.catalog import actor_from_record
from mediakit.stages.actors.talking import placeable, talking_track
from mediakit.stages.layouts.green_screen import green_screen_track
from mediakit.stages.layouts.podcast import Shot, Turn, podcast_track, shot_boxes
from mediakit.stages.layouts.product import actor_box, get_template, product_track
from mediakit.stages.pip import PipOptions, pip_box, pip_layer
from mediakit.timeline import ActorLayer, Box, Canvas, ImageLayer, Timeline

ROOT = Path(__file__).resolve().parents[1]
CANVAS = Canvas(360, 640, 30)
MS = 2000


def frames(work: Path) -> list[Path]:
    voice = work / "voice.wav"
    run_ffmpeg(["-f", "lavfi", "-i", f"sine=f=180:d={MS / 1000}:sample_rate=24000", "-y", str(voice)],
               what="a voice stand-in")
    speech = SpeechInput.from_file(voice)
    photo = actor_from_record(RECORD, portrait=GRID / "face.png", source=str(GRID / "face.png"))
    coffee = ROOT / "samples" / "coffee.png"

    def sized(box: Box) -> Path | ActorLayer:
        return placeable(talking_track(photo, speech, Box(0, 0, box.w, box.h), fps=CANVAS.fps, duration_ms=MS))

    bubble = PipOptions("bottom-center", "large", "fade", "bubble")
    room = actor_box(get_template("kitchen-counter"), CANVAS, photo=True)
    close = shot_boxes(Shot(0, MS, "A", False), CANVAS)["A"]
    drawn = placeable(talking_track(get_actor("maya-chen"), speech, Box(0, 0, close.w, close.h), fps=CANVAS.fps,
                                    duration_ms=MS))
    shots = {
        "green_screen": green_screen_track(photo, speech, PAGE, CANVAS, MS).layers,
        "bubble": (ImageLayer(path=coffee), *pip_layer(sized(pip_box(bubble, CANVAS)), bubble, CANVAS, 0, MS)),
        "kitchen": product_track(coffee, sized(room), CANVAS, MS, template="kitchen-counter").layers,
        "podcast": podcast_track(sized(close), drawn, [Turn("A", 0, MS // 2), Turn("B", MS // 2, MS)], CANVAS,
                                 MS).layers,
    }
    out = []
    for name, layers in shots.items():
        still = work / f"{name}.png"
        render(Timeline(CANVAS, MS, layers=layers), still, profile=StillProfile(MS // 4))
        out.append(still)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cutout-frames-") as tmp:
        stills = frames(Path(tmp))
        sheet = Image.new("RGB", (CANVAS.width * len(stills) + 6 * (len(stills) - 1), CANVAS.height), "white")
        for n, still in enumerate(stills):
            with Image.open(still) as image:
                sheet.paste(image.convert("RGB"), (n * (CANVAS.width + 6), 0))
        target = args.out / "cutouts.png"
        save_small(sheet, target)


if __name__ == "__main__":
    main()
