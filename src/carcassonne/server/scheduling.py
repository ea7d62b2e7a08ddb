"""Agreeing on a match's time, in its thread (docs/boards.md, "Times").

A player of a match proposes one to three times; another accepts one, or
counters with a proposal of their own. Each proposal and each acceptance
is a message of its own kind in the match's thread (a ``talk`` row, with
a plain text any reader understands) and a ``schedule`` row that says
what it is; both are stored in one transaction with the ``thread`` mails
to the match's other players and its organizer (boards.py's, the times
written in each reader's zone). What the rows mean (which proposal is
open, which time is agreed) is :mod:`carcassonne.competitions.proposals`'
pure reading of them.

An agreement is also written to ``agreed_times``, one row per player of
the match: the lobby's "your next games", the calendar feed
(calendars.py) and the reminders (reminders.py) read only those.

Each function is a blocking storage call, run by the routes
(scheduling_api.py) in the hall's database threads.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection, Engine

from carcassonne.competitions import proposals
from carcassonne.competitions.proposals import Entry, Refused
from carcassonne.engine.errors import shown
from carcassonne.server import talk
from carcassonne.server.blocks import blocked
from carcassonne.server.boards import MAIL_EXCERPT, Competition, message_view, thread_channel
from carcassonne.server.errors import Refusal
from carcassonne.server.models import (
    AgreedTimeRow,
    CalendarRow,
    CompetitionRow,
    ScheduleRow,
    TalkRow,
    utc,
)
from carcassonne.server.outbox import queue_mail


def refusal(error: Refused) -> Refusal:
    """The server's refusal of a pure check's :class:`Refused`."""
    return Refusal(error.status, str(error))


class Match:
    """A competition's match as scheduling needs it: its players (accounts),
    their names, the round's deadline, and whether it is decided."""

    def __init__(self, connection: Connection, event_id: str, key: str) -> None:
        row = connection.execute(select(CompetitionRow.__table__).where(
            CompetitionRow.id == event_id)).mappings().first()
        if row is None:
            raise Refusal(404, f"there is no competition {shown(event_id)}")
        self.event = Competition(dict(row))
        self.event_id, self.key, self.name = event_id, key, self.event.name
        self.players = self.event.players(key)  # 404 for no such match
        found = self.event.matches[key]
        named = {e["id"]: e["name"] for e in row["entrants"]}
        #: Every entrant's name, people by their account id, bots by entrant.
        self.names = {e.removeprefix("account:"): named.get(e, e) for e in found["entrants"]}
        self.decided = found.get("result") is not None or row["status"] == "finished"
        self.deadline: datetime | None = None
        for stage in (row["progress"] or {}).get("stages", []):
            for one in stage.get("rounds", []):
                if any(m["id"] == key for m in one.get("matches", [])) and one.get("deadline"):
                    self.deadline = utc(datetime.fromisoformat(one["deadline"]))

    def opponents(self, account: str) -> list[str]:
        """The names of everyone ``account`` meets in this match, bots too."""
        return [name for entrant, name in self.names.items() if entrant != account]

    def rows(self, connection: Connection) -> list[Any]:
        return list(connection.execute(select(ScheduleRow.__table__).where(
            ScheduleRow.event_id == self.event_id, ScheduleRow.match == self.key)
            .order_by(ScheduleRow.id)).all())


def entry(row: Any) -> Entry:
    """A stored ``schedule`` row as the pure module's :class:`Entry`."""
    return Entry(row.id, row.kind, row.account_id,
                 tuple(datetime.fromisoformat(t) for t in row.times), row.proposal_id)


def zone_of(connection: Connection, account: str) -> str | None:
    """The account's chosen time zone, if any."""
    zone: str | None = connection.execute(select(CalendarRow.zone).where(
        CalendarRow.account_id == account)).scalar()
    return zone


def local_time(moment: datetime, zone: str | None) -> str:
    """``moment`` as a reader in ``zone`` reads it (UTC without one).

        >>> local_time(datetime(2026, 12, 7, 10, tzinfo=UTC), "Asia/Tokyo")
        'Mon 2026-12-07 19:00 (Asia/Tokyo)'
    """
    if zone is None:
        return moment.astimezone(UTC).strftime("%a %Y-%m-%d %H:%M UTC")
    return moment.astimezone(ZoneInfo(zone)).strftime(f"%a %Y-%m-%d %H:%M ({zone})")


def _say(kind: str, times: tuple[datetime, ...], zone: str | None) -> str:
    shown_times = "; ".join(local_time(moment, zone) for moment in times)
    return f"Proposes: {shown_times}" if kind == "proposal" else f"Accepts: {shown_times}"


def _store(connection: Connection, match: Match, writer: dict[str, Any], kind: str,
           times: tuple[datetime, ...], zone: str | None, proposal: int | None,
           at: datetime) -> int:
    """Store a proposal or an acceptance: its message in the thread, its
    ``schedule`` row and the ``thread`` mails. The message's id."""
    account = writer["id"]
    channel = thread_channel(match.event_id, match.key)
    message_id = talk.add(connection, channel, account, writer["name"],
                          _say(kind, times, None), at)
    connection.execute(insert(ScheduleRow).values(
        event_id=match.event_id, match=match.key, kind=kind, account_id=account,
        author=writer["name"], times=[t.isoformat() for t in times], zone=zone,
        proposal_id=proposal, message_id=message_id, at=at))
    readers = {*match.players, *([match.event.organizer] if match.event.organizer else [])}
    for reader in sorted(readers - {account}):
        if blocked(connection, reader, account):
            continue
        text = _say(kind, times, zone_of(connection, reader))
        queue_mail(connection, reader, "thread",
                   {"event": match.event_id, "match": match.key, "name": match.name,
                    "from": writer["name"], "text": text[:MAIL_EXCERPT]},
                   key=f"thread:{message_id}:{reader}", at=at)
    return message_id


def _open(connection: Connection, event_id: str, key: str, writer: dict[str, Any]) -> Match:
    match = Match(connection, event_id, key)
    if talk.suspended(connection, writer["id"]):
        raise Refusal(403, "this account is suspended")
    if writer["id"] not in match.players:
        raise Refusal(403, "only the match's players propose and accept its times")
    if match.decided:
        raise Refusal(409, "this match is decided: there is no time to agree")
    return match


def propose(engine: Engine, event_id: str, key: str, writer: dict[str, Any], times: object,
            zone: object, now: datetime) -> dict[str, Any]:
    """Store ``writer``'s proposal of ``times`` (ISO texts with offsets) in
    ``zone``; the thread's new MESSAGE."""
    try:
        zone_name = proposals.check_zone(zone)
    except Refused as error:
        raise refusal(error) from None
    with engine.begin() as connection:
        match = _open(connection, event_id, key, writer)
        try:
            moments = proposals.check_times(times, now, match.deadline)
            proposals.check_proposer([entry(r) for r in match.rows(connection)],
                                     match.players, writer["id"])
        except Refused as error:
            raise refusal(error) from None
        message_id = _store(connection, match, writer, "proposal", moments, zone_name, None,
                            now)
        return _message(connection, match, message_id)


def accept(engine: Engine, event_id: str, key: str, proposal_id: int,
           writer: dict[str, Any], time: object, now: datetime) -> dict[str, Any]:
    """Store ``writer``'s acceptance of ``time`` of the proposal
    ``proposal_id``; once every other player accepted it, the match's
    agreed time. The thread's new MESSAGE."""
    try:
        moment = proposals.parse_time(time)
    except Refused as error:
        raise refusal(error) from None
    with engine.begin() as connection:
        match = _open(connection, event_id, key, writer)
        entries = [entry(r) for r in match.rows(connection)]
        try:
            proposal = proposals.check_accept(entries, match.players, writer["id"],
                                              proposal_id, moment, now)
        except Refused as error:
            raise refusal(error) from None
        message_id = _store(connection, match, writer, "accept", (moment,), None,
                            proposal.id, now)
        entries = [entry(r) for r in match.rows(connection)]
        if proposals.accepted_time(entries, proposal, match.players) is not None:
            _agree(connection, match, entries, moment, now)
        return _message(connection, match, message_id)


def _agree(connection: Connection, match: Match, entries: list[Entry], moment: datetime,
           now: datetime) -> None:
    """Write the match's agreed time, one row per player."""
    sequence = sum(1 for p in proposals.proposals(entries)
                   if proposals.accepted_time(entries, p, match.players) is not None)
    connection.execute(delete(AgreedTimeRow).where(
        AgreedTimeRow.event_id == match.event_id, AgreedTimeRow.match == match.key))
    connection.execute(insert(AgreedTimeRow), [
        {"event_id": match.event_id, "match": match.key, "account_id": player, "at": moment,
         "name": match.name, "opponents": match.opponents(player), "agreed": now,
         "sequence": sequence} for player in match.players])


def _views(match: Match, rows: list[Any]) -> dict[int, dict[str, Any]]:
    """What each schedule message adds to its MESSAGE, by message id."""
    entries = [entry(r) for r in rows]
    out: dict[int, dict[str, Any]] = {}
    for row, one in zip(rows, entries, strict=True):
        if row.message_id is None:
            continue
        if one.kind == "proposal":
            accepted = proposals.accepted_time(entries, one, match.players)
            out[row.message_id] = {"kind": "proposal", "proposal": {
                "id": one.id, "times": list(row.times), "zone": row.zone,
                "status": proposals.status(entries, one, match.players),
                "accepted": None if accepted is None else accepted.isoformat()}}
        else:
            out[row.message_id] = {"kind": "accept", "accept": {
                "proposal": one.proposal, "time": row.times[0]}}
    return out


def _message(connection: Connection, match: Match, message_id: int) -> dict[str, Any]:
    row = connection.execute(select(TalkRow.__table__).where(TalkRow.id == message_id)).one()
    return {**message_view(row), **_views(match, match.rows(connection))[message_id]}


def annotate(engine: Engine, event_id: str, key: str,
             messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A thread's MESSAGEs, each proposal and acceptance with its ``kind``
    and what it says (``proposal`` or ``accept``)."""
    with engine.connect() as connection:
        match = Match(connection, event_id, key)
        views = _views(match, match.rows(connection))
    return [{**message, **views.get(message["id"], {})} for message in messages]


def state(engine: Engine, event_id: str, key: str, reader: str | None,
          admin: bool) -> dict[str, Any]:
    """A match's times as its thread's readers see them: every proposal,
    the agreed time, and whether the reader may propose."""
    with engine.connect() as connection:
        match = Match(connection, event_id, key)
        if not match.event.may_read_thread(reader, key, admin):
            raise Refusal(403 if reader else 401,
                          "a match's times are for its players and the organizer")
        rows = match.rows(connection)
        views = _views(match, rows)
        entries = [entry(r) for r in rows]
    agreed = proposals.agreed(entries, match.players)
    return {"competition": event_id, "match": key,
            "players": [match.names.get(p, p) for p in match.players],
            "deadline": None if match.deadline is None else match.deadline.isoformat(),
            "agreed": None if agreed is None else agreed.isoformat(),
            "can_propose": (reader in match.players and len(match.players) >= 2
                            and not match.decided),
            "proposals": [{"from": row.author, **views[row.message_id]["proposal"]}
                          for row in rows if row.kind == "proposal"]}


def agreed_times(engine: Engine, event_id: str) -> dict[str, str]:
    """Every agreed time of a competition: ``{match: ISO time}``."""
    with engine.connect() as connection:
        rows = connection.execute(select(AgreedTimeRow.match, AgreedTimeRow.at).where(
            AgreedTimeRow.event_id == event_id)).all()
    return {match: utc(at).isoformat() for match, at in rows}
