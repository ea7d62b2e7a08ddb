"""The search bot: Monte Carlo tree search, optionally on several processes.

Each search runs in one process (:mod:`carcassonne.bots.search`). With
``workers`` above 1 the bot runs that many independent searches at once in
the program's shared pool of processes (:mod:`carcassonne.bots.pool`), each
with its own seed and so its own determinisations (root parallelism), and
adds up the visits of each root move; it plays the most visited one::

    >>> from carcassonne import Game
    >>> from carcassonne.bots import MctsBot
    >>> from carcassonne.bots.search import Budget
    >>> game = Game.new(players=2, seed=1)
    >>> bot = MctsBot(seed=5, budget=Budget(iterations=50))
    >>> game.is_legal(bot.choose(game))
    True

The levels the lobby offers are fixed budgets (:data:`LEVELS`).
"""

from __future__ import annotations

from carcassonne.bots import pool
from carcassonne.bots.pooled_bot import PooledBot
from carcassonne.bots.search import Budget, Settings, root_moves, search
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


class MctsBot(PooledBot):
    """Monte Carlo tree search over determinised stacks (see the module
    docstring); ``workers`` and ``pooled`` as :class:`.PooledBot` says."""

    name = "mcts"

    def __init__(self, seed: int | str | None = None, budget: Budget | None = None,
                 settings: Settings | None = None, workers: int = 1,
                 pooled: bool = False) -> None:
        super().__init__(seed, workers, pooled)
        self.budget = budget or Budget()
        self.settings = settings or Settings()

    def candidates(self, game: Game, seed: int) -> tuple[list[AnyMove], dict[AnyMove, int]]:
        """The root's candidates (:func:`~carcassonne.bots.search.root_moves`)."""
        return root_moves(game, self.settings, seed)

    def pick(self, game: Game, candidates: list[AnyMove], values: dict[AnyMove, int],
             seed: int) -> AnyMove:
        """The most visited candidate (the better mean reward among equals)."""
        stats = self.statistics(game, candidates, seed, values)
        return max(candidates, key=lambda m: (stats.get(m, (0, 0.0))[0],
                                              _mean(stats.get(m, (0, 0.0)))))

    def statistics(self, game: Game, candidates: list[AnyMove], seed: int,
                   values: dict[AnyMove, int] | None = None,
                   ) -> dict[AnyMove, tuple[int, float]]:
        """Visits and summed rewards of each root move, over all workers
        (``values``: the candidates' one-move values, for the prior)."""
        if self.workers == 1 and not (self.pooled and pool.usable()):
            return search(game, self.budget, self.settings, seed, candidates, values)
        futures = [pool.shared().submit(search, game, self.budget, self.settings, seed + i,
                               candidates, values)
                   for i in range(self.workers)]
        total: dict[AnyMove, tuple[int, float]] = {}
        for future in futures:
            for move, (visits, reward) in future.result().items():
                seen, summed = total.get(move, (0, 0.0))
                total[move] = (seen + visits, summed + reward)
        return total


def _mean(stat: tuple[int, float]) -> float:
    visits, total = stat
    return total / visits if visits else 0.0
