"""Silence what native libraries print on the process's stderr while they load and run a model.

MediaPipe's C++ side (TensorFlow Lite, absl) writes "Created TensorFlow
Lite XNNPACK delegate" and feedback-manager warnings straight to file
descriptor 2, before its own log settings apply, so ``GLOG_minloglevel``
cannot stop them: a user running a batch would see a page of them for every
face.  They are diagnostics for MediaPipe's developers, never for ours, so
fd 2 points at /dev/null while a model call runs.  Calls are serialised:
fd 2 is process-wide, and a second thread restoring it early would let the
noise through.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterator

_lock = threading.RLock()


@contextlib.contextmanager
def quiet_native_stderr() -> Iterator[None]:
    """Point fd 2 at /dev/null for the block (Python's own ``sys.stderr`` is flushed first and kept)."""
    with _lock:
        with contextlib.suppress(AttributeError, ValueError):
            sys.stderr.flush()
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, 2)
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            os.close(devnull)
