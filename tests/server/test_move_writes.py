"""PostgreSQL's one-statement move write (postgres_writes.py): it stores what the
general path stores, is fenced the same way, and outlives a connection that
the database closed, never writing a move twice; from a thread and from the
event loop.

Needs ``CARCASSONNE_TEST_POSTGRES`` (see test_storage.py); skipped otherwise.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from carcassonne.server.store import LeaseLost, Store
from carcassonne.server.tables import Seat, Table


def _store_with_table(url: str, owner: str | None = None) -> tuple[Store, Table]:
    store = Store(url)
    store.migrate()
    now = datetime.now(UTC)
    table = Table(id="t1", name="T", created=now, sets=("base",), options={},
                  hide_distribution=False, seats=(Seat("bot", bot="random"),) * 2,
                  status="playing", seed=1)
    store.add_table(table.row(), owner, now + timedelta(seconds=30) if owner else None)
    return store, table


def _end_the_writers_session(store: Store) -> None:
    """The database ends the session of the one connection that wrote moves."""
    with store.engine.begin() as connection:
        ended = connection.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND query LIKE 'WITH fenced AS%'")).all()
    assert ended == [(True,)]


def test_postgresql_writes_a_move_in_one_statement(postgres_url: str) -> None:
    store, _ = _store_with_table(postgres_url)
    try:
        assert store._moves is not None  # the one-statement path is the one taken
        clock = {"since": "2026-12-01T10:00:00+00:00", "left": [60.5, 59.25]}
        store.add_move({"id": "t1", "moves": 1, "version": 4, "clock": clock,
                        "scores": [3, 0], "current": 1}, 0, 0,
                       {"tile": "BA/Rr", "at": [1, 0], "rotation": 90, "figure": None})
        store.add_move({"id": "t1", "moves": 2, "version": 5, "status": "finished",
                        "result": {"scores": [3, 2], "winners": [0]}, "current": None},
                       1, 1, {"tile": "BB/Cc", "at": [-1, 0], "rotation": 0})
        row = store.tables()[0]
        assert (row["moves"], row["version"], row["clock"], row["scores"], row["status"],
                row["result"], row["current"]) == (
            2, 5, clock, [3, 0], "finished", {"scores": [3, 2], "winners": [0]}, None)
        assert store.moves("t1") == [
            {"tile": "BA/Rr", "at": [1, 0], "rotation": 90, "figure": None},
            {"tile": "BB/Cc", "at": [-1, 0], "rotation": 0}]
        with pytest.raises(IntegrityError):  # move 1 is stored: nothing changes
            store.add_move({"id": "t1", "moves": 2, "version": 6}, 1, 0,
                           {"tile": "BA/Rr", "at": [0, 1], "rotation": 0})
        assert store.tables()[0]["version"] == 5 and len(store.moves("t1")) == 2
        with pytest.raises(ValueError, match="no such columns"):
            store.add_move({"id": "t1", "moves": 3, "nonsense": 1}, 2, 0, {})
    finally:
        store.close()


def test_a_fenced_move_write_stores_nothing(postgres_url: str) -> None:
    store, table = _store_with_table(postgres_url, owner="a")
    try:
        store.add_move(table.row(moves=1), 0, 0, {"tile": "BA/Rr", "at": [1, 0],
                                                  "rotation": 0}, owner="a")
        with pytest.raises(LeaseLost):
            store.add_move(table.row(moves=2), 1, 1, {"tile": "BA/Rr", "at": [2, 0],
                                                      "rotation": 0}, owner="b")
        assert store.tables()[0]["moves"] == 1 and len(store.moves("t1")) == 1
    finally:
        store.close()


def test_a_move_writer_replaces_a_connection_the_database_closed(postgres_url: str) -> None:
    """The database ends the writer's session (a restart, an administrator):
    the move that meets the closed connection is refused, the next one is
    written on a new connection, and no move is stored twice."""
    store, table = _store_with_table(postgres_url)
    try:
        store.add_move(table.row(moves=1), 0, 0, {"tile": "BA/Rr", "at": [1, 0],
                                                  "rotation": 0})
        _end_the_writers_session(store)
        second = {"tile": "BA/Rr", "at": [2, 0], "rotation": 0}
        with pytest.raises(psycopg.OperationalError):
            store.add_move(table.row(moves=2), 1, 1, second)
        store.add_move(table.row(moves=2), 1, 1, second)
        assert len(store.moves("t1")) == 2 and store.tables()[0]["moves"] == 2
    finally:
        store.close()


def _in_a_loop(coroutine: Any) -> Any:
    """Run a coroutine in an event loop of its own thread (a browser test may
    leave this thread's loop running)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_event_loop_writes_moves_as_the_thread_does(postgres_url: str) -> None:
    """The server's path (``add_move_async``): the same rows, the same fence,
    the same refusal of a number already stored, and a connection the
    database closed is replaced after refusing the one move that met it."""
    store, table = _store_with_table(postgres_url, owner="a")
    first = {"tile": "BA/Rr", "at": [1, 0], "rotation": 90}
    second = {"tile": "BB/Cc", "at": [-1, 0], "rotation": 0}

    async def moves() -> None:
        assert store.async_moves is not None
        await store.add_move_async(table.row(moves=1, scores=[3, 0]), 0, 0, first,
                                   datetime.now(UTC), "a")
        with pytest.raises(LeaseLost):  # another process's table now: nothing stored
            await store.add_move_async(table.row(moves=2), 1, 1, second,
                                       datetime.now(UTC), "b")
        with pytest.raises(IntegrityError):  # move 0 is stored
            await store.add_move_async(table.row(moves=1), 0, 1, second,
                                       datetime.now(UTC), "a")
        _end_the_writers_session(store)
        with pytest.raises(psycopg.OperationalError):
            await store.add_move_async(table.row(moves=2), 1, 1, second,
                                       datetime.now(UTC), "a")
        await store.add_move_async(table.row(moves=2, scores=[3, 4]), 1, 1, second,
                                   datetime.now(UTC), "a")
        await store.async_moves.close()

    try:
        _in_a_loop(moves())
        row = store.tables()[0]
        assert (row["moves"], row["scores"]) == (2, [3, 4])
        assert store.moves("t1") == [first, second]
    finally:
        store.close()


def test_sqlite_groups_moves_once_it_has_a_thread(tmp_path: Path) -> None:
    """On SQLite a store groups moves once given the server's thread of
    moves: moves of many tables asked at once are stored in one transaction,
    each with its own answer (a number already stored refused alone)."""
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    store.migrate()
    tables = _tables(store, [None] * 6)
    try:
        assert store.async_moves is None
        with pytest.raises(RuntimeError, match="group_moves"):
            _in_a_loop(store.add_move_async({"id": "t0"}, 0, 0, {}, datetime.now(UTC)))
        groups: list[int] = []

        async def rounds() -> tuple[list[Any], list[Any], list[Any]]:
            with ThreadPoolExecutor(1) as thread:
                store.group_moves(thread)
                writer = store.async_moves
                assert writer is not None
                keep = writer._store  # type: ignore[attr-defined]

                def counted(group: list[Any]) -> list[bool]:
                    groups.append(len(group))
                    return keep(group)  # type: ignore[no-any-return]

                writer._store = counted  # type: ignore[attr-defined]
                first = await _round(store, tables, 0, None)
                second = await _round(store, tables, 1, None, also=[(0, 0)])
                # move 1 of t0 again, in one group with move 2 of the others:
                # the group is rolled back and written move by move
                third = await _round(store, tables, None, None,
                                     also=[(0, 1), *((i, 2) for i in range(1, 6))])
            return first, second, third

        first, second, third = _in_a_loop(rounds())
        assert groups[0] == 6  # the whole first round in one transaction
        assert first == [None] * 6 and second[:6] == [None] * 6
        assert isinstance(second[6], IntegrityError)
        assert isinstance(third[0], IntegrityError) and third[1:] == [None] * 5
        for index, row in enumerate(sorted(store.tables(), key=lambda r: r["id"])):
            played = 2 if index == 0 else 3
            assert (row["moves"], row["version"], row["scores"], row["current"]) == (
                played, played + 1, [played - 1, index], played % 2)
            assert store.moves(row["id"]) == [_move(index, n) for n in range(played)]
    finally:
        store.close()


def _tables(store: Store, owners: list[str | None]) -> list[Table]:
    """One more table per owner (``t0``, ``t1``...), added to ``store``."""
    now = datetime.now(UTC)
    tables = []
    for index, owner in enumerate(owners):
        table = Table(id=f"t{index}", name="T", created=now, sets=("base",), options={},
                      hide_distribution=False, seats=(Seat("bot", bot="random"),) * 2,
                      status="playing", seed=index)
        store.add_table(table.row(), owner, now + timedelta(seconds=30) if owner else None)
        tables.append(table)
    return tables


def _move(index: int, number: int) -> dict[str, Any]:
    return {"tile": "BA/Rr", "at": [index, number + 1], "rotation": 90 * (number % 4)}


async def _round(store: Store, tables: list[Table], number: int | None, owner: str | None,
                 also: list[tuple[int, int]] | None = None) -> list[Any]:
    """Move ``number`` of every table (unless None), and the moves ``also``
    (as (table index, number)), all asked at once; each one's answer: None
    or its error."""
    asks = [(i, number) for i in range(len(tables)) if number is not None] + list(also or [])
    return await asyncio.gather(*(
        store.add_move_async({"id": tables[i].id, "moves": n + 1, "version": n + 2,
                              "scores": [n, i], "current": (n + 1) % 2,
                              "clock": {"since": "2026-12-01T10:00:00+00:00"}},
                             n, n % 2, _move(i, n), datetime.now(UTC), owner)
        for i, n in asks), return_exceptions=True)


def test_moves_waiting_together_are_written_together(postgres_url: str) -> None:
    """Moves of many tables asked at once are written as one statement, and
    each still gets its own answer: stored, fenced off (``LeaseLost``, the
    table is another process's), or refused (``IntegrityError``, a number
    already stored, which has the others written one by one)."""
    store = Store(postgres_url)
    store.migrate()
    tables = _tables(store, ["a"] * 7 + ["b"])
    groups: list[int] = []

    async def rounds() -> tuple[list[Any], list[Any]]:
        writer = store.async_moves
        assert writer is not None
        write_many = writer._write_many  # type: ignore[attr-defined]

        async def counted(connection: Any, group: list[Any]) -> set[str]:
            groups.append(len(group))
            return await write_many(connection, group)  # type: ignore[no-any-return]

        writer._write_many = counted  # type: ignore[attr-defined]
        first = await _round(store, tables, 0, "a")
        # move 0 of t0 again, beside move 1 of every table: refused alone
        second = await _round(store, tables, 1, "a", also=[(0, 0)])
        await writer.close()
        return first, second

    try:
        first, second = _in_a_loop(rounds())
        assert groups[0] == 8  # the whole first round in one statement
        assert first[:7] == [None] * 7 and isinstance(first[7], LeaseLost)
        assert second[:7] == [None] * 7 and isinstance(second[7], LeaseLost)
        assert isinstance(second[8], IntegrityError)
        for index, row in enumerate(sorted(store.tables(), key=lambda r: r["id"])):
            if index == 7:
                assert row["moves"] == 0 and store.moves(row["id"]) == []
                continue
            assert (row["moves"], row["version"], row["scores"], row["current"], row["clock"]) == (
                2, 3, [1, index], 0, {"since": "2026-12-01T10:00:00+00:00"})
            assert store.moves(row["id"]) == [_move(index, 0), _move(index, 1)]
    finally:
        store.close()
