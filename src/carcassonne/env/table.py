"""The table both environments share: one game, its action tree, its rewards.

A :class:`Table` (:mod:`carcassonne.encoding.table`, compiled with the
engine) owns a :class:`~carcassonne.Game` and everything the
environments derive from it: the board's squares (``squares.py``), the
action tree of the current decision (``encoding.decision``, built once per engine
decision, when first asked), the actions chosen so far within that decision
and the scores last paid out as rewards.

Rewards (:class:`Rewards`) are score changes, for every seat at every step
(an opponent's move can score for you: a shared city, a farm, a wonder),
times ``score_scale``; when the game ends each seat also gets the result:
``win`` for the only winner, ``shared`` for each of several seats tied on
the top score (``FINAL-9``), ``loss`` for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from carcassonne.encoding.table import Table
from carcassonne.engine.game import Game


@dataclass(frozen=True)
class Rewards:
    """How points and the result become rewards (see the module docstring)."""

    score_scale: float = 1.0
    win: float = 1.0
    loss: float = -1.0
    shared: float = 0.0

    def result(self, game: Game, seat: int) -> float:
        """The result reward of ``seat`` in a finished game."""
        winners = game.winners
        if seat not in winners:
            return self.loss
        return self.win if len(winners) == 1 else self.shared


#: What may be set per game: ``stack`` (tile ids, first drawn first) and
#: ``wonders`` (the wonders laid out).
GAME_KEYS = ("stack", "wonders")

__all__ = ["GAME_KEYS", "Rewards", "Table"]
