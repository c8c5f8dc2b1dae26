"""Import an optional package, or fail with the one line that installs it."""

from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import MissingExtraError


def require(module: str, extra: str) -> ModuleType:
    """``module`` imported, or ``MissingExtraError`` naming ``mediakit[extra]``."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(module.split(".")[0], extra) from None
