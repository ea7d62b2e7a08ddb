"""Round robin for two-player matches, by the circle method.

Write the entrants around a table, the first one fixed at the head and the
others on a circle. Each round, the head plays the entrant at the foot, and
the others play across the table, the second against the last but one, and
so on; then the circle turns one step. After ``n - 1`` turns everyone has
met everyone exactly once. With an odd number of entrants an empty place
joins the circle: whoever faces it has the bye, so there are ``n`` rounds,
one bye in each, and each entrant has exactly one.

    >>> for one in round_robin(["ann", "bob", "cid", "dee"]):
    ...     print(one.number, [fixture.entrants for fixture in one.fixtures])
    1 [('ann', 'dee'), ('bob', 'cid')]
    2 [('cid', 'ann'), ('dee', 'bob')]
    3 [('ann', 'bob'), ('cid', 'dee')]
    >>> [one.byes for one in round_robin(["ann", "bob", "cid"])]
    [('ann',), ('bob',), ('cid',)]

Seats: the head changes sides every round and the pairs across the table
keep theirs, so over one cycle each entrant has the first seat in half of
its matches, give or take one (exactly half with an odd count). ``cycles=2``
plays the whole schedule again with every fixture's seats swapped, so each
pair then meets once in each seat order.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne.competitions.fixtures import Fixture, Round, check_entrants


def round_robin(entrants: Sequence[str], cycles: int = 1) -> tuple[Round, ...]:
    """Every round of a round robin of two-player matches (see the module
    docstring): ``n - 1`` rounds per cycle for ``n`` even, ``n`` for ``n`` odd."""
    names = check_entrants(entrants)
    if cycles < 1:
        raise ValueError(f"a round robin has at least one cycle, not {cycles}")
    places: list[str | None] = [*names, None] if len(names) % 2 else list(names)
    size = len(places)
    head, circle = places[0], places[1:]
    rounds: list[Round] = []
    for cycle in range(cycles):
        for turn in range(size - 1):
            shift = len(circle) - turn
            table = [head, *circle[shift:], *circle[:shift]]
            fixtures: list[Fixture] = []
            byes: list[str] = []
            for place in range(size // 2):
                one, other = table[place], table[size - 1 - place]
                if place == 0 and turn % 2:
                    one, other = other, one
                if one is None or other is None:
                    byes.extend(name for name in (one, other) if name is not None)
                    continue
                seats = (other, one) if cycle % 2 else (one, other)
                fixtures.append(Fixture(seats))
            rounds.append(Round(len(rounds) + 1, tuple(fixtures), tuple(byes)))
    return tuple(rounds)
