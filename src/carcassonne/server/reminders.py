"""Reminders of agreed games: a ``reminder`` mail :data:`REMIND_BEFORE` an
agreed time, to each player of the match, once per agreed time.

No change causes a reminder, so a sweep finds them: beside the deadline
warnings (notices.py), at the process that organizes the competitions,
at most every :data:`EVERY` of the hall's time. The outbox's unique key
``reminder:EVENT:MATCH:ACCOUNT:TIME`` queues each once, whichever process
sweeps and however often; a match agreed anew (another time) gets a
reminder of its new time. A match already decided (played early) gets
none. The mail's time is written in the player's zone (calendars.py).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.engine import Engine

from carcassonne.server.calendars import decided_matches
from carcassonne.server.models import AgreedTimeRow, CalendarRow, utc
from carcassonne.server.outbox import queue_mail
from carcassonne.server.scheduling import local_time

#: How long before an agreed time its reminder is sent.
REMIND_BEFORE = timedelta(hours=1)
#: The sweep looks in the database at most this often (hall time).
EVERY = timedelta(seconds=10)


def queue_reminders(engine: Engine, now: datetime) -> int:
    """Queue the reminders due at ``now``: each agreed time within
    :data:`REMIND_BEFORE` from now, of a match not decided. How many were
    new (a blocking call)."""
    with engine.begin() as connection:
        rows = connection.execute(
            select(AgreedTimeRow.__table__, CalendarRow.zone)
            .outerjoin(CalendarRow, CalendarRow.account_id == AgreedTimeRow.account_id)
            .where(AgreedTimeRow.at > now, AgreedTimeRow.at <= now + REMIND_BEFORE)).all()
        done = decided_matches(connection, {row.event_id for row in rows})
        added = 0
        for row in rows:
            if (row.event_id, row.match) in done:
                continue
            at = utc(row.at)
            params = {"event": row.event_id, "match": row.match, "name": row.name,
                      "from": ", ".join(row.opponents), "at": at.isoformat(),
                      "local": local_time(at, row.zone)}
            key = f"reminder:{row.event_id}:{row.match}:{row.account_id}:{at.isoformat()}"
            added += queue_mail(connection, row.account_id, "reminder", params, key=key, at=now)
        return added


class Swept(Protocol):
    """What the sweep reads of the hall."""

    @property
    def organizes(self) -> bool: ...

    def now(self) -> datetime: ...

    async def db(self, call: Any, *args: Any) -> Any: ...


class Reminders:
    """Queues the reminders due, at most every :data:`EVERY`."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._last: datetime | None = None

    async def sweep(self, hall: Swept) -> int:
        """Queue what is due at the hall's time (the organizing process
        only); how many mails were new."""
        now = hall.now()
        if not hall.organizes or (self._last is not None and now - self._last < EVERY
                                  and now >= self._last):
            return 0
        self._last = now
        added: int = await hall.db(queue_reminders, self._engine, now)
        return added
