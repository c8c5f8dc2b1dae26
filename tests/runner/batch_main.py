"""``python batch_main.py SPEC OUT STORE``: run a spec with the test generator, as a separate process to kill."""

from __future__ import annotations

import sys
from pathlib import Path

import sleepgen

from runner.batch import RunOptions, run_spec
from runner.spec import load_spec

if __name__ == "__main__":
    spec, out, store = (Path(a) for a in sys.argv[1:4])
    run_spec(load_spec(spec), RunOptions(out=out, store=store, workers=2,
                                         executor_options={"imports": (sleepgen.__name__,)}))
