"""A player's view: what one seat may know, as plain JSON-ready data.

The view never holds the order of the stack, nor another player's hand
unless the table shows hands (``hands_public``). Everything else is public:
the board, the figures, scores, supplies, the tile being placed, the log,
and how many tiles of each kind nobody has seen yet.

A server sends a view after every move, so the parts that only grow as
moves are played (the board, the moves' notation, the score events) are
made once per game (:class:`ViewParts`) instead of at every view: each
view gets new lists, whose items are shared with the game's later views.
A view is data to read or send; copy a part before changing it.
"""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import TYPE_CHECKING, Any, cast

from carcassonne.tiles.geometry import unpack

if TYPE_CHECKING:
    from carcassonne.engine.game import Game


class ViewParts:
    """The parts of a game's views made so far: one entry per placed tile
    (in placement order), per move and per score event. Moves only add to
    them; :meth:`Game.undo` drops them (made again at the next view) and
    :meth:`Game.copy` copies the lists (their items are never changed)."""

    __slots__ = ("board", "events", "moves", "squares")

    def __init__(self) -> None:
        self.board: list[dict[str, Any]] = []
        #: How many of the board's squares ``board`` has gone through (a
        #: piece covers several squares and has one entry, at its anchor).
        self.squares = 0
        self.moves: list[str] = []
        self.events: list[dict[str, Any]] = []

    def copy(self) -> ViewParts:
        other = ViewParts()
        other.board, other.squares = self.board.copy(), self.squares
        other.moves, other.events = self.moves.copy(), self.events.copy()
        return other

    def update(self, game: Game) -> None:
        """Add what ``game`` played since the last update."""
        tiles = game._board.tiles
        if len(tiles) > self.squares:
            board = self.board
            for pos, (_, turned) in islice(tiles.items(), self.squares, None):
                if turned.tile.data.get("anchor") is not False:  # not a piece's other square
                    x, y = unpack(pos)
                    board.append({"tile": turned.tile.id, "at": [x, y],
                                  "rotation": turned.rotation})
            self.squares = len(tiles)
        history, moves = game._history, self.moves
        for index in range(len(moves), len(history)):
            moves.append(str(history[index]))
        played, events = game._events, self.events
        for index in range(len(events), len(played)):
            events.append(played[index].to_dict())


def _parts(game: Game) -> ViewParts:
    """``game``'s view parts, up to date."""
    parts = game._view_parts
    if parts is None:
        parts = game._view_parts = ViewParts()
    parts.update(game)
    return cast(ViewParts, parts)


def player_view(game: Game, player: int | None) -> dict[str, Any]:
    """The view of seat ``player``, or of a spectator when ``player`` is None
    (see the module docstring). :meth:`Game.view` has checked the seat."""
    hidden = game.options.hand > 1 and not game.options.hands_public
    hands: list[list[str] | None] = []
    for seat in range(len(game.players)):
        shown = not hidden or seat == player
        hands.append(list(game.hand(seat)) if shown else None)
    parts = _parts(game)
    unseen = Counter(game.tiles_left())
    if hidden and player is not None:
        unseen.subtract(game.hand(player))
    return {
        "you": player,
        "players": list(game.players),
        "sets": list(game.sets),
        "options": game.options.changed(),
        "current": game.current_player,
        "to_place": list(game.tiles_to_place) if game.current_player == player or not hidden
        else [],
        "hands": hands,
        "hand_sizes": [len(game.hand(seat)) for seat in range(len(game.players))],
        "scores": list(game.scores),
        "supply": [game.supply(seat) for seat in range(len(game.players))],
        "board": parts.board.copy(),
        "figures": game.figures(),
        "stack_size": game.stack_size,
        "unseen": {t: c for t, c in sorted(unseen.items()) if c > 0},
        "moves": parts.moves.copy(),
        "movers": list(game.movers),
        "events": parts.events.copy(),
        "discards": [{"before_move": i, "player": p, "tile": t} for i, p, t in game.discards],
        "is_over": game.is_over,
        "winners": list(game.winners),
        "extra_turn": game.extra_turn,
        **{key: value for expansion in game._expansions
           for key, value in expansion.view(game, player).items()},
    }
