"""The expert bot: a reply and its own next move ahead, over every tile the rival may draw.

It ranks its moves one move deep, then looks into the best few with
:func:`~carcassonne.bots.expectimax.expected_values` (every kind of tile the
next player may draw, that player's best reply by the expert's own
evaluation, then the expert's own best next move) and plays the move with
the best expected outcome::

    >>> from carcassonne import Game
    >>> game = Game.new(players=2, seed=1)
    >>> game.is_legal(ExpertBot(seed=2).choose(game))
    True

With ``workers`` above 1 the candidates are shared out among that many
processes of the program's pool (:mod:`carcassonne.bots.pool`); with
``pooled`` even one search runs there, never in the calling process (a
server's). Each reply is seeded by the position and the tile, not by the
order of the work, so the moves are the same either way while the work
budget is not reached; when it is, each process stops at its share of the
budget and the tiles weighed are those every process reached (about as
many as one process alone would look at).
"""

from __future__ import annotations

from dataclasses import replace

from carcassonne.bots import pool
from carcassonne.bots.expectimax import (
    Plan,
    averages,
    chosen,
    expected_values,
    outcome_rewards,
    ranked,
)
from carcassonne.bots.pooled_bot import PooledBot
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


class ExpertBot(PooledBot):
    """See the module docstring; ``workers`` and ``pooled`` as
    :class:`.PooledBot` says."""

    name = "expert"

    def __init__(self, seed: int | str | None = None, plan: Plan | None = None,
                 workers: int = 1, pooled: bool = False) -> None:
        super().__init__(seed, workers, pooled)
        self.plan = plan or Plan()

    def candidates(self, game: Game, seed: int) -> tuple[list[AnyMove], dict[AnyMove, int]]:
        """The best moves by their one-move value (:func:`.expectimax.ranked`)."""
        return ranked(game, self.plan, seed)

    def pick(self, game: Game, candidates: list[AnyMove], values: dict[AnyMove, int],
             seed: int) -> AnyMove:
        """The candidate with the best expected reward
        (:func:`.expectimax.chosen`)."""
        return chosen(candidates, self.values(game, candidates, seed))

    def values(self, game: Game, candidates: list[AnyMove], seed: int) -> dict[AnyMove, float]:
        """Each candidate's expected reward, on this process or the pool's."""
        if not pool.usable() or (self.workers == 1 and not self.pooled):
            # (a process that may not start others, as the arena's workers
            # are, looks into every candidate itself)
            return expected_values(game, self.plan, seed, candidates)
        shares = [candidates[i::self.workers] for i in range(self.workers)]
        futures = [pool.shared().submit(outcome_rewards, game,
                                        self.share(len(share), len(candidates)), seed, share)
                   for share in shares if share]
        return averages([future.result() for future in futures])

    def share(self, some: int, every: int) -> Plan:
        """The plan for a process that weighs ``some`` of ``every`` candidates:
        its share of the work budget."""
        if not self.plan.work:
            return self.plan
        return replace(self.plan, work=self.plan.work * some // every)
