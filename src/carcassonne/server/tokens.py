"""Seat tokens: secrets handed to a player once, kept only as hashes.

    >>> token = new_token()
    >>> digest = token_hash(token)
    >>> matches(token, digest), matches("guess", digest)
    (True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets


def new_token() -> str:
    """A fresh seat token: 24 random bytes, URL-safe (32 characters)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` in hex: what the database keeps."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def matches(token: str, digest: str | None) -> bool:
    """Whether ``token`` hashes to ``digest``, compared in constant time."""
    if digest is None:
        return False
    return hmac.compare_digest(token_hash(token), digest)


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or None.

    >>> bearer("Bearer abc"), bearer("Basic abc"), bearer(None)
    ('abc', None, None)
    """
    if not header:
        return None
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()
