"""What a flag means: a clock run out, at a table whose timing says so.

A clock timing's ``flag`` (timing.py) is ``"stand_in"`` (the default) or
``"loss"``:

- ``stand_in``: the seat is handed to the ``greedy`` stand-in for the rest
  of the game and ranks last in the rating (deadlines.py does it).
- ``loss``: at a table of two the game ends at the flag (:func:`lose_on_time`),
  as a resignation ends one (resign.py): ``status`` ``finished``, the
  scores as they stand (no end-of-game scoring), ``winners`` the other
  seat whatever the scores, and ``"flag": seat`` in the stored result, so
  the table (``TABLE``'s ``flag``), the end screen and the player's history
  say the game was lost on time; a rated game is rated at once, the
  flagged seat last. With more players the seat goes to the stand-in as
  with ``stand_in``, and ranks last.

In a competition a seat that lost on time (at a ``loss`` table: the
flagged seat of two, or any seat whose clock ran out among more) loses
the game: the match counts its score one below the lowest seat still in
play, as for a resignation; with ``time_loss_margin`` a game of two lost
on time counts that margin instead of the scores, the winner ``margin``
and the flagged seat 0 (counting.py), so the match lines and
the standings read a difference of +margin and -margin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carcassonne.server.ratings import rated_result

if TYPE_CHECKING:
    from carcassonne.server.host import ChangeHost
    from carcassonne.server.tables import Table
    from carcassonne.server.timing import Clock, Timing


def ends_the_game(timing: Timing, players: int) -> bool:
    """Whether a flag ends the game: ``"flag": "loss"`` at a table of two."""
    return timing.kind == "clock" and timing.flag == "loss" and players == 2


async def lose_on_time(hall: ChangeHost, table: Table, seat: int, clock: Clock) -> None:
    """End ``table``'s game at ``seat``'s flag (``clock``: the clock with the
    seat run out), inside :meth:`Hall.order <carcassonne.server.hall.Hall.order>`:
    the other seat wins whatever the scores."""
    game = await hall.game_of(table)
    assert game is not None  # a table being played has its game
    winners = [i for i in range(len(table.seats)) if i != seat]
    result = {"scores": list(game.scores), "winners": winners,
              "ended": hall.now().isoformat(), "flag": seat}
    rating = rated_result(table, game, clock)
    await hall.write(table, None, rating, clock=clock, status="finished", result=result,
                     current=None)
