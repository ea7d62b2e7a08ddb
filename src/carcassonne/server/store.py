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

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, delete, event, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from carcassonne.server.models import (
    AccountRow,
    CompetitionRow,
    MoveRow,
    RatingEventRow,
    RatingRow,
    SessionRow,
    TableRow,
)
from carcassonne.server.ratings import Rating, conservative, rate

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
    return create_engine(url, pool_pre_ping=True)


def _write_ahead(connection: Any, _record: Any) -> None:
    """SQLite files run in WAL mode: readers never wait for the writer, and
    a commit is one append to the log (still synced: a stored move stays)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


@dataclass(frozen=True)
class RatedResult:
    """What a finished rated game tells the ratings: its family, who sat in
    each seat (``account:ID`` or ``bot:NAME``), the final scores, and the
    seats that rank last whatever their score (their clock ran out)."""

    family: str
    players: tuple[str, ...]
    scores: tuple[int, ...]
    last: tuple[int, ...] = ()


def apply_rating(connection: Connection, table_id: str, result: RatedResult,
                 at: datetime) -> None:
    """Update the ratings of one game's players, inside the caller's
    transaction, and write each new rating to the history.

    On PostgreSQL the update takes a transaction lock first, so two games
    finishing at once are rated one after the other, in the order of
    ``at``, which is the order a recomputation follows. A player seated
    twice at one table (the same bot in two seats) is rated once, from its
    first seat."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(7300001)"))
    rows = connection.execute(select(RatingRow.__table__).where(
        RatingRow.family == result.family,
        RatingRow.player.in_(set(result.players)))).mappings().all()
    known = {r["player"]: Rating(r["mu"], r["sigma"], r["games"]) for r in rows}
    after = rate([known.get(p, Rating()) for p in result.players], list(result.scores),
                 result.last)
    done: set[str] = set()
    for player, new in zip(result.players, after, strict=True):
        if player in done:
            continue
        done.add(player)
        values = {"mu": new.mu, "sigma": new.sigma, "games": new.games}
        if player in known:
            connection.execute(update(RatingRow).where(
                RatingRow.player == player, RatingRow.family == result.family).values(values))
        else:
            connection.execute(insert(RatingRow), [{"player": player,
                                                    "family": result.family, **values}])
        connection.execute(insert(RatingEventRow), [{
            "table_id": table_id, "player": player, "family": result.family, "at": at,
            **values}])


def _utc(moment: datetime) -> datetime:
    """SQLite gives times back without their zone; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Store:
    """The database of one server."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def add_table(self, row: dict[str, Any]) -> None:
        """Store a new table (see :meth:`Table.row <carcassonne.server.tables.Table.row>`)."""
        with self.engine.begin() as connection:
            connection.execute(insert(TableRow), [row])

    def update_table(self, row: dict[str, Any]) -> None:
        """Store a table's new columns (its id says which)."""
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == row["id"]).values(values))

    def add_move(self, row: dict[str, Any], number: int, seat: int,
                 move: dict[str, Any], rating: RatedResult | None = None,
                 played: datetime | None = None) -> None:
        """Store move ``number`` of a table and the table's new columns, at once,
        and with the last move of a rated game the ratings it gives.

        The primary key (table, number) refuses a second move with the same
        number: two writers can never both store move 12, so a game's result
        and its ratings are stored exactly once."""
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        played = played or datetime.now(UTC)
        with self.engine.begin() as connection:
            connection.execute(insert(MoveRow), [{
                "table_id": row["id"], "number": number, "seat": seat, "move": move,
                "played": played}])
            connection.execute(update(TableRow).where(TableRow.id == row["id"]).values(values))
            if rating is not None:
                apply_rating(connection, row["id"], rating, played)

    def tables(self) -> list[dict[str, Any]]:
        """Every table's row, oldest first."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(TableRow.__table__).order_by(
                TableRow.created, TableRow.id)).mappings().all()
        out = []
        for row in rows:
            values = {name: row[name] for name in _COLUMNS}
            values["created"] = _utc(values["created"])
            out.append(values)
        return out

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
        if row is None or _utc(row["expires"]) <= now:
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
        return [{**dict(r), "at": _utc(r["at"])} for r in rows]

    def account_names(self) -> dict[str, str]:
        """Every account's name by id."""
        with self.engine.connect() as connection:
            return dict(connection.execute(select(AccountRow.id, AccountRow.name)).all())

    def recompute_ratings(self, results: list[tuple[str, RatedResult]]) -> int:
        """Forget every rating and rate ``results`` (table id, result) again
        in order, in one transaction; how many games were rated. The order
        is that of the games' last moves, as they were rated live."""
        with self.engine.begin() as connection:
            connection.execute(delete(RatingEventRow))
            connection.execute(delete(RatingRow))
            finished = dict(connection.execute(
                select(MoveRow.table_id, func.max(MoveRow.played)).group_by(
                    MoveRow.table_id)).all())
            ordered = sorted(results, key=lambda item: (_utc(finished[item[0]]), item[0]))
            for table_id, result in ordered:
                apply_rating(connection, table_id, result, _utc(finished[table_id]))
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
        return [{**dict(row), "created": _utc(row["created"])} for row in rows]

    def close(self) -> None:
        self.engine.dispose()
