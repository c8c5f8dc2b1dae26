"""What a media file holds: duration, video size and rate, audio rate.

imageio-ffmpeg ships ffmpeg but not ffprobe, so this reads the stream summary
ffmpeg prints for ``ffmpeg -i FILE``.  That summary has been stable for a
decade; the parser only reads the few fields the pipeline needs.
"""

from __future__ import annotations

import functools
import re
import subprocess
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from .errors import MediaError
from .ffmpeg import ffmpeg_exe

IMAGE_CODECS = {"png", "mjpeg", "webp", "bmp", "tiff", "gif", "jpegls", "pam", "ppm"}


@dataclass(frozen=True)
class VideoInfo:
    """The first video stream.  ``width``/``height`` are as displayed (rotation applied)."""

    codec: str
    width: int
    height: int
    fps: Fraction

    @property
    def is_still(self) -> bool:
        return self.codec in IMAGE_CODECS


@dataclass(frozen=True)
class AudioInfo:
    """The first audio stream."""

    codec: str
    sample_rate: int
    channels: int


@dataclass(frozen=True)
class MediaInfo:
    path: str
    duration_ms: int | None
    video: VideoInfo | None
    audio: AudioInfo | None

    @property
    def duration(self) -> float | None:
        return None if self.duration_ms is None else self.duration_ms / 1000


_DURATION = re.compile(r"Duration: (\d+):(\d+):(\d+(?:\.\d+)?)")
_VIDEO = re.compile(r"Stream #\d+:\d+\S*: Video: (\w+).*?, (\d{2,5})x(\d{2,5})")
_FPS = re.compile(r", (\d+(?:\.\d+)?)(k?) fps")
_TBR = re.compile(r", (\d+(?:\.\d+)?)(k?) tbr")
_AUDIO = re.compile(r"Stream #\d+:\d+\S*: Audio: (\w+).*?, (\d+) Hz, ([^,]+)")
_ROTATION = re.compile(r"rotation of (-?\d+(?:\.\d+)?) degrees")
_CHANNELS = {"mono": 1, "stereo": 2, "2.1": 3, "quad": 4, "5.0": 5, "5.1": 6, "7.1": 8}


def probe(path: str | Path) -> MediaInfo:
    """Probe ``path``; raise ``MediaError`` naming the file if it is missing or not media."""
    p = Path(path)
    if not p.exists():
        raise MediaError(path, "file does not exist")
    if not p.is_file():
        raise MediaError(path, "is not a file")
    try:
        with p.open("rb"):
            pass
    except OSError as exc:
        raise MediaError(path, f"cannot be read ({exc.strerror})") from exc
    stat = p.stat()
    return _probe_cached(str(p.resolve()), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _probe_cached(path: str, _mtime_ns: int, _size: int) -> MediaInfo:
    proc = subprocess.run([ffmpeg_exe(), "-hide_banner", "-nostdin", "-i", path],
                          capture_output=True, check=False)
    text = proc.stderr.decode("utf-8", "replace")
    if "Stream #" not in text:
        raise MediaError(path, "is not a media file ffmpeg can read")
    return parse_probe(path, text)


def _snap_fps(value: float) -> Fraction:
    """ffmpeg prints 29.97 for 30000/1001; recover the exact NTSC rates, keep others as printed."""
    for base in (24, 30, 48, 60, 120):
        ntsc = Fraction(base * 1000, 1001)
        if abs(value - float(ntsc)) < 0.006:
            return ntsc
    return Fraction(value).limit_denominator(1000)


def parse_probe(path: str, text: str) -> MediaInfo:
    """Parse ffmpeg's input summary (pure; tested without ffmpeg)."""
    duration_ms = None
    m = _DURATION.search(text)
    if m:
        h, mi, s = m.groups()
        duration_ms = round((int(h) * 3600 + int(mi) * 60 + float(s)) * 1000)
    video = None
    for line in text.splitlines():
        vm = _VIDEO.search(line)
        if vm and video is None:
            codec, w, h = vm.group(1), int(vm.group(2)), int(vm.group(3))
            fm = _FPS.search(line) or _TBR.search(line)
            fps = Fraction(25)
            if fm:
                value = float(fm.group(1)) * (1000 if fm.group(2) else 1)
                fps = _snap_fps(value)
            video = VideoInfo(codec, w, h, fps)
    if video is not None:
        rm = _ROTATION.search(text)
        if rm and round(abs(float(rm.group(1)))) % 180 == 90:
            video = VideoInfo(video.codec, video.height, video.width, video.fps)
    audio = None
    am = _AUDIO.search(text)
    if am:
        layout = am.group(3).strip()
        channels = _CHANNELS.get(layout.split("(")[0].strip(), 2)
        cm = re.match(r"(\d+) channels", layout)
        if cm:
            channels = int(cm.group(1))
        audio = AudioInfo(am.group(1), int(am.group(2)), channels)
    if video is not None and video.is_still:
        duration_ms = None
    return MediaInfo(path, duration_ms, video, audio)
