"""The recipes render actors: their sprites go to a per-session cache, not the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _actor_cache(private_actor_cache: Path) -> Path:
    return private_actor_cache
