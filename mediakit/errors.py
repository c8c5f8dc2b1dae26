"""One exception tree for the whole library (and the runner and server above it).

Every error stores the bad value it complains about and renders itself in
the service's error shape (``{"error": {"code", "message", "details"}}``), so
the CLI, the runner and the server all report the same thing.  Each class
also says how it surfaces: ``status`` is the spec's HTTP status and
``exit_code`` the CLI's (2 for bad input, 1 for a job that failed after its
input was accepted).  The library never exits the process; the CLI and the
server read these attributes.

Errors cross process boundaries (a process pool, a Dask worker) intact:
``__reduce__`` rebuilds any subclass from its attributes, whatever its
``__init__`` takes (the pysubs2 pattern).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Self, cast

EXIT_BAD_INPUT = 2
EXIT_FAILED = 1

# the spec's "type" for each HTTP status (older responses carry it beside the code); 409, which the spec's
# table lacks, is mediakit's (docs/server.md says why)
ERROR_TYPES = {400: "validation_error", 401: "authentication_error", 402: "insufficient_credits",
               403: "authentication_error", 404: "not_found", 409: "conflict", 429: "rate_limit_error",
               500: "server_error", 502: "server_error", 503: "service_unavailable"}


def error_type(status: int) -> str:
    """The spec's ``type`` of an error answered with ``status``; a client error the table does not name (405,
    413) is a ``validation_error``, the table's type for a request to change, never a ``server_error``."""
    return ERROR_TYPES.get(status, "validation_error" if status < 500 else "server_error")


def _restore(cls: type[MediakitError], message: str, state: dict[str, Any]) -> MediakitError:
    """Rebuild an error without calling its ``__init__`` (whose signature varies by class)."""
    err = cls.__new__(cls)
    Exception.__init__(err, message)
    err.__dict__.update(state)
    return err


class MediakitError(Exception):
    """Base of every error mediakit raises on purpose."""

    code = "mediakit_error"
    status = 500
    exit_code = EXIT_FAILED

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

    @property
    def type(self) -> str:
        """The older responses' ``type`` for this error's status."""
        return error_type(self.status)

    def reworded(self, message: str, details: Sequence[dict[str, Any]]) -> Self:
        """A copy saying ``message`` with ``details``, of the same class, code and status (what a server shows a
        client in place of a message meant for this machine's user)."""
        return cast(Self, _restore(type(self), message, {**self.__dict__, "message": message,
                                                         "details": list(details)}))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.message, dict(self.__dict__)))

    def __str__(self) -> str:
        return self.message


class ValidationError(MediakitError, ValueError):
    """A request field or option breaks a rule; ``field`` names it, ``value`` holds it.

    ``details`` lists every failing field when one request breaks several
    rules at once (each ``{"field", "rule"}``); the message names the first.
    """

    code = "validation_error"
    status = 400
    exit_code = EXIT_BAD_INPUT

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
        if len(details) > 1:
            message += f" (and {len(details) - 1} more problem{'s' if len(details) > 2 else ''})"
        extra = list(details) or [{"field": field, "rule": rule}]
        super().__init__(message, details=extra)


class MediaError(MediakitError):
    """An input file is missing, unreadable, or not the kind of media needed."""

    code = "media_error"
    status = 400
    exit_code = EXIT_BAD_INPUT

    def __init__(self, path: Any, problem: str, *, field: str | None = None) -> None:
        self.path = str(path)
        self.problem = problem
        self.field = field
        detail: dict[str, Any] = {"file": self.path, "rule": problem}
        if field is not None:
            detail["field"] = field
        prefix = f"{field}: " if field else ""
        super().__init__(f"{prefix}{self.path!r}: {problem}", details=[detail])

    def unnamed(self, problem: str) -> MediaError:
        """The same refusal naming the field instead of the file, saying ``problem``: what a server tells a client
        when the file is its own (a download, an upload, the store), whose path the client must not see."""
        where = self.field or "input file"
        shown = self.reworded(f"{where}: {problem}", [{"field": where, "rule": problem}])
        shown.path, shown.problem = where, problem
        return shown


class NotFoundError(MediakitError):
    """A named thing (actor, job, skill, model) does not exist; 404 in the service."""

    code = "not_found"
    status = 404
    exit_code = EXIT_BAD_INPUT


class AlignmentError(MediakitError):
    """A transcript cannot be matched to the audio it is said to transcribe."""

    code = "alignment_error"
    status = 400
    exit_code = EXIT_BAD_INPUT


class EngineError(MediakitError):
    """An engine (speech, voice, model, lip-sync) is missing or failed: the job failed, not the input."""

    code = "engine_error"
    status = 502


class MissingExtraError(MediakitError):
    """An optional package is not installed; the message is the one ``pip install`` line that adds it."""

    code = "missing_extra"

    def __init__(self, package: str, extra: str) -> None:
        self.package = package
        self.extra = extra
        super().__init__(f"{package} is not installed: pip install 'mediakit[{extra}]'")


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

