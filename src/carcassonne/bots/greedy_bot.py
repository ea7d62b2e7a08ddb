"""The greedy bot: the move that looks best right now, one move deep.

For every legal move the bot plays the move on a copy of the game, looks at
the position it leads to, and takes the move back. It keeps the move whose
position is worth the most to the player who moved; ties are broken by the
bot's own seeded random generator, so a bot and a seed always make the same
choice in the same position::

    >>> from carcassonne import Game
    >>> from carcassonne.bots import GreedyBot
    >>> game = Game.new(players=2, seed=1)
    >>> move = GreedyBot(seed=5).choose(game)
    >>> game.is_legal(move)
    True

What a position is worth to a player (:meth:`GreedyBot.values`), in
hundredths of a point:

- ``100`` per *projected* point, :meth:`Game.projected_scores`: the score if
  the game ended now, so points already scored plus every unfinished road,
  city, monastery and field at its end-of-game value. This is the simple
  estimate of open features: a meeple on a half-built city counts one point
  per tile, as it would at the end.
- ``25`` more per point scored during play: points in hand beat points
  that still depend on finishing a feature.
- up to ``200`` per follower in supply (meeple or large meeple): a follower
  kept back can still claim something later. The bonus fades over the last
  ten tiles of the stack, when there is little left to claim. Special
  figures (builder, pig) earn no such bonus: they are placed whenever that
  costs nothing, and the pig whenever it adds to a field.

The value of a move is the mover's worth minus the best opponent's worth, so
taking points from a rival (joining their city, finishing it for them) is
judged as well as gaining them.

The bot reads only what every player may know. Playing a candidate move
makes the engine draw the next tile for the next player, removing tiles that
fit nowhere (``PLACE-4``); the bot never looks at that tile, the hands or the
stack. Of the position after the move it reads only the move's score events,
the projected scores and the supplies, which do not depend on the order of
the stack, and it sets the figure bonus from the stack size *before* the
move. So two games that differ only in the hidden order of the stack get the
same choice. Points "scored during play" leave out final scoring, so a move
is valued the same whether or not the game ends right after it.
"""

from __future__ import annotations

from typing import cast

from carcassonne.bots.evaluation import FIGURE, SIMPLE, Evaluation
from carcassonne.bots.seeded import SeededBot
from carcassonne.bots.weighing import bounded_values
from carcassonne.engine import Game, Move
from carcassonne.engine.moves import AnyMove

#: Extra hundredths per point scored during play (not at final scoring).
SCORED = 25

__all__ = ["FIGURE", "SCORED", "GreedyBot"]


class GreedyBot(SeededBot):
    """Plays the move with the best immediate value (see the module docstring).

    Seeded like every bot (:class:`~carcassonne.bots.seeded.SeededBot`).
    ``evaluation`` is how positions are judged: the simple estimate unless
    told otherwise (the search bot models its own moves with its own).
    """

    name = "greedy"

    def __init__(self, seed: int | str | None = None,
                 evaluation: Evaluation = SIMPLE, slack: int = 0,
                 cap: int | None = None) -> None:
        super().__init__(seed)
        self.evaluation = evaluation
        #: Hundredths of a point: any move valued within this of the best may
        #: be played, chosen at random (a gentler bot that still never plays
        #: a move much worse than the best it sees).
        self.slack = slack
        #: The most moves valued in one decision (None or 0: every legal move);
        #: beyond it the bot weighs in stages (:mod:`.weighing`).
        self.cap = cap

    def choose(self, game: Game) -> Move:
        """The move to play in ``game`` for its current player; the game is
        left unchanged.

        Raises ``IndexError`` when the game is over (there is nothing to choose).
        """
        return self.pick(self.values(game))

    def pick(self, values: dict[Move, int]) -> Move:
        """The move :meth:`choose` plays of these ``values`` (:meth:`values`'
        answer): the best, or any within :attr:`slack` of it, at random.
        Raises ``IndexError`` when there are none (the game is over)."""
        if not values:
            raise IndexError("no legal move: the game is over")
        least = max(values.values()) - self.slack
        return self.rng.choice([move for move, value in values.items() if value >= least])

    def values(self, game: Game) -> dict[Move, int]:
        """Every legal move of ``game`` with its value for the player to move,
        in hundredths of a point, in the order of ``game.legal_moves()``
        (with a :attr:`cap`, at most that many of them). Empty once the game
        is over. ``game`` itself is not changed
        (:func:`~carcassonne.bots.evaluation.move_values`)."""
        return bounded_values(game, self.evaluation, SCORED, self.cap,  # type: ignore[return-value]
                              self.rng)

    def best(self, game: Game, width: int | None = None,
             ) -> tuple[list[AnyMove], dict[AnyMove, int]]:
        """The moves :meth:`values` weighs, best first (at most ``width`` of
        them; None: all), with their values: the candidates a search looks
        into."""
        values = cast(dict[AnyMove, int], self.values(game))
        ranked = sorted(values, key=lambda m: -values[m])[:width]
        return ranked, {move: values[move] for move in ranked}
