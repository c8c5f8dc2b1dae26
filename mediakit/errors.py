"""One exception tree for the whole library.

Every error stores the bad value it complains about and can render itself in
the service's error shape (``{"error": {"code", "message", "details"}}``), so
the CLI, the runner and library callers all report the same thing.  The
library never exits the process; only the CLI maps these to exit codes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any


class MediakitError(Exception):
    """Base of every error mediakit raises on purpose."""

    code = "mediakit_error"

    def __init__(self, message: str, *, details: Sequence[dict[str, Any]] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.details = list(details)

    def to_dict(self) -> dict[str, Any]:
        """The spec's error body: ``{"error": {"code", "message", "details"}}``."""
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.details:
            body["details"] = self.details
        return {"error": body}

    def __str__(self) -> str:
        return self.message


class ValidationError(MediakitError, ValueError):
    """A request field or option breaks a rule; ``field`` names it, ``value`` holds it."""

    code = "validation_error"

    def __init__(
        self,
        field: str,
        value: Any,
        rule: str,
        *,
        code: str | None = None,
        details: Sequence[dict[str, Any]] = (),
    ) -> None:
        self.field = field
        self.value = value
        self.rule = rule
        if code is not None:
            self.code = code
        shown = _short(value)
        message = f"{field}: {rule} (got {shown})" if value is not None else f"{field}: {rule}"
        extra = list(details) or [{"field": field, "rule": rule}]
        super().__init__(message, details=extra)


class MediaError(MediakitError):
    """An input file is missing, unreadable, or not the kind of media needed."""

    code = "media_error"

    def __init__(self, path: Any, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path!r}: {problem}", details=[{"file": self.path, "rule": problem}])


class AlignmentError(MediakitError):
    """A transcript cannot be matched to the audio it is said to transcribe."""

    code = "alignment_error"


class EngineError(MediakitError):
    """An optional engine (speech, voice, model) is missing or failed."""

    code = "engine_error"


class RenderError(MediakitError):
    """ffmpeg failed; carries the command, its exit code and the tail of its stderr."""

    code = "render_error"

    def __init__(self, message: str, *, cmd: Sequence[str] = (), returncode: int | None = None,
                 stderr_tail: str = "") -> None:
        self.cmd = list(cmd)
        self.returncode = returncode
        self.stderr_tail = stderr_tail
        cause = root_cause(stderr_tail)
        full = f"{message}: {cause}" if cause else message
        super().__init__(full, details=[{"returncode": returncode, "stderr_tail": stderr_tail,
                                          "cmd": " ".join(self.cmd)}])


_GENERIC = ("Conversion failed", "Nothing was written", "Task finished", "Terminating thread",
            "Could not open encoder before EOF", "Error while filtering", "Error opening output files")


_ERROR_WORDS = ("Error", "error", "Invalid", "No such", "not found", "Unable", "Stray", "Cannot", "cannot",
                "failed")


def root_cause(stderr: str) -> str:
    """The most telling lines of ffmpeg's stderr: the first two errors that are not knock-on effects."""
    lines = [re.sub(r"^\[[^\]]* @ 0x[0-9a-f]+\] ", "", ln.strip()) for ln in stderr.strip().splitlines()]
    lines = [ln for ln in lines if ln]
    causes = [ln for ln in lines if any(k in ln for k in _ERROR_WORDS) and not any(g in ln for g in _GENERIC)]
    return "; ".join(causes[:2]) if causes else (lines[-1] if lines else "")


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 4] + "...'"
