"""Who is online: an account that asked the server something lately.

``accounts.last_seen`` is set when a logged-in browser asks the server
anything (:func:`carcassonne.server.http_input.account_of`), at most once
per :data:`SEEN_EVERY` per account: the session's row, read for the request
anyway, says when it was last set, so most requests write nothing. An
account is online while its ``last_seen`` is within :data:`ONLINE`. The
time is in the database, so every process of a site sees the same.

    >>> from datetime import UTC, datetime, timedelta
    >>> now = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
    >>> online(now - timedelta(seconds=90), now), online(now - timedelta(minutes=3), now)
    (True, False)
    >>> online(None, now), stale(None, now), stale(now - timedelta(seconds=20), now)
    (False, True, False)
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_, update
from sqlalchemy.engine import Engine

from carcassonne.server.models import AccountRow, utc

#: How long after its last request an account counts as online.
ONLINE = timedelta(minutes=2)
#: The least time between two writes of one account's ``last_seen``.
SEEN_EVERY = timedelta(minutes=1)


def online(last_seen: datetime | None, now: datetime) -> bool:
    """Whether an account last seen at ``last_seen`` is online at ``now``."""
    return last_seen is not None and now - utc(last_seen) <= ONLINE


def stale(last_seen: datetime | None, now: datetime) -> bool:
    """Whether ``last_seen`` is old enough to be written again at ``now``."""
    return last_seen is None or now - utc(last_seen) >= SEEN_EVERY


def mark_seen(engine: Engine, account_id: str, now: datetime) -> bool:
    """Set the account's ``last_seen`` to ``now`` unless another request
    (of any process) did within :data:`SEEN_EVERY`; whether it was set."""
    with engine.begin() as connection:
        done = connection.execute(update(AccountRow).where(
            AccountRow.id == account_id,
            or_(AccountRow.last_seen.is_(None), AccountRow.last_seen <= now - SEEN_EVERY),
        ).values(last_seen=now))
    return bool(done.rowcount)
