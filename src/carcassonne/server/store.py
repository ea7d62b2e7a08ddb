"""Storage: the database calls the server makes, one transaction each.

Every call is blocking; the server runs them in a worker thread so the
event loop keeps serving other tables. A move and the table's new move
count (and result, when the move ends the game) are written in one
transaction, so the database never holds half a move.

    >>> store = Store("sqlite://")
    >>> store.migrate()
    >>> store.tables()
    []
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    true,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from carcassonne.extras import require
from carcassonne.server.models import (
    AccountRow,
    CompetitionRow,
    MoveRow,
    RatingEventRow,
    RatingRow,
    SessionRow,
    TableRow,
    utc,
)
from carcassonne.server.notices import Mail, queue
from carcassonne.server.rating_writes import apply_rating
from carcassonne.server.ratings import RatedResult, conservative

if TYPE_CHECKING:
    from collections.abc import Sequence
    from concurrent.futures import Executor

    from carcassonne.server.move_writes import GroupedWriter
    from carcassonne.server.postgres_writes import MoveWriter

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_COLUMNS = [column.name for column in TableRow.__table__.columns]


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite connections may be used from any
    thread; an in-memory SQLite database keeps one connection (else each
    connection would see its own empty database); a file runs in WAL mode."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(url, connect_args={"check_same_thread": False},
                               poolclass=StaticPool if memory else None)
        if not memory:
            event.listen(engine, "connect", _write_ahead)
        return engine
    if url.startswith("postgresql"):
        require("psycopg", extra="postgres", purpose="a PostgreSQL database")
    return create_engine(url, pool_pre_ping=True)


def _write_ahead(connection: Any, _record: Any) -> None:
    """SQLite files run in WAL mode: readers never wait for the writer, and
    a commit is one append to the log (still synced: a stored move stays)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


class LeaseLost(Exception):
    """A write for a table this process no longer owns: another process took
    it over (cluster.py). Nothing was written."""


#: The statuses of tables that are owned (leased) by a process.
LIVE = ("waiting", "playing")


def _owned_by(owner: str | None) -> Any:
    """The condition a fenced write puts on its table's row: still ours."""
    return true() if owner is None else TableRow.owner == owner


def _unheld(now: datetime, alive: set[str] | None) -> Any:
    """The condition of a table nobody holds at ``now``: never leased, its
    lease run out, or (given the processes ``alive``) its owner not alive."""
    unheld = or_(TableRow.owner.is_(None), TableRow.lease_until.is_(None),
                 TableRow.lease_until < now)
    if alive:
        unheld = or_(unheld, TableRow.owner.not_in(sorted(alive)))
    return unheld


def _in_order(*conditions: Any) -> Any:
    """The condition "one of the rows ``conditions`` select", those rows
    locked first, one after the other in the order of their ids.

    Every statement that changes several rows of ``tables`` at once (a
    group of moves, lease renewals, claims) takes its row locks in this one
    order: two of them in different orders, each holding a row the other
    waits for, would deadlock, and PostgreSQL would fail one after a second
    (its ``deadlock_timeout``). SQLite, which locks the whole file, ignores
    ``FOR UPDATE``."""
    return TableRow.id.in_(select(TableRow.id).where(*conditions)
                           .order_by(TableRow.id).with_for_update())


def _row(row: Any) -> dict[str, Any]:
    """A ``tables`` row as a dict, its times in UTC."""
    values = {name: row[name] for name in _COLUMNS}
    values["created"] = utc(values["created"])
    if values["lease_until"] is not None:
        values["lease_until"] = utc(values["lease_until"])
    return values


def _fenced_update(connection: Connection, table_id: str, values: dict[str, Any],
                   owner: str | None) -> None:
    """Update a table's row; with ``owner``, only while that process owns it."""
    done = connection.execute(update(TableRow).where(
        TableRow.id == table_id, _owned_by(owner)).values(values))
    if owner is not None and done.rowcount != 1:
        raise LeaseLost(f"table {table_id} is no longer owned by {owner}")


class Store:
    """The database of one server."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        #: PostgreSQL's one-statement move write (postgres_writes.py), else None.
        self._moves: MoveWriter | None = None
        #: The server's moves, grouped (move_writes.py): on PostgreSQL from
        #: the event loop; on SQLite once :meth:`group_moves` is called.
        self.async_moves: GroupedWriter | None = None
        if self.engine.dialect.driver == "psycopg":
            from carcassonne.server.postgres_writes import AsyncMoveWriter, MoveWriter

            self._moves = MoveWriter(self.engine)
            url = self.engine.url.set(drivername="postgresql")
            self.async_moves = AsyncMoveWriter(self._moves,
                                               url.render_as_string(hide_password=False))

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration. On PostgreSQL
        a transaction lock comes first, so processes started together migrate
        one after the other (the later ones find nothing to do)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(text("SELECT pg_advisory_xact_lock(7300002)"))
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def add_table(self, row: dict[str, Any], owner: str | None = None,
                  until: datetime | None = None) -> None:
        """Store a new table (see :meth:`Table.row <carcassonne.server.tables.Table.row>`),
        leased to the process ``owner`` until ``until`` if given."""
        with self.engine.begin() as connection:
            connection.execute(insert(TableRow), [{**row, "owner": owner,
                                                   "lease_until": until}])

    def update_table(self, row: dict[str, Any], owner: str | None = None,
                     rating: RatedResult | None = None, at: datetime | None = None,
                     mails: Sequence[Mail] = ()) -> list[dict[str, int]] | None:
        """Store a table's new columns (its id says which), and with a rated
        game ended without a move (a resignation) the ratings it gives at
        ``at`` (see :func:`apply_rating`, whose figures are answered), and
        the ``mails`` the change queues (notices.py). With
        ``owner``, only while that process owns the table (else
        :class:`LeaseLost`)."""
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        with self.engine.begin() as connection:
            _fenced_update(connection, row["id"], values, owner)
            queue(connection, mails, at or datetime.now(UTC))
            if rating is not None:
                return apply_rating(connection, row["id"], rating, at or datetime.now(UTC))
        return None

    def add_move(self, row: dict[str, Any], number: int, seat: int,
                 move: dict[str, Any], rating: RatedResult | None = None,
                 played: datetime | None = None, owner: str | None = None,
                 mails: Sequence[Mail] = ()) -> list[dict[str, int]] | None:
        """Store move ``number`` of a table and the table's new columns, at once,
        and with the last move of a rated game the ratings it gives (their
        figures answered, see :func:`apply_rating`), and the ``mails`` it
        queues (notices.py; such a move takes this general path). With
        ``owner``, only while that process owns the table (else
        :class:`LeaseLost`, and nothing is stored).

        The primary key (table, number) refuses a second move with the same
        number: two writers can never both store move 12, so a game's result
        and its ratings are stored exactly once."""
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        played = played or datetime.now(UTC)
        if rating is None and not mails and self._moves is not None:
            if not self._moves.write(row["id"], values, number, seat, move, played, owner):
                raise LeaseLost(f"table {row['id']} is no longer owned by {owner}")
            return None
        with self.engine.begin() as connection:
            _fenced_update(connection, row["id"], values, owner)
            queue(connection, mails, played)
            connection.execute(insert(MoveRow), [{
                "table_id": row["id"], "number": number, "seat": seat, "move": move,
                "played": played}])
            if rating is not None:
                return apply_rating(connection, row["id"], rating, played)
        return None

    def group_moves(self, executor: Executor) -> None:
        """Have :meth:`add_move_async` group moves on SQLite too, writing
        them in ``executor`` (the server's thread of moves: an in-memory
        database has one connection, used from one thread). PostgreSQL
        groups them from the event loop already."""
        if self.engine.dialect.name == "sqlite":  # (a server started again: its new thread)
            from carcassonne.server.move_writes import SqliteMoveWriter

            self.async_moves = SqliteMoveWriter(self.engine, executor)

    async def add_move_async(self, row: dict[str, Any], number: int, seat: int,
                             move: dict[str, Any], played: datetime,
                             owner: str | None = None) -> None:
        """:meth:`add_move` of a move that gives no ratings, from the event
        loop, grouped with the moves of other tables being written meanwhile
        (see :attr:`async_moves`; on SQLite once :meth:`group_moves` gave it
        a thread)."""
        if self.async_moves is None:
            raise RuntimeError("moves are grouped on PostgreSQL, and on SQLite once "
                               "group_moves() gave the store a thread")
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        if not await self.async_moves.write(row["id"], values, number, seat, move, played, owner):
            raise LeaseLost(f"table {row['id']} is no longer owned by {owner}")

    # -- leases (cluster.py) -------------------------------------------------------------

    def claim_table(self, table_id: str, owner: str, until: datetime, now: datetime) -> bool:
        """Lease a table to ``owner`` until ``until`` if nobody else holds a
        lease on it at ``now``; whether ``owner`` holds it now."""
        with self.engine.begin() as connection:
            done = connection.execute(update(TableRow).where(
                TableRow.id == table_id,
                or_(TableRow.owner.is_(None), TableRow.owner == owner,
                    TableRow.lease_until.is_(None), TableRow.lease_until < now),
            ).values(owner=owner, lease_until=until))
        return done.rowcount == 1

    def claim_tables(self, table_ids: list[str], owner: str, until: datetime,
                     now: datetime, alive: set[str] | None = None) -> list[str]:
        """Lease to ``owner`` every table of ``table_ids`` still waiting or
        being played that nobody holds at ``now`` (see :meth:`orphans`); the
        ids it got."""
        with self.engine.begin() as connection:
            rows = connection.execute(update(TableRow).where(_in_order(
                TableRow.id.in_(table_ids), TableRow.status.in_(LIVE), _unheld(now, alive),
            )).values(owner=owner, lease_until=until).returning(TableRow.id)).all()
        return [table_id for (table_id,) in rows]

    def hand_over(self, table_id: str, owner: str, to: str, until: datetime) -> bool:
        """Pass ``owner``'s lease of a table to the process ``to``, until
        ``until``; whether it was ``owner``'s to pass."""
        with self.engine.begin() as connection:
            done = connection.execute(update(TableRow).where(
                TableRow.id == table_id, TableRow.owner == owner).values(
                owner=to, lease_until=until))
        return done.rowcount == 1

    def rows(self, table_ids: list[str]) -> list[dict[str, Any]]:
        """The rows of the tables ``table_ids`` (those that exist)."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(TableRow.__table__).where(
                TableRow.id.in_(table_ids))).mappings().all()
        return [_row(row) for row in rows]

    def moves_of(self, table_ids: list[str]) -> dict[str, list[dict[str, Any]]]:
        """The moves of each of the tables ``table_ids``, in order, at once."""
        out: dict[str, list[dict[str, Any]]] = {table_id: [] for table_id in table_ids}
        with self.engine.connect() as connection:
            rows = connection.execute(select(MoveRow.table_id, MoveRow.number, MoveRow.move)
                                      .where(MoveRow.table_id.in_(table_ids))
                                      .order_by(MoveRow.table_id, MoveRow.number)).all()
        for table_id, number, move in rows:
            if number != len(out[table_id]):
                raise ValueError(f"table {table_id}: move {len(out[table_id])} is missing")
            out[table_id].append(move)
        return out

    def renew(self, owner: str, until: datetime) -> list[str]:
        """Extend ``owner``'s leases of tables still waiting or being played
        to ``until``; the ids of those tables."""
        with self.engine.begin() as connection:
            rows = connection.execute(update(TableRow).where(_in_order(
                TableRow.owner == owner, TableRow.status.in_(LIVE))).values(
                lease_until=until).returning(TableRow.id)).all()
        return [table_id for (table_id,) in rows]

    def orphans(self, now: datetime, alive: set[str] | None = None,
                limit: int = 500) -> list[str]:
        """Tables waiting or being played that nobody holds, oldest first:
        their lease ran out (their owner died or stopped), nobody ever leased
        them, or (given the processes ``alive``) their owner is not alive."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(TableRow.id).where(
                TableRow.status.in_(LIVE), _unheld(now, alive)).order_by(
                TableRow.created).limit(limit)).all()
        return [table_id for (table_id,) in rows]

    def lease_of(self, table_id: str) -> tuple[str | None, datetime | None] | None:
        """Who owns a table and until when; None if there is no such table."""
        with self.engine.connect() as connection:
            row = connection.execute(select(TableRow.owner, TableRow.lease_until).where(
                TableRow.id == table_id)).first()
        if row is None:
            return None
        return row[0], None if row[1] is None else utc(row[1])

    def release(self, owner: str) -> None:
        """End every lease of ``owner`` (it stops): others take its tables at once."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(
                _in_order(TableRow.owner == owner)).values(lease_until=None))

    def versions(self) -> dict[str, int]:
        """The version of every table waiting or being played."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(TableRow.id, TableRow.version).where(
                TableRow.status.in_(LIVE))).all()
        return dict(rows)  # type: ignore[arg-type]

    def table(self, table_id: str) -> dict[str, Any] | None:
        """One table's row, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(TableRow.__table__).where(
                TableRow.id == table_id)).mappings().first()
        return None if row is None else _row(row)

    def tables(self) -> list[dict[str, Any]]:
        """Every table's row, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(TableRow.__table__).order_by(
                TableRow.created, TableRow.id)).mappings().all()
        return [_row(row) for row in rows]

    def moves(self, table_id: str) -> list[dict[str, Any]]:
        """The moves of a table in the order they were played."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(MoveRow.number, MoveRow.move).where(
                MoveRow.table_id == table_id).order_by(MoveRow.number)).all()
        for expected, (number, _) in enumerate(rows):
            if number != expected:
                raise ValueError(f"table {table_id}: move {expected} is missing")
        return [move for _, move in rows]

    # -- accounts and sessions -------------------------------------------------------

    def add_account(self, row: dict[str, Any]) -> bool:
        """Store a new account; False if its name (whatever its case) is taken."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(AccountRow), [row])
        except IntegrityError:
            return False
        return True

    def account(self, key: str) -> dict[str, Any] | None:
        """The account row whose case-folded name is ``key``, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(AccountRow.__table__).where(
                AccountRow.name_key == key)).mappings().first()
        return dict(row) if row is not None else None

    def add_session(self, token_hash: str, account_id: str, created: datetime,
                    expires: datetime) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(SessionRow), [{
                "token_hash": token_hash, "account_id": account_id, "created": created,
                "expires": expires}])

    def session_account(self, token_hash: str, now: datetime) -> dict[str, Any] | None:
        """The account of a session that has not expired, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(AccountRow.__table__, SessionRow.expires)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.token_hash == token_hash)).mappings().first()
        if row is None or utc(row["expires"]) <= now:
            return None
        return {k: v for k, v in row.items() if k != "expires"}

    def delete_session(self, token_hash: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    # -- ratings ------------------------------------------------------------------------

    def ratings(self, family: str | None = None, player: str | None = None,
                ) -> list[dict[str, Any]]:
        """Rating rows, of one family or one player, best first."""
        query = select(RatingRow.__table__)
        if family is not None:
            query = query.where(RatingRow.family == family)
        if player is not None:
            query = query.where(RatingRow.player == player)
        with self.engine.connect() as connection:
            rows = [dict(r) for r in connection.execute(query).mappings().all()]
        return sorted(rows, key=lambda r: (-conservative(r["mu"], r["sigma"]), r["player"]))

    def rating_history(self, player: str) -> list[dict[str, Any]]:
        """Every rating ``player`` had after a game, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(RatingEventRow.__table__).where(
                RatingEventRow.player == player).order_by(RatingEventRow.id)).mappings().all()
        return [{**dict(r), "at": utc(r["at"])} for r in rows]

    def account_names(self) -> dict[str, str]:
        """Every account's name by id."""
        with self.engine.connect() as connection:
            return dict(connection.execute(select(AccountRow.id, AccountRow.name)).all())

    def recompute_ratings(self, results: list[tuple[str, RatedResult]]) -> int:
        """Forget every rating and rate ``results`` (table id, result) again
        in order, in one transaction; how many games were rated. The order
        is that of the games' ends (the result's ``ended``; for a game stored
        without it, its last move), as they were rated live."""
        with self.engine.begin() as connection:
            connection.execute(delete(RatingEventRow))
            connection.execute(delete(RatingRow))
            finished = {table_id: utc(played) for table_id, played in connection.execute(
                select(MoveRow.table_id, func.max(MoveRow.played)).group_by(
                    MoveRow.table_id)).all()}
            for table_id, stored in connection.execute(select(TableRow.id, TableRow.result).where(
                    TableRow.id.in_([table_id for table_id, _ in results]))).all():
                if (stored or {}).get("ended"):
                    finished[table_id] = datetime.fromisoformat(stored["ended"])
            ordered = sorted(results, key=lambda item: (finished[item[0]], item[0]))
            for table_id, result in ordered:
                apply_rating(connection, table_id, result, finished[table_id])
        return len(ordered)

    # -- competitions ------------------------------------------------------------------

    def add_competition(self, row: dict[str, Any]) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(CompetitionRow), [row])

    def update_competition(self, row: dict[str, Any]) -> None:
        """Store a competition's new columns (its id says which)."""
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        with self.engine.begin() as connection:
            connection.execute(update(CompetitionRow).where(
                CompetitionRow.id == row["id"]).values(values))

    def competitions(self) -> list[dict[str, Any]]:
        """Every competition's row, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(CompetitionRow.__table__).order_by(
                CompetitionRow.created, CompetitionRow.id)).mappings().all()
        return [{**dict(row), "created": utc(row["created"])} for row in rows]

    def close(self) -> None:
        if self._moves is not None:
            self._moves.close()
        self.engine.dispose()
