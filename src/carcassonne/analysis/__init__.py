"""The computer review of a game: each decision's loss against the best move found.

For every decision of a finished game (or one that stopped part way) the
review gives the expected final lead of the mover after the move played
and after the best move the expert's search finds, the loss between them
in points, and a class from ``best`` to ``blunder`` (docs/analysis.md)::

    >>> from carcassonne import Game
    >>> from carcassonne.bots import make_bot
    >>> from carcassonne.bots.expectimax import Plan
    >>> game = Game.new(players=2, seed=5)
    >>> bot = make_bot("greedy", seed=1)
    >>> for _ in range(3):
    ...     game.play(bot.choose(game))
    >>> review = analyse(game.to_record(), Plan(width=2, work=20000))
    >>> [d.index for d in review.decisions]
    [0, 1, 2]
    >>> all(d.loss >= 0 and d.klass in CLASSES for d in review.decisions)
    True

:mod:`.classes` holds the classes and their bounds, :mod:`.chances` the
two-player chance of winning, :mod:`.decisions` weighs one decision,
:mod:`.review` a whole game.
"""

from __future__ import annotations

from carcassonne.analysis.classes import BOUNDS, CLASSES, classify
from carcassonne.analysis.review import Decision, Review, analyse

__all__ = ["BOUNDS", "CLASSES", "Decision", "Review", "analyse", "classify"]
