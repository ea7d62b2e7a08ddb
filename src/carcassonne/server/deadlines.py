"""Deadlines: what time does at a table (timing.py holds the clocks).

A clock run out, a turn-based deadline missed, an untimed casual game left
for 7 days (:data:`~carcassonne.server.timing.ABANDON_AFTER`): the hall's
timekeeper calls :func:`keep_time` a few times a second; tests call it
themselves after moving the hall's injected clock (``Settings.now``)
forward. A move asked after its time is up acts first (:func:`expire`, from
moves.py), so a player never moves on a clock that ran out.

Each act is a change of the table like any other, made inside
:meth:`Hall.order <carcassonne.server.hall.Hall.order>`: stored, applied,
then told.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from carcassonne.server.bots import choose, stand_in
from carcassonne.server.flags import ends_the_game, lose_on_time
from carcassonne.server.moves import apply_move
from carcassonne.server.timing import ABANDON_AFTER, MISSES_ALLOWED

if TYPE_CHECKING:
    from carcassonne.server.host import ChangeHost
    from carcassonne.server.tables import Table


def due(table: Table) -> datetime | None:
    """When time next acts at ``table``: the pending human decision's
    clock or deadline, or an untimed casual game's abandonment."""
    seat = table.running()
    if seat is None or table.clock is None:
        return None
    if table.timing.kind == "none":
        return None if table.rated else table.clock.since + ABANDON_AFTER
    return table.clock.deadline(table.timing, seat)


async def keep_time(hall: ChangeHost) -> int:
    """Act on every table this process owns whose time is up (see
    :func:`expire`); how many were changed."""
    now = hall.now()
    changed = 0
    for table in [t for t in hall.tables.values() if hall.owns(t)]:
        when = due(table)
        if when is not None and when <= now:
            changed += await hall.order(table, lambda table=table: expire(hall, table))
    return changed


async def expire(hall: ChangeHost, table: Table) -> bool:
    """If the time of ``table``'s pending decision is up, act (inside
    :meth:`Hall.order <carcassonne.server.hall.Hall.order>`): an untimed
    casual game ends as abandoned; a clock run out hands the seat to the
    stand-in for good (or, where a flag is a loss at a table of two, ends
    the game lost on time: flags.py); a missed turn-based deadline has the stand-in play
    that move, and the seat for good at the third miss. Whether it acted."""
    when = due(table)
    if when is None or when > hall.now():
        return False
    seat, clock, game = table.running(), table.clock, await hall.game_of(table)
    assert seat is not None and clock is not None and game is not None
    if table.timing.kind == "none":
        await hall.write(table, status="abandoned")
        return True
    if table.timing.kind == "turn":
        clock = clock.missed_one(seat)
        if clock.missed[seat] < MISSES_ALLOWED:
            move = await choose(hall.stand_in_bot(table, seat), game)
            await apply_move(hall, table, seat, move, None, clock, stand_in_move=True)
            return True
    else:
        clock = clock.ran_out(seat)
        if ends_the_game(table.timing, len(table.seats)):
            await lose_on_time(hall, table, seat, clock)
            return True
    seats = list(table.seats)
    seats[seat] = seats[seat].as_bot(stand_in())
    await hall.write(table, seats=tuple(seats), clock=clock)
    return True
