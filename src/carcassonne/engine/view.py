"""A player's view: what one seat may know, as plain JSON-ready data.

The view never holds the order of the stack, nor another player's hand
unless the table shows hands (``hands_public``). Everything else is public:
the board, the figures, scores, supplies, the tile being placed, the log,
and how many tiles of each kind nobody has seen yet.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from carcassonne.engine.game import Game


def player_view(game: Game, player: int | None) -> dict[str, Any]:
    """The view of seat ``player``, or of a spectator when ``player`` is None
    (see the module docstring). :meth:`Game.view` has checked the seat."""
    hidden = game.options.hand > 1 and not game.options.hands_public
    hands: list[list[str] | None] = []
    for seat in range(len(game.players)):
        shown = not hidden or seat == player
        hands.append(list(game.hand(seat)) if shown else None)
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
        "board": [{"tile": t, "at": list(at), "rotation": r} for t, at, r in game.board()],
        "figures": game.figures(),
        "stack_size": game.stack_size,
        "unseen": {t: c for t, c in sorted(unseen.items()) if c > 0},
        "moves": [str(m) for m in game.moves],
        "movers": list(game.movers),
        "events": [e.to_dict() for e in game.events],
        "discards": [{"before_move": i, "player": p, "tile": t} for i, p, t in game.discards],
        "is_over": game.is_over,
        "winners": list(game.winners),
        "extra_turn": game.extra_turn,
        **{key: value for expansion in game._expansions
           for key, value in expansion.view(game, player).items()},
    }
