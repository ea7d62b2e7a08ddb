"""Storage of what people write: the ``talk`` table, one row per message.

A message belongs to a channel: ``table:ID`` is a table's chat (chat.py);
a competition's board and a match's thread have channels of their own
(``event:ID``, ``match:ID:KEY``). A message is never deleted: a moderator
hides it (``hidden``), and a hidden message is listed to nobody. Each call
is one transaction, run by the caller in a database thread.

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    >>> for key in ("ann", "bob"):
    ...     _ = store.add_account({"id": key, "name": key.title(), "name_key": key,
    ...                            "password_hash": "x", "created": at})
    >>> write(store.engine, "table:t1", "bob", "Bob", "hello", at)["text"]
    'hello'
    >>> write(store.engine, "table:t1", None, "Guest", "hi Bob", at)["from"]
    'Guest'
    >>> [line["text"] for line in read(store.engine, "table:t1")]
    ['hello', 'hi Bob']
    >>> with store.engine.begin() as connection:
    ...     _ = blocks.block(connection, "ann", "bob", at)
    >>> [line["text"] for line in read(store.engine, "table:t1", reader="ann")]
    ['hi Bob']
    >>> blockers(store.engine, "bob", {"ann", "bob"})
    {'ann'}
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection, Engine

from carcassonne.server import blocks
from carcassonne.server.models import AccountRow, BlockRow, TalkRow, utc


class Suspended(Exception):
    """The writer's account is suspended: nothing was stored."""


def channel_of(table_id: str) -> str:
    """The channel of a table's chat."""
    return f"table:{table_id}"


def line(row: Any) -> dict[str, Any]:
    """A stored message (a row of ``talk``) as the WebSocket and ``GET .../chat``
    show it: ``{"type": "chat", "id", "from", "text", "at"}`` (``at`` in ISO
    8601, UTC)."""
    return _line(row.id, row.author, row.text, row.at)


def _line(message_id: int, author: str, text: str, at: datetime) -> dict[str, Any]:
    return {"type": "chat", "id": message_id, "from": author, "text": text,
            "at": utc(at).astimezone(UTC).isoformat()}


def write(engine: Engine, channel: str, author_id: str | None, author: str, text: str,
          at: datetime) -> dict[str, Any]:
    """Store a message of ``author`` (their account ``author_id``, None for a
    guest) and answer it as :func:`line` shows it. A suspended account
    writes nothing (:class:`Suspended`), checked in the same transaction."""
    with engine.begin() as connection:
        if author_id is not None and suspended(connection, author_id):
            raise Suspended(author_id)
        return _line(add(connection, channel, author_id, author, text, at), author, text, at)


def suspended(connection: Connection, account_id: str) -> bool:
    """Whether the account is suspended (so it writes nothing)."""
    return bool(connection.execute(select(AccountRow.suspended).where(
        AccountRow.id == account_id)).scalar())


def add(connection: Connection, channel: str, author_id: str | None, author: str, text: str,
        at: datetime) -> int:
    """Store a message in the caller's transaction (a board's message and
    its mails are stored together, boards.py); its id."""
    stored = connection.execute(insert(TalkRow).values(
        channel=channel, author_id=author_id, author=author, text=text, at=at, hidden=False))
    message_id: int = stored.inserted_primary_key[0]
    return message_id


def read(engine: Engine, channel: str, reader: str | None = None) -> list[dict[str, Any]]:
    """The channel's messages, oldest first, as :func:`line` shows them:
    not the hidden ones, nor (for the logged-in ``reader``) those of the
    accounts the reader blocked."""
    with engine.connect() as connection:
        blocked = blocks.blocked_by(connection, reader) if reader is not None else set()
        rows = connection.execute(select(TalkRow.__table__).where(
            TalkRow.channel == channel, TalkRow.hidden.is_(False)).order_by(TalkRow.id)).all()
        return [line(row) for row in rows if row.author_id is None
                or row.author_id not in blocked]


def blockers(engine: Engine, author_id: str, readers: Iterable[str]) -> set[str]:
    """Which of the accounts ``readers`` blocked ``author_id``: a message of
    theirs does not reach those."""
    among = sorted(set(readers))
    if not among:
        return set()
    with engine.connect() as connection:
        return set(connection.execute(select(BlockRow.account_id).where(
            BlockRow.blocked_id == author_id, BlockRow.account_id.in_(among))).scalars())
