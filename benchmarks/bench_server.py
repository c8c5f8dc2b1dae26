"""Request latency and throughput of ``mediakit serve`` on 127.0.0.1: a bounded load test.

Starts the server in its own process (rate limits raised so the load is not
refused), then runs ``--clients`` concurrent clients, each sending
``--requests`` requests of every kind, interleaved so all kinds share the same
machine noise.  Kinds: an authenticated read (``GET /v1/account/keys``: bearer
key lookup, rate limiter, key store), the public actor lookup
(``GET /v1/actors?slug=``), a job status read (``GET /v1/videos/{id}`` of a
job the client's user submitted before the load: store read, Retry-After), and
the floor of the framework (an unknown route answered with the 404 error body).  Reports p50/p99 latency per kind, their
ratio to the floor, throughput, and counts any 5xx (there must be none).

``--burst 40`` first sends that many concurrent submits from one more key,
each naming an input on a local host that accepts the connection and never
answers, and runs the reads while those downloads hang: the key's downloads
past ``runner.downloads.PER_USER`` are refused (429) and the rest hang on the
fetch lane (``runner.server.core.lanes``), away from the reads.

    python benchmarks/bench_server.py [--clients 4] [--requests 100] [--burst 40]
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

import httpx

SERVER = """
import sys, uvicorn
from pathlib import Path
from runner.server.app import ServerConfig, create_app
from runner.server.core.limits import Bucket, RateLimiter
config = ServerConfig(Path(sys.argv[1]), limiter=RateLimiter({b: 10**9 for b in Bucket}))
uvicorn.run(create_app(config), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--requests", type=int, default=100, help="per client and kind")
    parser.add_argument("--burst", type=int, default=0, help="submits naming an input that never answers")
    args = parser.parse_args()
    from runner.downloads import PER_USER
    from runner.server.core.keys import KeyStore

    with tempfile.TemporaryDirectory() as tmp, socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()
        store = Path(tmp) / "store"
        keys = [KeyStore(store / "server" / "keys.json").create(f"user{i}")["key"] for i in range(args.clients)]
        jobs = {key: _job(store, f"user{i}") for i, key in enumerate(keys)}
        burst_key = KeyStore(store / "server" / "keys.json").create("burst")["key"]
        proc = subprocess.Popen([sys.executable, "-c", SERVER, str(store), str(port)])
        base = f"http://127.0.0.1:{port}"
        # a listener never accepted from: the kernel completes each connection, and no byte ever comes back
        silent = socket.create_server(("127.0.0.1", 0), backlog=max(args.burst, 1))
        burst = Burst(base, burst_key, f"https://127.0.0.1:{silent.getsockname()[1]}/screen.png", args.burst)
        try:
            _wait(base)
            burst.start()
            burst.refused(args.burst - PER_USER)
            slug = httpx.get(f"{base}/v1/actors", params={"limit": 1}).json()["actors"][0]["slug"]
            kinds = {"auth read": ("/v1/account/keys", {}), "actor by slug": ("/v1/actors", {"slug": slug}),
                     "job status": ("/v1/videos/{job}", {}), "404 floor": ("/v1/none", {})}
            times: dict[str, list[float]] = defaultdict(list)
            statuses: dict[int, int] = defaultdict(int)
            lock = threading.Lock()

            def client(key: str) -> None:
                with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}) as http:
                    for _ in range(args.requests):
                        for kind, (path, params) in kinds.items():
                            start = time.perf_counter()
                            r = http.get(path.format(job=jobs[key]), params=params)
                            took = time.perf_counter() - start
                            with lock:
                                times[kind].append(took)
                                statuses[r.status_code] += 1

            threads = [threading.Thread(target=client, args=(k,)) for k in keys]
            start = time.perf_counter()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
            silent.close()  # the hanging downloads fail now
            burst.join()
        finally:
            silent.close()
            proc.terminate()
            proc.wait(10)
    total = sum(statuses.values())
    floor = statistics.median(times["404 floor"])
    print(f"{args.clients} clients x {args.requests} x {len(kinds)} kinds = {total} requests in {wall:.2f} s "
          f"({total / wall:.0f} req/s); statuses {dict(statuses)}")
    print(f"{'kind':<15} {'p50 ms':>8} {'p99 ms':>8} {'p50 / floor':>12}")
    for kind, seen in times.items():
        q = statistics.quantiles(seen, n=100)
        print(f"{kind:<15} {statistics.median(seen) * 1000:8.2f} {q[98] * 1000:8.2f} "
              f"{statistics.median(seen) / floor:12.2f}")
    if args.burst:
        print(f"burst of {args.burst} submits naming an input that never answers: statuses {dict(burst.statuses)}")
    if any(code >= 500 for code in (*statuses, *burst.statuses)):
        sys.exit("5xx answers under load")


class Burst:
    """``count`` concurrent submits from one key, each naming ``url`` (an input whose host never answers)."""

    def __init__(self, base: str, key: str, url: str, count: int) -> None:
        self.statuses: dict[int, int] = defaultdict(int)
        self.answered = threading.Condition()
        body = {"app_screenshot_url": url, "script": "My streak is at twelve days and counting.", "duration": 5}
        self.threads = [threading.Thread(target=self._submit, args=(base, key, body)) for _ in range(count)]

    def _submit(self, base: str, key: str, body: dict[str, object]) -> None:
        r = httpx.post(f"{base}/v1/generate/show_your_app", json=body, headers={"Authorization": f"Bearer {key}"},
                       timeout=120)
        with self.answered:
            self.statuses[r.status_code] += 1
            self.answered.notify_all()

    def start(self) -> None:
        for t in self.threads:
            t.start()

    def refused(self, count: int) -> None:
        """Until ``count`` submits are answered: the refused ones, while the rest hang in their downloads."""
        with self.answered:
            if not self.answered.wait_for(lambda: sum(self.statuses.values()) >= count, 60):
                sys.exit(f"the burst was not answered: {dict(self.statuses)}")

    def join(self) -> None:
        for t in self.threads:
            t.join()


def _job(store: Path, user: str) -> str:
    """A subtitle job of ``user``, submitted (not rendered: this server has no worker), for status reads."""
    from runner.db import Database
    from runner.service import submit_request

    video = Path(__file__).resolve().parents[1] / "samples" / "jfk.mp4"
    db = Database(store)
    try:
        return submit_request(db, user, "subtitle", {"video_url": str(video)})[0].id
    finally:
        db.close()


def _wait(base: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"{base}/openapi.json")
            return
        except httpx.ConnectError:
            if time.monotonic() > deadline:
                sys.exit("server did not start")
            time.sleep(0.2)


if __name__ == "__main__":
    main()
