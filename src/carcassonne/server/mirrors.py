"""The cluster's mirrors: every other process's tables, kept up to date.

Every process keeps every table's row (the lobby lists them all) and, for
the tables its clients watch, the game. The owner of a table publishes each
change it stored (cluster.py); here a process that hears one has the hall
apply it (:meth:`ClusterHost.hear <carcassonne.server.host.ClusterHost.hear>`:
the row's columns and, for a move, the move played on a copy of the game)
and tell its connections. Redis may drop a message: a change whose
``version`` is not the next one, or a table found behind the database by the
check every :data:`CHECK_EVERY` seconds, is reloaded from the database.

The mirrors never change a table themselves: they read rows and hand them to
the hall, which orders every change of a table.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from carcassonne.server.tables import Table

if TYPE_CHECKING:
    from carcassonne.server.host import ClusterHost
    from carcassonne.server.store import Store

log = logging.getLogger(__name__)

#: Seconds between two checks of the mirrored tables against the database.
CHECK_EVERY = 2.0


def wire_row(table: Table) -> dict[str, Any]:
    """A table's whole stored row as JSON can carry it, and the address of
    the client that made it (never stored: the other processes count it in
    their bounds on tables per address, so that the bounds hold for the
    whole site)."""
    row = table.row(version=table.version)
    row["created"] = table.created.isoformat()
    row["creator"] = table.creator
    return row


def read_row(row: dict[str, Any]) -> Table:
    """The table of a row as :func:`wire_row` made it (or as stored)."""
    created = row["created"]
    if isinstance(created, str):
        row = {**row, "created": datetime.fromisoformat(created)}
    table = Table.from_row(row)
    table.creator = row.get("creator")
    return table


class Mirrors:
    """The cluster's part that follows the changes of other processes (a
    part of :class:`~carcassonne.server.cluster.Cluster`, which sets what
    is declared here)."""

    host: ClusterHost
    store: Store
    db: Callable[..., Awaitable[Any]]
    owns: Callable[[str], bool]
    _spawn: Callable[[Awaitable[Any]], None]

    def _fresh(self, row: dict[str, Any]) -> Table:
        """The table of a row read from the database, known here from now on
        (see :meth:`ClusterHost.know <carcassonne.server.host.ClusterHost.know>`)."""
        return self.host.know(Table.from_row(row))

    async def reload(self, table_id: str, owned: bool = False,
                     locked: bool = False) -> Table | None:
        """Bring the table up to date from the database (its row, and its game
        if it is in memory or this process owns it); the table, or None if
        there is no such table.

        A change of the table under way here is let finish first (its lock):
        its move is on the table's game while it is stored (tables.py), and
        a row read meanwhile would take that game for one that is ahead of
        the database and have it rebuilt without the move. ``locked``: the
        caller is that change."""
        table = self.host.table(table_id)
        if table is None or locked:
            return await self._reload(table_id, owned)
        async with table.lock:
            return await self._reload(table_id, owned)

    async def _reload(self, table_id: str, owned: bool) -> Table | None:
        row = await self.db(self.store.table, table_id)
        if row is None:
            return None
        table = self._fresh(row)
        if table.status != "waiting" and (owned or table.connections):
            await self.host.game_of(table)
        self.host.notify(table)
        return table

    def whole(self, table: Table) -> dict[str, Any]:
        """A new table's whole row, to publish."""
        return wire_row(table)

    def absorb(self, row: dict[str, Any], move: dict[str, Any] | None) -> None:
        """Apply a change another process published: the columns it wrote
        (with the table's id and new version; a new table's whole row) and,
        when the change was a move, that move (``{"number", "move"}``). A
        change out of sequence has the table reloaded from the database."""
        table = self.host.table(row["id"])
        if table is None:
            if "created" in row:  # a new table, whole
                self.host.know(read_row(row))
            else:
                self._spawn(self.reload(row["id"]))
            return
        version = row.get("version") or 0
        if version <= table.version or self.owns(table.id):
            return  # already known (or this process is the owner now)
        if version != table.version + 1:  # a change was missed
            self._spawn(self.reload(table.id))
            return
        self.host.hear(table, row, move)
        if table.game is None and table.connections and table.status != "waiting":
            self._spawn(self.reload(table.id))
        else:
            self.host.notify(table)

    async def _check(self) -> None:
        """Every few seconds, compare the tables known here with the database:
        a change whose message was dropped is reloaded."""
        while True:
            await asyncio.sleep(CHECK_EVERY)
            try:
                stored = await self.db(self.store.versions)
                known = {t.id: t for t in list(self.host.known())}
                behind = [t for t, v in stored.items()
                          if t not in known or known[t].version < v]
                behind += [t.id for t in known.values()
                           if t.status in ("waiting", "playing") and t.id not in stored]
                for table_id in behind:
                    if not self.owns(table_id):
                        await self.reload(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("checking the tables against the database failed")
