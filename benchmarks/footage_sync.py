"""Issue 24's footage figure: a footage ad of the shared GRID clip keeps its words, its loudness and its lip sync.

One ugc_video with ``footage_url`` = the GRID clip (``tests/data/real/
lipnet-grid-swwp2s``, its word timings in ``swwp2s.align`` the truth), and:

* **captions**: the ad's words (its words JSON) against the clip's, as a word
  error rate (numbers read as words: "P2" is "p two");
* **loudness**: the ad's integrated loudness (ebur128), target -14 ± 1 LUFS;
* **lip sync**: the audio and video offset of the ad against the clip, in ms and in
  the ad's frames (target under 1 frame).  The audio lag is where the ad's
  loudness envelope (1 ms steps) correlates best with the clip's; the video lag
  is, over the ad's frames while the clip plays, the mean of (the frame's time
  minus the time of the clip frame it shows), each ad frame matched to the
  clip frame it shows by template matching its face band, scaled back to the
  clip's size, in the clip's frames (so neither a crop nor captions, which
  match no clip frame, fool it).  The offset is video lag minus audio lag.

The measure is checked first on two plain ffmpeg conversions of the clip to
the ad's canvas: one in sync (offset about 0) and one whose picture is 80 ms
late (about +80 ms), so a figure near 0 for the ad means what it says.

    python benchmarks/footage_sync.py [--height 1920]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np

from mediakit.ffmpeg import ffmpeg_exe
from mediakit.generation.contract import Options
from mediakit.generation.run import generate
from mediakit.media_io import decode_audio
from mediakit.probe import probe
from mediakit.speech.wer import word_error_rate
from mediakit.stages.mix import measure_loudness
from mediakit.stages.punch_ins import ZOOM

ROOT = Path(__file__).resolve().parents[1]
GRID = ROOT / "tests" / "data" / "real" / "lipnet-grid-swwp2s"
CLIP = GRID / "id2_vcd_swwp2s.mpg"
TRUTH = "set white with p two soon"
ENVELOPE_MS = 1          # the loudness envelope's step
REACH_MS = 200           # the largest audio lag looked for
SHIFT_PX = 1             # how far (clip px) the face may sit from where it sits in the frame shown in sync
SEARCH_FRAMES = 10       # clip frames either side of the one an ad frame would show in sync (±400 ms at 25 fps)
FACE_BAND = (0.25, 0.75)  # rows of the ad frame (share of its height) matched: the face, not the captions' band


def frames(video: Path, width: int, height: int, until_s: float) -> np.ndarray:
    """``video``'s frames up to ``until_s`` as grey arrays (n, height, width), at their own rate."""
    raw = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(video), "-t", f"{until_s:.3f}", "-f", "rawvideo",
                          "-pix_fmt", "gray", "-"], check=True, capture_output=True).stdout
    return np.frombuffer(raw, np.uint8).reshape(-1, height, width)


def audio_lag_ms(ad: Path, clip: Path) -> int:
    """How much later (ms) the clip's sound is heard in the ad: the best lag of their loudness envelopes."""
    def envelope(media: Path) -> np.ndarray:
        pcm = decode_audio(media, rate=16000)
        step = 16 * ENVELOPE_MS
        return np.sqrt((pcm[:len(pcm) // step * step].reshape(-1, step) ** 2).mean(axis=1))

    a, b = envelope(ad), envelope(clip)
    n = min(len(a), len(b)) - 2 * REACH_MS
    scores = {k: float(np.corrcoef(a[REACH_MS + k:REACH_MS + k + n], b[REACH_MS:REACH_MS + n])[0, 1])
              for k in range(-REACH_MS, REACH_MS + 1)}
    return max(scores, key=lambda k: scores[k])


def video_lag_ms(ad: Path, clip: Path, *, until_s: float | None = None) -> tuple[float, int]:
    """How much later (ms, mean over frames) the clip's pictures are shown in the ad, and the frames matched.

    Each ad frame's face band, scaled by the cover fit's factor back to the
    clip's size, is found (template matching) in the clip frame it would
    show in sync (frames a punch-in's ``ZOOM`` matches better are left out),
    and then compared at that place (``SHIFT_PX`` either way)
    with each clip frame within ``SEARCH_FRAMES`` of it; the clip
    frame where it matches best is the one it shows.  Frames that match two
    clip frames equally (a still face) say nothing and are skipped.
    """
    a_info, c_info = probe(ad), probe(clip)
    assert a_info.video is not None and c_info.video is not None
    (aw, ah), (cw, ch) = (a_info.video.width, a_info.video.height), (c_info.video.width, c_info.video.height)
    a_fps, c_fps = float(a_info.video.fps), float(c_info.video.fps)
    span = until_s if until_s is not None else (c_info.duration_ms or 0) / 1000
    shown, source = frames(ad, aw, ah, span), frames(clip, cw, ch, span + 1)
    scale = max(aw / cw, ah / ch)
    top, bottom = (round(ah * f) for f in FACE_BAND)
    lags = []
    for i, frame in enumerate(shown):
        band = frame[top:bottom]
        near = min(round(i / a_fps * c_fps), len(source) - 1)
        window = range(max(0, near - SEARCH_FRAMES), min(len(source), near + SEARCH_FRAMES + 1))
        placed = []   # the wide framing and a punch-in's tight one: the scale that matches is the one shown
        for factor in (scale, scale * ZOOM):
            template = cv2.resize(band, (max(8, round(band.shape[1] / factor)),
                                         max(8, round(band.shape[0] / factor))), interpolation=cv2.INTER_AREA)
            if template.shape[0] <= ch and template.shape[1] <= cw:
                found = cv2.minMaxLoc(cv2.matchTemplate(source[near], template, cv2.TM_SQDIFF_NORMED))
                placed.append((found[0], factor, found[2], template))
        if not placed or min(placed, key=lambda p: p[0])[1] != scale:
            continue   # a punch-in's tight frame: its timing is the wide framing's (tests/stages/test_punch_ins.py)
        _, _, (x, y), template = min(placed, key=lambda p: p[0])  # where it sits
        (th, tw), pad = template.shape, SHIFT_PX
        scores = np.array([cv2.minMaxLoc(cv2.matchTemplate(
            source[n][max(0, y - pad):y + th + pad, max(0, x - pad):x + tw + pad], template,
            cv2.TM_SQDIFF_NORMED))[0] for n in window])
        best, second = np.partition(scores, 1)[:2]
        if second - best < 0.02 * second:   # a still stretch: two clip frames alike
            continue
        lags.append(i / a_fps - window[int(np.argmin(scores))] / c_fps)
    return 1000 * float(np.mean(lags)), len(lags)


def converted(clip: Path, out: Path, width: int, height: int, picture_late_ms: int = 0) -> Path:
    """``clip`` cover-fitted to ``width``x``height`` at 30 fps by ffmpeg alone, its picture ``picture_late_ms``
    behind its sound: the measure's known answers."""
    subprocess.run([ffmpeg_exe(), "-v", "error", "-y", "-itsoffset", f"{picture_late_ms / 1000:.3f}", "-i", str(clip),
                    "-i", str(clip), "-map", "0:v", "-map", "1:a",
                    "-vf", f"scale={width}:{height}:force_original_aspect_ratio=increase,crop={width}:{height},fps=30",
                    "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-c:a", "aac", str(out)], check=True)
    return out


def av_offset(ad: Path, clip: Path) -> dict[str, float]:
    """The ad's lip-sync figures against ``clip``: audio lag, video lag, their offset (ms and ad frames)."""
    audio = audio_lag_ms(ad, clip)
    video, matched = video_lag_ms(ad, clip)
    info = probe(ad)
    assert info.video is not None
    offset = video - audio
    return {"audio_lag_ms": audio, "video_lag_ms": round(video, 1), "frames_matched": matched,
            "offset_ms": round(offset, 1), "offset_frames": round(offset * float(info.video.fps) / 1000, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--height", type=int, default=1920, help="the ad's height (9:16; 1920 is full size)")
    args = parser.parse_args()
    width = round(args.height * 9 / 16 / 2) * 2
    with tempfile.TemporaryDirectory(prefix="footage-sync-") as tmp:
        for late in (0, 80):
            check = av_offset(converted(CLIP, Path(tmp) / f"late{late}.mp4", width, args.height, late), CLIP)
            print(f"measure check, ffmpeg conversion with the picture {late} ms late: {json.dumps(check)}")
        ad = Path(tmp) / "footage_ad.mp4"
        extra = {} if args.height == 1920 else {"preview_height": args.height}
        result = generate("ugc_video", {"footage_url": str(CLIP)}, ad, options=Options(extra=extra))
        words = [w["word"] for w in json.loads(result.files["words_json"].read_text())]
        print(f"footage ad {width}x{args.height}: words {' '.join(words)!r}, WER against {TRUTH!r}: "
              f"{word_error_rate(TRUTH, ' '.join(words)):.2f}")
        print(f"loudness: {measure_loudness(ad).integrated:.1f} LUFS")
        print(f"lip sync: {json.dumps(av_offset(ad, CLIP))}")


if __name__ == "__main__":
    main()
