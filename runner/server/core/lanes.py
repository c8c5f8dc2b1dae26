"""A lane of threads of its own for the routes that may download inputs, so reads never wait behind them.

FastAPI runs every sync route on anyio's one shared pool (40 threads).  A
submit or quote plans its request, and planning downloads its input URLs:
one whose host never answers holds its thread for the download's whole
deadline, so enough of them would leave a status, account or catalog read
waiting for a thread.  Routes marked :func:`fetching` run on their own
``FETCH_THREADS`` instead; past that they wait for a thread of this lane
without holding one, and the shared pool stays the reads'.  Each user's
downloads are also bounded (``runner.downloads``), so one caller cannot
take the whole lane either.
"""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections.abc import Awaitable, Callable
from typing import ParamSpec, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter

FETCH_THREADS = 16
P = ParamSpec("P")
T = TypeVar("T")

# one lane per event loop, that is per server (a test process runs several, each on its own loop)
_LANES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter] = weakref.WeakKeyDictionary()


def _lane() -> CapacityLimiter:
    loop = asyncio.get_running_loop()
    lane = _LANES.get(loop)
    if lane is None:
        lane = _LANES[loop] = CapacityLimiter(FETCH_THREADS)
    return lane


def fetching(route: Callable[P, T]) -> Callable[P, Awaitable[T]]:
    """``route`` (a sync route function) run on the fetch lane; FastAPI reads its parameters through the wrapper."""

    @functools.wraps(route)
    async def on_lane(*args: P.args, **kwargs: P.kwargs) -> T:
        return await anyio.to_thread.run_sync(functools.partial(route, *args, **kwargs), limiter=_lane())

    return on_lane
