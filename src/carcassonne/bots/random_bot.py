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

import random

from carcassonne.engine import Game, Move


class RandomBot:
    """Plays a uniformly random legal move.

    Two bots built with the same ``seed`` make the same choices in the same
    positions; ``seed=None`` seeds from the system.
    """

    name = "random"

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        """The move to play in ``game`` for its current player.

        Raises ``IndexError`` when the game is over (there is nothing to choose).
        """
        return game.legal_moves().random(self.rng)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
