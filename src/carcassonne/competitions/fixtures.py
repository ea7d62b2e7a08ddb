"""What every pairing rule answers: rounds of fixtures, and the byes.

A *fixture* is one match to be played: its entrants in the seat order of
the match's first game (:func:`~carcassonne.competitions.matches.match_plan`
rotates the seats for the games after it). A *round* is the fixtures that
are played at the same time, and the entrants who sit it out with a *bye*.
Entrants are named by text (an account id, a bot's name): the rules never
look inside a name, they only compare names.

    >>> first = Round(1, (Fixture(("ann", "bob")), Fixture(("cid", "dee"))), byes=("eve",))
    >>> first.entrants
    ('ann', 'bob', 'cid', 'dee', 'eve')
    >>> sorted(sorted(pair) for pair in meetings([first]))
    [['ann', 'bob'], ['cid', 'dee']]
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class PairingError(ValueError):
    """No round can be made under the rules (for instance, every pairing
    left in a Swiss would repeat one already played)."""


@dataclass(frozen=True, slots=True)
class Fixture:
    """One match: its entrants, in the seat order of its first game."""

    entrants: tuple[str, ...]

    def pairs(self) -> list[frozenset[str]]:
        """Every two entrants who meet in this fixture."""
        return [frozenset(pair) for pair in itertools.combinations(self.entrants, 2)]


@dataclass(frozen=True, slots=True)
class Round:
    """The fixtures of one round (numbered from 1) and who has a bye.

    ``lines`` is set by a knockout only: every entrant still in, in bracket
    order, ``None`` where a line is empty; the next round is made from it.
    """

    number: int
    fixtures: tuple[Fixture, ...]
    byes: tuple[str, ...] = ()
    lines: tuple[str | None, ...] = ()

    @property
    def entrants(self) -> tuple[str, ...]:
        """Everyone in the round, the fixtures' entrants first, then the byes."""
        return tuple(name for fixture in self.fixtures for name in fixture.entrants) + self.byes


def meetings(rounds: Iterable[Round]) -> Counter[frozenset[str]]:
    """How many times each two entrants have met in ``rounds``."""
    return Counter(pair for one in rounds for fixture in one.fixtures for pair in fixture.pairs())


def check_entrants(entrants: Sequence[str], least: int = 2) -> tuple[str, ...]:
    """The entrants as a tuple, refused when a name repeats or there are
    fewer than ``least``."""
    names = tuple(entrants)
    if len(set(names)) != len(names):
        repeated = sorted({name for name in names if names.count(name) > 1})
        raise ValueError(f"an entrant is named twice: {', '.join(repeated)}")
    if len(names) < least:
        raise ValueError(f"at least {least} entrants are needed, not {len(names)}")
    return names
