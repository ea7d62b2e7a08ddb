"""A player's records, page by page: the parameters and the cursor.

``GET /api/players/{name}/records?since=ISO-8601&limit=N&after=CURSOR``
lists the player's finished games **oldest first**, by the time each game
ended (then by table id), so a page's cursor stays good for ever: a reader
that saved the last cursor it got asks again later and gets just the games
that ended since. Everything here reads the query and the tables the hall
knows; nothing is stored.

A cursor is the place of one game in that order, ``ENDED|TABLE`` in
base64url: opaque to readers, read back exactly.

    >>> from datetime import UTC, datetime
    >>> cursor = cursor_of(datetime(2026, 3, 1, 18, 0, tzinfo=UTC), "abc")
    >>> after_of(cursor)
    (datetime.datetime(2026, 3, 1, 18, 0, tzinfo=datetime.timezone.utc), 'abc')
    >>> since_of("2026-03-01T19:00:00+01:00")
    datetime.datetime(2026, 3, 1, 18, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Refusal

if TYPE_CHECKING:
    from carcassonne.server.tables import Table

#: The records a page holds unless ``limit`` says otherwise, and the most.
PAGE = 20
MOST = 100


def since_of(text: str | None) -> datetime | None:
    """The ``since`` parameter: an ISO-8601 date or time; one without a
    zone is taken as UTC. None when absent; 400 when unreadable.

        >>> since_of("2026-03-01")
        datetime.datetime(2026, 3, 1, 0, 0, tzinfo=datetime.timezone.utc)
    """
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise Refusal(400, f"since must be an ISO-8601 date or time such as "
                           f"2026-03-01T18:00:00Z, not {shown(text)}") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def limit_of(text: str | None) -> int:
    """The ``limit`` parameter: how many records a page holds, 1 to
    :data:`MOST` (:data:`PAGE` when absent).

        >>> limit_of(None), limit_of("7")
        (20, 7)
    """
    if text is None:
        return PAGE
    if not (text.isascii() and text.isdigit() and len(text) <= 4) or not 1 <= int(text) <= MOST:
        raise Refusal(400, f"limit must be a whole number from 1 to {MOST}, not {shown(text)}")
    return int(text)


def cursor_of(ended: datetime, table_id: str) -> str:
    """The cursor of the game of ``table_id`` that ended at ``ended``."""
    raw = f"{ended.astimezone(UTC).isoformat()}|{table_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def after_of(text: str | None) -> tuple[datetime, str] | None:
    """The ``after`` parameter: the place a cursor names; 400 for anything
    that is not a cursor this server gave."""
    if text is None:
        return None
    refusal = Refusal(400, f"after must be a cursor from a page of records "
                           f"(its Link header or a record's player.cursor), not {shown(text)}")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode()
        ended, bar, table_id = raw.partition("|")
        moment = datetime.fromisoformat(ended)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise refusal from None
    if not bar or not table_id or moment.tzinfo is None:
        raise refusal
    return moment.astimezone(UTC), table_id


def ended_of(table: Table) -> datetime:
    """When the game of a finished table ended: its result's ``ended``, or,
    for a game stored before the server kept it, when the table was made."""
    ended = (table.result or {}).get("ended")
    moment = datetime.fromisoformat(ended) if isinstance(ended, str) else table.created
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def seat_held(table: Table, account: str) -> int | None:
    """The seat ``account`` held at ``table`` (kept after leaving or resigning)."""
    return next((i for i, seat in enumerate(table.seats) if seat.account == account), None)


def player_page(tables: Iterable[Table], account: str, since: datetime | None,
                after: tuple[datetime, str] | None, limit: int,
                ) -> tuple[list[tuple[datetime, Table, int]], bool]:
    """The finished games of ``account`` that ended at ``since`` or later and
    come after the cursor ``after``, oldest first, at most ``limit``: each
    as (ended, table, seat); and whether more follow."""
    found = []
    for table in tables:
        if table.status != "finished":
            continue
        seat = seat_held(table, account)
        if seat is None:
            continue
        ended = ended_of(table)
        if since is not None and ended < since:
            continue
        if after is not None and (ended, table.id) <= after:
            continue
        found.append((ended, table, seat))
    found.sort(key=lambda item: (item[0], item[1].id))
    return found[:limit], len(found) > limit
