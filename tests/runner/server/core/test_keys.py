"""The key store: hashed at rest, at most 25 active, revocation and last use, shared with other processes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mediakit.errors import NotFoundError, ValidationError
from runner.errors import LimitError
from runner.server.core.keys import MAX_ACTIVE, KeyStore


def test_key_is_shown_once_and_stored_hashed(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "keys.json")
    created = store.create("alice", "laptop")
    assert created["key"].startswith("ma_") and len(created["key"]) > 40
    assert created["key_prefix"] == created["key"][:11]
    on_disk = (tmp_path / "keys.json").read_text()
    assert created["key"] not in on_disk
    assert json.loads(on_disk)["keys"][0]["key_hash"] != created["key"]
    listed = store.list("alice")
    assert listed == [{"id": created["id"], "key_prefix": created["key_prefix"], "name": "laptop",
                       "created_at": created["created_at"], "last_used_at": None}]


def test_use_is_recorded_and_revocation_seen_by_another_process(tmp_path: Path) -> None:
    server, cli = KeyStore(tmp_path / "keys.json"), KeyStore(tmp_path / "keys.json")
    key = cli.create("alice")
    assert server.user_for(key["key"]) == "alice"
    assert cli.list("alice")[0]["last_used_at"] is not None
    cli.revoke("alice", key["id"])
    assert server.user_for(key["key"]) is None


def test_at_most_25_active_keys(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "keys.json")
    ids = [store.create("alice")["id"] for _ in range(MAX_ACTIVE)]
    with pytest.raises(LimitError, match="at most 25 active"):
        store.create("alice")
    store.create("bob")  # per account
    store.revoke("alice", ids[0])
    store.create("alice")


def test_another_users_key_cannot_be_revoked(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "keys.json")
    key = store.create("alice")
    with pytest.raises(NotFoundError, match="keyId"):
        store.revoke("bob", key["id"])
    assert store.user_for(key["key"]) == "alice"


@pytest.mark.parametrize("name", ["", "x" * 101])
def test_name_rule(tmp_path: Path, name: str) -> None:
    with pytest.raises(ValidationError, match="name: a string of 1 to 100"):
        KeyStore(tmp_path / "keys.json").create("alice", name)
