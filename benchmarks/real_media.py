"""Where the benchmarks find real recordings: the tests' copies, so a clone of mediakit alone can run them."""

from pathlib import Path

REAL = Path(__file__).resolve().parents[1] / "tests" / "data" / "real"
