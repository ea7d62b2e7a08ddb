"""Two-player round robin: the circle method, byes, cycles and seats."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import meetings, round_robin


def names(count: int) -> list[str]:
    return [f"e{number}" for number in range(1, count + 1)]


def test_four_entrants_by_hand() -> None:
    schedule = round_robin(["a", "b", "c", "d"])
    assert [[fixture.entrants for fixture in one.fixtures] for one in schedule] == [
        [("a", "d"), ("b", "c")],
        [("c", "a"), ("d", "b")],
        [("a", "b"), ("c", "d")],
    ]
    assert all(one.byes == () for one in schedule)
    assert [one.number for one in schedule] == [1, 2, 3]


def test_an_odd_count_has_a_bye_each_round_and_each_entrant_one() -> None:
    schedule = round_robin(names(5))
    assert len(schedule) == 5
    assert all(len(one.byes) == 1 and len(one.fixtures) == 2 for one in schedule)
    assert sorted(name for one in schedule for name in one.byes) == names(5)


def test_a_second_cycle_swaps_every_seat() -> None:
    once = round_robin(names(6))
    twice = round_robin(names(6), cycles=2)
    assert len(twice) == 10
    for first, second in zip(once, twice[5:], strict=True):
        assert [fixture.entrants[::-1] for fixture in first.fixtures] == [
            fixture.entrants for fixture in second.fixtures]
    assert [one.number for one in twice] == list(range(1, 11))


@pytest.mark.parametrize(("entrants", "cycles"), [
    (["a"], 1), (["a", "a", "b"], 1), (["a", "b"], 0)])
def test_refusals(entrants: list[str], cycles: int) -> None:
    with pytest.raises(ValueError, match=r"entrant|cycle"):
        round_robin(entrants, cycles)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 16), cycles=st.integers(1, 3))
def test_everyone_meets_everyone_once_per_cycle(count: int, cycles: int) -> None:
    entrants = names(count)
    schedule = round_robin(entrants, cycles)
    per_cycle = count - 1 if count % 2 == 0 else count
    assert len(schedule) == per_cycle * cycles
    for one in schedule:
        assert sorted(one.entrants) == sorted(entrants)  # everyone once, nobody twice
        assert len(one.byes) == count % 2
    met = meetings(schedule)
    assert len(met) == count * (count - 1) // 2
    assert set(met.values()) == {cycles}
    played = Counter(name for one in schedule for fixture in one.fixtures
                     for name in fixture.entrants)
    assert set(played.values()) == {(count - 1) * cycles}
    first_cycle = schedule[:per_cycle]
    firsts = Counter(fixture.entrants[0] for one in first_cycle for fixture in one.fixtures)
    assert {firsts[name] for name in entrants} <= {(count - 1) // 2, count // 2}
