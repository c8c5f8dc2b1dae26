"""What one ``session_id`` links across the character steps, kept on disk.

The spec's three steps (sheet, storyboard, video) share a ``session_id``: a
video made without an ``action_prompt`` takes its beats from the storyboard
step of the same session, and the same session and inputs give the same
result without doing the work again.  Each step records what it made under
``<cache>/sessions/<session_id>/<step>.json``; results are kept by a key of
the session and the inputs (``result_path``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...cache import cache_dir, cache_key
from ...media_io import write_text


def session_folder(session_id: str) -> Path:
    folder = cache_dir() / "sessions" / session_id
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def record(session_id: str, step: str, data: dict[str, Any]) -> Path:
    """Write what ``step`` made in the session (replacing an earlier record of the same step)."""
    return write_text(session_folder(session_id) / f"{step}.json", json.dumps(data, indent=2, sort_keys=True))


def recall(session_id: str, step: str) -> dict[str, Any] | None:
    """What ``step`` recorded in the session, or None."""
    path = session_folder(session_id) / f"{step}.json"
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def result_path(session_id: str, step: str, inputs: object, suffix: str) -> Path:
    """Where the session's result of ``step`` for ``inputs`` is kept (it may not exist yet)."""
    return session_folder(session_id) / f"{step}-{cache_key(step, inputs)}{suffix}"
