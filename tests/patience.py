"""How long a test waits for something that should happen soon: so long that only a hang reaches it.

The suite must pass on a loaded machine (CI, or a laptop rendering at the same time). There a Dask cluster,
a server start, a browser or a render takes many times longer than on an idle one: a run with two render
loops and five other engineers' tests at load 15 timed out four tests whose deadlines were 10-90 s.  So a
deadline in a test is a hang guard, never a speed check: speed figures belong in ``benchmarks/``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

HANG_S = 300.0  # no wait in the suite should come near this, however loaded the machine

T = TypeVar("T")


def until(ready: Callable[[], T], what: str, limit: float = HANG_S, step: float = 0.05) -> T:
    """Poll ``ready`` until it returns something truthy, and return that; fail naming ``what`` after ``limit``."""
    deadline = time.monotonic() + limit
    while not (value := ready()):
        assert time.monotonic() < deadline, f"{what} (waited {limit:.0f} s)"
        time.sleep(step)
    return value
