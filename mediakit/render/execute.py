"""Run a compiled render: the only place mediakit starts a render process.

The output is written to a temporary file beside the target and renamed into
place only when ffmpeg succeeds, so a failed or interrupted render never
leaves a file at the target path.  Progress comes from ffmpeg's ``-progress``
stream and goes to a callback; the CLI turns it into a bar, the runner into
JSON lines.  libass sees only the bundled fonts (see ``mediakit.fonts``), and
the captions it burns are written here, from the timeline's data, just
before the run (``captions_file``).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import RenderError
from ..ffmpeg import ffmpeg_exe, tail
from ..media_io import atomic_path
from ..progress import ProgressCallback
from ..timeline import Timeline
from .compile import Compiled

GRAPH_INLINE_LIMIT = 4000  # longer graphs go through a file: argv limits and readable errors
STALL_SECONDS = 60  # generous: slow first frames (big stills, long seeks) report no progress meanwhile
STALL_ATTEMPTS = 3
WATCH_SECONDS = 1.0  # how often the watchdog looks at the progress


def execute(compiled: Compiled, output: str | Path, *, progress: ProgressCallback | None = None) -> Path:
    """Render ``compiled`` to ``output`` atomically; return the output path."""
    graph_file: Path | None = None
    try:
        with atomic_path(output) as tmp:
            if len(compiled.graph) > GRAPH_INLINE_LIMIT:
                gfd, gname = tempfile.mkstemp(prefix="mediakit-graph-", suffix=".txt")
                with os.fdopen(gfd, "w", encoding="utf-8") as fh:
                    fh.write(compiled.graph)
                graph_file = Path(gname)
            args = compiled.args(str(tmp), graph_file=str(graph_file) if graph_file else None)
            _run(args, compiled.duration_ms, progress)
    finally:
        if graph_file is not None:
            graph_file.unlink(missing_ok=True)
    return Path(output)


@contextmanager
def captions_file(timeline: Timeline) -> Iterator[Path | None]:
    """The timeline's captions as an ASS document in a temporary file (None without captions), removed after."""
    if timeline.captions is None:
        yield None
        return
    from ..captions import caption_document

    fd, name = tempfile.mkstemp(prefix="mediakit-captions-", suffix=".ass")
    os.close(fd)
    path = Path(name)
    try:
        caption_document(timeline.captions, timeline.canvas).save(str(path), encoding="utf-8", format_="ass")
        yield path
    finally:
        path.unlink(missing_ok=True)


def _run(args: list[str], duration_ms: int, progress: ProgressCallback | None) -> None:
    """Run ffmpeg, retrying a run that stalls (no progress for ``STALL_SECONDS``).

    ffmpeg 9's threaded scheduler can deadlock near the end of some
    multi-input graphs, rarely and not reproducibly; a stalled run is killed
    and started again rather than left hanging forever.
    """
    for _ in range(STALL_ATTEMPTS):
        if _run_once(args, duration_ms, progress):
            if progress is not None:
                progress(1.0)
            return
    raise RenderError(f"ffmpeg stalled {STALL_ATTEMPTS} times (no progress for {STALL_SECONDS} s)",
                      cmd=[ffmpeg_exe(), *args])


def _run_once(args: list[str], duration_ms: int, progress: ProgressCallback | None) -> bool:
    """One ffmpeg run; False when it stalled and was killed, RenderError when it failed.

    The main thread blocks on the process (it returns the moment ffmpeg
    exits; a wait with a timeout polls, and noticed the exit up to 50 ms
    late); a watchdog thread kills a run whose progress stops.
    """
    from ..fonts import fontconfig_env

    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", "-loglevel", "error", "-progress", "pipe:1", "-nostats",
           *args]
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, env=fontconfig_env())
        watch = _Watch()
        reader = threading.Thread(target=_read_progress, args=(proc, duration_ms, progress, watch), daemon=True)
        reader.start()
        stalled = threading.Event()
        threading.Thread(target=_watchdog, args=(proc, watch, stalled), daemon=True).start()
        try:
            returncode = proc.wait()
        except BaseException:
            proc.kill()
            proc.wait()
            raise
        finally:
            reader.join(timeout=5)
        if stalled.is_set():
            return False
        if returncode != 0:
            err.seek(0)
            stderr = err.read().decode("utf-8", "replace")
            raise RenderError("ffmpeg render failed", cmd=cmd, returncode=returncode, stderr_tail=tail(stderr))
    return True


def _watchdog(proc: subprocess.Popen[bytes], watch: _Watch, stalled: threading.Event) -> None:
    """Kill ``proc`` once its progress has not moved for ``STALL_SECONDS``, and say so in ``stalled``."""
    while proc.poll() is None:
        if time.monotonic() - watch.last > STALL_SECONDS:
            stalled.set()
            proc.kill()
            return
        time.sleep(WATCH_SECONDS)


class _Watch:
    """When ffmpeg last reported that its output moved on."""

    def __init__(self) -> None:
        self.last = time.monotonic()
        self.out_time = -1


def _read_progress(proc: subprocess.Popen[bytes], duration_ms: int, progress: ProgressCallback | None,
                   watch: _Watch) -> None:
    assert proc.stdout is not None
    for raw in proc.stdout:
        key, _, value = raw.decode("ascii", "replace").strip().partition("=")
        if key != "out_time_us" or not value.isdigit():
            continue
        if int(value) != watch.out_time:
            watch.out_time, watch.last = int(value), time.monotonic()
        if progress is not None and duration_ms > 0:
            progress(min(1.0, int(value) / 1000 / duration_ms))
