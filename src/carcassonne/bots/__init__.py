"""Bots: programs that choose moves, using only the public Game API.

A bot has one method, ``choose(game) -> Move``, which returns a legal move
for the player whose turn it is. :data:`BOTS` names the bots the command line
and other tools can ask for::

    >>> from carcassonne.bots import make_bot
    >>> bot = make_bot("random", seed=3)
    >>> sorted(BOTS)
    ['greedy', 'random']

``random`` plays uniformly random legal moves (the baseline); ``greedy``
plays the move with the best immediate value (the server's opponent).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from carcassonne.bots.greedy_bot import GreedyBot
from carcassonne.bots.random_bot import RandomBot
from carcassonne.engine import Game, Move


class Bot(Protocol):
    """What every bot offers."""

    def choose(self, game: Game) -> Move:
        """A legal move for ``game.current_player``."""
        ...


#: Every bot by name.
BOTS: dict[str, Callable[[int | str | None], Bot]] = {"greedy": GreedyBot, "random": RandomBot}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """The bot called ``name``, seeded with ``seed`` (``ValueError`` if unknown)."""
    try:
        build = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return build(seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
