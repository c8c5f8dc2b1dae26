"""``mediakit keys`` and ``mediakit serve``: the first key from the command line, then a real server using it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from patience import HANG_S

from mediakit.cli.main import main


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_keys_create_list_revoke(tmp_path: Path) -> None:
    runner = CliRunner()
    store = str(tmp_path / "store")
    created = runner.invoke(main, ["keys", "create", "--store", store, "--name", "laptop"])
    assert created.exit_code == 0, created.output
    key = created.stdout.strip()
    assert key.startswith("ma_")
    listed = json.loads(runner.invoke(main, ["keys", "list", "--store", store]).stdout)["keys"]
    assert [k["name"] for k in listed] == ["laptop"]
    assert key not in json.dumps(listed)
    missing = runner.invoke(main, ["keys", "revoke", "nope", "--store", store])
    assert missing.exit_code == 2
    assert "keyId: no active API key 'nope'" in missing.output
    assert runner.invoke(main, ["keys", "revoke", listed[0]["id"], "--store", store]).exit_code == 0
    assert json.loads(runner.invoke(main, ["keys", "list", "--store", store]).stdout)["keys"] == []


def test_keys_create_json_is_the_key_record_or_the_error_body(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    created = CliRunner().invoke(main, ["keys", "create", "--store", store, "--name", "ci", "--json"])
    assert created.exit_code == 0, created.output
    record = json.loads(created.stdout)
    assert set(record) == {"key", "id", "key_prefix", "name", "created_at"}
    assert record["key"].startswith(record["key_prefix"]) and record["name"] == "ci"
    listed = json.loads(CliRunner().invoke(main, ["keys", "list", "--store", store]).stdout)["keys"]
    assert [k["id"] for k in listed] == [record["id"]]
    refused = CliRunner().invoke(main, ["keys", "create", "--store", store, "--name", "x" * 101, "--json"])
    assert refused.exit_code == 2
    assert json.loads(refused.stdout)["error"]["details"][0]["field"] == "name"


def test_key_name_rule(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["keys", "create", "--store", str(tmp_path), "--name", "x" * 101])
    assert result.exit_code == 2
    assert "name: a string of 1 to 100 characters" in result.output


@pytest.mark.slow
def test_serve_answers_with_a_key_made_by_the_cli(tmp_path: Path) -> None:
    store = tmp_path / "store"
    key = CliRunner().invoke(main, ["keys", "create", "--store", str(store)]).stdout.strip()
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "mediakit", "serve", "--port", str(port), "--store", str(store),
                             "--workers", "1", "--executor", "local"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ})
    try:
        deadline = time.monotonic() + HANG_S
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/v1/account/keys", headers={"Authorization": f"Bearer {key}"})
                break
            except httpx.ConnectError:
                assert proc.poll() is None and time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
        assert r.status_code == 200
        assert len(r.json()["keys"]) == 1
        ready = httpx.get(f"http://127.0.0.1:{port}/v1/me/readiness", headers={"Authorization": f"Bearer {key}"})
        assert ready.json()["generation"] == {"worker": "running", "executor": "local"}
    finally:
        proc.terminate()
        assert proc.wait(20) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal after its graceful shutdown
    assert b"Traceback" not in proc.stderr.read()  # type: ignore[union-attr]


def test_serve_refuses_an_unknown_executor_before_listening(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", "--executor", "nope", "--store", str(tmp_path / "store")])
    assert result.exit_code == 2 and "executor: must be one of dask, local (got 'nope')" in result.output
