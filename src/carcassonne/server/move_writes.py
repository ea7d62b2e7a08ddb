"""A move's write on PostgreSQL: one statement, one round trip.

Moves are the server's most frequent write by far, and on PostgreSQL the
general path (SQLAlchemy Core: a statement built and compiled, a pooled
connection pinged and reset, a transaction begun and committed) costs about
a millisecond of Python per move, under the one lock every thread of the
process shares. This path writes the same rows with one prepared statement
on a connection that each move-writing thread keeps for itself, in
autocommit mode::

    WITH fenced AS (UPDATE tables SET ... WHERE id = $id AND owner = $owner
                    RETURNING id)
    INSERT INTO moves (table_id, number, seat, move, played)
    SELECT id, $number, $seat, $move, $played FROM fenced

One statement is one transaction: the table's new columns and the move are
stored together or not at all. The fence (``owner``) is the ``UPDATE``'s
condition: when another process has taken the table, no row is updated, so
none is inserted, and the write says so (the store raises
:class:`~carcassonne.server.store.LeaseLost`). A move number already
stored breaks the primary key, as on the general path (``IntegrityError``).
The last move of a rated game, which also writes ratings, and SQLite take
the general path.

A connection that fails is closed and replaced at the thread's next move;
the move that met the failure is refused, never written twice.

The server makes these writes from its event loop (:class:`AsyncMoveWriter`,
on connections of its own); :class:`MoveWriter` makes them from a thread,
for the store's blocking calls.
"""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import datetime
from typing import Any

import psycopg
from sqlalchemy import JSON
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from carcassonne.server.models import TableRow

#: The columns of ``tables`` stored as JSON text.
_JSON_COLUMNS = frozenset(column.name for column in TableRow.__table__.columns
                          if isinstance(column.type, JSON))
_KNOWN = frozenset(column.name for column in TableRow.__table__.columns)


class MoveWriter:
    """Writes moves on PostgreSQL, each thread on a connection of its own."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._local = threading.local()
        self._open: list[Any] = []
        self._lock = threading.Lock()
        self._statements: dict[tuple[tuple[str, ...], bool], str] = {}

    def write(self, table_id: str, values: dict[str, Any], number: int, seat: int,
              move: dict[str, Any], played: datetime, owner: str | None) -> bool:
        """Store ``values`` (columns of ``tables``) and move ``number`` of
        ``table_id`` in one statement; with ``owner``, only while that
        process holds the table. Whether it was stored (False: the table is
        another process's, or gone, and nothing was written)."""
        sql, params = self.prepare(table_id, values, number, seat, move, played, owner)
        connection = self._connection()
        try:
            cursor = connection.execute(sql, params, prepare=True)
        except psycopg.IntegrityError as err:
            raise IntegrityError(sql, params, err) from None
        except Exception:
            self._drop(connection)
            raise
        return bool(cursor.rowcount == 1)

    def prepare(self, table_id: str, values: dict[str, Any], number: int, seat: int,
                move: dict[str, Any], played: datetime,
                owner: str | None) -> tuple[str, list[Any]]:
        """The statement of a move's write and its parameters."""
        columns = tuple(sorted(values))
        unknown = set(columns) - _KNOWN
        if unknown:
            raise ValueError(f"no such columns in tables: {sorted(unknown)}")
        sql = self._statement(columns, owner is not None)
        params: list[Any] = [json.dumps(values[c]) if c in _JSON_COLUMNS and values[c] is not None
                             else values[c] for c in columns]
        params.append(table_id)
        if owner is not None:
            params.append(owner)
        params += [number, seat, json.dumps(move), played]
        return sql, params

    def _statement(self, columns: tuple[str, ...], fenced: bool) -> str:
        key = (columns, fenced)
        sql = self._statements.get(key)
        if sql is None:
            sets = ", ".join(f'"{c}" = %s' for c in columns)
            where = "id = %s AND owner = %s" if fenced else "id = %s"
            sql = (f"WITH fenced AS (UPDATE tables SET {sets} WHERE {where} RETURNING id) "
                   "INSERT INTO moves (table_id, number, seat, move, played) "
                   "SELECT id, %s, %s, %s, %s FROM fenced")
            self._statements[key] = sql
        return sql

    def _connection(self) -> Any:
        """This thread's connection: a driver connection taken out of the
        engine's pool for good, in autocommit mode."""
        connection = getattr(self._local, "connection", None)
        if connection is None or connection.closed or connection.broken:
            pooled = self.engine.raw_connection()
            connection = pooled.driver_connection
            pooled.detach()  # ours from now on: the pool neither resets nor reuses it
            connection.rollback()  # whatever the pool's ping began
            connection.autocommit = True
            self._local.connection = connection
            with self._lock:
                self._open.append(connection)
        return connection

    def _drop(self, connection: Any) -> None:
        self._local.connection = None
        with self._lock:
            if connection in self._open:
                self._open.remove(connection)
        connection.close()

    def close(self) -> None:
        """Close every thread's connection (the server stops)."""
        with self._lock:
            connections, self._open = self._open, []
        for connection in connections:
            connection.close()


class AsyncMoveWriter:
    """The same one-statement write, made from the event loop itself: a few
    psycopg async connections, each carrying one move at a time. A move is
    then never handed to a thread and back, which cost the event loop about
    a tenth of its time under load (the future, the wake-ups, and the
    interpreter's lock passed between the threads).

    Connections belong to the event loop that opened them; a writer used
    from another loop (a server started again in the same process) opens
    new ones."""

    def __init__(self, sync: MoveWriter, conninfo: str, size: int = 4) -> None:
        self._sync = sync
        self._conninfo = conninfo
        self._size = size
        self._loop: asyncio.AbstractEventLoop | None = None
        self._free: list[psycopg.AsyncConnection[Any]] = []
        self._slots = asyncio.Semaphore(size)

    async def write(self, table_id: str, values: dict[str, Any], number: int, seat: int,
                    move: dict[str, Any], played: datetime, owner: str | None) -> bool:
        """As :meth:`MoveWriter.write`. A connection that fails is closed
        and the move refused (the error is raised), never written twice."""
        sql, params = self._sync.prepare(table_id, values, number, seat, move, played, owner)
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._free, self._slots = loop, [], asyncio.Semaphore(self._size)
        async with self._slots:
            connection = self._free.pop() if self._free else (
                await psycopg.AsyncConnection.connect(self._conninfo, autocommit=True))
            try:
                cursor = await connection.execute(sql, params, prepare=True)
            except psycopg.IntegrityError as err:
                self._free.append(connection)
                raise IntegrityError(sql, params, err) from None
            except BaseException:
                await connection.close()
                raise
            self._free.append(connection)
        return bool(cursor.rowcount == 1)

    async def close(self) -> None:
        """Close the connections (the server stops)."""
        connections, self._free = self._free, []
        for connection in connections:
            await connection.close()
