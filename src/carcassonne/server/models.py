"""The database tables, as SQLAlchemy models.

``tables`` holds one row per table: its setup, its seats (token hashes
included, never tokens), its status and, once started, the seed and the
stack (the draw order, never sent to anyone before the game is over).
``moves`` holds every accepted move of every table, one row per move,
unique per table and index: replaying them in order rebuilds the game.
``accounts`` holds players with a name and a password (its Argon2 hash,
never the password), ``sessions`` the hashes of their log-in cookies.
``competitions`` holds leagues and tournaments, whose games are tables.
``talk`` holds every message people write (a table's chat, a competition's
board, a match's thread), ``outbox`` every mail to send; ``friends``,
``blocks``, ``reports``, ``invitations``, ``account_tokens`` (single-use
links) and ``push_subscriptions`` are what players do to reach each other.

The schema is created and changed only by the Alembic migrations in
``migrations/versions``; these models must describe the same columns.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utc(moment: datetime) -> datetime:
    """A time read back from a ``DateTime(timezone=True)`` column, with its
    zone: SQLite gives times back without one; they were stored in UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


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
    #: Who may write in the table's chat: ``all`` or ``players`` (spectators read).
    chat: Mapped[str] = mapped_column(String(16), default="all", server_default="all")
    #: The aids shown: ``on``, ``off`` (tournament play) or ``training`` (aids.py).
    aids: Mapped[str] = mapped_column(String(16), default="on", server_default="on")


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
    #: An e-mail address, and whether its owner followed the verification link.
    email: Mapped[str | None] = mapped_column(String(254), default=None)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False,
                                                 server_default=false())
    #: The language of the account's pages and mail (``en``, ``pt-BR``...);
    #: null until chosen (the pages follow the browser, mail is in English).
    language: Mapped[str | None] = mapped_column(String(8), default=None)
    #: ``{kind: bool}``: which notices it wants (null: the defaults).
    notify: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=None)
    #: ``player`` or ``admin`` (``carcassonne admin grant NAME``).
    role: Mapped[str] = mapped_column(String(16), default="player", server_default="player")
    #: A suspended account cannot log in or write; its games go on with stand-ins.
    suspended: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When the account last asked the server something (who is online).
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)


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


def _account_key(**kwargs: Any) -> Mapped[str]:
    return mapped_column(String(32), ForeignKey("accounts.id", ondelete="CASCADE"), **kwargs)


class TalkRow(Base):
    """One message: ``channel`` is ``table:ID``, ``event:ID`` (a competition's
    board) or ``match:ID:KEY`` (a match's thread)."""

    __tablename__ = "talk"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    channel: Mapped[str] = mapped_column(String(120))
    #: The writer's account; null for a guest (then ``author`` is their seat's name).
    author_id: Mapped[str | None] = mapped_column(String(32))
    author: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(2000))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: Hidden by a moderator: kept, shown to no one but moderators.
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class OutboxRow(Base):
    """One mail to send: to whom, of which kind, with what values.

    It is written in the transaction of the change that causes it and
    rendered when sent (the account's address and language then). ``key``
    makes a mail unique (``turn:TABLE:ACCOUNT:N``): a second one with the
    same key is not queued. A sender claims a row until ``claimed_until``;
    ``done`` is set once it was sent or dropped (``outcome`` says which)."""

    __tablename__ = "outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str | None] = mapped_column(String(200), unique=True)
    account_id: Mapped[str] = _account_key()
    kind: Mapped[str] = mapped_column(String(32))
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_try: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    done: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    outcome: Mapped[str | None] = mapped_column(String(200))


class AccountTokenRow(Base):
    """A single-use link's token (its hash): ``purpose`` is ``verify`` (with
    the ``email`` it verifies), ``reset`` or ``unsubscribe``."""

    __tablename__ = "account_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = _account_key(index=True)
    purpose: Mapped[str] = mapped_column(String(32))
    email: Mapped[str | None] = mapped_column(String(254))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    used: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class PushSubscriptionRow(Base):
    """A browser reached by Web Push: its push service's endpoint and keys."""

    __tablename__ = "push_subscriptions"

    endpoint: Mapped[str] = mapped_column(String(1000), primary_key=True)
    account_id: Mapped[str] = _account_key(index=True)
    #: ``{"p256dh": ..., "auth": ...}`` as the browser gave them.
    keys: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class FriendRow(Base):
    """``account_id`` follows ``friend_id``."""

    __tablename__ = "friends"

    account_id: Mapped[str] = _account_key(primary_key=True)
    friend_id: Mapped[str] = _account_key(primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class BlockRow(Base):
    """``account_id`` blocked ``blocked_id``: no chat, invitation or friend
    request from them reaches it."""

    __tablename__ = "blocks"

    account_id: Mapped[str] = _account_key(primary_key=True)
    blocked_id: Mapped[str] = _account_key(primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReportRow(Base):
    """A report of a message (or an account) for the moderators."""

    __tablename__ = "reports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    reporter_id: Mapped[str] = _account_key()
    message_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("talk.id", ondelete="CASCADE"))
    account_id: Mapped[str | None] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(String(500))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    resolved: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    resolved_by: Mapped[str | None] = mapped_column(String(32))


class InvitationRow(Base):
    """``from_id`` invited ``to_id`` to the table ``table_id``."""

    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32),
                                          ForeignKey("tables.id", ondelete="CASCADE"))
    from_id: Mapped[str] = _account_key()
    to_id: Mapped[str] = _account_key(index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class ScheduleRow(Base):
    """One thing said about a match's time (scheduling.py): a ``proposal`` of
    ``times`` (ISO texts, UTC) in the proposer's ``zone``, or an ``accept``
    of one time of the proposal ``proposal_id``; ``message_id`` is the
    ``talk`` row that shows it in the match's thread."""

    __tablename__ = "schedule"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    event_id: Mapped[str] = mapped_column(String(32), index=True)
    match: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[str] = mapped_column(String(32))
    author: Mapped[str] = mapped_column(String(40))
    times: Mapped[list[str]] = mapped_column(JSON)
    zone: Mapped[str | None] = mapped_column(String(64))
    proposal_id: Mapped[int | None] = mapped_column(Integer)
    message_id: Mapped[int | None] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AgreedTimeRow(Base):
    """A match's agreed time, one row per player of it (the feed, the
    lobby and the reminders read these): ``agreed`` is when it was agreed,
    ``sequence`` how many agreements the match has had."""

    __tablename__ = "agreed_times"

    event_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    match: Mapped[str] = mapped_column(String(40), primary_key=True)
    account_id: Mapped[str] = _account_key(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    name: Mapped[str] = mapped_column(String(100))
    opponents: Mapped[list[str]] = mapped_column(JSON)
    agreed: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    sequence: Mapped[int] = mapped_column(Integer)


class CalendarRow(Base):
    """An account's calendar: the secret ``key`` of its feed and its time
    zone (an IANA name; null: the browser's, and UTC in mail)."""

    __tablename__ = "calendars"

    account_id: Mapped[str] = _account_key(primary_key=True)
    key: Mapped[str | None] = mapped_column(String(64), unique=True)
    zone: Mapped[str | None] = mapped_column(String(64))


class AnalysisRow(Base):
    """A game's computer review (docs/analysis.md), asked for once and kept.

    ``key`` is the table's id, or ``r-`` and a hash of an uploaded record;
    ``record`` is the game reviewed, so any process may do the work.
    ``status`` is ``queued``, ``running`` (by ``claimed_by``, whose lease
    runs until ``claimed_until`` and is renewed with each step), ``done``
    (``review`` holds it) or ``failed`` (``error`` says why); ``done`` of
    ``total`` decisions are weighed."""

    __tablename__ = "analyses"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    requested: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    claimed_by: Mapped[str | None] = mapped_column(String(64))
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    done: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    total: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(String(300))
