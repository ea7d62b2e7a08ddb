"""Match messages: each competition's board and each match's thread.

A competition has one message board, the channel ``event:ID`` of the
``talk`` table, and each of its matches a thread, ``match:ID:KEY``, where
``KEY`` is the match's id in the competition's progress (``1.2.3``: stage,
round, fixture; unique within the competition, so a thread outlives its
round). Who may do what:

- the board is read by anyone; it is written by the competition's
  entrants and its organizer (a board for the people of the event, not a
  lobby for the whole site);
- a thread is read and written by the match's players and the
  competition's organizer, and read by admins;
- a message hidden by a moderator is shown to admins only, marked hidden;
  a reader who blocked an author does not see that author's messages.

Writing a thread message also queues, in the same transaction, a
``thread`` mail (outbox.py) to each other participant, except to one who
blocked the writer: the mail exists if and only if the message does.

Everything here reads the competition's stored row (the organizer stores
each change before it shows it), so any process of a site answers. Each
function is a blocking storage call; the routes (board_api.py) run them in
the hall's database threads.

    >>> clean_text("  hello  ")
    'hello'
    >>> thread_channel("ev1", "1.2.3"), board_channel("ev1")
    ('match:ev1:1.2.3', 'event:ev1')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine

from carcassonne.engine.errors import shown
from carcassonne.server import talk
from carcassonne.server.blocks import blocked, blocked_by
from carcassonne.server.errors import Refusal
from carcassonne.server.models import CompetitionRow, TalkRow, utc
from carcassonne.server.outbox import queue_mail

#: The longest message of a board or a thread, in characters.
LONGEST = 2000
#: The most messages a reading returns: the newest ones, oldest first.
LISTED = 200
#: How much of a message a ``thread`` mail carries.
MAIL_EXCERPT = 200


def board_channel(event_id: str) -> str:
    """The ``talk`` channel of a competition's board."""
    return f"event:{event_id}"


def thread_channel(event_id: str, match: str) -> str:
    """The ``talk`` channel of one match's thread."""
    return f"match:{event_id}:{match}"


def clean_text(value: object, longest: int = LONGEST) -> str:
    """A message's text: 1 to ``longest`` characters once its surrounding
    spaces are gone, line breaks and tabs allowed, no other control
    character (they would hide text or move it on screen).

        >>> clean_text("a\\x00b")
        Traceback (most recent call last):
        ...
        carcassonne.server.errors.Refusal: a message holds no control characters
    """
    if not isinstance(value, str):
        raise Refusal(400, f"a message's text must be text, not {shown(value)}")
    text = value.strip()
    if not 1 <= len(text) <= longest:
        raise Refusal(400, f"a message is 1 to {longest} characters")
    if any(unicodedata.category(c) == "Cc" and c not in "\n\t" for c in text):
        raise Refusal(400, "a message holds no control characters")
    return text


def match_key(value: object) -> str | None:
    """The ``match`` of a request: None for the board, else a match id."""
    if value is None:
        return None
    if not isinstance(value, str) or not 1 <= len(value) <= 40:
        raise Refusal(400, f"match must be a match's id, not {shown(value)}")
    return value


def _matches(progress: dict[str, Any] | None) -> Iterator[dict[str, Any]]:
    """Every match of a stored progress (every stage and round)."""
    for stage in (progress or {}).get("stages", []):
        for one in stage.get("rounds", []):
            yield from one.get("matches", [])


def _accounts(entrants: list[str]) -> list[str]:
    return [e.removeprefix("account:") for e in entrants if e.startswith("account:")]


class Competition:
    """A competition's stored row, as far as its messages need it."""

    def __init__(self, row: dict[str, Any]) -> None:
        self.id: str = row["id"]
        self.name: str = row["name"]
        self.organizer: str | None = row["organizer"]
        self.entrants: list[str] = [e["id"] for e in row["entrants"]]
        self._names = {e["id"]: e["name"] for e in row["entrants"]}
        self.matches = {m["id"]: m for m in _matches(row["progress"])}

    @classmethod
    def read(cls, connection: Connection, event_id: str) -> Competition:
        row = connection.execute(select(CompetitionRow.__table__).where(
            CompetitionRow.id == event_id)).mappings().first()
        if row is None:
            raise Refusal(404, f"there is no competition {shown(event_id)}")
        return cls(dict(row))

    def players(self, match: str) -> list[str]:
        """The accounts that play ``match`` (404 for no such match)."""
        found = self.matches.get(match)
        if found is None:
            raise Refusal(404, f"there is no match {shown(match)} in this competition")
        return _accounts(found["entrants"])

    def may_write_board(self, account: str) -> bool:
        return account == self.organizer or f"account:{account}" in self.entrants

    def may_read_thread(self, account: str | None, match: str, admin: bool) -> bool:
        players = self.players(match)
        return admin or (account is not None and (account == self.organizer
                                                  or account in players))

    def may_write_thread(self, account: str, match: str) -> bool:
        return account == self.organizer or account in self.players(match)

    def threads_of(self, account: str | None, with_messages: set[str]) -> list[dict[str, Any]]:
        """The threads ``account`` takes part in: its own matches; for the
        organizer every match whose thread holds a message too."""
        out = []
        for key, match in self.matches.items():
            mine = account is not None and account in _accounts(match["entrants"])
            if mine or (account is not None and account == self.organizer
                        and key in with_messages):
                out.append({"match": key,
                            "entrants": [self._names.get(e, e.split(":", 1)[-1])
                                         for e in match["entrants"]]})
        return out


def message_view(row: Any, admin: bool = False) -> dict[str, Any]:
    """A MESSAGE of the protocol (docs/boards.md): ``hidden`` for admins only."""
    view = {"id": row.id, "from": row.author, "text": row.text,
            "at": utc(row.at).isoformat()}
    if admin:
        view["hidden"] = bool(row.hidden)
    return view


def _messages(connection: Connection, channel: str, reader: str | None,
              admin: bool) -> list[dict[str, Any]]:
    query = select(TalkRow.__table__).where(TalkRow.channel == channel)
    if not admin:
        query = query.where(TalkRow.hidden.is_(False))
    rows = connection.execute(query.order_by(TalkRow.id.desc()).limit(LISTED)).all()
    hidden_authors = blocked_by(connection, reader) if reader else set()
    return [message_view(row, admin) for row in reversed(rows)
            if row.author_id is None or row.author_id not in hidden_authors]


def _threads_with_messages(connection: Connection, event_id: str) -> set[str]:
    prefix = thread_channel(event_id, "")
    channels = connection.execute(select(TalkRow.channel).distinct().where(
        TalkRow.channel.startswith(prefix, autoescape=True))).scalars()
    return {channel.removeprefix(prefix) for channel in channels}


def read(engine: Engine, event_id: str, match: str | None, reader: str | None,
         admin: bool) -> dict[str, Any]:
    """The board (``match`` None) or a thread of ``event_id`` as ``reader``
    (an account id, None for a visitor) sees it."""
    with engine.connect() as connection:
        event = Competition.read(connection, event_id)
        if match is None:
            with_messages = (_threads_with_messages(connection, event_id)
                             if reader == event.organizer else set())
            return {"competition": event_id, "match": None,
                    "messages": _messages(connection, board_channel(event_id), reader, admin),
                    "can_write": reader is not None and event.may_write_board(reader),
                    "threads": event.threads_of(reader, with_messages)}
        if not event.may_read_thread(reader, match, admin):
            raise Refusal(403 if reader else 401,
                          "a match's thread is for its players and the organizer")
        return {"competition": event_id, "match": match,
                "messages": _messages(connection, thread_channel(event_id, match), reader,
                                      admin),
                "can_write": reader is not None and event.may_write_thread(reader, match)}


def write(engine: Engine, event_id: str, match: str | None, writer: dict[str, Any], text: str,
          at: datetime) -> dict[str, Any]:
    """Store ``writer``'s message on the board or in a thread; for a thread,
    queue a ``thread`` mail to each other participant who did not block the
    writer, in the same transaction. The stored message."""
    with engine.begin() as connection:
        event = Competition.read(connection, event_id)
        account = writer["id"]
        if talk.suspended(connection, account):
            raise Refusal(403, "this account is suspended")
        if match is None and not event.may_write_board(account):
            raise Refusal(403, "the board is written by the competition's entrants "
                               "and its organizer")
        if match is not None and not event.may_write_thread(account, match):
            raise Refusal(403, "a match's thread is for its players and the organizer")
        channel = board_channel(event_id) if match is None else thread_channel(event_id, match)
        message_id = talk.add(connection, channel, account, writer["name"], text, at)
        if match is not None:
            readers = {*event.players(match), *([event.organizer] if event.organizer else [])}
            params = {"event": event_id, "match": match, "name": event.name,
                      "from": writer["name"], "text": text[:MAIL_EXCERPT]}
            for reader in sorted(readers - {account}):
                if not blocked(connection, reader, account):
                    queue_mail(connection, reader, "thread", params,
                               key=f"thread:{message_id}:{reader}", at=at)
        row = connection.execute(select(TalkRow.__table__).where(
            TalkRow.id == message_id)).one()
        return message_view(row)
