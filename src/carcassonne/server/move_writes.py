"""Moves: the server's most frequent write by far, written grouped.

The server writes its moves grouped (:class:`GroupedWriter`): moves that
arrive while others are being written are written together, on PostgreSQL
in one statement from the event loop
(:class:`~carcassonne.server.postgres_writes.AsyncMoveWriter`), on SQLite
in one transaction in the thread of moves (:class:`SqliteMoveWriter`).
This module needs no database driver beyond SQLAlchemy's own: the
PostgreSQL writers, which need psycopg (the ``postgres`` extra), live in
:mod:`~carcassonne.server.postgres_writes`, imported only for a
PostgreSQL database.

A connection that fails is closed and replaced; the moves that met the
failure are refused, never written twice.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, bindparam, insert, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from carcassonne.server.models import MoveRow, TableRow

#: The columns of ``tables`` stored as JSON text.
JSON_COLUMNS = frozenset(column.name for column in TableRow.__table__.columns
                         if isinstance(column.type, JSON))
#: Every column of ``tables``.
KNOWN_COLUMNS = frozenset(column.name for column in TableRow.__table__.columns)


@dataclass
class Write:
    """One move waiting to be written, and the future its writer awaits."""

    table_id: str
    values: dict[str, Any]
    number: int
    seat: int
    move: dict[str, Any]
    played: datetime
    owner: str | None
    done: asyncio.Future[bool]

    @property
    def kind(self) -> tuple[tuple[str, ...], bool]:
        """The statement it needs: its columns, and whether it is fenced."""
        return tuple(sorted(self.values)), self.owner is not None


class GroupedWriter:
    """Moves written from the event loop, grouped: moves that arrive while
    others are being written wait, and are then written together, at most
    ``size`` groups at once and ``group`` moves a group, the oldest first,
    one kind of statement (:attr:`Write.kind`) and one move per table a
    group (one table has at most one move being written anyway: its lock).
    A subclass says how a group is written (:meth:`_write_group`) and
    settles each move's future: stored (True), fenced off (False), or the
    error that refused it."""

    def __init__(self, size: int, group: int) -> None:
        self._size = size
        self._group = group
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[Write] = []
        self._writers = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def write(self, table_id: str, values: dict[str, Any], number: int, seat: int,
                    move: dict[str, Any], played: datetime, owner: str | None) -> bool:
        """As :meth:`~carcassonne.server.postgres_writes.MoveWriter.write`,
        with the moves of other tables that are waiting meanwhile."""
        unknown = set(values) - KNOWN_COLUMNS
        if unknown:
            raise ValueError(f"no such columns in tables: {sorted(unknown)}")
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop, self._waiting, self._writers = loop, [], 0
            self._new_loop()
        write = Write(table_id, values, number, seat, move, played, owner,
                       loop.create_future())
        self._waiting.append(write)
        if self._writers < self._size:
            self._writers += 1
            task = loop.create_task(self._write_waiting())
            self._tasks.add(task)  # (the loop keeps only a weak reference)
            task.add_done_callback(self._tasks.discard)
        return await write.done

    def _new_loop(self) -> None:
        """Forget what belonged to another event loop (a server started again)."""

    async def _write_waiting(self) -> None:
        """Write the waiting moves, a group at a time, until none wait."""
        try:
            while self._waiting:
                await self._write_group(self._take())
        finally:
            self._writers -= 1

    def _take(self) -> list[Write]:
        """The next group: the oldest waiting moves of one kind of
        statement, at most one per table."""
        kind = self._waiting[0].kind
        group: list[Write] = []
        tables: set[str] = set()
        rest: list[Write] = []
        for write in self._waiting:
            if len(group) < self._group and write.kind == kind and write.table_id not in tables:
                group.append(write)
                tables.add(write.table_id)
            else:
                rest.append(write)
        self._waiting = rest
        return group

    async def _write_group(self, group: list[Write]) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        """Let go of what the writer holds (the server stops)."""


class SqliteMoveWriter(GroupedWriter):
    """SQLite's moves, grouped (:class:`GroupedWriter`): a group is one
    transaction in the server's thread of moves, each statement made once
    for all its moves (``executemany``). One move at a time through the
    general path cost about 0.7 ms of Python; a group of 100, about 26 µs a
    move. A move number already stored rolls the group back, which is then
    written move by move so that only that move is refused. A fenced move
    (a process ``owner``: SQLite serves one process, but the store allows
    it) is checked on its own, as the general path does."""

    def __init__(self, engine: Engine, executor: Executor, group: int = 256) -> None:
        super().__init__(1, group)  # SQLite writes one transaction at a time
        self._engine = engine
        self._executor = executor

    async def _write_group(self, group: list[Write]) -> None:
        loop = asyncio.get_running_loop()
        try:
            try:
                stored = await loop.run_in_executor(self._executor, self._store, group)
            except IntegrityError:  # one of them is stored already: one by one
                stored = []
                for write in group:
                    try:
                        stored += await loop.run_in_executor(self._executor, self._store,
                                                             [write])
                    except IntegrityError as err:
                        write.done.set_exception(err)
                        stored.append(False)
        except BaseException as err:
            for write in group:
                if not write.done.done():
                    write.done.set_exception(err)
            if not isinstance(err, Exception):
                raise
        else:
            for write, done in zip(group, stored, strict=True):
                settle(write, done)

    def _store(self, group: list[Write]) -> list[bool]:
        """Write ``group`` (moves of one kind) in one transaction; whether
        each was stored."""
        columns, fenced = group[0].kind
        table = TableRow.__table__
        change = update(table).where(table.c.id == bindparam("w_id"))
        if fenced:
            change = change.where(table.c.owner == bindparam("w_owner"))
        change = change.values({c: bindparam(f"w_{c}") for c in columns})
        rows = [{"w_id": w.table_id, "w_owner": w.owner,
                 **{f"w_{c}": w.values[c] for c in columns}} for w in group]
        with self._engine.begin() as connection:
            if fenced:  # each on its own: which ones the fence refused
                stored = [connection.execute(change, [row]).rowcount == 1 for row in rows]
            else:
                connection.execute(change, rows)
                stored = [True] * len(group)
            moves = [{"table_id": w.table_id, "number": w.number, "seat": w.seat,
                      "move": w.move, "played": w.played}
                     for w, done in zip(group, stored, strict=True) if done]
            if moves:
                connection.execute(insert(MoveRow.__table__), moves)
        return stored


def settle(write: Write, stored: bool) -> None:
    if not write.done.done():  # (its writer may have been cancelled)
        write.done.set_result(stored)
