"""The outbox: every mail the server will send, queued in the transaction
of the change that causes it.

A change that should reach a player by mail (a move that makes it their
turn, a message in their match's thread, a password reset...) adds an
``outbox`` row with :func:`queue_mail` on the same database connection,
inside the same transaction: the mail is stored if and only if the change
is. A sender (``server/mail/``) later renders the row in the account's
language, sends it, and marks it done; with many processes each row is
claimed by one of them.

A row is a kind and its values, never a rendered text: whether it is sent
at all (a verified address, the kind switched on) is decided when it is
sent. ``key`` makes a mail unique: a second row with a key already queued
is not added (``turn:TABLE:ACCOUNT:N``: one "your turn" mail per game until
the player has moved).

    >>> from datetime import UTC, datetime
    >>> from sqlalchemy import func, select
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                    "password_hash": "x", "created": at})
    True
    >>> with store.engine.begin() as connection:
    ...     queue_mail(connection, "a1", "your_turn", {"table": "t1"}, key="turn:t1:a1:0", at=at)
    ...     queue_mail(connection, "a1", "your_turn", {"table": "t1"}, key="turn:t1:a1:0", at=at)
    True
    False
    >>> with store.engine.connect() as connection:
    ...     connection.execute(select(func.count()).select_from(OutboxRow)).scalar()
    1
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from carcassonne.server.models import OutboxRow

#: The kinds of notice an account may switch on or off (``GET/PUT
#: /api/me/settings``), with their defaults: all on once an address is verified.
NOTICE_KINDS: dict[str, bool] = {
    "your_turn": True,     # your turn in a turn-based game
    "deadline": True,      # a turn-based or a round's deadline a few hours away
    "match": True,         # your match is ready, a round opened
    "rematch": True,       # a rematch offer
    "invitation": True,    # a friend's invitation to a table
    "thread": True,        # a new message in your match's thread
    "reminder": True,      # an agreed game an hour away
}

def notify_of(stored: dict[str, Any] | None) -> dict[str, bool]:
    """Which notices an account wants (``accounts.notify``): its choices
    over the defaults. The mail and the push of a notice both ask it.

        >>> notify_of({"rematch": False})["rematch"], notify_of(None)["your_turn"]
        (False, True)
    """
    chosen = stored or {}
    return {kind: bool(chosen.get(kind, default)) for kind, default in NOTICE_KINDS.items()}


#: Mails sent whatever the settings: they answer the player's own request.
ALWAYS = frozenset({"verify", "reset"})


def queue_mail(connection: Connection, account_id: str, kind: str, params: dict[str, Any],
               *, key: str | None = None, at: datetime) -> bool:
    """Queue a mail of ``kind`` to ``account_id`` in ``connection``'s
    transaction; False if a mail with ``key`` was queued before."""
    if kind not in NOTICE_KINDS and kind not in ALWAYS:
        raise ValueError(f"unknown mail kind {kind!r}")
    values = {"key": key, "account_id": account_id, "kind": kind, "params": params,
              "created": at, "next_try": at, "attempts": 0}
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(OutboxRow).values(**values).on_conflict_do_nothing()
    return bool(connection.execute(statement).rowcount)
