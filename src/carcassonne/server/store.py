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
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from carcassonne.server.models import AccountRow, MoveRow, SessionRow, TableRow

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_COLUMNS = [column.name for column in TableRow.__table__.columns]


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite connections may be used from any
    thread; an in-memory SQLite database keeps one connection (else each
    connection would see its own empty database)."""
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        return create_engine(url, connect_args={"check_same_thread": False},
                             poolclass=StaticPool if memory else None)
    return create_engine(url, pool_pre_ping=True)


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
                 move: dict[str, Any]) -> None:
        """Store move ``number`` of a table and the table's new columns, at once.

        The primary key (table, number) refuses a second move with the same
        number: two writers can never both store move 12."""
        values = {k: v for k, v in row.items() if k not in ("id", "created")}
        with self.engine.begin() as connection:
            connection.execute(insert(MoveRow), [{
                "table_id": row["id"], "number": number, "seat": seat, "move": move,
                "played": datetime.now(UTC)}])
            connection.execute(update(TableRow).where(TableRow.id == row["id"]).values(values))

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

    def close(self) -> None:
        self.engine.dispose()
