"""From groups to a knockout: the best of each group go through.

After a group stage, the top ``K`` of every group's standings make the
knockout. They are seeded in *tiers*: first every group winner, then every
runner-up, then every third, each tier in the order of the groups (so pass
the groups in the order their winners should be seeded; with
:func:`~carcassonne.competitions.groups.snake_groups`, group 1 holds the
best seed). The tiers then go on the bracket by
:func:`~carcassonne.competitions.knockout.bracket_order`, which by itself
sets winners against runners-up. Within each tier below the first, the
entrants are reordered as little as needed so that nobody's first match is
against someone from its own group (for a top seed with a bye, against
anyone of the match whose winner it meets), where that is possible at all;
otherwise with as few such matches as can be::

    >>> groups = [("a1", "a2", "a3"), ("b1", "b2", "b3"), ("c1", "c2", "c3")]
    >>> knockout_seeds(groups, 2)
    ('a1', 'b1', 'c1', 'b2', 'c2', 'a2')

Here a1 and b1 have byes: a1 will meet b2 or c2, b1 will meet c1 or a2,
and c1 plays a2, never its own runner-up.
"""

from __future__ import annotations

from collections.abc import Sequence

from carcassonne.competitions.fixtures import check_entrants
from carcassonne.competitions.knockout import bracket_order

#: The most choices the reordering tries before it keeps the best found.
SEARCH_LIMIT = 100_000


def knockout_seeds(groups: Sequence[Sequence[str]], top: int) -> tuple[str, ...]:
    """The seed order (best first) of a knockout of the top ``top`` of every
    group; each group lists its standings, best first. Give the answer to
    :func:`~carcassonne.competitions.knockout.first_knockout_round`."""
    if top < 1:
        raise ValueError(f"at least one of each group goes through, not {top}")
    short = [number for number, group in enumerate(groups, start=1) if len(group) < top]
    if short:
        raise ValueError(f"group {short[0]} has fewer than {top} entrants")
    tiers = [[group[place] for group in groups] for place in range(top)]
    qualified = check_entrants([name for tier in tiers for name in tier])
    group_of = {name: number for number, group in enumerate(groups) for name in group[:top]}
    search = _Reorder(tiers, group_of, _first_meetings(len(qualified)))
    search.run([], set(), 0)
    return tuple(search.best)


def _first_meetings(count: int) -> list[list[int]]:
    """For each seed (from 1), the better seeds it can meet in its first
    match, or whose first match it can be: beside it, or for a bye, the
    nearest part of the bracket that holds anyone."""
    size = 1 << (count - 1).bit_length()
    line_seed = [seed if seed <= count else 0 for seed in bracket_order(size)]
    related: list[set[int]] = [set() for _ in range(count + 1)]
    for line, seed in enumerate(line_seed):
        if not seed:
            continue
        width = 1
        while width < size:
            start = ((line // width) ^ 1) * width
            near = [other for other in line_seed[start:start + width] if other]
            if near:
                for other in near:
                    related[max(seed, other)].add(min(seed, other))
                break
            width *= 2
    return [sorted(better) for better in related]


class _Reorder:
    """A depth-first search over each tier's order, seeds 1, 2, 3... in turn,
    each tier's own order tried first; it keeps the first order with the
    fewest first meetings within a group."""

    def __init__(self, tiers: list[list[str]], group_of: dict[str, int],
                 related: list[list[int]]) -> None:
        self.tiers = tiers
        self.group_of = group_of
        self.related = related
        self.width = len(tiers[0])
        self.best: list[str] = [name for tier in tiers for name in tier]
        self.best_clashes = len(related) ** 2
        self.tried = 0

    def run(self, seeds: list[str], used: set[str], clashes: int) -> None:
        if clashes >= self.best_clashes or self.tried > SEARCH_LIMIT:
            return
        seed = len(seeds) + 1
        if seed == len(self.related):
            self.best, self.best_clashes = list(seeds), clashes
            return
        for name in self.tiers[(seed - 1) // self.width]:
            if name in used:
                continue
            self.tried += 1
            group = self.group_of[name]
            more = sum(self.group_of[seeds[other - 1]] == group for other in self.related[seed])
            seeds.append(name)
            used.add(name)
            self.run(seeds, used, clashes + more)
            seeds.pop()
            used.discard(name)
            if self.best_clashes == 0:
                return
