"""Blocks between accounts, read where a message, an invitation or a
friend request would reach someone: from an account its target blocked,
none of them does. Each call runs on a connection the caller holds, so a
check and the write it guards share one transaction.

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> for key in ("ann", "bob"):
    ...     _ = store.add_account({"id": key, "name": key.title(), "name_key": key,
    ...                            "password_hash": "x", "created": at})
    >>> with store.engine.begin() as connection:
    ...     block(connection, "ann", "bob", at)
    ...     block(connection, "ann", "bob", at)
    ...     blocked(connection, "ann", "bob"), blocked(connection, "bob", "ann")
    ...     sorted(blocked_by(connection, "ann"))
    True
    False
    (True, False)
    ['bob']
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from carcassonne.server.models import BlockRow


def block(connection: Connection, account_id: str, blocked_id: str, at: datetime) -> bool:
    """``account_id`` blocks ``blocked_id``; False if it already had."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(BlockRow).values(
        account_id=account_id, blocked_id=blocked_id, created=at).on_conflict_do_nothing()
    return bool(connection.execute(statement).rowcount)


def unblock(connection: Connection, account_id: str, blocked_id: str) -> bool:
    """``account_id`` no longer blocks ``blocked_id``; False if it did not."""
    return bool(connection.execute(delete(BlockRow).where(
        BlockRow.account_id == account_id, BlockRow.blocked_id == blocked_id)).rowcount)


def blocked(connection: Connection, account_id: str, sender_id: str) -> bool:
    """Whether ``account_id`` blocked ``sender_id`` (so nothing of theirs reaches it)."""
    return connection.execute(select(BlockRow.created).where(
        BlockRow.account_id == account_id, BlockRow.blocked_id == sender_id)).first() is not None


def blocked_by(connection: Connection, account_id: str) -> set[str]:
    """The accounts ``account_id`` blocked."""
    return set(connection.execute(select(BlockRow.blocked_id).where(
        BlockRow.account_id == account_id)).scalars())
