"""RS256 JSON Web Tokens signed with a key made for the test run (`cryptography`).

`Issuer` holds one RSA key: `jwks` is its public half as a JWKS document (what Envoy's
jwt_authn verifies against), `token(...)` signs claims with it.
"""

from __future__ import annotations

import base64
import json
import time
from typing import Any

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

ISSUER = "https://identity.grounding.test"
AUDIENCE = "llm-gateway"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _uint(number: int) -> str:
    return b64url(number.to_bytes((number.bit_length() + 7) // 8, "big"))


class Issuer:
    def __init__(self, issuer: str = ISSUER, audience: str = AUDIENCE, kid: str = "k1") -> None:
        self.issuer = issuer
        self.audience = audience
        self.kid = kid
        self._key = rsa.generate_private_key(public_exponent=65537, key_size=2048)

    @property
    def jwks(self) -> str:
        numbers = self._key.public_key().public_numbers()
        key = {"kty": "RSA", "alg": "RS256", "use": "sig", "kid": self.kid,
               "n": _uint(numbers.n), "e": _uint(numbers.e)}  # fmt: skip
        return json.dumps({"keys": [key]}, separators=(",", ":"))

    def claims(self, **extra: Any) -> dict[str, Any]:
        """Registered claims that verify (issuer, audience, ten minutes), plus `extra`."""
        now = int(time.time())
        return {"iss": self.issuer, "aud": self.audience, "iat": now, "exp": now + 600, **extra}

    def token(self, claims: dict[str, Any] | None = None, **extra: Any) -> str:
        """A signed token; `claims` replaces the registered ones when given."""
        body = self.claims(**extra) if claims is None else {**claims, **extra}
        header = {"alg": "RS256", "typ": "JWT", "kid": self.kid}
        signing_input = f"{b64url(json.dumps(header).encode())}.{b64url(json.dumps(body).encode())}"
        signature = self._key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
        return f"{signing_input}.{b64url(signature)}"

    def bearer(self, workspace: Any = None, **extra: Any) -> dict[str, str]:
        """The `authorization` header for a token whose `workspace` claim is `workspace`
        (no such claim when None)."""
        if workspace is not None:
            extra["workspace"] = workspace
        return {"authorization": f"Bearer {self.token(**extra)}"}
