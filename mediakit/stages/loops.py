"""Clips that loop without a visible jump: the end cross-fades into the start.

A clip shorter than its scene is repeated (``VideoLayer(loop=True)``); cut
end to start, the repeat jumps (163 levels between the last and the first
frame of a 2.4 s phone clip, where neighbouring frames differ by 45 at
most).  :func:`seamless_loop` writes, once per clip (cached by its content),
a version whose last ``FADE`` seconds dissolve into its first, and which
starts where that dissolve ends: played end to end, each frame leads into
the next as the source's own frames do.
"""

from __future__ import annotations

from pathlib import Path

from ..cache import cached_file, file_signature
from ..ffmpeg import run_ffmpeg
from ..probe import probe

FADE_S = 0.5         # the dissolve: long enough that the blend's step stays under the clip's own motion
MIN_SHARE = 4        # the dissolve takes at most a quarter of the clip


def seamless_loop(path: Path, needed_ms: int, cache: Path | None = None) -> Path:
    """``path`` itself when it plays ``needed_ms`` without repeating, else its cross-faded loop (cached).

    A path that is no file yet is left as it is: the render names it.
    """
    if not path.is_file():
        return path
    info = probe(path)
    if info.video is None or info.video.is_still or not info.duration_ms or info.duration_ms >= needed_ms:
        return path
    seconds = info.duration_ms / 1000
    fade = min(FADE_S, seconds / MIN_SHARE)
    fps = info.video.fps

    def make(tmp: Path) -> None:
        graph = (f"[0:v]fps={fps.numerator}/{fps.denominator},setpts=PTS-STARTPTS,split=3[a][b][c];"
                 f"[a]trim=start={fade:.3f}:end={seconds - fade:.3f},setpts=PTS-STARTPTS[mid];"
                 f"[b]trim=start={seconds - fade:.3f},setpts=PTS-STARTPTS[tail];"
                 f"[c]trim=end={fade:.3f},setpts=PTS-STARTPTS[head];"
                 f"[tail][head]xfade=transition=fade:duration={fade:.3f}:offset=0[blend];"
                 "[mid][blend]concat=n=2:v=1:a=0,format=yuv420p[out]")
        run_ffmpeg(["-i", str(path), "-filter_complex", graph, "-map", "[out]", "-an", "-c:v", "libx264",
                    "-preset", "veryfast", "-crf", "16", "-f", "mp4", "-y", str(tmp)],
                   what=f"making a seamless loop of {path}")

    return cached_file("loop", (file_signature(path), fade), ".mp4", make, cache)
