"""The outbox as senders share it: claim a row, then mark it done or due again.

A row is waiting while ``done`` is null and ``next_try`` has come; it is
free when nobody claimed it or the claim ran out (``claimed_until``). A
sender claims one waiting, free row at a time, so that two processes asking
together get different rows
(:func:`carcassonne.server.work_queue.claim_oldest`). Every later write of
the row is fenced by the claim (``claimed_by = me``), so a sender whose
claim ran out and was taken by another cannot mark the row any more.

    >>> from datetime import UTC, datetime, timedelta
    >>> from carcassonne.server.outbox import queue_mail
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                    "password_hash": "x", "created": at})
    True
    >>> with store.engine.begin() as connection:
    ...     queue_mail(connection, "a1", "reset", {}, at=at)
    True
    >>> row = claim(store.engine, "one", at, timedelta(minutes=2))
    >>> row["kind"], claim(store.engine, "two", at, timedelta(minutes=2))
    ('reset', None)
    >>> finish(store.engine, row["id"], "two", "sent", at)
    False
    >>> finish(store.engine, row["id"], "one", "sent", at)
    True
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import or_, update
from sqlalchemy.engine import Engine

from carcassonne.server.models import OutboxRow, utc
from carcassonne.server.work_queue import claim_oldest

_COLUMNS = [column.name for column in OutboxRow.__table__.columns]


def _free(now: datetime) -> Any:
    """The condition of a waiting row nobody holds at ``now``."""
    return (OutboxRow.done.is_(None), OutboxRow.next_try <= now,
            or_(OutboxRow.claimed_until.is_(None), OutboxRow.claimed_until < now))


def _row(row: Any) -> dict[str, Any]:
    values = {name: row[name] for name in _COLUMNS}
    for key in ("created", "next_try", "claimed_until", "done"):
        if values[key] is not None:
            values[key] = utc(values[key])
    return values


def claim(engine: Engine, node: str, now: datetime, lease: timedelta) -> dict[str, Any] | None:
    """Claim the oldest waiting, free row for ``node`` until ``now + lease``:
    the row, or None when there is none."""
    with engine.begin() as connection:
        claimed = claim_oldest(connection, OutboxRow.id, _free(now), (OutboxRow.id,),
                               {"claimed_by": node, "claimed_until": now + lease})
    return None if claimed is None else _row(claimed)


def finish(engine: Engine, mail_id: int, node: str, outcome: str, now: datetime) -> bool:
    """Mark the row done with ``outcome`` (``sent``, ``dropped: why``...),
    if ``node`` still holds it."""
    with engine.begin() as connection:
        return bool(connection.execute(update(OutboxRow).where(
            OutboxRow.id == mail_id, OutboxRow.claimed_by == node, OutboxRow.done.is_(None),
        ).values(done=now, outcome=outcome[:200], claimed_until=None)).rowcount)


def try_again(engine: Engine, mail_id: int, node: str, attempts: int, at: datetime,
              why: str) -> bool:
    """Let the row wait until ``at`` for its next try, ``attempts`` made,
    if ``node`` still holds it."""
    with engine.begin() as connection:
        return bool(connection.execute(update(OutboxRow).where(
            OutboxRow.id == mail_id, OutboxRow.claimed_by == node, OutboxRow.done.is_(None),
        ).values(attempts=attempts, next_try=at, claimed_by=None, claimed_until=None,
                 outcome=f"trying again: {why}"[:200])).rowcount)


def let_go(engine: Engine, node: str) -> int:
    """Free every row ``node`` claimed and did not finish: a sender that
    starts again under the same name takes its rows back at once, without
    waiting for its old claims to run out."""
    with engine.begin() as connection:
        return int(connection.execute(update(OutboxRow).where(
            OutboxRow.claimed_by == node, OutboxRow.done.is_(None),
        ).values(claimed_by=None, claimed_until=None)).rowcount)
