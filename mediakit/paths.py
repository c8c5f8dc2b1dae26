"""Where the bundled data folders (fonts/, presets/, samples/) live.

In a source checkout or an editable install they sit beside the package at the
repository root; a built wheel carries them inside the package as
``mediakit/_data/<name>``.  Looking in both places keeps one code path for
developers and users.
"""

from __future__ import annotations

import functools
from pathlib import Path

from .errors import MediakitError

_PACKAGE = Path(__file__).resolve().parent


@functools.cache
def data_dir(name: str) -> Path:
    """The bundled folder ``name`` (``fonts``, ``presets`` or ``samples``)."""
    for candidate in (_PACKAGE / "_data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise MediakitError(f"bundled folder {name!r} is missing from the installation "
                        f"(looked in {_PACKAGE / '_data'} and {_PACKAGE.parent})")
