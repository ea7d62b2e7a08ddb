"""Edmonds' algorithm against brute force on small graphs."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions.matching import perfect_matching_exists


def by_brute_force(vertices: list[int], edges: set[frozenset[int]]) -> bool:
    if not vertices:
        return True
    first, rest = vertices[0], vertices[1:]
    return any(by_brute_force([vertex for vertex in rest if vertex != other], edges)
               for other in rest if frozenset((first, other)) in edges)


def graph_of(count: int, edges: set[frozenset[int]]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {f"v{vertex}": set() for vertex in range(count)}
    for edge in edges:
        one, other = sorted(edge)
        graph[f"v{one}"].add(f"v{other}")
        graph[f"v{other}"].add(f"v{one}")
    return graph


def test_a_blossom_must_be_shrunk() -> None:
    """A five-cycle 0-1-2-3-4 with a tail 4-5 and a matched edge 1-2 at the
    start: the path to 5 goes round the odd cycle."""
    edges = {frozenset(pair) for pair in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)]}
    assert perfect_matching_exists(graph_of(6, edges))


def test_odd_and_empty_graphs() -> None:
    assert perfect_matching_exists({})
    assert not perfect_matching_exists({"a": set(), "b": set(), "c": set()})
    assert not perfect_matching_exists({"a": set(), "b": set()})


@settings(max_examples=150, deadline=None)
@given(count=st.integers(0, 10), data=st.data())
def test_the_same_answer_as_brute_force(count: int, data: st.DataObject) -> None:
    every = [frozenset(pair) for pair in itertools.combinations(range(count), 2)]
    edges = set(data.draw(st.lists(st.sampled_from(every), unique=True))) if every else set()
    assert perfect_matching_exists(graph_of(count, edges)) == (
        count % 2 == 0 and by_brute_force(list(range(count)), edges))
