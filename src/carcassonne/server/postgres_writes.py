"""Moves on PostgreSQL: the server's most frequent write by far, made cheap.

On PostgreSQL the general path (SQLAlchemy Core: a statement built and
compiled, a pooled connection pinged and reset, a transaction begun and
committed) costs about a millisecond of Python per move, under the one lock
every thread of the process shares. :class:`MoveWriter` writes the same rows
with one prepared statement, in autocommit mode::

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
The last move of a rated game, which also writes ratings, takes the
general path.

The server writes its moves grouped
(:class:`~carcassonne.server.move_writes.GroupedWriter`): on PostgreSQL
:class:`AsyncMoveWriter` writes a group in one statement from the event
loop. :class:`MoveWriter` serves the store's blocking calls, from a thread.
This module needs psycopg (the ``postgres`` extra) and is imported only
for a PostgreSQL database.

A connection that fails is closed and replaced; the moves that met the
failure are refused, never written twice.
"""

from __future__ import annotations

import json
import threading
from datetime import datetime
from typing import Any

from carcassonne.extras import require

require("psycopg", extra="postgres", purpose="a PostgreSQL database")

import psycopg  # noqa: E402
from sqlalchemy.dialects import postgresql  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402
from sqlalchemy.exc import IntegrityError  # noqa: E402

from carcassonne.server.models import TableRow  # noqa: E402
from carcassonne.server.move_writes import (  # noqa: E402
    JSON_COLUMNS,
    KNOWN_COLUMNS,
    GroupedWriter,
    Write,
    settle,
)


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
        unknown = set(columns) - KNOWN_COLUMNS
        if unknown:
            raise ValueError(f"no such columns in tables: {sorted(unknown)}")
        sql = self._statement(columns, owner is not None)
        params: list[Any] = [json.dumps(values[c]) if c in JSON_COLUMNS and values[c] is not None
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


class AsyncMoveWriter(GroupedWriter):
    """The same writes, made from the event loop itself, and grouped
    (:class:`~carcassonne.server.move_writes.GroupedWriter`).

    A move is never handed to a thread and back, which cost the event loop
    about a tenth of its time under load (the future, the wake-ups, and the
    interpreter's lock passed between the threads). A group is written in
    one statement, ``unnest`` turning arrays of its moves' values into rows::

        WITH given AS (SELECT * FROM unnest(ids, owners, columns..., numbers, ...)),
             locked AS (SELECT ... ORDER BY tables.id FOR UPDATE OF tables),
             fenced AS (UPDATE tables SET ... FROM given
                        WHERE tables.id = given.id AND tables.owner = given.owner
                        RETURNING tables.id)
        INSERT INTO moves (...) SELECT ... FROM given JOIN fenced USING (id)
        RETURNING table_id

    Each move is still fenced on its own (a table another process holds
    stores nothing, and only its writer hears ``LeaseLost``), and one
    statement is one transaction, so a group is stored whole or not at all.
    Grouping costs a move a few microseconds of the driver's Python
    instead of about a hundred, and the database one commit for the group.
    A move number already stored breaks the whole statement: the group is
    then written again move by move, so that only that move is refused.

    Each group being written has a psycopg async connection of its own.
    Connections belong to the event loop that opened them; a writer used
    from another loop (a server started again in the same process) opens
    new ones. A connection that fails is closed and every move of its group
    refused (the error is raised), never written twice."""

    def __init__(self, sync: MoveWriter, conninfo: str, size: int = 2,
                 group: int = 256) -> None:
        super().__init__(size, group)
        self._sync = sync
        self._conninfo = conninfo
        self._free: list[psycopg.AsyncConnection[Any]] = []
        self._statements: dict[tuple[tuple[str, ...], bool], str] = {}

    def _new_loop(self) -> None:
        self._free = []

    async def _write_group(self, group: list[Write]) -> None:
        connection = self._free.pop() if self._free else None
        try:
            if connection is None:
                connection = await psycopg.AsyncConnection.connect(self._conninfo,
                                                                   autocommit=True)
            if len(group) == 1:
                stored = await self._write_one(connection, group[0])
                settle(group[0], stored)
            else:
                try:
                    ids = await self._write_many(connection, group)
                except psycopg.IntegrityError:  # one of them is stored already: one by one
                    for write in group:
                        try:
                            settle(write, await self._write_one(connection, write))
                        except IntegrityError as err:
                            write.done.set_exception(err)
                else:
                    for write in group:
                        settle(write, write.table_id in ids)
        except IntegrityError as err:
            group[0].done.set_exception(err)
        except BaseException as err:
            if connection is not None:
                await connection.close()
                connection = None
            for write in group:
                if not write.done.done():
                    write.done.set_exception(err)
            if not isinstance(err, Exception):
                raise
        finally:
            if connection is not None:
                self._free.append(connection)

    async def _write_one(self, connection: psycopg.AsyncConnection[Any], write: Write) -> bool:
        sql, params = self._sync.prepare(write.table_id, write.values, write.number,
                                         write.seat, write.move, write.played, write.owner)
        try:
            cursor = await connection.execute(sql, params, prepare=True)
        except psycopg.IntegrityError as err:
            raise IntegrityError(sql, params, err) from None
        return bool(cursor.rowcount == 1)

    async def _write_many(self, connection: psycopg.AsyncConnection[Any],
                          group: list[Write]) -> set[str]:
        """Write ``group`` (moves of one kind) in one statement: the ids of
        the tables whose move was stored."""
        columns, fenced = group[0].kind
        params: list[Any] = [[w.table_id for w in group]]
        if fenced:
            params.append([w.owner for w in group])
        for column in columns:
            if column in JSON_COLUMNS:
                params.append([None if w.values[column] is None else json.dumps(w.values[column])
                               for w in group])
            else:
                params.append([w.values[column] for w in group])
        params += [[w.number for w in group], [w.seat for w in group],
                   [json.dumps(w.move) for w in group], [w.played for w in group]]
        cursor = await connection.execute(self._statement(columns, fenced), params,
                                          prepare=True)
        return {row[0] for row in await cursor.fetchall()}

    def _statement(self, columns: tuple[str, ...], fenced: bool) -> str:
        key = (columns, fenced)
        sql = self._statements.get(key)
        if sql is None:
            names = ["id", *(["owner"] if fenced else []), *(f"c{i}" for i in range(len(columns))),
                     "number", "seat", "move", "played"]
            types = ["text", *(["text"] if fenced else []), *map(_array_type, columns),
                     "integer", "integer", "text", "timestamptz"]
            arrays = ", ".join(f"%s::{t}[]" for t in types)
            sets = ", ".join(f'"{c}" = given.c{i}' + ("::json" if c in JSON_COLUMNS else "")
                             for i, c in enumerate(columns))
            where = "tables.id = given.id" + (" AND tables.owner = given.owner" if fenced
                                              else "")
            # The rows are locked in the order of their ids first, as every
            # statement changing several rows does (store.py, _in_order).
            sql = (f"WITH given AS (SELECT * FROM unnest({arrays}) AS given({', '.join(names)})), "
                   f"locked AS MATERIALIZED (SELECT tables.id FROM tables JOIN given ON {where} "
                   "ORDER BY tables.id FOR UPDATE OF tables), "
                   f"fenced AS (UPDATE tables SET {sets} FROM given WHERE {where} "
                   "AND tables.id IN (SELECT id FROM locked) RETURNING tables.id) "
                   "INSERT INTO moves (table_id, number, seat, move, played) "
                   "SELECT given.id, given.number, given.seat, given.move::json, given.played "
                   "FROM given JOIN fenced ON fenced.id = given.id RETURNING table_id")
            self._statements[key] = sql
        return sql

    async def close(self) -> None:
        """Close the connections (the server stops)."""
        connections, self._free = self._free, []
        for connection in connections:
            await connection.close()


def _array_type(column: str) -> str:
    """The PostgreSQL type of an array of ``column``'s values as sent
    (JSON goes as text, turned into JSON by the statement)."""
    if column in JSON_COLUMNS:
        return "text"
    sql_type = TableRow.__table__.columns[column].type
    return str(sql_type.compile(dialect=postgresql.dialect()))
