"""Swiss: each round pairs entrants with equal points who have not met.

Nobody is knocked out and nobody plays everyone: after every round the
entrants are ranked by points (ties by rating, the order they were entered
in), and the next round pairs them down that ranking:

- *Score groups, top down.* The best-ranked unpaired entrant meets someone
  with the same points: in a group of ``m``, the one ``m // 2`` places
  below it, so the top half meets the bottom half (1 v 4 and 2 v 5 and
  3 v 6 in a first round of six), and the best are not paired off at once.
- *No repeats.* Two entrants never meet twice. When the preferred opponent
  has been met, the next one below is tried, then those above it in the
  group, then the entrants of the next groups down: an entrant left with
  nobody to meet in its group *floats down* to the top of the next.
  A choice that would leave the rest unpairable is passed over for the
  next one: the round is the first a backtracking search would find, in
  that order of preference, and it is found whenever one exists. (Rather
  than go back after a dead end, each choice is checked ahead with an exact
  test, :mod:`~carcassonne.competitions.matching`, so even a late round of
  a long Swiss is quick.)
- *The bye.* With an odd count, the lowest-ranked entrant who has not had a
  bye sits out; if the others cannot then be paired, the next one up does.
  Nobody has two byes; the standings count a bye as a win (by default).
- *Seats.* Of two paired entrants, the one who has had the first seat less
  often sits first; on equal counts, the better-ranked.

When no pairing without a repeat is left (or, with an odd count, everyone
has had a bye), :class:`PairingError` says so: the Swiss has run out of
rounds.

    >>> names = ["s1", "s2", "s3", "s4", "s5"]
    >>> first = swiss_round(names, {})
    >>> [fixture.entrants for fixture in first.fixtures], first.byes
    ([('s1', 's3'), ('s2', 's4')], ('s5',))
    >>> points = {"s1": 2, "s2": 2, "s5": 2}
    >>> second = swiss_round(names, points, [first])
    >>> [fixture.entrants for fixture in second.fixtures], second.byes
    ([('s1', 's2'), ('s5', 's3')], ('s4',))

In the second round, s1 and s2 (2 points) meet, and s5 floats down to the
top of the 0-point group; s4, now last without a bye, has it.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

from carcassonne.competitions.fixtures import (
    Fixture,
    PairingError,
    Round,
    check_entrants,
    meetings,
)
from carcassonne.competitions.matching import perfect_matching_exists


def swiss_rounds(count: int) -> int:
    """The usual length of a Swiss of ``count`` entrants: ``ceil(log2 count)``
    rounds, after which at most one entrant can have won them all."""
    return max(1, math.ceil(math.log2(count))) if count > 1 else 0


def swiss_round(entrants: Sequence[str], points: Mapping[str, float],
                previous: Sequence[Round] = ()) -> Round:
    """The next round of a Swiss (see the module docstring).

    ``entrants`` are in rating order, best first; ``points`` are their match
    points so far (a missing entrant has 0); ``previous`` are the rounds
    already paired, whose fixtures must not repeat and whose byes are not
    given again.
    """
    names = check_entrants(entrants)
    seed = {name: place for place, name in enumerate(names)}
    ranked = sorted(names, key=lambda name: (-points.get(name, 0), seed[name]))
    met: dict[str, set[str]] = {name: set() for name in names}
    for pair in meetings(previous):
        one, other = sorted(pair)
        met.setdefault(one, set()).add(other)
        met.setdefault(other, set()).add(one)
    number = len(previous) + 1
    pairs: list[tuple[str, str]] | None = None
    bye: tuple[str, ...] = ()
    if len(ranked) % 2 == 0:
        pairs = _Pairing(points, met).pairs(tuple(ranked))
    else:
        had_bye = {name for one in previous for name in one.byes}
        waiting = [name for name in reversed(ranked) if name not in had_bye]
        if not waiting:
            raise PairingError(f"round {number}: every one of the {len(ranked)} entrants "
                               "has had a bye")
        for candidate in waiting:
            pairs = _Pairing(points, met).pairs(tuple(n for n in ranked if n != candidate))
            if pairs is not None:
                bye = (candidate,)
                break
    if pairs is None:
        raise PairingError(f"round {number}: every pairing of the {len(ranked)} entrants "
                           "repeats a match already played")
    firsts = Counter(fixture.entrants[0] for one in previous for fixture in one.fixtures)
    fixtures = tuple(Fixture((other, one) if firsts[other] < firsts[one] else (one, other))
                     for one, other in pairs)
    return Round(number, fixtures, bye)


class _Pairing:
    """The search for one round's pairs, top down, each choice kept only if
    the rest can still be paired."""

    def __init__(self, points: Mapping[str, float], met: dict[str, set[str]]) -> None:
        self.points = points
        self.met = met

    def pairs(self, ranked: tuple[str, ...]) -> list[tuple[str, str]] | None:
        """Pairs for all of ``ranked`` (best first), or None if none exist."""
        if not self.pairable(ranked):
            return None
        found: list[tuple[str, str]] = []
        rest = ranked
        while rest:
            top = rest[0]
            for other in self._candidates(rest):
                remaining = tuple(name for name in rest if name not in (top, other))
                if other not in self.met.get(top, ()) and self.pairable(remaining):
                    found.append((top, other))
                    rest = remaining
                    break
            else:  # cannot happen: rest was pairable, so some choice keeps it so
                raise AssertionError(f"no opponent left for {top}")
        return found

    def _candidates(self, rest: tuple[str, ...]) -> list[str]:
        """The opponents of ``rest[0]`` from the most wanted: its score group
        from half-way down, then the group above that, then the lower groups."""
        score = self.points.get(rest[0], 0)
        group = [name for name in rest if self.points.get(name, 0) == score]
        half = max(1, len(group) // 2)
        lower = [name for name in rest if self.points.get(name, 0) < score]
        return group[half:] + group[1:half][::-1] + lower

    def pairable(self, rest: tuple[str, ...]) -> bool:
        """Whether all of ``rest`` can meet someone of ``rest`` not met before.

        Quick answers first: not if someone has nobody left; yes if everyone
        has at least half of the others left (then, by Dirac's theorem, they
        can sit in a ring, each beside two they may meet, and every second
        edge of the ring pairs them). Otherwise Edmonds' algorithm decides.
        """
        if not rest:
            return True
        if len(rest) % 2:
            return False
        present = set(rest)
        left = {name: present - self.met.get(name, set()) - {name} for name in rest}
        fewest = min(len(others) for others in left.values())
        if fewest == 0:
            return False
        return 2 * fewest >= len(rest) or perfect_matching_exists(left)
