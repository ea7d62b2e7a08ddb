"""The links a mail carries: random tokens, kept only as their SHA-256.

A token belongs to an account and has a ``purpose``: ``verify`` (with the
address it confirms; a day), ``reset`` (an hour), both single-use, or
``unsubscribe:KIND`` (no expiry, good as often as it is followed: a mail
client's one-click request may come twice). Each call runs on a
connection the caller holds, inside its transaction.

    >>> from datetime import UTC, datetime, timedelta
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                    "password_hash": "x", "created": at})
    True
    >>> with store.engine.begin() as connection:
    ...     token = make_token(connection, "a1", "reset", at, expires=at + timedelta(hours=1))
    ...     use_token(connection, token, "reset", at)["account_id"]
    ...     use_token(connection, token, "reset", at) is None
    'a1'
    True
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import insert, or_, select, update
from sqlalchemy.engine import Connection

from carcassonne.server.models import AccountTokenRow, utc
from carcassonne.server.tokens import new_token, token_hash

#: The prefix of the unsubscribe tokens' purpose (``unsubscribe:your_turn``).
UNSUBSCRIBE = "unsubscribe:"


def make_token(connection: Connection, account_id: str, purpose: str, at: datetime, *,
               email: str | None = None, expires: datetime | None = None) -> str:
    """A new token of ``account_id`` for ``purpose``; only its hash is stored."""
    token = new_token()
    connection.execute(insert(AccountTokenRow).values(
        token_hash=token_hash(token), account_id=account_id, purpose=purpose, email=email,
        created=at, expires=expires, used=None))
    return token


def _well_formed(token: str) -> bool:
    return 0 < len(token) <= 100


def find_token(connection: Connection, token: str) -> dict[str, Any] | None:
    """The stored row of ``token``, or None (used or not, expired or not)."""
    if not _well_formed(token):
        return None
    row = connection.execute(select(AccountTokenRow.__table__).where(
        AccountTokenRow.token_hash == token_hash(token))).mappings().first()
    if row is None:
        return None
    found = dict(row)
    for key in ("created", "expires", "used"):
        found[key] = None if found[key] is None else utc(found[key])
    return found


def use_token(connection: Connection, token: str, purpose: str,
              at: datetime) -> dict[str, Any] | None:
    """Use the single-use ``token`` of ``purpose`` at ``at``: its row, or
    None if there is none, it expired or it was used (one conditional
    UPDATE, so of two requests racing only one gets it)."""
    if not _well_formed(token):
        return None
    used = connection.execute(update(AccountTokenRow).where(
        AccountTokenRow.token_hash == token_hash(token), AccountTokenRow.purpose == purpose,
        AccountTokenRow.used.is_(None),
        or_(AccountTokenRow.expires.is_(None), AccountTokenRow.expires > at),
    ).values(used=at)).rowcount
    return find_token(connection, token) if used else None


def unsubscribe_kind(row: dict[str, Any] | None) -> str | None:
    """The notice kind an unsubscribe token's row switches off, or None."""
    if row is None or not str(row["purpose"]).startswith(UNSUBSCRIBE):
        return None
    return str(row["purpose"])[len(UNSUBSCRIBE):]
