"""Executors: where render tasks run.  ``local`` (default): a process per task on this machine;
``dask``: tasks on a Dask distributed cluster (``pip install 'mediakit[dask]'``).

Plug-ins register under the ``mediakit.executors`` entry point group; a
factory takes ``workers`` and the executor's own keyword options.
"""

from __future__ import annotations

from typing import Any

from mediakit.registry import Registry

from .base import Executor, Handle, TaskFailed

EXECUTORS: Registry[Any] = Registry("executor", "executor", "mediakit.executors",
                                    {"local": "runner.executors.local:LocalExecutor",
                                     "dask": "runner.executors.dask:DaskExecutor"})

__all__ = ["EXECUTORS", "Executor", "Handle", "TaskFailed"]
