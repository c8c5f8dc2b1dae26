"""The scripts in ``benchmarks/`` as modules: for tests of a benchmark's own rules, and for the measures a test
shares with one (one implementation of a measure, whether a test asserts it or a benchmark reports it)."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@cache
def bench_module(name: str) -> ModuleType:
    """``benchmarks/<name>.py``, imported (once) without running its ``main``."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
