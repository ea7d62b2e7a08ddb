"""Carcassonne: a rules-exact game engine, fast enough for game AI.

    >>> from carcassonne import Game
    >>> game = Game.new(players=["Ann", "Bob"], seed=1)
    >>> game.play(game.legal_moves()[0])
"""

from carcassonne.engine import (
    AwardWonder,
    Figure,
    Game,
    IllegalMove,
    LegalMoves,
    Move,
    NotationError,
    Options,
    ScoreEvent,
    SetupError,
    TakeWonder,
)
from carcassonne.record import RecordError

__version__ = "0.1.0"

__all__ = [
    "AwardWonder", "Figure", "Game", "IllegalMove", "LegalMoves", "Move", "NotationError",
    "Options", "RecordError", "ScoreEvent", "SetupError", "TakeWonder",
]
