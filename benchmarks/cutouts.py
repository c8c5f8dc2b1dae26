"""Person cut-outs (issue 24): the segmentation's cost per photo, and the green-screen layout's render cost.

* **segmentation**: ``analysis.person.person_alpha`` on the GRID speaker's
  photo (360x288) and on the photo rig's 1080x1190 plate of it (what the
  green-screen layout segments), from a fresh cache: the first call (the
  MediaPipe import and graph included) and the median of warm calls (the
  cache emptied before each, so the model runs every time);
* **render**: 15 s 1080x1920 with a 15 s voice, CPU seconds of ffmpeg, side by
  side in one run, medians over ``--rounds``: a bare encode (testsrc2 + tone,
  the delivery profile), the photo actor full frame (the plain photo ad's
  picture), and the green-screen layout (the page whole, the photo actor cut
  out in front of its foot) for a photo, a drawn and a footage actor (the GRID
  clip, looped).  The targets are the photo ad's: <= 1.5x a bare encode.

    python benchmarks/cutouts.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench_ugc_video import bare, children_cpu

from mediakit.ffmpeg import run_ffmpeg
from mediakit.render import render
from mediakit.stages.actors import SpeechInput, get_actor
from mediakit.stages.actors.catalog import actor_from_record
from mediakit.stages.actors.talking import talking_track
from mediakit.stages.layouts.green_screen import green_screen_track
from mediakit.timeline import AudioClip, Canvas, Timeline

ROOT = Path(__file__).resolve().parents[1]
GRID = ROOT / "tests" / "data" / "real" / "lipnet-grid-swwp2s"
PAGE = ROOT / "samples" / "app_screen.png"
CANVAS = Canvas(1080, 1920, 30)
SECONDS = 15
RECORD = {"slug": "grid", "name": "GRID speaker", "gender": "male", "nationality": "", "actor_type": "Casual",
          "style": "your own photo", "created_at": "2025-01-01T00:00:00Z"}


def segmentation(work: Path, warm_rounds: int = 5) -> dict[str, object]:
    from mediakit.analysis.person import person_alpha
    from mediakit.stages.actors.photo_rig import photo_parts

    os.environ["MEDIAKIT_CACHE"] = str(work / "seg-cache")
    plate = photo_parts(GRID / "face.png", (1080, 1190)).paths["plate"]
    out: dict[str, object] = {}
    for name, path in (("photo_360x288", GRID / "face.png"), ("plate_1080x1190", plate)):
        times = []
        for _ in range(warm_rounds + 1):
            for old in (work / "seg-cache").glob("person-alpha-*"):
                old.unlink()
            start = time.perf_counter()
            person_alpha(path)
            times.append(time.perf_counter() - start)
        out[name] = {"first_s": round(times[0], 3), "warm_median_s": round(statistics.median(times[1:]), 3)}
    return out


def renders(work: Path, rounds: int) -> dict[str, object]:
    voice = work / "voice.wav"
    run_ffmpeg(["-f", "lavfi", "-i", f"sine=f=180:d={SECONDS}:sample_rate=24000", "-af", "volume=0.3", "-y",
                str(voice)], what="a voice stand-in")
    speech = SpeechInput.from_file(voice)
    photo = actor_from_record(RECORD, portrait=GRID / "face.png", source=str(GRID / "face.png"))
    footage = actor_from_record({**RECORD, "slug": "grid-clip"}, portrait=GRID / "face.png",
                                talking_clip=GRID / "id2_vcd_swwp2s.mpg")
    drawn = get_actor("maya-chen")
    total = SECONDS * 1000

    def timeline(layers: tuple) -> Timeline:  # type: ignore[type-arg]
        return Timeline(CANVAS, total, layers=layers, audio=(AudioClip(voice),))

    jobs = {
        "photo_full_frame": lambda: timeline(talking_track(photo, speech, CANVAS.box, duration_ms=total).layers),
        "green_screen_photo": lambda: timeline(green_screen_track(photo, speech, PAGE, CANVAS, total).layers),
        "green_screen_drawn": lambda: timeline(green_screen_track(drawn, speech, PAGE, CANVAS, total).layers),
        "green_screen_footage": lambda: timeline(green_screen_track(footage, speech, PAGE, CANVAS, total).layers),
    }
    for make in jobs.values():   # parts, masks and loops made once (cached), as in a batch
        render(make(), work / "warm.mp4")
    cpu: dict[str, list[float]] = {name: [] for name in ("bare", *jobs)}
    for _ in range(rounds):
        cpu["bare"].append(bare(work / "bare.mp4")[1])
        for name, make in jobs.items():
            tl = make()
            before = children_cpu()
            render(tl, work / f"{name}.mp4")
            cpu[name].append(children_cpu() - before)
    med = {name: statistics.median(values) for name, values in cpu.items()}
    return {"cpu_s": {k: round(v, 2) for k, v in med.items()},
            "ratio_to_bare": {k: round(v / med["bare"], 3) for k, v in med.items() if k != "bare"}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="cutouts-"))
    try:
        result = {"segmentation": segmentation(work)}
        os.environ["MEDIAKIT_CACHE"] = str(work / "cache")
        result["render_15s_1080x1920"] = renders(work, args.rounds)
        result["load_average"] = [round(v, 1) for v in os.getloadavg()]
        print(json.dumps(result, indent=2))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
