"""Notices that bring a player back: the outbox rows a change queues.

A change that should call a player back (docs/notifications.md) says so
with :class:`Mail` values, which the store writes with
:func:`~carcassonne.server.outbox.queue_mail` in the transaction of the
change itself (:func:`queue`): the mail is queued if and only if the
change is stored. The functions here only decide which mails a change
makes; they read and write nothing:

- :func:`turn_mails`: a move (or a game's start) at a turn-based table
  makes it an account's turn. Keyed ``turn:TABLE:ACCOUNT:N``, N the moves
  that seat has played there, so one per game until the player has moved;
- :func:`rematch_mails`: a rematch offered at a turn-based table, to the
  other people who sat there, once each;
- :func:`match_mails`: a competition's round opened (or a match added to
  an open one), to each account playing in it, once per match;
- :class:`DeadlineWarnings`: a turn-based move's deadline, or a round's,
  a few hours away (:func:`warning_time`); no change causes these, so a
  sweep beside the hall's timekeeper queues them, once per deadline.

Real-time games (untimed, or on clocks) make no mail: their players are
at the table.

    >>> from carcassonne.server.tables import Seat, Table
    >>> from carcassonne.server.timing import Timing
    >>> from datetime import UTC, datetime
    >>> seats = (Seat("human", name="Ann", account="a1"), Seat("human", name="Bob", account="b2"))
    >>> table = Table("t1", "Sunday game", datetime(2026, 1, 1, tzinfo=UTC), ("base",), {},
    ...               False, seats, timing=Timing("turn", deadline=86400))
    >>> game = table.new_game()
    >>> [(m.account, m.kind, m.params, m.key) for m in turn_mails(table, game, None)]
    [('a1', 'your_turn', {'table': 't1', 'name': 'Sunday game'}, 'turn:t1:a1:0')]
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.engine import Connection, Engine

from carcassonne.server.outbox import queue_mail
from carcassonne.server.reminders import Reminders

if TYPE_CHECKING:
    from carcassonne.engine import Game
    from carcassonne.server.events import Event
    from carcassonne.server.tables import Seat, Table

log = logging.getLogger(__name__)

#: A deadline is announced this long before it (or a quarter of the time
#: allowed, when that is shorter).
WARN_BEFORE = timedelta(hours=4)


@dataclass(frozen=True, slots=True)
class Mail:
    """One mail to queue: to the account ``account``, of ``kind`` (outbox.py's
    kinds), with the values ``params`` it is rendered from when sent, unique
    by ``key`` (a second mail with a key already queued is not)."""

    account: str
    kind: str
    params: dict[str, Any]
    key: str | None = None


def queue(connection: Connection, mails: Iterable[Mail], at: datetime) -> int:
    """Queue ``mails`` in ``connection``'s transaction; how many were new."""
    return sum(queue_mail(connection, mail.account, mail.kind, mail.params, key=mail.key,
                          at=at) for mail in mails)


def queue_now(engine: Engine, mails: Sequence[Mail], at: datetime) -> int:
    """Queue ``mails`` in a transaction of their own (a blocking call)."""
    with engine.begin() as connection:
        return queue(connection, mails, at)


def turn_mails(table: Table, game: Game, mover: int | None,
               seats: Sequence[Seat] | None = None) -> list[Mail]:
    """The "your turn" mail once ``mover`` played on ``game`` (None: the
    game just started) at ``table``, whose seats are ``seats`` (the table's
    own if None): to the account whose turn it became, at a turn-based
    table only, and not when the same seat moves again."""
    seats = table.seats if seats is None else seats
    if table.timing.kind != "turn" or game.is_over:
        return []
    seat = game.current_player
    player = seats[seat]
    if seat == mover or player.kind != "human" or player.account is None:
        return []
    played = sum(1 for one in game.movers if one == seat)
    return [Mail(player.account, "your_turn", {"table": table.id, "name": table.name},
                 key=f"turn:{table.id}:{player.account}:{played}")]


def rematch_mails(table: Table, offered_by: int, accepted: Iterable[str]) -> list[Mail]:
    """The rematch offer's mail from the seat ``offered_by`` at a finished
    turn-based ``table``, to every other person seated there who has not
    accepted (``accepted``: seat numbers as text), once each."""
    if table.timing.kind != "turn":
        return []
    given = set(accepted)
    offering = table.seats[offered_by]
    out = []
    for index, seat in enumerate(table.seats):
        account = seat.account
        if (account is None or str(index) in given or index == offered_by
                or account == offering.account or seat.resigned):
            continue
        out.append(Mail(account, "rematch", {"table": table.id, "from": offering.name},
                        key=f"rematch:{table.id}:{account}"))
    return out


def _accounts(entrants: Iterable[str]) -> list[str]:
    return [e.split(":", 1)[1] for e in entrants if e.startswith("account:")]


def _opened_rounds(progress: Mapping[str, Any] | None) -> dict[tuple[int, int], set[str]]:
    """Every opened round of a stored progress, by (stage, round number):
    the ids of its matches."""
    out: dict[tuple[int, int], set[str]] = {}
    for stage_index, stage in enumerate((progress or {}).get("stages", [])):
        for one in stage.get("rounds", []):
            if one.get("opened"):
                out[stage_index, one["number"]] = {m["id"] for m in one.get("matches", [])}
    return out


def match_mails(event_id: str, name: str, before: Mapping[str, Any] | None,
                after: Mapping[str, Any] | None) -> list[Mail]:
    """The "your match is ready" mails of a competition whose stored
    progress goes from ``before`` to ``after`` (progress.py's JSON): for
    each match of a round opened since (or added to an open round), one to
    each account playing in it.

        >>> one = {"number": 2, "opened": True, "matches": [
        ...     {"id": "1.2.1", "entrants": ["account:a1", "bot:random"]}]}
        >>> after = {"stages": [{"rounds": [one]}]}
        >>> [(m.account, m.params, m.key) for m in match_mails("e1", "Cup", None, after)]
        [('a1', {'event': 'e1', 'name': 'Cup', 'round': 2}, 'match:e1:1.2.1:a1')]
        >>> match_mails("e1", "Cup", after, after)
        []
    """
    known = _opened_rounds(before)
    out = []
    for stage_index, stage in enumerate((after or {}).get("stages", [])):
        for one in stage.get("rounds", []):
            if not one.get("opened"):
                continue
            seen = known.get((stage_index, one["number"]), set())
            for match in one.get("matches", []):
                if match["id"] in seen or match.get("result") is not None:
                    continue
                for account in _accounts(match.get("entrants", [])):
                    out.append(Mail(account, "match", {"event": event_id, "name": name,
                                                       "round": one["number"]},
                                    key=f"match:{event_id}:{match['id']}:{account}"))
    return out


def warning_time(deadline: datetime, allowed: timedelta | None) -> datetime:
    """When a deadline is announced: :data:`WARN_BEFORE` before it, or a
    quarter of the time ``allowed`` before it when that is shorter.

        >>> from datetime import UTC
        >>> at = datetime(2026, 1, 2, 12, tzinfo=UTC)
        >>> warning_time(at, timedelta(days=1)).hour, warning_time(at, timedelta(hours=8)).hour
        (8, 10)
    """
    before = WARN_BEFORE if allowed is None else min(WARN_BEFORE, allowed / 4)
    return deadline - before


def table_warning(table: Table, now: datetime) -> Mail | None:
    """The deadline mail of ``table``'s pending move if its deadline is
    near at ``now`` (a turn-based table, a person's seat with an account)."""
    seat, clock = table.running(), table.clock
    if table.timing.kind != "turn" or seat is None or clock is None:
        return None
    account = table.seats[seat].account
    deadline = clock.deadline(table.timing, seat)
    if account is None or deadline is None:
        return None
    if not warning_time(deadline, timedelta(seconds=table.timing.deadline)) <= now < deadline:
        return None
    return Mail(account, "deadline", {"table": table.id, "name": table.name,
                                      "at": deadline.isoformat()},
                key=f"deadline:{table.id}:{table.moves}:{account}")


def event_warnings(event: Event, now: datetime) -> list[Mail]:
    """The deadline mails of ``event``'s open rounds whose deadline is near
    at ``now``: to each person of a match not begun who has not pressed
    "play now" (past the deadline, the match is forfeited)."""
    progress = event.progress
    if event.status != "running" or progress is None or not progress.stages:
        return []
    allowed = event.setup.get("round_deadline")
    out = []
    for one in progress.stages[-1].rounds:
        deadline = one.deadline
        if not one.opened or deadline is None:
            continue
        if not warning_time(deadline, allowed and timedelta(seconds=allowed)) <= now < deadline:
            continue
        for match in one.matches:
            if match.result is not None or match.table_now is not None:
                continue
            for account in _accounts(e for e in match.entrants if e not in match.ready):
                out.append(Mail(account, "deadline", {"event": event.id, "name": event.name,
                                                      "at": deadline.isoformat()},
                                key=f"deadline:{event.id}:{match.id}:{account}"))
    return out


class Watched(Protocol):
    """What the deadline sweep reads of the hall."""

    @property
    def tables(self) -> Mapping[str, Table]: ...

    @property
    def organizes(self) -> bool: ...

    def owns(self, table: Table) -> bool: ...

    def now(self) -> datetime: ...

    async def db(self, call: Any, *args: Any) -> Any: ...


class DeadlineWarnings:
    """Announces near deadlines (:func:`table_warning`, :func:`event_warnings`)
    at each :meth:`sweep`: the tables this process owns, and the
    competitions if it organizes them. The database's unique key queues
    each once; this process remembers what it queued (until the deadline
    passes), so a sweep four times a second writes only what is new."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._queued: dict[str, datetime] = {}
        #: Agreed games an hour away (reminders.py).
        self.reminders = Reminders(engine)

    async def sweep(self, hall: Watched, events: Iterable[Event]) -> int:
        """Queue the deadline mails due at the hall's time; how many were new."""
        now = hall.now()
        await self.reminders.sweep(hall)
        mails = [mail for table in list(hall.tables.values()) if hall.owns(table)
                 if (mail := table_warning(table, now)) is not None]
        if hall.organizes:
            mails += [mail for event in list(events) for mail in event_warnings(event, now)]
        fresh = [mail for mail in mails if mail.key not in self._queued]
        self._queued = {key: at for key, at in self._queued.items() if at > now}
        if not fresh:
            return 0
        added: int = await hall.db(queue_now, self._engine, fresh, now)
        for mail in fresh:
            assert mail.key is not None
            self._queued[mail.key] = datetime.fromisoformat(mail.params["at"])
        return added
