"""``analyse``: sample a picture input's frames, measure them, cache the result under the file's content hash."""

from __future__ import annotations

import functools
import hashlib
import json
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np
from PIL import Image

from ..cache import cached_file, file_signature
from ..errors import MediaError
from ..ffmpeg import run_ffmpeg
from ..media_io import open_image
from ..probe import probe
from .faces import find_faces
from .measures import brightness_grid, cells, saliency_map, subject_box, text_regions, texture_grid
from .regions import PictureAnalysis, Region, merged

ANALYSIS_VERSION = 2   # bump when what the analysis finds changes (the cache key holds it)
SIDE = 480             # px, the long side frames are measured at
SAMPLES = 6            # frames sampled from a clip, evenly over its length
FULL_DECODE_PIXELS = 100_000_000  # a clip with more pixels in all its frames has only its key frames decoded
_memo: dict[str, PictureAnalysis] = {}
_memo_lock = threading.Lock()


def content_hash(path: Path) -> str:
    """SHA-256 of the file's bytes: the same picture under another name or date is analysed once.  Remembered
    per file signature (as ``probe`` is), since the layouts ask again for every shot a clip appears in."""
    return _hashed(file_signature(path))


@functools.lru_cache(maxsize=256)
def _hashed(signature: tuple[str, int, int]) -> str:
    digest = hashlib.sha256()
    with Path(signature[0]).open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def analyse(path: str | Path, *, field: str | None = None) -> PictureAnalysis:
    """What the photo, clip or screenshot at ``path`` shows; measured once per content, then read from the cache.

    ``field`` names the request field in the error when the file has no picture.
    """
    path = Path(path)
    key = content_hash(path)
    with _memo_lock:
        if key in _memo:
            return _memo[key]

    def write(tmp: Path) -> None:
        tmp.write_text(json.dumps(_measure(path, field).to_dict()))

    cached = cached_file("analysis", (key, ANALYSIS_VERSION), ".json", write)
    result = PictureAnalysis.from_dict(json.loads(cached.read_text()))
    with _memo_lock:
        _memo[key] = result
    return result


def analyse_image(image: Image.Image) -> PictureAnalysis:
    """The analysis of an image in memory (a frame a stage drew); not cached."""
    return measure_frames([_small(np.asarray(image.convert("RGB")))], image.size)


def _measure(path: Path, field: str | None) -> PictureAnalysis:
    info = probe(path)
    if info.video is None:
        raise MediaError(path, "has no picture to analyse", field=field)
    if info.video.is_still:
        image = open_image(path, field=field)
        return measure_frames([_small(np.asarray(image.convert("RGB")))], image.size)
    video = info.video
    frames = clip_frames(path, video.width, video.height, (info.duration_ms or 1000) / 1000, float(video.fps or 30))
    return measure_frames(frames, (video.width, video.height))


def _small(rgb: np.ndarray) -> np.ndarray:
    h, w = rgb.shape[:2]
    scale = SIDE / max(w, h)
    if scale >= 1:
        return rgb
    size = (max(2, round(w * scale)), max(2, round(h * scale)))
    return np.asarray(Image.fromarray(rgb).resize(size, Image.Resampling.BILINEAR))


def clip_frames(path: Path, width: int, height: int, seconds: float, fps: float) -> list[np.ndarray]:
    """About SAMPLES frames spread over the clip, decoded small in one ffmpeg run.

    A small clip is decoded whole and sampled evenly; a large one (a 15 s
    1080x1920 clip took 3.6 s to decode whole) has only its key frames
    decoded, which is a few hundredths of a second a frame.
    """
    scale = min(1.0, SIDE / max(width, height))
    w, h = max(2, round(width * scale / 2) * 2), max(2, round(height * scale / 2) * 2)
    if width * height * seconds * fps <= FULL_DECODE_PIXELS:
        pick = ["-i", str(path), "-an", "-vf", f"fps={SAMPLES / max(seconds, 0.1):.6f},scale={w}:{h}",
                "-frames:v", str(SAMPLES)]
    else:
        pick = ["-skip_frame", "nokey", "-i", str(path), "-an", "-vf", f"scale={w}:{h}", "-fps_mode", "passthrough"]
    raw = run_ffmpeg([*pick, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], what=f"sampling frames of {path}")
    frames = np.frombuffer(raw, dtype=np.uint8)
    count = frames.size // (w * h * 3)
    if count == 0:
        raise MediaError(path, "has no frame that can be decoded")
    every = frames[:count * w * h * 3].reshape(count, h, w, 3)
    return [every[i] for i in sorted({round(k * (count - 1) / max(1, SAMPLES - 1)) for k in range(SAMPLES)})]


def measure_frames(frames: Sequence[np.ndarray], size: tuple[int, int]) -> PictureAnalysis:
    """One analysis from ``frames`` of one picture (its full ``size`` in px): faces and text wherever they were
    on any frame, the subject and the grids from them all."""
    faces = merged(f for frame in frames for f in find_faces(frame))
    text = merged(r for frame in frames for r in text_regions(frame))
    saliency = np.mean([saliency_map(frame) for frame in frames], axis=0)
    subject = subject_box(saliency)
    for face in faces:
        subject = face if subject is None else subject.union(face)
    if subject is not None:
        subject = Region(subject.x, subject.y, subject.w, subject.h)
    brightness = np.mean([brightness_grid(frame) for frame in frames], axis=0)
    texture = np.mean([texture_grid(frame) for frame in frames], axis=0)
    return PictureAnalysis(width=size[0], height=size[1], faces=faces, subject=subject, text=text,
                           brightness=_rows(brightness), texture=_rows(texture), saliency=_rows(cells(saliency)))


def _rows(grid: np.ndarray) -> tuple[tuple[float, ...], ...]:
    return tuple(tuple(round(float(v), 4) for v in row) for row in grid)
