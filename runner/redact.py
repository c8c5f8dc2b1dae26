"""Host paths out of what a client reads: an error names the client's field, never a file of this machine.

The library names files in its errors (``MediaError``'s path, a store that
cannot answer, the text of an OS or Pillow error), which is what a person at
the CLI needs.  A server's client gave a URL or a field; the path behind it
(the download cache, the store, an upload's scratch file, the home folder)
is this machine's, so at the server boundary a ``MediaError`` names the URL the
client gave for that file (``runner.served.client_name``), or else its
field, and any other absolute path or ``file://`` URL in a message reads
``[server path]``.  The API's own routes (``/v1/...``, ``/v2/...``) are left
as they are: they are addresses the client uses, not files.
"""

from __future__ import annotations

import re
from typing import Any

from mediakit.errors import MediaError, MediakitError
from runner.served import client_name

HIDDEN = "[server path]"
_START = r"(?:file://|\b[A-Za-z]:\\|/(?!v[12]/))"  # a file URL, a Windows drive, or a POSIX root (not an API route)
# quoted, a path runs to its closing quote (it may hold spaces); bare, to the next space or punctuation, and a
# bare POSIX path must not continue a word or a URL (the path of "https://host/x" follows a host name)
_QUOTED = re.compile(rf"'{_START}[^']*'|\"{_START}[^\"]*\"")
_BARE = re.compile(r"file://[^\s'\"]*|\b[A-Za-z]:\\[^\s'\"]*|(?<![\w.:/~-])/(?!v[12]/)[^\s'\",;()]+")


def hide_paths(text: str) -> str:
    """``text`` with every host path (quoted with it, when quoted) read as ``[server path]``."""
    return _BARE.sub(HIDDEN, _QUOTED.sub(HIDDEN, text))


def public(exc: MediakitError) -> MediakitError:
    """``exc`` as a client may read it: a file error names the URL the client gave for the file, else its field;
    no message or detail shows a host path."""
    if isinstance(exc, MediaError) and hide_paths(exc.path) != exc.path:
        url, problem = client_name(exc.path), hide_paths(exc.problem)
        exc = exc.unnamed(problem) if url is None else MediaError(url, problem, field=exc.field)
    message, details = hide_paths(exc.message), [_hide(d) for d in exc.details]
    return exc if (message, details) == (exc.message, exc.details) else exc.reworded(message, details)


def _hide(value: Any) -> Any:
    if isinstance(value, str):
        return hide_paths(value)
    if isinstance(value, dict):
        return {k: _hide(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_hide(v) for v in value]
    return value
