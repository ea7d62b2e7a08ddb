"""Paired games: every stack is played in every seating, so luck cancels.

Luck in Carcassonne is mostly the order of the stack. The arena deals a
stack, then plays it once for every *seating* of the round: with two bots,
twice, seats swapped. Whatever a stack gives the first seat, each bot gets
it once, and the difference between two bots is measured on equal tiles.

With more bots than seats (``--players P``), a round has every group of
``P`` bots, each group in its ``P`` rotations, so every bot sits in every
seat equally often, against every other group, on the same stacks::

    >>> seatings(2, 2)
    [(0, 1), (1, 0)]
    >>> seatings(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    >>> seatings(3, 3)
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]

A run of ``--games N`` plays whole rounds: ``ceil(N / len(seatings))``
stacks, each in every seating. Stack ``k`` (from 1) is dealt from
``derive_seed(S, k, "stack")``, the very stack of game ``k`` of
``carcassonne simulate --seed S``; the bot in seat ``s`` of seating ``j``
gets ``derive_seed(S, k, "bot", j, s)``. A game depends on nothing else, so
results are the same whatever the number of workers and whichever machine
plays it.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

from carcassonne.arena.entrants import Entrant
from carcassonne.cli_common import derive_seed


def seatings(bots: int, players: int) -> list[tuple[int, ...]]:
    """The seatings of a round: bot indices by seat (see the module docstring)."""
    if not 2 <= players <= bots:
        raise ValueError(f"{players} players need at least {players} bots, not {bots}")
    found: list[tuple[int, ...]] = []
    for group in itertools.combinations(range(bots), players):
        found += [group[shift:] + group[:shift] for shift in range(players)]
    return found


@dataclass(frozen=True)
class Setup:
    """What every game of one arena run shares."""

    entrants: tuple[Entrant, ...]
    players: int = 2
    sets: tuple[str, ...] = ("base",)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    #: Seconds an outside bot gets for each decision.
    timeout: float = 10.0
    #: Stop the run at the first outside-bot failure instead of playing on.
    strict: bool = False
    #: Keep each game's record in its result.
    records: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"bots": [e.to_dict() for e in self.entrants], "players": self.players,
                "sets": list(self.sets), "options": dict(self.options), "seed": self.seed,
                "timeout": self.timeout}


@dataclass(frozen=True)
class Job:
    """One game to play: stack ``stack`` (from 1) in seating ``seating``,
    ``seats`` the entrant index of each seat."""

    setup: Setup
    stack: int
    seating: int
    seats: tuple[int, ...]

    @property
    def stack_seed(self) -> int:
        """The seed the game's stack (and wonders) are dealt from."""
        return derive_seed(self.setup.seed, self.stack, "stack")

    def bot_seed(self, seat: int) -> int:
        """The seed of the bot in ``seat``."""
        return derive_seed(self.setup.seed, self.stack, "bot", self.seating, seat)

    def fallback_seed(self, seat: int) -> int:
        """The seed of the random moves that replace a failed outside bot's."""
        return derive_seed(self.setup.seed, self.stack, "fallback", self.seating, seat)


def stacks_for(games: int, bots: int, players: int) -> int:
    """How many stacks make at least ``games`` games in whole rounds."""
    return math.ceil(games / len(seatings(bots, players)))


def schedule(setup: Setup, games: int) -> list[Job]:
    """Every game of a run of at least ``games`` games, in order."""
    rounds = seatings(len(setup.entrants), setup.players)
    return [Job(setup, stack, index, seats)
            for stack in range(1, stacks_for(games, len(setup.entrants), setup.players) + 1)
            for index, seats in enumerate(rounds)]
