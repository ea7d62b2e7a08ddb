"""The rules engine: pure, deterministic, standard library only.

:class:`Game` is its public face; the state a move changes is a game's
:class:`Position` (``game.position()``), and an undo frame an
:class:`UndoFrame` (see :mod:`carcassonne.engine.position`).
"""

from carcassonne.engine.errors import IllegalMove, SetupError
from carcassonne.engine.game import Game
from carcassonne.engine.legal import LegalMoves
from carcassonne.engine.moves import AwardWonder, Figure, Move, NotationError, TakeWonder
from carcassonne.engine.options import Options
from carcassonne.engine.position import Position
from carcassonne.engine.scoring import ScoreEvent
from carcassonne.engine.undo import UndoFrame

__all__ = [
    "AwardWonder", "Figure", "Game", "IllegalMove", "LegalMoves", "Move", "NotationError",
    "Options", "Position", "ScoreEvent", "SetupError", "TakeWonder", "UndoFrame",
]
