"""Carcassonne: a rules-exact game engine, fast enough for game AI.

    >>> from carcassonne import Game
    >>> game = Game.new(players=["Ann", "Bob"], seed=1)
    >>> game.play(game.legal_moves()[0])

``carcassonne.compiled`` says whether the engine running is the compiled
build (see ``setup.py``) or the pure Python one.
"""

from carcassonne._build import choose as _choose
from carcassonne._build import is_compiled as _is_compiled

_choose()

from carcassonne.engine import (  # noqa: E402
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
    draw_outcomes,
    play_drawing,
)
from carcassonne.engine import game as _game_module  # noqa: E402
from carcassonne.record import RecordError  # noqa: E402

#: Whether the engine running is the compiled build (C extensions made by
#: mypyc from these same sources) rather than the pure Python one.
compiled: bool = _is_compiled(_game_module)

__version__ = "0.1.0"

__all__ = [
    "AwardWonder", "Figure", "Game", "IllegalMove", "LegalMoves", "Move", "NotationError",
    "Options", "RecordError", "ScoreEvent", "SetupError", "TakeWonder", "draw_outcomes",
    "play_drawing",
]
