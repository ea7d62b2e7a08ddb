"""Moves: a player's or a bot's move at a table, checked, stored, shown.

:func:`play` is the change a client's move makes (the WebSocket, live.py),
routed to the process that owns the table (routing.py). The table's move
goes through :meth:`Hall.order <carcassonne.server.hall.Hall.order>` like
every change: checked here (whose turn, the game not over, the move asked
twice), then by the engine as it is played on the table's game, stored with
the table's new clock (:meth:`Hall.write <carcassonne.server.hall.Hall.write>`),
taken back if it could not be stored, and only then told to everyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carcassonne.engine import IllegalMove, Move, NotationError
from carcassonne.server.errors import Moved, Refusal, rule_of
from carcassonne.server.move_clocks import move_clock
from carcassonne.server.notices import turn_mails
from carcassonne.server.pause import check_not_paused
from carcassonne.server.ratings import rated_result
from carcassonne.server.routing import routed

if TYPE_CHECKING:
    from datetime import datetime

    from carcassonne.engine import Game
    from carcassonne.server.host import ChangeHost
    from carcassonne.server.tables import Table
    from carcassonne.server.timing import Clock


def result_of(game: Game, ended: datetime) -> dict[str, Any]:
    """The stored ``result`` of a game played to its end."""
    return {"scores": list(game.scores), "winners": list(game.winners),
            "ended": ended.isoformat()}


async def play_here(hall: ChangeHost, table_id: str, seat: int | None, data: Any,
                    expect: int | None = None, think: float | None = None,
                    seen: int | None = None) -> None:
    """Play ``data`` (a move in record form) for ``seat``: checked by the
    engine, stored, and only then shown to everyone. ``expect`` (bots)
    is the number of moves the move was chosen after; ``think`` the
    seconds the player's client says it thought (clock tables).

    ``seen`` (a player's connection) is the number of moves in the last
    state the player was sent. If the game is past it and its move
    number ``seen`` is this very move of this seat, the move was asked
    twice (its answer was lost on the way, or a routed call was made
    again when the table changed hands meanwhile) and is done: nothing
    more happens and nothing is refused.

    This is the move made here; :func:`play` is the same, made by the
    table's owner (a table's bots call this: they play where it is owned)."""
    table = hall.get(table_id)
    if seat is None:
        raise Refusal(403, "spectators cannot move: connect with your seat token")
    try:
        move = Move.from_dict(data)
    except NotationError as err:
        raise Refusal(400, f"malformed move: {err}", rule_of(str(err))) from None

    async def check_and_apply() -> None:
        if not hall.owns(table):
            raise Moved()
        game = await hall.game_of(table)
        if table.status == "waiting" or game is None:
            raise Refusal(409, "the game has not started")
        if table.status == "abandoned":
            raise Refusal(409, "the game was abandoned")
        if seen is not None and 0 <= seen < len(game.moves) \
                and game.moves[seen] == move and game.movers[seen] == seat:
            return  # played already: asked twice
        if game.is_over or table.status == "finished":  # (or ended by a resignation)
            raise Refusal(409, "the game is over", "FINAL")
        check_not_paused(table)
        if expect is not None and len(game.moves) != expect:
            raise Refusal(409, "the game moved on meanwhile")
        if game.current_player != seat:
            raise Refusal(409, f"it is not your turn: seat {game.current_player} "
                               f"is to move")
        if await hall.expire(table):
            raise Refusal(409, "your time for this move ran out: nothing was played")
        await apply_move(hall, table, seat, move, think)

    await hall.order(table, check_and_apply)


play = routed(play_here, "play")


async def apply_move(hall: ChangeHost, table: Table, seat: int, move: Move,
                     think: float | None, clock: Clock | None = None,
                     stand_in_move: bool = False) -> None:
    """Play ``move`` for ``seat`` on the table's game (the engine checks
    it and leaves the game as it was if it is illegal), store it with
    the table's new clock (from ``clock`` if given), and take it back if
    it could not be stored (the move stored with its ``clock``,
    move_clocks.py); inside :meth:`Hall.order
    <carcassonne.server.hall.Hall.order>`, so the table's lock is held
    throughout and nobody reads the game in between (see tables.py). A
    stand-in's move charges no clock. A game over is stored with its
    result and the ratings it gives; a move that makes it an account's
    turn at a turn-based table queues its mail (notices.py)."""
    game = table.game
    assert game is not None
    number = len(game.moves)
    try:
        game.play(move)
    except IllegalMove as err:
        raise Refusal(400, str(err), err.rule) from None
    except ValueError as err:  # a move of a kind this game has no use for
        raise Refusal(400, str(err), rule_of(str(err))) from None
    try:
        now = hall.now()
        clock = clock or table.clock  # every table being played has one (seats.start_game)
        assert clock is not None
        clocked = [s.kind == "human" for s in table.seats]
        after = clock.after_move(table.timing, seat, now, think,
                                 clocked[seat] and not stand_in_move)
        changes: dict[str, Any] = {"moves": number + 1, "clock": after,
                                   "scores": list(game.scores),
                                   "current": game.current_player}
        rating = None
        if game.is_over:
            changes.update(status="finished", result=result_of(game, now))
            rating = rated_result(table, game, changes["clock"])
        stored = {**move.to_dict(),  # with its time, kept for the record (move_clocks.py)
                  "clock": move_clock(table.timing, clock, after, seat, now, clocked)}
        await hall.write(table, {"number": number, "seat": seat, "move": stored},
                         rating, mails=turn_mails(table, game, seat), **changes)
    except BaseException:
        if table.game is game and len(game.moves) == number + 1:
            game.undo()  # not stored: the game is as the database has it
        raise
