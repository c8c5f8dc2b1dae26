"""``/v1/account/keys`` over HTTP: create (201, full key once), list, revoke (immediate), isolation."""

from __future__ import annotations

import pytest
from serving import Live

pytestmark = pytest.mark.slow


def test_key_lifecycle(live: Live) -> None:
    auth = live.key("alice")
    created = live.client.post("/v1/account/keys", json={"name": "ci"}, headers=auth)
    assert created.status_code == 201
    body = created.json()
    assert set(body) == {"key", "id", "key_prefix", "name", "created_at"}
    new = {"Authorization": f"Bearer {body['key']}"}
    listed = live.client.get("/v1/account/keys", headers=new).json()["keys"]
    assert {k["name"] for k in listed} == {"Default", "ci"}
    assert all("key" not in k for k in listed)
    assert next(k for k in listed if k["id"] == body["id"])["last_used_at"] is not None
    revoked = live.client.delete(f"/v1/account/keys/{body['id']}", headers=auth)
    assert revoked.json() == {"revoked": True, "id": body["id"]}
    assert live.client.get("/v1/account/keys", headers=new).status_code == 401


def test_default_name_without_body(live: Live) -> None:
    r = live.client.post("/v1/account/keys", headers=live.key())
    assert r.status_code == 201
    assert r.json()["name"] == "Default"


def test_users_are_isolated(live: Live) -> None:
    alice, bob = live.key("alice"), live.key("bob")
    alice_key = live.client.post("/v1/account/keys", headers=alice).json()
    assert len(live.client.get("/v1/account/keys", headers=bob).json()["keys"]) == 1
    r = live.client.delete(f"/v1/account/keys/{alice_key['id']}", headers=bob)
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "not_found"
    assert live.client.get("/v1/account/keys", headers={"Authorization": f"Bearer {alice_key['key']}"}).is_success


def test_twenty_sixth_key_is_refused(live: Live) -> None:
    auth = live.key("alice")
    for _ in range(24):
        live.keys.create("alice")
    r = live.client.post("/v1/account/keys", headers=auth)
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "key_limit"
