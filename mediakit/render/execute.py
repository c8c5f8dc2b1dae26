"""Run a compiled render: the only place mediakit starts a render process.

The output is written to a temporary file beside the target and renamed into
place only when ffmpeg succeeds, so a failed or interrupted render never
leaves a file at the target path.  Progress comes from ffmpeg's ``-progress``
stream and goes to a callback; the CLI turns it into a bar, the runner into
JSON lines.  libass sees only the bundled fonts (see ``mediakit.fonts``).
"""

from __future__ import annotations

import os
import subprocess
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from ..errors import RenderError, ValidationError
from ..ffmpeg import ffmpeg_exe, tail
from .compile import Compiled

ProgressCallback = Callable[[float], None]
GRAPH_INLINE_LIMIT = 4000  # longer graphs go through a file: argv limits and readable errors


def check_output_path(output: str | Path) -> Path:
    """The target path, checked before any work starts: its folder must exist."""
    out = Path(output)
    if out.is_dir():
        raise ValidationError("output", str(output), "is a folder; give a file path")
    if not out.parent.exists():
        raise ValidationError("output", str(output), f"its folder {str(out.parent)!r} does not exist")
    return out


def execute(compiled: Compiled, output: str | Path, *, progress: ProgressCallback | None = None) -> Path:
    """Render ``compiled`` to ``output`` atomically; return the output path."""
    out = check_output_path(output)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{out.stem}.", suffix=f".partial{out.suffix}", dir=out.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    graph_file: Path | None = None
    try:
        if len(compiled.graph) > GRAPH_INLINE_LIMIT:
            gfd, gname = tempfile.mkstemp(prefix="mediakit-graph-", suffix=".txt")
            with os.fdopen(gfd, "w", encoding="utf-8") as fh:
                fh.write(compiled.graph)
            graph_file = Path(gname)
        args = compiled.args(str(tmp), graph_file=str(graph_file) if graph_file else None)
        _run(args, compiled.duration_ms, progress)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, out)
        return out
    finally:
        tmp.unlink(missing_ok=True)
        if graph_file is not None:
            graph_file.unlink(missing_ok=True)


def _umask() -> int:
    """The process umask (read by setting and restoring it), so outputs get normal permissions."""
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _run(args: list[str], duration_ms: int, progress: ProgressCallback | None) -> None:
    from ..fonts import fontconfig_env

    cmd = [ffmpeg_exe(), "-hide_banner", "-nostdin", "-loglevel", "error", "-progress", "pipe:1", "-nostats",
           *args]
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, env=fontconfig_env())
        reader = threading.Thread(target=_read_progress, args=(proc, duration_ms, progress), daemon=True)
        reader.start()
        try:
            returncode = proc.wait()
        except BaseException:
            proc.kill()
            proc.wait()
            raise
        finally:
            reader.join(timeout=5)
        if returncode != 0:
            err.seek(0)
            stderr = err.read().decode("utf-8", "replace")
            raise RenderError("ffmpeg render failed", cmd=cmd, returncode=returncode, stderr_tail=tail(stderr))
    if progress is not None:
        progress(1.0)


def _read_progress(proc: subprocess.Popen[bytes], duration_ms: int, progress: ProgressCallback | None) -> None:
    assert proc.stdout is not None
    for raw in proc.stdout:
        if progress is None:
            continue
        key, _, value = raw.decode("ascii", "replace").strip().partition("=")
        if key == "out_time_us" and value.isdigit() and duration_ms > 0:
            progress(min(1.0, int(value) / 1000 / duration_ms))
