"""The runner's and the server's commands, plugged into the ``mediakit`` program.

The library's command group (``mediakit.cli.main``) names only library
modules; it finds these through the ``mediakit.commands`` entry points
declared in pyproject.toml (each ``name = "module:register"``), so the
library never imports the runner, and each module is still imported only
when one of its commands runs or ``--help`` lists them.

What the commands share: where the store is.
"""

from __future__ import annotations

import os
from pathlib import Path

STORE_HELP = "Store folder (jobs, ledger, outputs, keys); also $MEDIAKIT_STORE; default ./mediakit-store."
DEFAULT_STORE = "mediakit-store"


def store_path(store: Path | None) -> Path:
    """The store folder a command uses: ``--store``, else ``$MEDIAKIT_STORE``, else ``./mediakit-store``."""
    return store or Path(os.environ.get("MEDIAKIT_STORE", DEFAULT_STORE))
