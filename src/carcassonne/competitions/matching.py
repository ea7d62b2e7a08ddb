"""Can everyone be paired? A perfect matching, by Edmonds' algorithm.

A Swiss round pairs entrants who have not met: in graph terms, it needs a
*perfect matching* of the graph whose edges join entrants who may still
meet. Trying pairings one by one can take exponentially long when few are
left; Edmonds' algorithm answers in polynomial time.

It grows a matching one *augmenting path* at a time: a path from an
unmatched vertex to another, alternating between edges outside and inside
the matching; swapping those edges matches two more vertices. The search
for a path is a breadth-first search that labels vertices *outer* (an even
distance from the start) and *inner*. When two outer vertices are joined,
there is an odd cycle, a *blossom*: every vertex of it can be reached at
an even distance one way round or the other, so it is shrunk to one outer
vertex (its *base*) and the search goes on. If no path starts from an
unmatched vertex, none ever will, so the matching is not perfect::

    >>> square = {"a": {"b", "d"}, "b": {"a", "c"}, "c": {"b", "d"}, "d": {"a", "c"}}
    >>> perfect_matching_exists(square)
    True
    >>> triangle_and_tail = {"a": {"b", "c"}, "b": {"a", "c"}, "c": {"a", "b", "d"},
    ...                      "d": {"c"}, "e": {"f"}, "f": {"e"}, "g": set(), "h": set()}
    >>> perfect_matching_exists(triangle_and_tail)
    False
"""

from __future__ import annotations

from collections.abc import Mapping, Set


def perfect_matching_exists(graph: Mapping[str, Set[str]]) -> bool:
    """Whether the vertices of ``graph`` (each mapped to its neighbours,
    both ways round) can all be paired along its edges."""
    if len(graph) % 2:
        return False
    return _Matching(graph).perfect()


class _Matching:
    def __init__(self, graph: Mapping[str, Set[str]]) -> None:
        index = {name: number for number, name in enumerate(graph)}
        self.near = [[index[other] for other in graph[name] if other in index]
                     for name in graph]
        self.size = len(self.near)
        self.mate = [-1] * self.size
        #: during a search: the outer vertex each inner vertex was reached from
        self.came_from: list[int] = []
        #: during a search: the base of the blossom each vertex is in (or itself)
        self.base: list[int] = []
        for vertex in range(self.size):  # a quick start: pair greedily
            if self.mate[vertex] == -1:
                for other in self.near[vertex]:
                    if self.mate[other] == -1 and other != vertex:
                        self.mate[vertex], self.mate[other] = other, vertex
                        break

    def perfect(self) -> bool:
        for vertex in range(self.size):
            if self.mate[vertex] == -1 and not self._augment_from(vertex):
                return False
        return True

    def _augment_from(self, root: int) -> bool:
        """Find an augmenting path from ``root`` and swap it in, if one exists."""
        size = self.size
        self.came_from = [-1] * size
        self.base = list(range(size))
        outer = [False] * size
        outer[root] = True
        queue = [root]
        for vertex in queue:  # the queue grows while it is read
            for other in self.near[vertex]:
                if self.base[vertex] == self.base[other] or self.mate[vertex] == other:
                    continue
                if other == root or (self.mate[other] != -1
                                     and self.came_from[self.mate[other]] != -1):
                    for member in self._shrink(vertex, other):
                        if not outer[member]:
                            outer[member] = True
                            queue.append(member)
                elif self.came_from[other] == -1:
                    self.came_from[other] = vertex
                    if self.mate[other] == -1:
                        self._flip(other)
                        return True
                    outer[self.mate[other]] = True
                    queue.append(self.mate[other])
        return False

    def _shrink(self, one: int, other: int) -> list[int]:
        """Shrink the blossom closed by the edge ``one``-``other`` onto its
        base; answer the vertices now in it."""
        top = self._common_base(one, other)
        inside = [False] * self.size
        self._mark(one, top, other, inside)
        self._mark(other, top, one, inside)
        members = [vertex for vertex in range(self.size) if inside[self.base[vertex]]]
        for vertex in members:
            self.base[vertex] = top
        return members

    def _common_base(self, one: int, other: int) -> int:
        """The base where the search paths of two outer vertices meet."""
        seen = [False] * self.size
        while True:
            one = self.base[one]
            seen[one] = True
            if self.mate[one] == -1:
                break
            one = self.came_from[self.mate[one]]
        while True:
            other = self.base[other]
            if seen[other]:
                return other
            other = self.came_from[self.mate[other]]

    def _mark(self, vertex: int, top: int, child: int, inside: list[bool]) -> None:
        """Mark the blossom's side from ``vertex`` down to ``top``, letting
        the inner vertices on it be reached the other way round."""
        while self.base[vertex] != top:
            inside[self.base[vertex]] = inside[self.base[self.mate[vertex]]] = True
            self.came_from[vertex] = child
            child = self.mate[vertex]
            vertex = self.came_from[self.mate[vertex]]

    def _flip(self, end: int) -> None:
        """Swap the edges of the augmenting path that ends at ``end``."""
        while end != -1:
            before = self.came_from[end]
            further = self.mate[before]
            self.mate[end], self.mate[before] = before, end
            end = further
