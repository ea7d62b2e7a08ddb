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


class PooledBot(SeededBot):
    """A seeded bot with ``workers`` and ``pooled`` (see the module docstring)."""

    def __init__(self, seed: int | str | None = None, workers: int = 1,
                 pooled: bool = False) -> None:
        super().__init__(seed)
        self.workers = max(1, workers)
        self.pooled = pooled

    def close(self, game: Game | None = None) -> None:
        """Nothing to stop: the processes are the program's (:mod:`.pool`).
        Like every bot's ``close``, it may be told the finished ``game``."""
