"""The database tables, as SQLAlchemy models.

``tables`` holds one row per table: its setup, its seats (token hashes
included, never tokens), its status and, once started, the seed and the
stack (the draw order, never sent to anyone before the game is over).
``moves`` holds every accepted move of every table, one row per move,
unique per table and index: replaying them in order rebuilds the game.
``accounts`` holds players with a name and a password (its Argon2 hash,
never the password), ``sessions`` the hashes of their log-in cookies.
``competitions`` holds leagues and tournaments, whose games are tables.

The schema is created and changed only by the Alembic migrations in
``migrations/versions``; these models must describe the same columns.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    """The metadata every model belongs to."""


class TableRow(Base):
    """One table: setup, seats, status and result."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    sets: Mapped[list[str]] = mapped_column(JSON)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    hide_distribution: Mapped[bool] = mapped_column(Boolean)
    #: ``[{"kind", "bot", "name", "label", "token_hash"}, ...]`` in seat order.
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    seed: Mapped[int | None] = mapped_column(BigInteger)
    stack: Mapped[list[str] | None] = mapped_column(JSON)
    #: How many moves are stored for this table.
    moves: Mapped[int] = mapped_column(Integer)
    #: ``{"scores": [...], "winners": [...]}`` once the game is over.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: Whether the table counts toward ratings.
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    #: ``TIMING`` (docs/server.md); null: untimed.
    timing: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: What time did since the start (timing.Clock.stored), null before it.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: A rematch offered at the end (tables.Table.rematch).
    rematch: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: The scores and the seat to move after the last move, so a table is
    #: shown without rebuilding its game.
    scores: Mapped[list[int] | None] = mapped_column(JSON)
    current: Mapped[int | None] = mapped_column(Integer)
    #: The server process that owns the table, and until when (cluster.py);
    #: null for a single process.
    owner: Mapped[str | None] = mapped_column(String(64), index=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: How many changes of the table were stored.
    version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class MoveRow(Base):
    """One accepted move: its table, its index (from 0), who played it, what."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    #: The move in record form (docs/formats.md).
    move: Mapped[dict[str, Any]] = mapped_column(JSON)
    played: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AccountRow(Base):
    """A player's account: a name (unique whatever its case) and a password hash."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    #: The name case-folded: two accounts never differ only by case.
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    """A logged-in browser: the hash of its session cookie, until it expires."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """A player's rating in one family (``player``: ``account:ID`` or ``bot:NAME``)."""

    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(String(48), primary_key=True)
    family: Mapped[str] = mapped_column(String(48), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingEventRow(Base):
    """One rating after one finished rated game: the history, in order."""

    __tablename__ = "rating_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32),
                                          ForeignKey("tables.id", ondelete="CASCADE"))
    player: Mapped[str] = mapped_column(String(48))
    family: Mapped[str] = mapped_column(String(48))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CompetitionRow(Base):
    """A league, tournament or title match: its setup, entrants and progress."""

    __tablename__ = "competitions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    #: Events of one series pass their title on: the holder is the winner of
    #: the series' last finished event.
    series: Mapped[str | None] = mapped_column(String(100), index=True)
    #: The account that created it (and may add bots and start it).
    organizer: Mapped[str | None] = mapped_column(String(32))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: ``open`` (sign-up), ``running`` or ``finished``.
    status: Mapped[str] = mapped_column(String(16))
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: ``[{"id": "account:ID" or "bot:NAME", "name"}, ...]`` in seed order.
    entrants: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    #: Stages, rounds, matches and the tables of their games.
    progress: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: The entrant id of the winner, once decided.
    winner: Mapped[str | None] = mapped_column(String(64))
