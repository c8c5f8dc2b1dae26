"""Credentials: API keys, HS256 session tokens and JWKS-verified RS256 tokens."""

from __future__ import annotations

import json
import time
from pathlib import Path

import jwt
import pytest
from cryptography.hazmat.primitives.asymmetric import rsa
from serving import JWT_SECRET, Live

from runner.errors import AuthError
from runner.server.core.auth import JwtConfig, authenticate
from runner.server.core.keys import KeyStore


def _token(sub: str, key: object = JWT_SECRET, alg: str = "HS256", expires: float = 60, **headers: str) -> str:
    return jwt.encode({"sub": sub, "exp": int(time.time() + expires)}, key, algorithm=alg,  # type: ignore[arg-type]
                      headers=headers or None)


@pytest.mark.slow
def test_no_header_is_missing_api_key(live: Live) -> None:
    r = live.client.get("/v1/account/keys")
    assert r.status_code == 401
    assert r.json()["error"] == {"code": "missing_api_key", "type": "authentication_error",
                                 "message": r.json()["error"]["message"]}


@pytest.mark.slow
@pytest.mark.parametrize("header", ["Bearer ma_not-a-real-key", "Basic abc", "Bearer"])
def test_bad_credentials_are_401(live: Live, header: str) -> None:
    r = live.client.get("/v1/account/keys", headers={"Authorization": header})
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "invalid_api_key"


@pytest.mark.slow
def test_session_token_acts_for_its_subject(live: Live) -> None:
    created = live.client.post("/v1/account/keys", json={"name": "from-jwt"},
                               headers={"Authorization": f"Bearer {_token('bob')}"})
    assert created.status_code == 201
    assert live.keys.list("bob")[0]["name"] == "from-jwt"
    assert live.keys.list("alice") == []


@pytest.mark.slow
@pytest.mark.parametrize("token", [_token("bob", expires=-10),
                                   _token("bob", key="another-secret-that-is-long-enough-too")])
def test_expired_or_foreign_tokens_are_401(live: Live, token: str) -> None:
    r = live.client.get("/v1/account/keys", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 401
    assert r.json()["error"]["message"].startswith("session token: ")


@pytest.mark.slow
def test_jwks_file_verifies_rs256_tokens(tmp_path: Path) -> None:
    private = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    public_jwk = json.loads(jwt.algorithms.RSAAlgorithm.to_jwk(private.public_key()))
    jwks = tmp_path / "jwks.json"
    jwks.write_text(json.dumps({"keys": [{**public_jwk, "kid": "k1", "use": "sig", "alg": "RS256"}]}))
    config = JwtConfig(jwks_path=jwks)
    keys = KeyStore(tmp_path / "keys.json")
    assert authenticate(f"Bearer {_token('carol', private, 'RS256', kid='k1')}", keys, config).user_id == "carol"
    with pytest.raises(AuthError, match="no key 'k2'"):
        authenticate(f"Bearer {_token('carol', private, 'RS256', kid='k2')}", keys, config)
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    with pytest.raises(AuthError, match="Signature verification failed"):
        authenticate(f"Bearer {_token('carol', other, 'RS256', kid='k1')}", keys, config)


def test_tokens_refused_when_no_key_is_configured(tmp_path: Path) -> None:
    with pytest.raises(AuthError, match="no JWT key or JWKS configured"):
        authenticate(f"Bearer {_token('bob')}", KeyStore(tmp_path / "keys.json"), JwtConfig())


def test_audience_is_checked_when_configured(tmp_path: Path) -> None:
    config = JwtConfig(secret=JWT_SECRET, audience="mediakit")
    keys = KeyStore(tmp_path / "keys.json")
    good = jwt.encode({"sub": "dan", "aud": "mediakit", "exp": int(time.time() + 60)}, JWT_SECRET, algorithm="HS256")
    assert authenticate(f"Bearer {good}", keys, config).user_id == "dan"
    with pytest.raises(AuthError, match="session token: "):
        authenticate(f"Bearer {_token('dan')}", keys, config)
