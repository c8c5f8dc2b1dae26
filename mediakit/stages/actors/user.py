"""User actors: the user's own faces and footage, loaded to behave like bundled actors.

Two layouts are read:

* a folder with ``actor.yaml`` (one actor record), ``portrait.png`` and,
  optionally, ``talking.mp4`` (the person talking, looped to the speech) and
  ``greenscreen.mp4`` (the person before a green screen, keyed over any
  background).  A folder of such folders is a library.
* a YAML file with a list of records (or ``{actors: [...]}``), each naming its
  ``portrait`` and optional ``talking_clip`` / ``green_screen_clip`` paths,
  relative to the file.

Records take the same fields as bundled actors (``look`` included) and get the
same defaults; media are checked at load time, so a bad file fails with its
name here instead of half-way through a batch render.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from PIL import Image, UnidentifiedImageError

from ...errors import MediaError, ValidationError
from ...ffmpeg import run_ffmpeg
from ...probe import probe
from .catalog import Actor, actor_from_record

ACTOR_FILE = "actor.yaml"
PORTRAIT_FILE = "portrait.png"
TALKING_FILE = "talking.mp4"
GREEN_FILE = "greenscreen.mp4"
MEDIA_KEYS = ("portrait", "talking_clip", "green_screen_clip")
MIN_GREEN_SHARE = 0.15   # below this share of key-green pixels a clip is not green-screen footage
GREEN_SAMPLES = 6
SAMPLE_SIZE = 96


def load_user_actors(source: str | Path) -> tuple[Actor, ...]:
    """Actors from a folder, a folder of folders, or a YAML list file.

    Results are cached until a file in the source changes, since checking
    green-screen footage decodes frames.
    """
    path = Path(source).expanduser()
    if not path.exists():
        raise MediaError(path, "actors path does not exist")
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    signature = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)
    return _load(str(path.resolve()), signature)


@functools.lru_cache(maxsize=32)
def _load(path_text: str, _signature: tuple[tuple[str, int, int], ...]) -> tuple[Actor, ...]:
    path = Path(path_text)
    if path.is_file():
        return _load_list_file(path)
    if (path / ACTOR_FILE).is_file():
        return (_load_folder(path),)
    folders = sorted(p for p in path.iterdir() if (p / ACTOR_FILE).is_file())
    if not folders:
        raise MediaError(path, f"holds no {ACTOR_FILE} (nor folders that do)")
    return tuple(_load_folder(f) for f in folders)


def _read_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise MediaError(path, f"cannot be read ({exc.strerror})") from exc
    except yaml.YAMLError as exc:
        raise MediaError(path, f"is not valid YAML ({exc})") from exc


def _load_folder(folder: Path) -> Actor:
    record = _read_yaml(folder / ACTOR_FILE)
    if not isinstance(record, Mapping):
        raise MediaError(folder / ACTOR_FILE, "must hold one actor record (a mapping)")
    talking, green = folder / TALKING_FILE, folder / GREEN_FILE
    return _actor(record, portrait=folder / PORTRAIT_FILE, talking=talking if talking.exists() else None,
                  green=green if green.exists() else None, stamp=folder / ACTOR_FILE)


def _load_list_file(path: Path) -> tuple[Actor, ...]:
    doc = _read_yaml(path)
    records = doc.get("actors") if isinstance(doc, Mapping) else doc
    if not isinstance(records, list) or not all(isinstance(r, Mapping) for r in records):
        raise MediaError(path, "must hold a list of actor records (or {actors: [...]})")
    out = []
    for rec in records:
        if "portrait" not in rec:
            raise ValidationError(f"actor {rec.get('slug')!r}: portrait", None,
                                  f"is required (a path relative to {str(path)!r})")
        paths = {k: path.parent / str(rec[k]) for k in MEDIA_KEYS if rec.get(k)}
        fields = {k: v for k, v in rec.items() if k not in MEDIA_KEYS}
        out.append(_actor(fields, portrait=paths["portrait"], talking=paths.get("talking_clip"),
                          green=paths.get("green_screen_clip"), stamp=path))
    return tuple(out)


def _actor(record: Mapping[str, Any], *, portrait: Path, talking: Path | None, green: Path | None,
           stamp: Path) -> Actor:
    check_portrait(portrait)
    if talking is not None:
        check_talking_clip(talking)
    if green is not None:
        check_green_screen(green)
    modified = datetime.fromtimestamp(stamp.stat().st_mtime, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return actor_from_record(record, portrait=portrait, talking_clip=talking, green_screen_clip=green,
                             defaults={"created_at": modified}, source=str(stamp))


def check_portrait(path: Path) -> None:
    """The portrait must be an image Pillow can decode (it is drawn into frames and contact sheets)."""
    if not path.is_file():
        raise MediaError(path, "portrait file does not exist")
    try:
        with Image.open(path) as img:
            img.verify()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as exc:
        raise MediaError(path, f"portrait is not a readable image ({exc})") from exc


def check_talking_clip(path: Path) -> None:
    """A talking clip needs moving video: a still image or an audio file cannot talk."""
    info = probe(path)
    if info.video is None or info.video.is_still:
        raise MediaError(path, "talking clip has no video stream")
    if not info.duration_ms:
        raise MediaError(path, "talking clip has no duration")


def check_green_screen(path: Path) -> None:
    """A green-screen clip must have video that is largely key green, or keying would eat the person."""
    check_talking_clip(path)
    share, _ = green_stats(path)
    if share < MIN_GREEN_SHARE:
        raise MediaError(path, f"green-screen clip is only {share:.0%} key green in sampled frames "
                               f"(needs {MIN_GREEN_SHARE:.0%}); is it really green-screen footage?")


def green_stats(path: Path) -> tuple[float, tuple[int, int, int]]:
    """Share of key-green pixels in a few sampled frames, and their median colour (the key colour).

    Key green: hue 75-165 degrees, clearly saturated and not dark, which is
    what chroma keyers remove.  Frames are sampled evenly and shrunk first, so
    this costs one short decode, done once per version of the file.
    """
    stat = path.stat()
    return _green_stats(str(path.resolve()), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=64)
def _green_stats(path_text: str, _mtime_ns: int, _size: int) -> tuple[float, tuple[int, int, int]]:
    path = Path(path_text)
    info = probe(path)
    duration = max(1, info.duration_ms or 1000) / 1000
    raw = run_ffmpeg(["-i", str(path), "-an", "-vf",
                      f"fps={GREEN_SAMPLES / duration:.4f},scale={SAMPLE_SIZE}:{SAMPLE_SIZE}", "-frames:v",
                      str(GREEN_SAMPLES), "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                     what=f"sampling frames of {path}")
    px = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.float32) / 255
    if px.size == 0:
        raise MediaError(path, "no frames could be decoded")
    mx, mn = px.max(axis=1), px.min(axis=1)
    sat = np.where(mx > 0, (mx - mn) / np.maximum(mx, 1e-6), 0)
    green = (px[:, 1] == mx) & (sat > 0.35) & (mx > 0.25)
    r, g, b = px[:, 0], px[:, 1], px[:, 2]
    hue = np.degrees(np.arctan2(np.sqrt(3) * (g - b), 2 * r - g - b)) % 360
    green &= (hue >= 75) & (hue <= 165)
    share = float(green.mean())
    key = np.median(px[green], axis=0) if green.any() else np.array([0.0, 1.0, 0.0])
    return share, (int(key[0] * 255), int(key[1] * 255), int(key[2] * 255))
