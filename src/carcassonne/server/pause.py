"""Pausing a game: ``POST /api/tables/{id}/pause``.

A timed game being played (on clocks, or turn-based) is paused when every
person seated has asked (``{"pause": true}``; bots do not vote), and
resumed when every person seated has asked again (``{"pause": false}``).
The same request asks, accepts what another asked, or, sent the other
way, withdraws one's own request: ``{"pause": false}`` from a player who
asked to pause, ``{"pause": true}`` from one who asked to resume. An
official of the table's competition (its organizer or a referee,
table_officials.py) who holds no seat there pauses or resumes alone; one
who plays there asks as a player.

While paused no time runs (no clock is charged, no deadline passes, a
turn-based deadline too), no move is played (a move is refused, naming the
pause, moves.py) and the bots wait. Resumed, every seat has the time it had
(:meth:`Clock.resuming <carcassonne.server.timing.Clock.resuming>`). The
pause lives in the table's stored clock, so every process of a site and a
restarted server keep the game paused, with the same time left.

A change of the table like any other: routed to its owner (routing.py)
and made through :meth:`Hall.order <carcassonne.server.hall.Hall.order>`.
Refused, with nothing changed: a stranger (403), a game not being played,
an untimed one (409).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from carcassonne.engine.errors import shown
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.host import ChangeHost
from carcassonne.server.routing import routed
from carcassonne.server.table_officials import OfficialsHost, acts_for_others

if TYPE_CHECKING:
    from datetime import datetime

    from carcassonne.server.tables import Table
    from carcassonne.server.timing import Clock

#: Why a move is refused while the game is paused.
PAUSED = "the game is paused: no move is played until it is resumed"


class PauseHost(ChangeHost, OfficialsHost, Protocol):
    """What pausing needs of the hall: a table's changes (``ChangeHost``)
    and its storage, to find the table's officials (table_officials.py)."""


def pause_request(body: dict[str, Any]) -> bool:
    """What the body of ``POST /api/tables/{id}/pause`` asks: to pause
    (true) or to resume (false); 400 for anything else."""
    wanted = body.get("pause")
    if type(wanted) is not bool:
        raise Refusal(400, f"pause must be true (to pause) or false (to resume), "
                           f"not {shown(wanted)}")
    return wanted


def check_not_paused(table: Table) -> None:
    """Refuse a move (409) while ``table``'s game is paused."""
    if table.paused:
        raise Refusal(409, PAUSED)


@routed
async def pause(hall: PauseHost, table_id: str, wanted: bool, token: str | None,
                account: str | None = None) -> Table:
    """Ask (``wanted``: to pause, else to resume) for the seat ``token``
    opens (else the seat the logged-in ``account`` holds), or act as an
    official; the table as it is then."""
    table = hall.get(table_id)

    async def change() -> None:
        if not hall.owns(table):
            raise Moved()
        seat = await _asker(hall, table, token, account)
        _check_pausable(table)
        if await hall.expire(table):
            _check_pausable(table)  # the time of the pending decision was up: it acted first
            if seat is not None and table.seats[seat].kind != "human":
                raise Refusal(409, "your time ran out: your seat is the stand-in's")
        assert table.clock is not None  # a game being played has its clock
        clock = _after(table, table.clock, seat, wanted, hall.now())
        if clock != table.clock:
            await hall.write(table, clock=clock)

    await hall.order(table, change)
    return table


async def _asker(hall: PauseHost, table: Table, token: str | None,
                 account: str | None) -> int | None:
    """The seat that asks, or None for an official of the table's
    competition who holds no seat here; 403 for anyone else."""
    if token or account is None:
        return hall.seat_of(table, token, account)
    seat = table.seat_of_account(account)
    if seat is not None:
        return seat
    if await acts_for_others(hall, table, account):
        return None
    raise Refusal(403, "only the players seated at this table, or an official of its "
                       "competition, may pause or resume its game")


def _check_pausable(table: Table) -> None:
    """409 unless ``table``'s game is being played on a clock or deadlines."""
    if table.status != "playing":
        raise Refusal(409, {"waiting": "the game has not started",
                            "abandoned": "the game was abandoned"}.get(table.status,
                                                                       "the game is over"))
    if table.timing.kind == "none":
        raise Refusal(409, "an untimed game has no clock to stop: there is nothing to pause")


def _after(table: Table, clock: Clock, seat: int | None, wanted: bool,
           now: datetime) -> Clock:
    """The clock once ``seat`` (None: an official) asked at ``now`` for
    ``wanted`` (to pause, else to resume)."""
    paused = clock.paused is not None
    if seat is None:  # an official acts alone
        if wanted == paused:
            return clock
        return clock.pausing(now) if wanted else clock.resuming(now)
    persons = {i for i, s in enumerate(table.seats) if s.kind == "human"}
    asked = set(clock.asked) & persons
    if wanted == paused:  # sent the other way: withdraw one's request
        asked.discard(seat)
        return clock.asking(sorted(asked))
    asked.add(seat)
    if asked >= persons:
        return clock.pausing(now) if wanted else clock.resuming(now)
    return clock.asking(sorted(asked))
