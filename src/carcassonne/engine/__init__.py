"""The rules engine: pure, deterministic, standard library only.

:class:`Game` is its public face; the state a move changes is a game's
:class:`Position` (``game.position()``), and an undo frame an
:class:`UndoFrame` (see :mod:`carcassonne.engine.position`). A program
that plays the draws itself asks what a move's draws may be and plays the
ones it chooses with :func:`draw_outcomes` and :func:`play_drawing`
(:mod:`carcassonne.engine.chance`).
"""

from carcassonne.engine.chance import draw_outcomes, play_drawing
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
    "draw_outcomes", "play_drawing",
]
