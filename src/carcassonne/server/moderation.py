"""Moderation's storage: reports, hidden messages, roles and suspensions.

A logged-in player reports a message (any of the ``talk`` table: a
table's chat, a board, a thread) or an account; an admin (the role
``admin``, given with ``carcassonne admin grant NAME``) reads the open
reports, hides a message (kept, shown to admins only) or shows it again,
suspends an account or lifts the suspension, and resolves a report.

Suspending an account here marks it and deletes its sessions in one
transaction: it is logged out everywhere at once, and the log-in refuses
it. Its seats are handed to stand-ins by the route (moderation_api.py),
through the hall, as a seat left during a game is.

Each function is one blocking transaction, run in the hall's database
threads (or by the command line).

    >>> from datetime import UTC
    >>> from carcassonne.server.store import Store
    >>> store = Store("sqlite://"); store.migrate()
    >>> at = datetime(2026, 12, 6, tzinfo=UTC)
    >>> store.add_account({"id": "a1", "name": "Ann", "name_key": "ann",
    ...                    "password_hash": "x", "created": at})
    True
    >>> set_role(store.engine, "ANN", "admin"), set_role(store.engine, "nobody", "admin")
    ('Ann', None)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection, Engine

from carcassonne.server.accounts import name_key
from carcassonne.server.errors import Refusal
from carcassonne.server.models import AccountRow, ReportRow, SessionRow, TalkRow, utc

#: The roles an account may have.
ROLES = ("player", "admin")
#: The longest reason a report gives, in characters (the column's size).
LONGEST_REASON = 500


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return utc(moment).isoformat()


def _account(connection: Connection, name: str) -> Any:
    return connection.execute(select(AccountRow.__table__).where(
        AccountRow.name_key == name_key(name.strip()))).first()


def set_role(engine: Engine, name: str, role: str) -> str | None:
    """Give the account ``name`` the role ``role``; its name as stored, or
    None if there is no such account."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    with engine.begin() as connection:
        account = _account(connection, name)
        if account is None:
            return None
        connection.execute(update(AccountRow).where(AccountRow.id == account.id).values(
            role=role))
        return str(account.name)


def add_report(engine: Engine, reporter: str, message: int | None, account: str | None,
               reason: str, at: datetime) -> int:
    """Store a report by ``reporter`` of the message ``message`` or of the
    account named ``account``; its id. 404 for no such message or account."""
    with engine.begin() as connection:
        reported = None
        if message is not None:
            author = connection.execute(select(TalkRow.author_id).where(
                TalkRow.id == message)).first()
            if author is None:
                raise Refusal(404, "there is no such message")
            reported = author[0]
        if account is not None:
            row = _account(connection, account)
            if row is None:
                raise Refusal(404, "there is no such player")
            reported = row.id
        return int(connection.execute(insert(ReportRow).values(
            reporter_id=reporter, message_id=message, account_id=reported, reason=reason,
            created=at).returning(ReportRow.id)).scalar_one())


def _message(row: Any) -> dict[str, Any]:
    return {"id": row.id, "channel": row.channel, "author": row.author, "text": row.text,
            "at": _iso(row.at), "hidden": bool(row.hidden)}


def open_reports(engine: Engine) -> list[dict[str, Any]]:
    """Every report not resolved yet, oldest first, with the message it
    reports (text, channel, author) and the account it names."""
    with engine.connect() as connection:
        names = {row.id: (row.name, row.suspended) for row in connection.execute(
            select(AccountRow.id, AccountRow.name, AccountRow.suspended))}
        rows = connection.execute(select(ReportRow.__table__).where(
            ReportRow.resolved.is_(None)).order_by(ReportRow.id)).all()
        ids = [r.message_id for r in rows if r.message_id is not None]
        messages = {m.id: m for m in connection.execute(
            select(TalkRow.__table__).where(TalkRow.id.in_(ids)))} if ids else {}
    out = []
    for report in rows:
        message = messages.get(report.message_id) if report.message_id else None
        name, suspended = names.get(report.account_id or "", (None, False))
        out.append({"id": report.id, "reason": report.reason, "created": _iso(report.created),
                    "reporter": names.get(report.reporter_id, ("?",))[0],
                    "message": None if message is None else _message(message),
                    "account": name, "suspended": bool(suspended)})
    return out


def set_hidden(engine: Engine, message: int, hidden: bool) -> dict[str, Any]:
    """Hide a message (or show it again); the message. 404 for none."""
    with engine.begin() as connection:
        if not connection.execute(update(TalkRow).where(TalkRow.id == message).values(
                hidden=hidden)).rowcount:
            raise Refusal(404, "there is no such message")
        return _message(connection.execute(select(TalkRow.__table__).where(
            TalkRow.id == message)).one())


def resolve(engine: Engine, report: int, admin: str, at: datetime) -> dict[str, Any]:
    """Mark a report resolved by ``admin``; 404 for none, 409 if it was."""
    with engine.begin() as connection:
        row = connection.execute(select(ReportRow.__table__).where(
            ReportRow.id == report)).first()
        if row is None:
            raise Refusal(404, "there is no such report")
        if row.resolved is not None:
            raise Refusal(409, "this report was resolved already")
        connection.execute(update(ReportRow).where(ReportRow.id == report).values(
            resolved=at, resolved_by=admin))
    return {"report": report, "resolved": _iso(at)}


def set_suspended(engine: Engine, name: str, suspended: bool) -> dict[str, Any]:
    """Suspend the account ``name`` (its sessions deleted in the same
    transaction: logged out everywhere) or lift its suspension;
    ``{"id", "name", "suspended"}``. 404 for no such account."""
    with engine.begin() as connection:
        account = _account(connection, name)
        if account is None:
            raise Refusal(404, "there is no such player")
        connection.execute(update(AccountRow).where(AccountRow.id == account.id).values(
            suspended=suspended))
        if suspended:
            connection.execute(delete(SessionRow).where(SessionRow.account_id == account.id))
        return {"id": account.id, "name": account.name, "suspended": suspended}
