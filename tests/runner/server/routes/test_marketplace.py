"""The skill marketplace over HTTP: publish (and its deprecated alias), review, list, install, roll back, run."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import Live, serve

from runner.server.app import ServerConfig

pytestmark = pytest.mark.slow

MARKET = "/v1/tooling/marketplace"
PRESET = {"person": "a woman in her thirties, friendly", "captions": True}
SCRIPT = "Hello there, this is my favourite mug and I use it every single day."


@pytest.fixture
def market(tmp_path: Path) -> Iterator[Live]:
    """A server whose admin (package reviewer) is the user ``admin``."""
    yield from serve(ServerConfig(tmp_path / "store", admins=frozenset({"admin"})))


def package(version: str, **changes: Any) -> dict[str, Any]:
    return {"slug": "mug-ad", "version": version, "description": "A friendly UGC ad for a mug.",
            "recipe": {"skill": "make_ugc", "input": PRESET}, **changes}


def test_publish_review_install_rollback_and_run(market: Live) -> None:
    alice, bob, admin = market.key("alice"), market.key("bob"), market.key("admin")
    r = market.client.post(f"{MARKET}/skills/publish", json=package("1.0.0"), headers=alice)
    assert r.status_code == 201, r.text
    first = r.json()
    assert first["package_id"].startswith("pkg_")
    assert first == {"package_id": first["package_id"], "slug": "mug-ad", "version": "1.0.0",
                     "review_status": "pending"}
    # pending: listed for its publisher only, and not installable
    assert market.client.get(f"{MARKET}/skills", headers=bob).json() == {"packages": [], "count": 0}
    mine = market.client.get(f"{MARKET}/skills", headers=alice).json()["packages"]
    assert [(p["slug"], p["latest"], [v["review_status"] for v in p["versions"]]) for p in mine] == [
        ("mug-ad", None, ["pending"])]
    pending = market.client.post(f"{MARKET}/install", json={"slug": "mug-ad"}, headers=bob)
    assert pending.status_code == 409 and pending.json()["error"]["code"] == "package_conflict"
    # only the admin reviews
    refused = market.client.post(f"{MARKET}/skills/mug-ad/1.0.0/approve", headers=alice)
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "admin_required"
    ok = market.client.post(f"{MARKET}/skills/mug-ad/1.0.0/approve", headers=admin)
    assert ok.status_code == 200 and ok.json()["review_status"] == "approved"
    # 1.1.0 through the deprecated alias, approved; 2.0.0-beta.1 stays pending
    old = market.client.post(f"{MARKET}/publish", json=package("1.1.0"), headers=alice)
    assert old.status_code == 201 and old.headers["Deprecation"] == "true"
    assert old.headers["Link"] == f'<{MARKET}/skills/publish>; rel="successor-version"'
    market.client.post(f"{MARKET}/skills/mug-ad/1.1.0/approve", headers=admin)
    market.client.post(f"{MARKET}/skills/publish", json=package("2.0.0-beta.1"), headers=alice)
    listed = market.client.get(f"{MARKET}/skills", headers=bob).json()
    assert listed["count"] == 1
    entry = listed["packages"][0]
    assert entry["latest"] == "1.1.0" and entry["publisher"] == "alice" and entry["installed"] is None
    assert [v["version"] for v in entry["versions"]] == ["1.1.0", "1.0.0"]  # bob does not see the pending beta
    everything = market.client.get(f"{MARKET}/skills", headers=admin).json()["packages"][0]
    assert [v["version"] for v in everything["versions"]] == ["2.0.0-beta.1", "1.1.0", "1.0.0"]
    # install: newest approved by default, or a pin; rollback returns to the install before
    pinned = market.client.post(f"{MARKET}/install", json={"slug": "mug-ad", "version": "1.0.0"}, headers=bob)
    assert pinned.status_code == 201 and pinned.json() == {"slug": "mug-ad", "version": "1.0.0", "pinned": True}
    newest = market.client.post(f"{MARKET}/install", json={"slug": "mug-ad"}, headers=bob)
    assert newest.json() == {"slug": "mug-ad", "version": "1.1.0", "pinned": True}
    assert market.client.get(f"{MARKET}/skills", headers=bob).json()["packages"][0]["installed"] == "1.1.0"
    back = market.client.post(f"{MARKET}/rollback", json={"slug": "mug-ad"}, headers=bob)
    assert back.status_code == 200 and back.json() == {"slug": "mug-ad", "version": "1.0.0"}
    assert market.client.get(f"{MARKET}/skills", headers=bob).json()["packages"][0]["installed"] == "1.0.0"
    nothing_left = market.client.post(f"{MARKET}/rollback", json={"slug": "mug-ad"}, headers=bob)
    assert nothing_left.status_code == 409
    # installs are per user: alice installed nothing
    assert market.client.post(f"{MARKET}/rollback", json={"slug": "mug-ad"}, headers=alice).status_code == 404
    # an installed package is a tool: its recipe's skill runs with the preset under the caller's input
    run = market.client.post("/v1/tooling/runs", json={"tool": "mug-ad", "input": {"script": SCRIPT}}, headers=bob)
    assert run.status_code == 202, run.text
    job = market.client.get(f"/v1/videos/{run.json()['run_id']}", headers=bob)
    assert job.status_code == 200
    state = market.client.get(run.json()["status_url"], headers=bob).json()
    assert state["tool"] == "make_ugc"
    not_installed = market.client.post("/v1/tooling/runs", json={"tool": "mug-ad"}, headers=alice)
    assert not_installed.status_code == 400


def test_publish_refusals(market: Live) -> None:
    alice, bob = market.key("alice"), market.key("bob")
    assert market.client.post(f"{MARKET}/skills/publish", json=package("1.0.0")).status_code == 401
    assert market.client.post(f"{MARKET}/skills/publish", json=package("1.0.0"), headers=alice).status_code == 201
    again = market.client.post(f"{MARKET}/skills/publish", json=package("1.0.0"), headers=alice)
    assert again.status_code == 409 and again.json()["error"]["details"][0]["field"] == "version"
    taken = market.client.post(f"{MARKET}/skills/publish", json=package("1.0.1"), headers=bob)
    assert taken.status_code == 409 and taken.json()["error"]["details"][0]["field"] == "slug"

    def field_of(body: dict[str, Any]) -> str:
        r = market.client.post(f"{MARKET}/skills/publish", json=body, headers=alice)
        assert r.status_code == 400, r.text
        return str(r.json()["error"]["details"][0]["field"])

    assert field_of(package("1.0")) == "version"
    assert field_of(package("01.0.0")) == "version"
    assert field_of(package("1.0.0", slug="Mug Ad")) == "slug"
    assert field_of(package("1.0.0", slug="subtitle")) == "slug"  # a generator's id
    assert field_of(package("1.0.0", recipe={"skill": "subtitle", "input": {}})) == "recipe.skill"
    assert field_of(package("1.0.0", recipe={"skill": "make_ugc", "input": {"colour": "red"}})) == "recipe.input"
    unknown = market.client.post(f"{MARKET}/install", json={"slug": "mug-ad", "version": "9.9.9"}, headers=bob)
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "package_not_found"
    assert market.client.post(f"{MARKET}/install", json={"slug": "nope"}, headers=bob).status_code == 404
    assert market.client.post(f"{MARKET}/skills/nope/1.0.0/approve",
                              headers=market.key("admin")).status_code == 404
