"""A player's agreed games: the lobby's "your next games", the calendar
feed and its secret key, and the account's time zone.

The feed ``GET /api/me/calendar.ics?key=KEY`` is read by calendar
applications, which hold no session: the key, a random secret per
account, is what opens it (a wrong key is 404, as a missing page). The
account page shows it and renews it (the old key then opens nothing).
The zone is the account's choice of an IANA time zone: times in its mail
are written in it (UTC without one); pages use the browser's zone unless
one is chosen.

Each function is a blocking storage call run in a database thread.

    >>> from datetime import UTC, datetime
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> _ = store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                        "password_hash": "x", "created": datetime(2026, 1, 1, tzinfo=UTC)})
    >>> first = settings(store.engine, "a1")["key"]
    >>> settings(store.engine, "a1")["key"] == first != renew(store.engine, "a1")
    True
    >>> feed_games(store.engine, first) is None
    True
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from carcassonne.competitions.ical import Game
from carcassonne.server.models import AccountRow, AgreedTimeRow, CalendarRow, CompetitionRow, utc

#: How long a game stays among "your next games" after its agreed time.
SHOWN_AFTER = timedelta(hours=3)
#: The most games the lobby lists.
LISTED = 20
#: The longest key accepted in a feed's address.
KEY_LENGTH = 64


def new_key() -> str:
    """A fresh secret key: 32 URL-safe characters."""
    return secrets.token_urlsafe(24)


def _row(connection: Connection, account: str) -> Any:
    return connection.execute(select(CalendarRow.__table__).where(
        CalendarRow.account_id == account)).first()


def _ensure(connection: Connection, account: str) -> Any:
    row = _row(connection, account)
    if row is None:
        try:
            with connection.begin_nested():
                connection.execute(insert(CalendarRow).values(
                    account_id=account, key=new_key(), zone=None))
        except IntegrityError:  # made by another request meanwhile
            pass
        row = _row(connection, account)
    elif row.key is None:
        connection.execute(update(CalendarRow).where(CalendarRow.account_id == account)
                           .values(key=new_key()))
        row = _row(connection, account)
    return row


def settings(engine: Engine, account: str) -> dict[str, Any]:
    """The account's feed key (made on first asking) and its zone."""
    with engine.begin() as connection:
        row = _ensure(connection, account)
        return {"key": row.key, "zone": row.zone}


def renew(engine: Engine, account: str) -> str:
    """A new key for the account's feed; the old one opens nothing now."""
    with engine.begin() as connection:
        _ensure(connection, account)
        key = new_key()
        connection.execute(update(CalendarRow).where(CalendarRow.account_id == account)
                           .values(key=key))
        return key


def set_zone(engine: Engine, account: str, zone: str | None) -> None:
    """Choose the account's time zone (None: the browser's; UTC in mail)."""
    with engine.begin() as connection:
        _ensure(connection, account)
        connection.execute(update(CalendarRow).where(CalendarRow.account_id == account)
                           .values(zone=zone))


def decided_matches(connection: Connection, event_ids: set[str]) -> set[tuple[str, str]]:
    """The (competition, match) pairs among ``event_ids`` that are decided
    (every match of a finished competition among them)."""
    out: set[tuple[str, str]] = set()
    if not event_ids:
        return out
    rows = connection.execute(select(CompetitionRow.id, CompetitionRow.status,
                                     CompetitionRow.progress).where(
        CompetitionRow.id.in_(sorted(event_ids)))).all()
    for event_id, status, progress in rows:
        for stage in (progress or {}).get("stages", []):
            for one in stage.get("rounds", []):
                for match in one.get("matches", []):
                    if status == "finished" or match.get("result") is not None:
                        out.add((event_id, match["id"]))
    return out


def upcoming(engine: Engine, account: str, now: datetime) -> list[dict[str, Any]]:
    """The account's next agreed games, soonest first: those not yet
    decided whose time is at most :data:`SHOWN_AFTER` ago."""
    with engine.connect() as connection:
        rows = connection.execute(select(AgreedTimeRow.__table__).where(
            AgreedTimeRow.account_id == account, AgreedTimeRow.at >= now - SHOWN_AFTER)
            .order_by(AgreedTimeRow.at).limit(LISTED * 2)).all()
        done = decided_matches(connection, {row.event_id for row in rows})
    return [{"competition": row.event_id, "competition_name": row.name, "match": row.match,
             "opponents": list(row.opponents), "at": utc(row.at).isoformat()}
            for row in rows if (row.event_id, row.match) not in done][:LISTED]


def feed_games(engine: Engine, key: str) -> tuple[str, list[dict[str, Any]]] | None:
    """The account name and every agreed game of the feed ``key``, or None
    when no account has that key."""
    if not 1 <= len(key) <= KEY_LENGTH:
        return None
    with engine.connect() as connection:
        found = connection.execute(
            select(CalendarRow.account_id, AccountRow.name)
            .join(AccountRow, AccountRow.id == CalendarRow.account_id)
            .where(CalendarRow.key == key)).first()
        if found is None:
            return None
        rows = connection.execute(select(AgreedTimeRow.__table__).where(
            AgreedTimeRow.account_id == found.account_id).order_by(AgreedTimeRow.at)).all()
    return found.name, [dict(row._mapping) for row in rows]


def game(row: dict[str, Any], site: str) -> Game:
    """One stored agreed time as a feed's game, its link on ``site``."""
    url = f"{site}/competition/{row['event_id']}#match-{row['match']}"
    return Game(row["event_id"], row["match"], row["name"], tuple(row["opponents"]),
                utc(row["at"]), utc(row["agreed"]), row["sequence"], url)
