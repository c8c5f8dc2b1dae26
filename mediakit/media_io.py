"""Media file I/O shared by every stage: atomic writes, WAV, audio decoding, images, media kinds.

Every file mediakit delivers (videos, WAVs, PNGs, receipts, sidecars, cached
drawings) is written to a temporary file beside its target and renamed into
place only when complete; a failure, a full disk or a kill leaves the target
untouched.  Renames within one folder are atomic on every platform Python
supports.  Reading is here too, so each idiom ("open the image or say which
file is bad", "still or video?", "decode to float samples") exists once.
"""

from __future__ import annotations

import os
import tempfile
import wave
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import numpy as np

from .errors import MediaError, ValidationError
from .ffmpeg import run_ffmpeg
from .probe import probe

if TYPE_CHECKING:
    from PIL import Image

MediaKind = Literal["still", "video", "audio"]


def check_output_path(output: str | os.PathLike[str], *, field: str = "output") -> Path:
    """The target path, checked before any work starts: not a folder, and its folder exists."""
    out = Path(output)
    if out.is_dir():
        raise ValidationError(field, str(output), "is a folder; give a file path")
    if not out.parent.exists():
        raise ValidationError(field, str(output), f"its folder {str(out.parent)!r} does not exist")
    return out


@contextmanager
def atomic_path(target: str | os.PathLike[str], *, field: str = "output") -> Iterator[Path]:
    """Yield a temporary path beside ``target``; on success it replaces ``target``, on failure it is removed.

    The temporary name keeps the target's suffix, so tools that pick a format
    by extension (ffmpeg, Pillow) write the right one.
    """
    out = check_output_path(target, field=field)
    fd, name = tempfile.mkstemp(prefix=f".{out.stem}.", suffix=f".partial{out.suffix}", dir=out.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)


def write_text(target: str | Path, text: str, *, field: str = "output") -> Path:
    """Write ``text`` (UTF-8) to ``target`` atomically."""
    with atomic_path(target, field=field) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return Path(target)


def _umask() -> int:
    """The process umask (read by setting and restoring it), so outputs get normal permissions."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def pcm16(samples: np.ndarray) -> np.ndarray:
    """Float samples in [-1, 1] as little-endian int16: scaled by 32767, rounded, clipped (never wrapped)."""
    scaled = np.round(np.asarray(samples, dtype=np.float64) * 32767.0)
    pcm: np.ndarray = np.clip(scaled, -32768, 32767).astype("<i2")
    return pcm


def write_wav(target: str | os.PathLike[str], samples: np.ndarray, *, sample_rate: int,
              field: str = "output") -> Path:
    """Write float samples (shape ``(n,)`` mono or ``(n, channels)``) as a 16-bit PCM WAV, atomically.

    16-bit is what every player, recogniser and ffmpeg read.
    """
    data = np.asarray(samples)
    data = data.reshape(data.shape[0], -1)
    with atomic_path(target, field=field) as tmp, wave.open(str(tmp), "wb") as wav:
        wav.setnchannels(data.shape[1])
        wav.setsampwidth(2)
        wav.setframerate(sample_rate)
        wav.writeframes(pcm16(data).tobytes())
    return Path(target)


def write_pam(target: str | os.PathLike[str], pixels: np.ndarray) -> Path:
    """Write grey, RGB or RGBA ``pixels`` (h x w, or h x w x 3 or 4, uint8) as an uncompressed PAM, atomically.

    For large intermediates the render reads once (a photo actor's strips of
    key poses): ffmpeg reads PAM with its alpha, and writing one costs a copy
    where a PNG of a ten-cell strip costs most of a second of deflate.
    """
    h, w, depth = pixels.reshape(pixels.shape[0], pixels.shape[1], -1).shape
    kind = {1: "GRAYSCALE", 3: "RGB", 4: "RGB_ALPHA"}[depth]
    header = f"P7\nWIDTH {w}\nHEIGHT {h}\nDEPTH {depth}\nMAXVAL 255\nTUPLTYPE {kind}\nENDHDR\n".encode("ascii")
    with atomic_path(target) as tmp, tmp.open("wb") as fh:
        fh.write(header)
        fh.write(np.ascontiguousarray(pixels, dtype=np.uint8).data)  # the buffer itself, not a copy of it
    return Path(target)


def decode_audio(path: str | Path, *, rate: int = 16000, channels: int = 1) -> np.ndarray:
    """Decode the audio of any media file to float32 samples in [-1, 1].

    Shape is ``(n,)`` for mono and ``(n, channels)`` otherwise.  Raises
    ``MediaError`` naming the file when it has no audio stream.
    """
    info = probe(path)
    if info.audio is None:
        raise MediaError(path, "has no audio stream")
    raw = run_ffmpeg(["-i", str(path), "-vn", "-map", "0:a:0", "-ac", str(channels), "-ar", str(rate),
                      "-f", "s16le", "-acodec", "pcm_s16le", "-"], what=f"decoding audio of {path}")
    samples = np.frombuffer(raw, dtype="<i2").astype(np.float32) / 32768.0
    return samples if channels == 1 else samples.reshape(-1, channels)


def read_pam(path: str | Path) -> Image.Image:
    """A PAM that ``write_pam`` wrote (Pillow reads no PAM): grey, RGB or RGBA."""
    from PIL import Image  # imported where images are read: a voice-only command never needs Pillow

    data = Path(path).read_bytes()
    end = data.index(b"ENDHDR\n") + len(b"ENDHDR\n")
    fields = dict(line.split(" ", 1) for line in data[:end].decode("ascii").splitlines()[1:-1])
    w, h, depth = int(fields["WIDTH"]), int(fields["HEIGHT"]), int(fields["DEPTH"])
    pixels = np.frombuffer(data, dtype=np.uint8, count=w * h * depth, offset=end).reshape(h, w, depth)
    return Image.fromarray(np.ascontiguousarray(pixels[:, :, 0] if depth == 1 else pixels))


def image_size(path: str | Path) -> tuple[int, int]:
    """Width and height of a still (a PAM ``write_pam`` wrote included), read from its header, not decoded;
    ``MediaError`` naming the file if it is not an image."""
    from PIL import Image, UnidentifiedImageError

    try:
        with open(path, "rb") as fh:
            head = fh.read(256)
        if head.startswith(b"P7\n"):
            fields = dict(line.split(b" ", 1) for line in head.split(b"ENDHDR", 1)[0].splitlines()[1:] if b" " in line)
            return int(fields[b"WIDTH"]), int(fields[b"HEIGHT"])
        with Image.open(path) as im:
            return im.size
    except FileNotFoundError as exc:
        raise MediaError(Path(path), "file does not exist") from exc
    except (UnidentifiedImageError, OSError) as exc:
        raise MediaError(Path(path), "is not an image Pillow can read") from exc


def open_image(path: str | Path, *, field: str | None = None) -> Image.Image:
    """The image at ``path``, fully loaded (the file is closed); ``MediaError`` naming the file otherwise."""
    from PIL import Image, UnidentifiedImageError

    try:
        with open(path, "rb") as fh:
            is_pam = fh.read(3) == b"P7\n"
        if is_pam:
            return read_pam(path)
        with Image.open(path) as im:
            im.load()
            return im
    except FileNotFoundError as exc:
        raise MediaError(path, "file does not exist", field=field) from exc
    except (UnidentifiedImageError, OSError, ValueError, KeyError) as exc:
        raise MediaError(path, f"is not an image Pillow can read ({exc})", field=field) from exc


def media_kind(path: str | Path) -> MediaKind:
    """``still``, ``video`` or ``audio``, by probing the streams (never by the file name)."""
    info = probe(path)
    if info.video is not None:
        return "still" if info.video.is_still else "video"
    if info.audio is not None:
        return "audio"
    raise MediaError(path, "has neither a picture nor a sound stream")
