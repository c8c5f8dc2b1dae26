"""The README's test command, three times in a row on a fresh clone, while another process renders on both cores.

Issue 21's bar: "The README's test command passes three times in a row on
a fresh clone while another process renders videos on both cores."  This
script sets that up and records each run:

1. ``git clone`` the repository (default: the one this script is in, at
   ``HEAD``: committed work only) into a new folder, and install it as the
   README says (``pip install '.[test]'``) into a virtual environment of its
   own, so nothing of this checkout leaks in.
2. Start the load: ``--load-workers`` loops (default 2, one per core), each
   running the bundled batch (``mediakit run samples/batch.yaml --workers 1``,
   one job of every kind) again and again, each time into a fresh output
   folder and store (so nothing is skipped as done), with the clone's own
   ``mediakit``.  The loops inherit this shell's environment, home and
   ``~/.mediakit`` included, as another mediakit process on the machine would
   (what broke two tests before: a test must not read what such a process
   writes); ``--isolated-load`` gives them a home of their own instead.
3. Run the README's test command (``pytest -q``, in the clone) ``--runs``
   times in a row, recording for each its exit status, wall time, pytest's
   summary line and how many batches the load finished meanwhile (0 would
   mean the run was not under load).
4. Stop the load (its whole process group), print a table, write
   ``results.json`` and each run's full log in the work folder, and exit 0
   only when every run passed.

    python benchmarks/suite_under_load.py [--runs 3] [--load-workers 2] [--work DIR] [--dry-run]

``--dry-run`` prints every command it would run and runs none.  The full
suite takes about 5 minutes on a quiet 2-core machine; expect 3 runs under
load to take 30 minutes or more, plus a few minutes to install.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_COMMAND = "pytest -q"  # the README's (after pip install '.[test]')
INSTALL_COMMAND = "pip install -q '.[test]'"  # the README's, quiet
BATCH = "samples/batch.yaml"
STOP_GRACE_S = 20.0


@dataclass
class Run:
    """One run of the test command under load."""

    run: int
    passed: bool
    exit_code: int
    wall_s: float
    summary: str
    batches_meanwhile: int
    load_alive: bool
    log: str


def load_loop(worker: int, load_dir: Path) -> str:
    """The shell loop of one load worker: the bundled batch again and again, each time into fresh folders; a line
    in ``w<N>.done`` per finished batch (its end time and status), its output in ``w<N>.log``."""
    base = shlex.quote(str(load_dir / f"w{worker}"))
    return (f"i=0; while :; do i=$((i+1)); d={base}-$i; "
            f"if mediakit run {BATCH} --out \"$d/out\" --store \"$d/store\" --workers 1 >>{base}.log 2>&1; "
            f"then s=ok; else s=failed; fi; echo \"$(date +%s) $s\" >>{base}.done; rm -rf \"$d\"; done")


def finished_batches(load_dir: Path, since: float, until: float) -> int:
    """How many batches the load workers rendered in full between ``since`` and ``until`` (epoch seconds); one
    that failed is not counted, as it may have failed at once and loaded nothing."""
    count = 0
    for done in load_dir.glob("w*.done"):
        for line in done.read_text().splitlines():
            stamp, status = line.split()
            count += since <= float(stamp) <= until and status == "ok"
    return count


def summary_line(log: str) -> str:
    """pytest's last line (``N passed, M skipped in 301.2s``), or the last line there is."""
    lines = [line.strip("= ") for line in log.splitlines() if line.strip()]
    return lines[-1] if lines else ""


class Plan:
    """What the script does, step by step; with ``dry`` it prints each command instead of running it."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.dry = args.dry_run
        self.work = Path(args.work) if args.work else (
            Path(tempfile.gettempdir()) / "suite-under-load-XXXX" if self.dry else
            Path(tempfile.mkdtemp(prefix="suite-under-load-")))
        self.clone = self.work / "clone"
        self.venv = self.work / "venv"
        self.load_dir = self.work / "load"
        self.env = dict(os.environ, PATH=f"{self.venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
                        VIRTUAL_ENV=str(self.venv))
        self.load_env = dict(self.env)
        if args.isolated_load:
            home = self.work / "load-home"
            self.load_env.update(HOME=str(home), MEDIAKIT_HOME=str(home / ".mediakit"),
                                 MEDIAKIT_CACHE=str(home / ".cache" / "mediakit"))

    def step(self, command: list[str] | str, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
        """Run ``command`` (a shell line when a string) to completion, stopping the script if it fails."""
        shown = command if isinstance(command, str) else shlex.join(command)
        print(f"$ {f'cd {cwd} && ' if cwd else ''}{shown}", flush=True)
        if not self.dry:
            subprocess.run(command, cwd=cwd, env=env or self.env, shell=isinstance(command, str), check=True)

    def set_up(self) -> None:
        """A fresh clone of the committed tree, installed as the README says, in a virtual environment of its own."""
        if not self.dry:
            self.work.mkdir(parents=True, exist_ok=True)
            self.load_dir.mkdir()
        self.step(["git", "clone", "--quiet", self.args.repo, str(self.clone)], env=dict(os.environ))
        self.step(["git", "-C", str(self.clone), "checkout", "--quiet", "--detach", self.commit()],
                  env=dict(os.environ))
        self.step([sys.executable, "-m", "venv", str(self.venv)], env=dict(os.environ))
        self.step(["python", "-m", "pip", "install", "-q", "--upgrade", "pip"])
        self.step(INSTALL_COMMAND, cwd=self.clone)

    def commit(self) -> str:
        """``--ref`` as a commit of the repository cloned (a local one's ``HEAD`` is its own, not the clone's)."""
        if not Path(self.args.repo).exists():
            return str(self.args.ref)
        found = subprocess.run(["git", "-C", self.args.repo, "rev-parse", "--verify", f"{self.args.ref}^{{commit}}"],
                               capture_output=True, text=True, check=True)
        return found.stdout.strip()

    def start_load(self) -> list[subprocess.Popen[bytes]]:
        """The load workers, each in a session of its own so that stopping one stops its renders too."""
        workers = []
        for worker in range(1, self.args.load_workers + 1):
            loop = load_loop(worker, self.load_dir)
            print(f"$ cd {self.clone} && bash -c {shlex.quote(loop)} &   # load worker {worker}", flush=True)
            if not self.dry:
                workers.append(subprocess.Popen(["bash", "-c", loop], cwd=self.clone, env=self.load_env,
                                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                                start_new_session=True))
        return workers

    def test_runs(self, load: list[subprocess.Popen[bytes]]) -> list[Run]:
        runs = []
        for n in range(1, self.args.runs + 1):
            log = self.work / f"run-{n}.log"
            print(f"$ cd {self.clone} && {TEST_COMMAND} >{log} 2>&1   # run {n} of {self.args.runs}", flush=True)
            if self.dry:
                continue
            start, wall_start = time.time(), time.monotonic()
            with log.open("wb") as out:
                code = subprocess.run(shlex.split(TEST_COMMAND), cwd=self.clone, env=self.env, stdout=out,
                                      stderr=subprocess.STDOUT).returncode
            wall = time.monotonic() - wall_start
            alive = all(worker.poll() is None for worker in load)
            run = Run(n, code == 0, code, round(wall, 1), summary_line(log.read_text(errors="replace")),
                      finished_batches(self.load_dir, start, time.time()), alive, str(log))
            print(f"  run {n}: {'passed' if run.passed else 'FAILED'} in {run.wall_s} s ({run.summary}); "
                  f"{run.batches_meanwhile} batches rendered meanwhile", flush=True)
            runs.append(run)
        return runs

    def stop_load(self, load: list[subprocess.Popen[bytes]]) -> None:
        """SIGTERM each worker's process group (the loop, mediakit and its ffmpeg children), then SIGKILL."""
        for worker in load:
            _signal_group(worker, signal.SIGTERM)
        deadline = time.monotonic() + STOP_GRACE_S
        for worker in load:
            try:
                worker.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _signal_group(worker, signal.SIGKILL)
                worker.wait()


def _signal_group(worker: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    try:
        os.killpg(worker.pid, sig)  # the worker leads its own session (start_new_session)
    except ProcessLookupError:
        pass


def report(plan: Plan, runs: list[Run]) -> bool:
    """Print the table, write results.json; whether every run passed under load."""
    print("\n| run | result | wall s | pytest | batches rendered meanwhile | load alive at the end |")
    print("|---|---|---|---|---|---|")
    for r in runs:
        print(f"| {r.run} | {'pass' if r.passed else 'FAIL'} | {r.wall_s} | {r.summary} | {r.batches_meanwhile} | "
              f"{'yes' if r.load_alive else 'NO'} |")
    commit = subprocess.run(["git", "-C", str(plan.clone), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    results = {"commit": commit, "test_command": TEST_COMMAND, "load_workers": plan.args.load_workers,
               "isolated_load": plan.args.isolated_load, "cpus": os.cpu_count(), "runs": [asdict(r) for r in runs]}
    (plan.work / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nresults: {plan.work / 'results.json'} (commit {commit}); logs: {plan.work}/run-*.log, "
          f"{plan.load_dir}/w*.log")
    return all(r.passed and r.load_alive and r.batches_meanwhile > 0 for r in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Runs of the test command in a row (default 3).")
    parser.add_argument("--load-workers", type=int, default=2, help="Render loops at once (default 2: both cores).")
    parser.add_argument("--repo", default=str(ROOT), help="What to clone (default: this repository).")
    parser.add_argument("--ref", default="HEAD", help="The commit to test (default HEAD; committed work only).")
    parser.add_argument("--work", help="An empty folder for the clone, its venv, logs and results (default: a new "
                        "temporary folder, kept).")
    parser.add_argument("--isolated-load", action="store_true", help="Give the load its own home (default: this "
                        "shell's, as another mediakit process on the machine would have).")
    parser.add_argument("--dry-run", action="store_true", help="Print the commands; run nothing.")
    args = parser.parse_args()
    if args.runs < 1 or args.load_workers < 1:
        parser.error("--runs and --load-workers must be at least 1")
    if args.work and Path(args.work).exists() and any(Path(args.work).iterdir()):
        parser.error(f"--work {args.work} must be empty or new (it gets a fresh clone)")
    plan = Plan(args)
    print(f"# work folder: {plan.work}{' (dry run: nothing is run)' if plan.dry else ''}", flush=True)
    plan.set_up()
    load = plan.start_load()
    try:
        runs = plan.test_runs(load)
    finally:
        plan.stop_load(load)
    if plan.dry:
        return 0
    return 0 if report(plan, runs) else 1


if __name__ == "__main__":
    sys.exit(main())
