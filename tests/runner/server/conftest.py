"""Fixtures: a real server per test over a temporary store (see ``serving``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from serving import JWT_SECRET, WORKER_IMPORTS, Live, serve

from mediakit.ffmpeg import run_ffmpeg
from mediakit.stages.actors.catalog import bundled_actors
from runner.server.app import ServerConfig
from runner.server.core.auth import JwtConfig
from runner.server.core.limits import Bucket, RateLimiter
from runner.worker import WorkerOptions


@pytest.fixture
def live(tmp_path: Path) -> Iterator[Live]:
    """A server with the spec's limits and HS256 session tokens signed with ``JWT_SECRET``."""
    yield from serve(ServerConfig(tmp_path / "store", jwt=JwtConfig(secret=JWT_SECRET)))


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[Live]:
    """A server whose limits are 3 requests a minute in every bucket, so tests reach them quickly."""
    limiter = RateLimiter({bucket: 3 for bucket in Bucket})
    yield from serve(ServerConfig(tmp_path / "store", limiter=limiter))


@pytest.fixture
def working(tmp_path: Path) -> Iterator[Live]:
    """A server that renders its jobs (two at once, ``test_sleep`` importable), with room for 1000 requests a
    minute so tests that poll are not rate limited."""
    limiter = RateLimiter({bucket: 1000 for bucket in Bucket})
    worker = WorkerOptions(workers=2, executor_options={"imports": WORKER_IMPORTS})
    yield from serve(ServerConfig(tmp_path / "store", limiter=limiter, worker=worker))


@pytest.fixture
def green_actor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, private_actor_cache: Path) -> str:
    """The slug of a user actor with a green-screen clip (0.5 s of key green), in this test's actor library."""
    folder = tmp_path / "actors" / "gina-green"
    folder.mkdir(parents=True)
    (folder / "actor.yaml").write_text("slug: gina-green\nname: Gina Green\ngender: female\nage: 23\n",
                                       encoding="utf-8")
    shutil.copy(bundled_actors()[0].portrait_path, folder / "portrait.png")
    run_ffmpeg(["-f", "lavfi", "-i", "color=c=0x00B140:s=90x160:r=10:d=0.5", "-vf",
                "drawbox=x=25:y=50:w=40:h=60:color=0xC03060:t=fill", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-y", str(folder / "greenscreen.mp4")], what="making a green clip")
    monkeypatch.setenv("MEDIAKIT_ACTORS_PATH", str(folder.parent))
    return "gina-green"
