"""The rules engine: pure, deterministic, standard library only."""

from carcassonne.engine.errors import IllegalMove, SetupError
from carcassonne.engine.game import Game
from carcassonne.engine.legal import LegalMoves
from carcassonne.engine.moves import AwardWonder, Figure, Move, NotationError, TakeWonder
from carcassonne.engine.options import Options
from carcassonne.engine.scoring import ScoreEvent

__all__ = [
    "AwardWonder", "Figure", "Game", "IllegalMove", "LegalMoves", "Move", "NotationError",
    "Options", "ScoreEvent", "SetupError", "TakeWonder",
]
