"""kill -9 the runner mid-batch, start it again: every job completes once, the balance is exact, no partial file."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from patience import HANG_S

from runner import ledger
from runner.db import Database

HERE = Path(__file__).parent
JOBS = 6


def _run(spec: Path, tmp_path: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")])}
    return subprocess.Popen([sys.executable, str(HERE / "batch_main.py"), str(spec), str(tmp_path / "out"),
                             str(tmp_path / "store")], env=env)


def _count(db: Database, status: str) -> int:
    return int(db.read("SELECT COUNT(*) FROM jobs WHERE status = ?", (status,))[0][0])


@pytest.mark.slow
def test_sigkill_mid_batch_then_restart(tmp_path: Path):
    spec = tmp_path / "batch.yaml"
    spec.write_text("account: {plan: creator, credits: 0}\njobs:\n" + "".join(
        f"  - {{id: j{i}, generator: test_sleep, input: {{seconds: 0.8}}}}\n" for i in range(JOBS)))
    first = _run(spec, tmp_path)
    deadline = time.monotonic() + HANG_S
    db = None
    while time.monotonic() < deadline:
        if (tmp_path / "store" / "mediakit.db").exists():
            db = db or Database(tmp_path / "store")
            if _count(db, "completed") >= 1 and _count(db, "processing") >= 1:
                break
        time.sleep(0.05)
    assert db is not None
    first.send_signal(signal.SIGKILL)
    first.wait(10)
    assert _count(db, "processing") >= 1  # left behind by the dead runner
    second = _run(spec, tmp_path)
    assert second.wait(120) == 0
    rows = db.read("SELECT spec_key, status FROM jobs")
    assert len(rows) == JOBS and {r["status"] for r in rows} == {"completed"}
    with db.write() as conn:
        assert ledger.balance(conn, "local").total == (6900 - 50 * JOBS) * 1000  # each job charged once
        assert conn.execute("SELECT COUNT(*) FROM ledger WHERE kind = 'debit' AND amount < 0").fetchone()[0] == JOBS
    out = tmp_path / "out"
    assert sorted(p.name for p in out.rglob("*.png") if "poster" not in p.name) == [f"j{i}.png" for i in range(JOBS)]
    assert not list(out.rglob("*partial*")) and not (out / ".staging").exists()
