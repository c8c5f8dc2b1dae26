"""The photo actor (issue 24): rig cost, render cost, and what a viewer sees, measured on a real face.

The face is the GRID clip's first frame (``tests/data/real/lipnet-grid-swwp2s/face.png``,
a 142 px face in a 360x288 frame, so the rig is tried on a small photo).

* **rig**: landmarks (MediaPipe import included, then warm) and every key
  pose warped, for 1080x1920, from a fresh cache (target <= 3 s);
* **speed**: ``mediakit generate ugc_video`` with ``face_photo_url`` for a
  15 s 9:16 ad (voice, captions, music, CTA; fresh cache, so the rig runs
  inside) vs a bare encode of 15 s 1080x1920 (testsrc2 + tone, the same
  encoder settings), interleaved, medians (target <= 1.5x);
* **quality**, on the actor alone at 540x960 speaking the sample script
  (the default voice, or ``--engine``'s), rendered still (no head motion) and moving, nearly losslessly
  (x264 at crf 1, so what is measured is what the graph composed):
  - mouth: dark (cavity) pixels in the mouth region (the lips' landmarks
    and the jaw's drop below) per frame vs the
    speech's RMS per frame, Pearson correlation at the best lag within
    +-200 ms (targets >= 0.5, |lag| <= 40 ms);
  - eyes: the longest stretch without the eye region changing (<= 6 s);
  - head: the smallest, over 5 s windows, of the head's largest
    displacement (phase correlation), as a share of the face width (>= 1%);
    frames whose match is poor (a tilted head against the level one) are
    left out, since their estimate is noise (up to 157 px);
  - outside the head's reach, the largest difference from the photo
    rendered alone, and the share of pixels over 2 levels (target: within
    2 levels);
  - the region the open mouth changes (smoothed and closed, see
    ``straight_edge``): its longest straight edge as a share of the face
    width (<= 10%);
  - tilt: the largest shift of the hairline at 1080x1920 from one frame to
    the next over the head's tilt schedule, and a whole tilt's (``hairline``);
  - brows by delivery: the face at rest (lids open, head level) for an
    excited and a calm delivery, how much higher the excited brows sit
    (the brow band's best-matching shift, as a share of the face height)
    and the mean difference in the brow region (levels).

The "still" render keeps the head level too (neither the tilted cells nor
the nods are shown), so the mouth and eye measures see the face alone.

Frames of both renders are written as PNG contact sheets beside the JSON
(``--frames DIR``) to look at.

    python benchmarks/photo_rig.py [--rounds 3] [--frames /tmp/photo-rig]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
from bench_ugc_video import bare, children_cpu
from PIL import Image

from mediakit.ffmpeg import ffmpeg_exe
from mediakit.media_io import read_pam
from mediakit.render import render
from mediakit.render.profile import VideoProfile
from mediakit.stages.actors import SpeechInput
from mediakit.stages.actors.acting import acting_for
from mediakit.stages.actors.face_mesh import find_face
from mediakit.stages.actors.face_poses import BROWS, EYES
from mediakit.stages.actors.head_tilt import ANGLES, TILTS
from mediakit.stages.actors.look import EYE_STATES
from mediakit.stages.actors.photo_rig import brow_poses, frame_photo, photo_layer, photo_parts
from mediakit.stages.actors.visemes import VISEMES, speech_visemes
from mediakit.stages.voice import synthesize
from mediakit.timeline import AudioClip, Canvas, Sprite, Timeline

ROOT = Path(__file__).resolve().parents[1]
FACE = ROOT / "tests" / "data" / "real" / "lipnet-grid-swwp2s" / "face.png"
SCRIPT = ("I tried this cold brew for a week and it changed my mornings. It is smooth, never bitter, and ready "
          "in seconds. No machine, no mess, just pour it over ice. Grab yours today.")
SIZE = (540, 960)
MATCHED = 0.1  # the least phase-correlation response of a head position that is measured
FPS = 30


def rig_seconds(cache: Path) -> dict[str, float]:
    """Landmarks (cold: the import; warm) and the parts at 1080x1920, in a fresh cache."""
    os.environ["MEDIAKIT_CACHE"] = str(cache)
    start = time.perf_counter()
    from mediakit.stages.actors.face_mesh import find_face

    find_face(FACE, field="face_photo_url")
    cold = time.perf_counter() - start
    start = time.perf_counter()
    photo_parts(FACE, (1080, 1920), field="face_photo_url")
    parts = time.perf_counter() - start
    return {"landmarks_cold_s": round(cold, 2), "warps_1080x1920_s": round(parts, 2),
            "rig_total_s": round(cold + parts, 2)}


def ad_run(out: Path, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a 15 s photo-actor ugc_video, request in, mp4 out."""
    env = {**os.environ, "MEDIAKIT_CACHE": str(cache)}
    cmd = [sys.executable, "-m", "mediakit", "generate", "ugc_video", "--set", f"script={SCRIPT}",
           "--set", f"face_photo_url={FACE}", "--set", "target_duration=15", "--set", "music=chill",
           "--set", "cta=Get 20% off at brew.co", "-o", str(out), "--json"]
    cpu, start = children_cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - start, children_cpu() - cpu


def gray_frames(video: Path) -> np.ndarray:
    """Every frame's luma (frames, h, w) as float32."""
    raw = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(video), "-f", "rawvideo", "-pix_fmt", "gray", "-"],
                         check=True, capture_output=True).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, SIZE[1], SIZE[0]).astype(np.float32)


def speech_rms(speech: SpeechInput, frames: int) -> np.ndarray:
    """The speech's RMS per video frame."""
    raw = subprocess.run([ffmpeg_exe(), "-v", "error", "-i", str(speech.audio), "-f", "s16le", "-ac", "1", "-ar",
                          "48000", "-"], check=True, capture_output=True).stdout
    pcm = np.frombuffer(raw, dtype=np.int16).astype(np.float32)
    hop = 48000 // FPS
    pcm = np.pad(pcm, (0, max(0, frames * hop - len(pcm))))[:frames * hop]
    return np.sqrt((pcm.reshape(frames, hop) ** 2).mean(axis=1))


def best_lag(opening: np.ndarray, energy: np.ndarray, max_frames: int = 6) -> tuple[float, int]:
    """The highest Pearson correlation of ``opening`` against ``energy`` shifted by up to ``max_frames``, and
    that shift in ms (positive: the mouth follows the sound)."""
    best = (-1.0, 0)
    for lag in range(-max_frames, max_frames + 1):
        a = opening[max(0, lag):len(opening) + min(0, lag)]
        b = energy[max(0, -lag):len(energy) + min(0, -lag)]
        r = float(np.corrcoef(a, b)[0, 1])
        best = max(best, (r, lag))
    return round(best[0], 3), round(best[1] * 1000 / FPS)


def straight_edge(diff: np.ndarray) -> float:
    """The longest straight stretch of the outline of where a frame differs from the photo, in pixels.

    The difference is smoothed first (sigma 2 px) and the region closed, so
    the outline is that of the changed area as a whole, as an eye sees a
    patch, not of every texture line that moved inside it; the outline is
    simplified to within 1 px before its segments are measured.
    """
    smooth = cv2.GaussianBlur(diff, (0, 0), 2.0)
    mask = (smooth > 3).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    longest = 0.0
    for contour in contours:
        if cv2.contourArea(contour) < 50:
            continue
        poly = cv2.approxPolyDP(contour, 1.0, True).reshape(-1, 2).astype(np.float64)
        edges = np.linalg.norm(np.roll(poly, -1, axis=0) - poly, axis=1)
        longest = max(longest, float(edges.max()))
    return longest


def level(sprite: Sprite, per_tilt: int, still: int = 0) -> Sprite:
    """``sprite`` showing only its level cells: a held tilt's cell (``per_tilt`` a tilt) at level, and for the
    blank (or in-between) cell a move shows, the level cell it stands for, ``still``."""
    held = len(TILTS) * per_tilt
    return replace(sprite, schedule=tuple((c % per_tilt if c < held else still, a, b) for c, a, b in sprite.schedule))


def hairline(schedule: Sequence[tuple[int, int, int]], duration_ms: int) -> dict[str, float]:
    """The head's tilt at 1080x1920 over ``schedule`` (the head strip's cells): the largest shift of the crown
    between two frames in a row at 30 fps, and a whole tilt's (phase correlation of the top third of the head
    cells themselves, so the roll is measured apart from the sway and nods)."""
    parts = photo_parts(FACE, (1080, 1920), field="face_photo_url")
    head = np.asarray(read_pam(parts.paths["head"]))
    cells = np.split(head, len(ANGLES), axis=1)
    crown = slice(0, head.shape[0] // 3)
    window = cv2.createHanningWindow((cells[0].shape[1], head.shape[0] // 3), cv2.CV_32F)

    def shift(a: int, b: int) -> float:
        grey = [cv2.cvtColor(np.ascontiguousarray(cells[c][crown]), cv2.COLOR_RGB2GRAY).astype(np.float32)
                for c in (a, b)]
        return float(np.hypot(*cv2.phaseCorrelate(grey[0], grey[1], window)[0]))

    shown = [next(c for c, a, b in schedule if a <= t < b) for t in range(0, duration_ms, 1000 // FPS)]
    steps = {(a, b) for a, b in itertools.pairwise(shown) if a != b}
    return {"tilt_hairline_frame_step_max_px_1080": round(max((shift(a, b) for a, b in steps), default=0.0), 1),
            "tilt_hairline_whole_px_1080": round(shift(0, 1), 1)}


def brows(frames_dir: Path | None) -> dict[str, float]:
    """The face at rest for an excited and a calm delivery: the brows' lift (band shift, % of face height) and
    the mean difference in the brow region (levels)."""
    with Image.open(FACE) as photo:
        _, framed = frame_photo(photo.convert("RGB"), find_face(FACE, field="face_photo_url"), SIZE)
    line = framed.points[[i for brow in BROWS for i in brow]]
    faces, face_h = {}, 0.0
    for delivery in ("excited", "calm"):
        parts = photo_parts(FACE, SIZE, brows=brow_poses(acting_for(delivery)), field="face_photo_url")
        head = np.asarray(read_pam(parts.paths["head"]))
        face = head[:, :head.shape[1] // len(ANGLES), :3].astype(np.float64)
        strip = np.asarray(read_pam(parts.paths["eyes"]))
        cell = strip[:, :strip.shape[1] // (len(TILTS) * len(EYE_STATES) + 1)]  # open lids, level
        (x, y), (h, w) = parts.eyes, cell.shape[:2]
        alpha = cell[..., 3:] / 255
        face[y:y + h, x:x + w] = face[y:y + h, x:x + w] * (1 - alpha) + cell[..., :3] * alpha
        faces[delivery], face_h, origin = face, parts.face_h, np.array(parts.head)
    (x0, y0), (x1, y1) = (line.min(axis=0) - origin).astype(int), (line.max(axis=0) - origin).astype(int)
    reach = int(0.12 * face_h)
    region = (slice(y0 - reach, y1 + reach // 3), slice(x0, x1))
    rows = {d: f[region].mean(axis=(1, 2)) - f[region].mean() for d, f in faces.items()}
    shifts = range(-reach, reach + 1)
    fit = [float(np.dot(rows["excited"][max(0, k):len(rows["excited"]) + min(0, k)],
                        rows["calm"][max(0, -k):len(rows["calm"]) - max(0, k)])) for k in shifts]
    lift = -shifts[int(np.argmax(fit))]
    if frames_dir is not None:
        frames_dir.mkdir(parents=True, exist_ok=True)
        Image.fromarray(np.concatenate([faces["excited"], faces["calm"]], axis=1).astype(np.uint8)).save(
            frames_dir / "brows_excited_calm.png")
    return {"brows_excited_over_calm_pct_face_h": round(100 * lift / face_h, 2),
            "brow_region_mean_diff_levels": round(float(np.abs(faces["excited"][region]
                                                               - faces["calm"][region]).mean()), 2)}


def quality(folder: Path, frames_dir: Path | None, engine: str | None = None) -> dict[str, float]:
    spoken = synthesize(SCRIPT, engine=engine)
    speech = SpeechInput.from_speech(spoken)
    visemes = speech_visemes(speech.phonemes, speech.words, speech.audio, speech.duration_ms)
    moving = photo_layer(FACE, visemes, speech.words, size=SIZE, duration_ms=speech.duration_ms, seed=11)
    brows = len(brow_poses(acting_for(None)))
    still = replace(moving, head_dx=(), head_dy=(), head_dips=(), head=level(moving.head, 1),
                    eyes=level(moving.eyes, brows * len(EYE_STATES), EYE_STATES.index("open")),
                    mouth=level(moving.mouth, len(VISEMES), VISEMES.index("rest")))
    canvas = Canvas(*SIZE, FPS)
    audio = (AudioClip(speech.audio),)
    lossless = VideoProfile(crf=1)  # near-lossless: what the graph composes, not the encoder's noise
    videos = {name: render(Timeline(canvas, speech.duration_ms, layers=(layer,), audio=audio),
                           folder / f"{name}.mp4", profile=lossless) for name, layer in
              (("moving", moving), ("still", still), ("photo", moving.backdrop))}
    parts = photo_parts(FACE, SIZE, field="face_photo_url")
    hx, hy = parts.head
    hw, hh = parts.head_size
    face_w = parts.face_h * 0.78  # the mesh's face is about 0.78 as wide as tall
    still_f, moving_f, photo_f = (gray_frames(videos[n]) for n in ("still", "moving", "photo"))
    n = min(len(still_f), len(moving_f))
    # mouth: dark pixels around the lips (where the landmarks put them) and the jaw's drop below
    with Image.open(FACE) as photo:
        _, framed = frame_photo(photo.convert("RGB"), find_face(FACE, field="face_photo_url"), SIZE)
    lips = framed.points[[61, 291, 0, 17]]
    (lx0, ly0), (lx1, ly1) = lips.min(axis=0).astype(int), lips.max(axis=0).astype(int)
    mouth_box = (slice(ly0 - 4, ly1 + int(0.15 * parts.face_h)), slice(lx0 - 4, lx1 + 4))
    opening = np.array([(f[mouth_box] < 45).sum() for f in still_f[:n]], dtype=np.float64)
    energy = speech_rms(speech, n)
    r, lag = best_lag(opening, energy)
    # eyes: changes of the eye region (brows to lower lids, where the landmarks put them) against the first frame
    around = framed.points[[i for eye in EYES for lid in eye for i in lid] + [i for brow in BROWS for i in brow]]
    (ex0, ey0), (ex1, ey1) = around.min(axis=0).astype(int), around.max(axis=0).astype(int)
    eye_box = (slice(ey0 - 4, ey1 + 4), slice(ex0 - 4, ex1 + 4))
    eye_diff = np.array([(np.abs(f[eye_box] - still_f[0][eye_box]) > 12).sum() for f in still_f[:n]])
    changes = np.flatnonzero(eye_diff > 30) / FPS
    stops = np.concatenate([[0.0], changes, [n / FPS]])
    eyes_gap = float(np.diff(stops).max())
    # head: displacement of the head region against the first frame, per 5 s window
    head_box = (slice(hy, hy + hh), slice(hx, hx + hw))
    ref = moving_f[0][head_box]
    window = (np.hanning(ref.shape[0])[:, None] * np.hanning(ref.shape[1])[None, :]).astype(np.float32)
    # a frame whose head is tilted matches the level one poorly (a roll is no shift): its estimate is noise
    found = [cv2.phaseCorrelate(ref, f[head_box], window) for f in moving_f[:n]]
    shifts = np.array([(x, y) if response >= MATCHED else (np.nan, np.nan) for (x, y), response in found])
    span = 5 * FPS
    moves = [float(np.nanmax(np.nanmax(shifts[i:i + span], axis=0) - np.nanmin(shifts[i:i + span], axis=0)))
             for i in range(0, n - span + 1, FPS) if np.isfinite(shifts[i:i + span, 0]).sum() > 1]
    # outside the head's reach: the photo
    reach = 12
    outside = np.ones(photo_f[0].shape, dtype=bool)
    outside[max(0, hy - reach):hy + hh + reach, max(0, hx - reach):hx + hw + reach] = False
    off = np.concatenate([np.abs(moving_f[i] - photo_f[i])[outside] for i in range(0, n, 15)])
    # no patch: the outline of what changed around the mouth, on the widest-open frames
    widest = np.argsort(opening)[-5:]
    edge = max(straight_edge(np.abs(still_f[i] - photo_f[i])[head_box]) for i in widest)
    if frames_dir is not None:
        frames_dir.mkdir(parents=True, exist_ok=True)
        for name in ("still", "moving"):
            subprocess.run([ffmpeg_exe(), "-v", "error", "-y", "-i", str(videos[name]), "-vf",
                            "fps=4,scale=270:-2,tile=8x4", "-frames:v", "1", str(frames_dir / f"{name}.png")],
                           check=True)
        Image.fromarray(still_f[widest[-1]].astype(np.uint8)).save(frames_dir / "widest_open.png")
    return {**hairline(moving.head.schedule, speech.duration_ms),
            "mouth_energy_r": r, "mouth_lag_ms": lag, "eyes_longest_still_s": round(eyes_gap, 2),
            "head_move_min_5s_pct_face_w": round(100 * min(moves) / face_w, 2),
            "outside_max_levels": round(float(off.max()), 1),
            "outside_over_2_levels_pct": round(100 * float((off > 2).mean()), 4),
            "mouth_edge_longest_pct_face_w": round(100 * edge / face_w, 1),
            "speech_s": round(speech.duration_ms / 1000, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--frames", type=Path, help="write contact sheets of the renders here")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--engine", help="the voice engine speaking the script (default: the default voice's)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-photo-") as tmp:
        folder = Path(tmp)
        result: dict[str, object] = rig_seconds(folder / "rig-cache")
        result.update(quality(folder, args.frames, args.engine))
        result.update(brows(args.frames))
        if not args.skip_speed:
            ad_run(folder / "warm.mp4", folder / "warm-cache")  # imports, fonts, voices
            rows: dict[str, list[float]] = {}
            for n in range(args.rounds):
                for name, (wall, cpu) in (("bare", bare(folder / "bare.mp4")),
                                          ("photo_ad", ad_run(folder / "ad.mp4", folder / f"cache-{n}"))):
                    rows.setdefault(f"{name}_s", []).append(wall)
                    rows.setdefault(f"{name}_cpu_s", []).append(cpu)
            med = {k: statistics.median(v) for k, v in rows.items()}
            result.update({k: round(v, 2) for k, v in med.items()})
            result.update(photo_ad_over_bare=round(med["photo_ad_s"] / med["bare_s"], 2),
                          photo_ad_over_bare_cpu=round(med["photo_ad_cpu_s"] / med["bare_cpu_s"], 2),
                          rounds=args.rounds, load_1min=round(os.getloadavg()[0], 2))
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
