"""Bots: programs that choose moves, using only the public Game API.

A bot has one method, ``choose(game) -> Move``, which returns a legal move
for the player whose turn it is. :data:`BOTS` names the bots the command line
and other tools can ask for::

    >>> from carcassonne.bots import make_bot
    >>> bot = make_bot("random", seed=3)
    >>> sorted(BOTS)
    ['easy', 'greedy', 'hard', 'medium', 'random']

``random`` plays uniformly random legal moves (the baseline); ``greedy``
plays the move with the best immediate value; ``easy``, ``medium`` and
``hard`` are the search bot (:class:`MctsBot`) with fixed budgets
(:data:`LEVELS`).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Protocol

from carcassonne.bots.greedy_bot import GreedyBot
from carcassonne.bots.mcts_bot import MctsBot
from carcassonne.bots.random_bot import RandomBot
from carcassonne.bots.search import Budget
from carcassonne.engine import Game, Move


class Bot(Protocol):
    """What every bot offers."""

    def choose(self, game: Game) -> Move:
        """A legal move for ``game.current_player``."""
        ...


#: The search bot's levels: a budget per move and how many processes search.
LEVELS: dict[str, tuple[Budget, int]] = {
    "easy": (Budget(iterations=60), 1),
    "medium": (Budget(iterations=None, seconds=0.5), 1),
    "hard": (Budget(iterations=None, seconds=2.0), min(2, os.cpu_count() or 1)),
}


def _level(name: str) -> Callable[[int | str | None], Bot]:
    budget, workers = LEVELS[name]

    def build(seed: int | str | None = None) -> Bot:
        return MctsBot(seed=seed, budget=budget, workers=workers)

    build.__name__ = name
    return build


#: Every bot by name.
BOTS: dict[str, Callable[[int | str | None], Bot]] = {
    "greedy": GreedyBot, "random": RandomBot,
    **{name: _level(name) for name in LEVELS},
}


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """The bot called ``name``, seeded with ``seed`` (``ValueError`` if unknown)."""
    try:
        build = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return build(seed)


__all__ = ["BOTS", "LEVELS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "make_bot"]
