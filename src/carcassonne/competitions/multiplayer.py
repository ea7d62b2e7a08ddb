"""Round robin at tables of three to five: everyone meets everyone alike.

With more than two at a table there is no exact schedule for most counts,
so this one is searched for. The aim is that any two entrants share a table
the same number of times, or as nearly as can be: the *spread* (the most
meetings of any two entrants less the fewest) is made as small as the
search can, in the given number of rounds.

Table sizes. Everyone plays every round when the entrants can be split
into tables of ``size`` and ``size - 1`` (10 at tables of 4: 4 + 3 + 3),
with as many full tables as possible. Only when even that fails (5 at
tables of 4, 7 at tables of 5) do some sit out with a bye, as few as can
be, the byes going round so nobody has a second before everyone has had
one::

    >>> table_sizes(10, 4)
    ((4, 3, 3), 0)
    >>> table_sizes(7, 5)
    ((5,), 2)

The search. The rounds start as a shuffle (from ``seed``) and are improved
by swapping two entrants of different tables of one round, kept when the
sum of the squared meeting counts does not grow, and sometimes when it
does, less and less often (simulated annealing). With the total number of
meetings fixed, that sum is smallest exactly when the counts are as even
as they can be. It stops after ``effort`` tries, or as soon as every count
is within one of every other, and answers the best rounds it met: the
smallest spread, then the smallest sum. The same entrants, size, rounds,
seed and effort always give the same rounds (in under a second at the
default effort, for a few dozen entrants)::

    >>> names = [f"p{number}" for number in range(1, 10)]
    >>> rounds = multiplayer_round_robin(names, size=3, rounds=4)
    >>> [len(one.fixtures) for one in rounds], spread(names, rounds)
    ([3, 3, 3, 3], 0)

Nine at tables of three in four rounds is a perfect schedule: every two
meet exactly once. ``least_rounds`` tells how many rounds that takes at
best. In each table, the entrant who has had the first seat least often
so far sits first (then the better seed).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence

from carcassonne.competitions.fixtures import Fixture, Round, check_entrants, meetings


def table_sizes(count: int, size: int) -> tuple[tuple[int, ...], int]:
    """The table sizes of one round of ``count`` entrants at tables of
    ``size``, largest first, and how many have a bye (see the module docstring)."""
    if not 3 <= size <= 5:
        raise ValueError(f"tables seat 3 to 5, not {size}")
    if count < size - 1:
        raise ValueError(f"{count} entrants cannot fill a table of {size} or {size - 1}")
    best = (0, 0, 0)
    for full in range(count // size + 1):
        small = (count - full * size) // (size - 1)
        best = max(best, (full * size + small * (size - 1), full, small))
    seated, full, small = best
    return (size,) * full + (size - 1,) * small, count - seated


def least_rounds(count: int, size: int) -> int:
    """The fewest rounds in which an entrant could meet every other once:
    each round it meets at most ``size - 1`` of the ``count - 1`` others."""
    return math.ceil((count - 1) / (size - 1))


def spread(entrants: Sequence[str], rounds: Sequence[Round]) -> int:
    """The most meetings of any two ``entrants`` in ``rounds`` less the fewest
    (a pair who never met counts 0)."""
    met = meetings(rounds)
    counts = [met[frozenset(pair)] for pair in itertools.combinations(entrants, 2)]
    return max(counts) - min(counts) if counts else 0


def multiplayer_round_robin(entrants: Sequence[str], size: int, rounds: int, seed: int = 0,
                            effort: int = 50_000) -> tuple[Round, ...]:
    """``rounds`` rounds of tables of ``size`` (3 to 5) in which every two
    entrants meet as evenly as the search finds (see the module docstring)."""
    names = check_entrants(entrants)
    if rounds < 1:
        raise ValueError(f"a round robin has at least one round, not {rounds}")
    sizes, bye_count = table_sizes(len(names), size)
    rng = random.Random(seed)
    tables = [_shuffled_round(len(names), sizes, out, rng)
              for out in _bye_rotation(len(names), bye_count, rounds, rng)]
    _Search(len(names), tables, rng).run(effort)
    return _seated(names, tables)


def _bye_rotation(count: int, bye_count: int, rounds: int,
                  rng: random.Random) -> list[list[int]]:
    """Who sits out each round: those with the fewest byes so far, the
    ties drawn by lot."""
    had = [0] * count
    chosen: list[list[int]] = []
    for _ in range(rounds):
        draw = [rng.random() for _ in range(count)]
        out = sorted(range(count), key=lambda player: (had[player], draw[player]))[:bye_count]
        for player in out:
            had[player] += 1
        chosen.append(out)
    return chosen


def _shuffled_round(count: int, sizes: tuple[int, ...], out: list[int],
                    rng: random.Random) -> list[list[int]]:
    """One round's tables, the seated entrants shuffled; the last "table"
    holds the byes and is never changed by the search."""
    seated = [player for player in range(count) if player not in out]
    rng.shuffle(seated)
    tables: list[list[int]] = []
    start = 0
    for seats in sizes:
        tables.append(seated[start:start + seats])
        start += seats
    tables.append(list(out))
    return tables


class _Search:
    """Simulated annealing over swaps of two entrants in one round."""

    def __init__(self, count: int, tables: list[list[list[int]]], rng: random.Random) -> None:
        self.tables = tables
        self.rng = rng
        self.count = [[0] * count for _ in range(count)]
        for one in tables:
            for table in one[:-1]:
                for a, b in itertools.combinations(table, 2):
                    self.count[a][b] += 1
                    self.count[b][a] += 1
        pairs = count * (count - 1) // 2
        total = sum(self.count[a][b] for a, b in itertools.combinations(range(count), 2))
        even, over = divmod(total, pairs) if pairs else (0, 0)
        self.floor = over * (even + 1) ** 2 + (pairs - over) * even ** 2
        self.cost = sum(self.count[a][b] ** 2 for a, b in itertools.combinations(range(count), 2))
        #: how many pairs have met 0, 1, 2... times
        self.pairs_at = [0] * (len(tables) + 1)
        for a, b in itertools.combinations(range(count), 2):
            self.pairs_at[self.count[a][b]] += 1

    def spread(self) -> int:
        """The most meetings of any two entrants less the fewest."""
        held = [meetings for meetings, pairs in enumerate(self.pairs_at) if pairs]
        return held[-1] - held[0] if held else 0

    def run(self, effort: int) -> None:
        """Improve ``tables`` in place, leaving the best rounds found: the
        smallest spread, then the smallest cost."""
        swappable = [number for number, one in enumerate(self.tables) if len(one) > 2]
        best = (self.spread(), self.cost)
        kept = [[list(table) for table in one] for one in self.tables]
        for step in range(effort if swappable else 0):
            if best[1] == self.floor:
                break
            heat = 2.0 * (0.005 ** (step / effort))
            one = self.tables[self.rng.choice(swappable)]
            first, second = self.rng.sample(range(len(one) - 1), 2)
            x = self.rng.randrange(len(one[first]))
            y = self.rng.randrange(len(one[second]))
            change = self._change(one[first], x, one[second], y)
            if change <= 0 or self.rng.random() < math.exp(-change / heat):
                self._swap(one[first], x, one[second], y)
                self.cost += change
                if (self.spread(), self.cost) < best:
                    best = (self.spread(), self.cost)
                    kept = [[list(table) for table in one] for one in self.tables]
        self.tables[:] = kept

    def _change(self, here: list[int], x: int, there: list[int], y: int) -> int:
        """How much the cost grows if ``here[x]`` and ``there[y]`` change tables."""
        a, b, count = here[x], there[y], self.count
        change = 0
        for other in here:
            if other != a:
                change += 2 - 2 * count[a][other] + 2 * count[b][other]
        for other in there:
            if other != b:
                change += 2 - 2 * count[b][other] + 2 * count[a][other]
        return change

    def _swap(self, here: list[int], x: int, there: list[int], y: int) -> None:
        a, b, count = here[x], there[y], self.count
        for leaving, joining, table in ((a, b, here), (b, a, there)):
            for other in table:
                if other != leaving:
                    self.pairs_at[count[leaving][other]] -= 1
                    self.pairs_at[count[joining][other]] -= 1
                    count[leaving][other] -= 1
                    count[other][leaving] -= 1
                    count[joining][other] += 1
                    count[other][joining] += 1
                    self.pairs_at[count[leaving][other]] += 1
                    self.pairs_at[count[joining][other]] += 1
        here[x], there[y] = b, a


def _seated(names: tuple[str, ...], tables: list[list[list[int]]]) -> tuple[Round, ...]:
    """The rounds with names: tables by their best seed, the first seat to
    whoever had it least often."""
    firsts = [0] * len(names)
    rounds: list[Round] = []
    for number, one in enumerate(tables, start=1):
        fixtures: list[Fixture] = []
        for table in sorted(one[:-1], key=min):
            seats = sorted(table, key=lambda player: (firsts[player], player))
            firsts[seats[0]] += 1
            fixtures.append(Fixture(tuple(names[player] for player in seats)))
        byes = tuple(names[player] for player in sorted(one[-1]))
        rounds.append(Round(number, tuple(fixtures), byes))
    return tuple(rounds)
