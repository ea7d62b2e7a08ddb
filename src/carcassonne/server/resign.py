"""Resigning a game: ``POST /api/tables/{id}/resign``.

A seated player (their seat token, or the session of the account that
holds the seat) gives the game up. Their seat goes to the stand-in bot, as
a seat left during the game does (``leave``), and is marked ``resigned``
for good: in a rated game it ranks last whatever its score, like a seat
whose clock ran out, and its token opens it no more.

The game goes on, with the stand-in in that seat, while two seats or more
are still *in play*: neither resigned nor out of time (a bot's seat counts
as a player). When one is left (or none), the table is finished at once,
scores as they stand (no end-of-game scoring: the game was not played to
its end): the seats still in play are the winners (if none is, those that
did not resign), and a rated game is rated then, the resigned seats last.

A resignation is a change of the table like any other: made by the process
that owns the table (``routed``, routing.py) through ``Hall.order``: under
the table's lock, stored first and only then applied and told to every
connection, so a restarted server finds it as it was. Refused, with
nothing changed: a spectator (403), a player who resigned already, a game
not started, over or abandoned (409).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.server.bots import stand_in
from carcassonne.server.errors import Moved, Refusal
from carcassonne.server.ratings import rated_result
from carcassonne.server.routing import routed

if TYPE_CHECKING:
    from carcassonne.server.host import ChangeHost
    from carcassonne.server.tables import Table


@routed
async def resign(hall: ChangeHost, table_id: str, token: str | None,
                 account: str | None = None) -> Table:
    """Resign the seat ``token`` (else the logged-in ``account``) holds at
    the table; the table as it is then."""
    table = hall.get(table_id)

    async def give_up() -> None:
        if not hall.owns(table):
            raise Moved()
        if table.resigned_by(token, account) is not None:
            raise Refusal(409, "you have resigned from this game already")
        index = hall.seat_of(table, token, account)
        if table.status == "waiting":
            raise Refusal(409, "the game has not started: leave the table instead")
        if table.status != "playing":
            raise Refusal(409, "the game was abandoned" if table.status == "abandoned"
                          else "the game is over")
        seats = list(table.seats)
        seats[index] = seats[index].resigning(stand_in())
        timed_out = set(table.clock.out if table.clock is not None else ())
        in_play = [i for i, seat in enumerate(seats) if not seat.resigned and i not in timed_out]
        if len(in_play) >= 2:
            await hall.write(table, seats=tuple(seats))
            return
        game = await hall.game_of(table)
        assert game is not None  # a table being played has its game
        winners = in_play or [i for i, seat in enumerate(seats) if not seat.resigned]
        result = {"scores": list(game.scores), "winners": winners,
                  "ended": hall.now().isoformat()}
        rating = rated_result(table, game, seats=tuple(seats))
        await hall.write(table, None, rating, seats=tuple(seats), status="finished",
                         result=result, current=None)

    await hall.order(table, give_up)
    return table
