"""The random bot: a uniformly random legal move, reproducible from a seed.

It is the baseline every other bot is measured against, and the player
``carcassonne simulate`` uses to produce test games in bulk::

    >>> from carcassonne import Game
    >>> from carcassonne.bots import RandomBot
    >>> game = Game.new(players=2, seed=1)
    >>> bot = RandomBot(seed=5)
    >>> game.play(bot.choose(game))

The draw is uniform over *placements* (tile, square, rotation) first, then
uniform over that placement's figure options, "no figure" included. Drawing
uniformly over all moves instead would favour placements that happen to offer
many figure spots. Like every bot it reads the game only through the public
:class:`~carcassonne.Game` API.
"""

from __future__ import annotations

from carcassonne.bots.seeded import SeededBot
from carcassonne.engine import Game, Move


class RandomBot(SeededBot):
    """Plays a uniformly random legal move.

    Seeded like every bot (:class:`~carcassonne.bots.seeded.SeededBot`).
    """

    name = "random"
    #: It answers in microseconds and only reads the game it is given: a
    #: server may let it choose on its own game, without a thread.
    quick = True


    def choose(self, game: Game) -> Move:
        """The move to play in ``game`` for its current player.

        Raises ``IndexError`` when the game is over (there is nothing to choose).
        """
        return game.legal_moves().random(self.rng)
