"""Groups by snake seeding: every group gets a fair share of the seeds.

The entrants come best first. The first ``k`` seeds go one to each group,
from group 1 to group ``k``; the next ``k`` come back from group ``k`` to
group 1; and so on, turning at each end like a snake. The group with the
best seed of a row gets the worst of the next, so the sums of the seeds
stay as even as the count allows, and the two best seeds never share a
group while there are two groups or more::

    >>> snake_groups(["s1", "s2", "s3", "s4", "s5", "s6", "s7"], 3)
    (('s1', 's6', 's7'), ('s2', 's5'), ('s3', 's4'))

When the count does not divide, the last row of the snake is short: the
groups it reaches have one entrant more. Each group lists its entrants in
seed order.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne.competitions.fixtures import check_entrants


def snake_groups(entrants: Sequence[str], groups: int) -> tuple[tuple[str, ...], ...]:
    """The entrants (best first) split into ``groups`` groups by snake seeding."""
    names = check_entrants(entrants, least=1)
    if not 1 <= groups <= len(names):
        raise ValueError(f"{len(names)} entrants cannot make {groups} groups")
    members: list[list[str]] = [[] for _ in range(groups)]
    for place, name in enumerate(names):
        row, column = divmod(place, groups)
        members[column if row % 2 == 0 else groups - 1 - column].append(name)
    return tuple(tuple(group) for group in members)
