"""Who is calling: an ``Authorization: Bearer`` API key (``ma_``) or a user-bound JWT.

JWTs come from an identity provider the user runs; the server verifies them
against a configured shared secret (HS256) or a JWKS file of public keys
(RS256/ES256), and takes the user from the ``sub`` claim.  Everything keyed on
a user (rate limits, jobs, keys) uses the id this returns, so two users never
see each other's things.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import jwt

from runner.errors import AuthError

from .keys import PREFIX, KeyStore

ASYMMETRIC = ["RS256", "ES256"]


@dataclass(frozen=True)
class Principal:
    """The user behind a credential, and which kind of credential it was (``api_key`` or ``jwt``)."""

    user_id: str
    via: str


@dataclass(frozen=True)
class JwtConfig:
    """How to verify session tokens: a shared secret, a JWKS file, or neither (JWTs then refused)."""

    secret: str | None = None
    jwks_path: Path | None = None
    audience: str | None = None

    def verify(self, token: str) -> str:
        """The ``sub`` of a valid token; ``AuthError`` otherwise (bad signature, expired, no ``sub``)."""
        try:
            if self.jwks_path is not None:
                jwks = jwt.PyJWKSet.from_dict(json.loads(self.jwks_path.read_text(encoding="utf-8")))
                kid = jwt.get_unverified_header(token).get("kid")
                keys = [k for k in jwks.keys if kid is None or k.key_id == kid]
                if not keys:
                    raise AuthError(f"session token: no key {kid!r} in the configured JWKS")
                claims = jwt.decode(token, keys[0].key, algorithms=ASYMMETRIC, audience=self.audience,
                                    options={"require": ["sub", "exp"]})
            elif self.secret is not None:
                claims = jwt.decode(token, self.secret, algorithms=["HS256"], audience=self.audience,
                                    options={"require": ["sub", "exp"]})
            else:
                raise AuthError("session tokens are not accepted here (no JWT key or JWKS configured); "
                                f"use an API key starting with {PREFIX!r}")
        except jwt.PyJWTError as exc:
            raise AuthError(f"session token: {exc}") from exc
        return str(claims["sub"])


def authenticate(header: str | None, keys: KeyStore, jwt_config: JwtConfig) -> Principal:
    """The user behind an ``Authorization`` header; ``missing_api_key`` or ``invalid_api_key`` otherwise."""
    if not header:
        raise AuthError("Authorization: send 'Bearer <API key or session token>'", code="missing_api_key")
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise AuthError("Authorization: expected 'Bearer <API key or session token>'")
    if token.startswith(PREFIX):
        user = keys.user_for(token)
        if user is None:
            raise AuthError("Authorization: unknown or revoked API key")
        return Principal(user, "api_key")
    return Principal(jwt_config.verify(token), "jwt")
