"""A work queue in the database, shared by the processes of a site.

The mail outbox (:mod:`carcassonne.server.mail.claims`) and the reviews
waiting to be weighed (:mod:`carcassonne.server.analysis_store`) are queues
in the database that any process of the site may work on. A process claims
one row at a time with a lease (who holds it, until when); a row is free
when nobody holds it or the lease ran out, so the row of a process that died
is taken up by another once its lease ends.

:func:`claim_oldest` does the claim so that two processes asking together
get different rows: on PostgreSQL it selects the first free row ``FOR
UPDATE SKIP LOCKED`` and writes the claim in the same transaction; on SQLite
(one writer at a time) one conditional UPDATE does both.

:func:`keep_draining` is the task a process runs to work on such a queue:
take rows until none is left, then wait to be woken (a row was just
queued) or for the next look.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.engine import Connection, RowMapping

log = logging.getLogger(__name__)


def claim_oldest(connection: Connection, key: Any, free: Sequence[Any], order: Sequence[Any],
                 values: dict[str, Any]) -> RowMapping | None:
    """Write ``values`` (the claim) into the first row of ``key``'s table
    that meets every condition of ``free`` in the order ``order``: the row
    as written, or None when no row is free."""
    table = key.table
    first = select(key).where(*free).order_by(*order).limit(1)
    if connection.dialect.name == "postgresql":
        found = connection.execute(first.with_for_update(skip_locked=True)).scalar()
        if found is None:
            return None
        condition: Any = key == found
    else:
        condition = key == first.scalar_subquery()
    return connection.execute(update(table).where(condition, *free).values(**values)
                              .returning(*table.columns)).mappings().first()


async def keep_draining(one: Callable[[], Awaitable[bool]], wake: asyncio.Event, poll: float,
                        what: str) -> None:
    """Run ``one()`` (take one row and do its work; False when none waits)
    until it finds nothing, then wait for ``wake`` or ``poll`` seconds, and
    again, until cancelled. An error reading the queue is logged, naming
    ``what``, and the next look comes as usual."""
    while True:
        wake.clear()
        try:
            while await one():
                pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("%s could not be read; trying again", what)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), poll)
