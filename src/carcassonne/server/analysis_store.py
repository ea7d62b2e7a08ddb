"""Computer reviews in the database: asked for, claimed, advanced, done.

One row per game (:class:`~carcassonne.server.models.AnalysisRow`), so a
second request for a game joins the first, whichever process it reaches.
A process with analysis workers claims the oldest queued row as the mail
senders claim mail (mail/claims.py): on PostgreSQL ``FOR UPDATE SKIP
LOCKED`` and its claim in one transaction, on SQLite one conditional
UPDATE. The claim is a lease, renewed with each step written; a process
that died lets its lease run out, and another takes the work up again.
Every write of a claimed row is fenced by the claim (``claimed_by = me``).

Every call is blocking and one transaction (the routes run them in the
hall's database threads)::

    >>> from datetime import UTC, datetime, timedelta
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 7, tzinfo=UTC)
    >>> ask(store.engine, "t1", {"moves": []}, at)["status"]
    'queued'
    >>> ask(store.engine, "t2", {"moves": []}, at + timedelta(seconds=1))["position"]
    2
    >>> row = claim(store.engine, "one", at, timedelta(minutes=1))
    >>> row["key"], claim(store.engine, "two", at, timedelta(minutes=1))["key"]
    ('t1', 't2')
    >>> advance(store.engine, "t1", "one", 3, 40, at, timedelta(minutes=1))
    True
    >>> finish(store.engine, "t1", "two", {"decisions": []}, at)
    False
    >>> finish(store.engine, "t1", "one", {"decisions": []}, at)
    True
    >>> status(read(store.engine, "t1"))
    {'key': 't1', 'status': 'done', 'done': 3, 'total': 40, 'position': None, 'error': None}
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, insert, or_, select, update
from sqlalchemy.engine import Connection, Engine

from carcassonne.server.models import AnalysisRow, utc
from carcassonne.server.work_queue import claim_oldest

_COLUMNS = [column.name for column in AnalysisRow.__table__.columns]


def _row(connection: Connection, row: Any) -> dict[str, Any]:
    values = {name: row[name] for name in _COLUMNS}
    for key in ("requested", "updated", "claimed_until"):
        if values[key] is not None:
            values[key] = utc(values[key])
    values["position"] = None
    if values["status"] == "queued":
        values["position"] = 1 + int(connection.execute(
            select(func.count()).select_from(AnalysisRow).where(
                AnalysisRow.status == "queued",
                AnalysisRow.requested < values["requested"])).scalar() or 0)
    return values


def status(row: dict[str, Any]) -> dict[str, Any]:
    """What a client is told of a row: its key, status, progress, place
    in the queue (1: next; None unless queued) and error."""
    return {key: row[key] for key in ("key", "status", "done", "total", "position", "error")}


def read(engine: Engine, key: str) -> dict[str, Any] | None:
    """The row of ``key``, with its ``position`` in the queue; None if the
    game was never asked for."""
    with engine.connect() as connection:
        found = connection.execute(select(*AnalysisRow.__table__.columns).where(
            AnalysisRow.key == key)).mappings().first()
        return None if found is None else _row(connection, found)


def queued(engine: Engine) -> int:
    """How many reviews wait to be started, on the whole site."""
    with engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(AnalysisRow).where(
            AnalysisRow.status == "queued")).scalar() or 0)


def ask(engine: Engine, key: str, record: dict[str, Any], now: datetime) -> dict[str, Any]:
    """Queue the review of ``record`` as ``key``, unless it is queued,
    running or done already (a failed one is queued again): the row."""
    with engine.begin() as connection:
        found = connection.execute(select(AnalysisRow.status).where(
            AnalysisRow.key == key)).scalar()
        if found is None:
            connection.execute(insert(AnalysisRow).values(
                key=key, status="queued", record=record, requested=now, updated=now,
                done=0, total=0))
        elif found == "failed":
            connection.execute(update(AnalysisRow).where(AnalysisRow.key == key).values(
                status="queued", requested=now, updated=now, error=None, done=0, total=0,
                claimed_by=None, claimed_until=None))
        row = connection.execute(select(*AnalysisRow.__table__.columns).where(
            AnalysisRow.key == key)).mappings().one()
        return _row(connection, row)


def _free(now: datetime) -> Any:
    """A row waiting for a worker: queued, or running under a lease that ran out."""
    return or_(AnalysisRow.status == "queued",
               (AnalysisRow.status == "running") & (AnalysisRow.claimed_until < now))


def claim(engine: Engine, node: str, now: datetime, lease: timedelta) -> dict[str, Any] | None:
    """Claim the oldest waiting row for ``node`` until ``now + lease``: the
    row (running, nothing weighed yet), or None when none waits."""
    with engine.begin() as connection:
        claimed = claim_oldest(connection, AnalysisRow.key, (_free(now),),
                               (AnalysisRow.requested, AnalysisRow.key),
                               {"status": "running", "claimed_by": node,
                                "claimed_until": now + lease, "updated": now, "done": 0})
        return None if claimed is None else _row(connection, claimed)


def _held(key: str, node: str) -> Any:
    return (AnalysisRow.key == key, AnalysisRow.claimed_by == node,
            AnalysisRow.status == "running")


def advance(engine: Engine, key: str, node: str, done: int, total: int, now: datetime,
            lease: timedelta) -> bool:
    """Note ``done`` of ``total`` decisions weighed and renew the lease, if
    ``node`` still holds the row."""
    with engine.begin() as connection:
        return bool(connection.execute(update(AnalysisRow).where(*_held(key, node)).values(
            done=done, total=total, updated=now, claimed_until=now + lease)).rowcount)


def finish(engine: Engine, key: str, node: str, review: dict[str, Any], now: datetime) -> bool:
    """Store the finished ``review``, if ``node`` still holds the row."""
    with engine.begin() as connection:
        return bool(connection.execute(update(AnalysisRow).where(*_held(key, node)).values(
            status="done", review=review, updated=now, claimed_by=None,
            claimed_until=None)).rowcount)


def fail(engine: Engine, key: str, node: str, error: str, now: datetime) -> bool:
    """Mark the row failed with ``error``, if ``node`` still holds it."""
    with engine.begin() as connection:
        return bool(connection.execute(update(AnalysisRow).where(*_held(key, node)).values(
            status="failed", error=error[:300], updated=now, claimed_by=None,
            claimed_until=None)).rowcount)


def let_go(engine: Engine, node: str) -> int:
    """Queue again every row ``node`` holds (a process stopping)."""
    with engine.begin() as connection:
        return int(connection.execute(update(AnalysisRow).where(
            AnalysisRow.claimed_by == node, AnalysisRow.status == "running",
        ).values(status="queued", claimed_by=None, claimed_until=None)).rowcount)
