"""What the bots that may search on the program's pool of processes share.

A search bot can work on ``workers`` processes of the shared pool at once
(:mod:`carcassonne.bots.pool`), and with ``pooled`` even a single search
runs there, never in the calling process: a server's event loop shares its
interpreter with the thread that asks. The moves are the same either way;
a process that may not start others (a daemonic worker, as the arena's)
searches in itself.
"""

from __future__ import annotations

from carcassonne.bots.seeded import SeededBot
from carcassonne.engine import Game
from carcassonne.engine.moves import AnyMove


class PooledBot(SeededBot):
    """A seeded bot with ``workers`` and ``pooled`` (see the module
    docstring) that decides in two steps: its :meth:`candidates`, ranked
    best first with their one-move values, then, when there is more than
    one, :meth:`pick` among them."""

    def __init__(self, seed: int | str | None = None, workers: int = 1,
                 pooled: bool = False) -> None:
        super().__init__(seed)
        self.workers = max(1, workers)
        self.pooled = pooled

    def choose(self, game: Game) -> AnyMove:
        """The move to play in ``game`` for its current player; the game is
        left unchanged. Raises ``IndexError`` when the game is over."""
        if game.current_player is None:
            raise IndexError("no legal move: the game is over")
        seed = self.rng.randrange(2**32)
        candidates, values = self.candidates(game, seed)
        if len(candidates) == 1:
            return candidates[0]
        return self.pick(game, candidates, values, seed)

    def candidates(self, game: Game, seed: int) -> tuple[list[AnyMove], dict[AnyMove, int]]:
        """The moves worth looking into, best first, and their one-move values."""
        raise NotImplementedError

    def pick(self, game: Game, candidates: list[AnyMove], values: dict[AnyMove, int],
             seed: int) -> AnyMove:
        """The move to play among ``candidates`` (two or more)."""
        raise NotImplementedError

    def close(self, game: Game | None = None) -> None:
        """Nothing to stop: the processes are the program's (:mod:`.pool`).
        Like every bot's ``close``, it may be told the finished ``game``."""
