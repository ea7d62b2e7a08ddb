"""Swiss pairing: score groups, no repeats, backtracking, byes, errors."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import (
    Fixture,
    PairingError,
    Round,
    meetings,
    round_robin,
    swiss_round,
    swiss_rounds,
)


def pairs(one: Round) -> list[tuple[str, ...]]:
    return [fixture.entrants for fixture in one.fixtures]


def played(number: int, *fixtures: tuple[str, str], byes: tuple[str, ...] = ()) -> Round:
    return Round(number, tuple(Fixture(pair) for pair in fixtures), byes)


def test_round_one_sets_the_top_half_against_the_bottom_half() -> None:
    one = swiss_round(["s1", "s2", "s3", "s4", "s5", "s6"], {})
    assert pairs(one) == [("s1", "s4"), ("s2", "s5"), ("s3", "s6")]
    assert one.byes == () and one.number == 1


def test_an_odd_count_gives_the_bye_to_the_lowest_ranked() -> None:
    names = ["s1", "s2", "s3", "s4", "s5"]
    first = swiss_round(names, {})
    assert pairs(first) == [("s1", "s3"), ("s2", "s4")] and first.byes == ("s5",)
    second = swiss_round(names, {"s1": 2, "s2": 2, "s5": 2}, [first])
    # s5 (bye, 2 points) floats down to meet the top 0-pointer; s4 has the bye
    assert pairs(second) == [("s1", "s2"), ("s5", "s3")] and second.byes == ("s4",)
    assert second.number == 2


def test_a_repeat_is_avoided_by_the_next_candidate() -> None:
    names = ["s1", "s2", "s3", "s4"]
    first = swiss_round(names, {})
    assert pairs(first) == [("s1", "s3"), ("s2", "s4")]
    second = swiss_round(names, {"s1": 2, "s2": 2}, [first])
    assert pairs(second) == [("s1", "s2"), ("s3", "s4")]
    third = swiss_round(names, {"s1": 4, "s2": 2, "s3": 2}, [first, second])
    assert pairs(third) == [("s4", "s1"), ("s2", "s3")]  # s4 had fewer first seats
    with pytest.raises(PairingError, match="round 4: every pairing of the 4 entrants"):
        swiss_round(names, {"s1": 6}, [first, second, third])


def test_a_leader_floats_down_past_an_opponent_already_met() -> None:
    history = [played(1, ("a", "b"))]
    one = swiss_round(["a", "b", "c", "d", "e", "f"],
                      {"a": 4, "b": 2, "c": 2, "d": 2}, history)
    assert pairs(one) == [("c", "a"), ("b", "d"), ("e", "f")]  # a sat first before


def test_backtracking_undoes_a_choice_that_strands_someone() -> None:
    """a prefers d, but then b (who has met c, e and f) has nobody: so a
    takes e, b meets d, and c meets f."""
    history = [played(1, ("b", "c")), played(2, ("b", "e")), played(3, ("b", "f"))]
    one = swiss_round(["a", "b", "c", "d", "e", "f"], {}, history)
    assert pairs(one) == [("a", "e"), ("d", "b"), ("c", "f")]
    assert one.number == 4


def test_the_bye_moves_up_when_the_rest_cannot_be_paired() -> None:
    """e is lowest, but without e, a (who met b, c and d) has nobody."""
    history = [played(1, ("a", "b"), byes=("c",)), played(2, ("a", "c"), byes=("b",)),
               played(3, ("a", "d"))]
    one = swiss_round(["a", "b", "c", "d", "e"], {}, history)
    assert one.byes == ("d",)
    assert pairs(one) == [("e", "a"), ("b", "c")]


def test_nobody_has_a_second_bye() -> None:
    names = ["a", "b", "c"]
    first = swiss_round(names, {})
    assert first.byes == ("c",) and pairs(first) == [("a", "b")]
    second = swiss_round(names, {"a": 2, "c": 2}, [first])
    assert second.byes == ("b",) and pairs(second) == [("c", "a")]
    third = swiss_round(names, {"a": 4, "b": 2, "c": 2}, [first, second])
    assert third.byes == ("a",) and pairs(third) == [("b", "c")]
    with pytest.raises(PairingError, match="has had a bye"):
        swiss_round(names, {"a": 6, "b": 2, "c": 4}, [first, second, third])


def test_a_full_round_robin_leaves_no_swiss_round() -> None:
    names = ["a", "b", "c", "d", "e", "f"]
    with pytest.raises(PairingError, match="repeats a match already played"):
        swiss_round(names, {}, round_robin(names))


def test_swiss_rounds() -> None:
    assert [swiss_rounds(count) for count in (1, 2, 3, 8, 9, 64)] == [0, 1, 2, 3, 4, 6]


def pairable(rest: list[str], met: Counter[frozenset[str]]) -> bool:
    """Whether ``rest`` can all be paired without a repeat, by brute force."""
    if not rest:
        return True
    top, others = rest[0], rest[1:]
    return any(pairable([name for name in others if name != other], met)
               for other in others if not met[frozenset((top, other))])


def some_pairing_exists(names: list[str], previous: list[Round]) -> bool:
    met = meetings(previous)
    if len(names) % 2 == 0:
        return pairable(names, met)
    had = {name for one in previous for name in one.byes}
    return any(pairable([other for other in names if other != name], met)
               for name in names if name not in had)


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 9), seed=st.integers(0, 10_000))
def test_no_repeats_while_a_pairing_exists_and_at_most_one_bye(count: int, seed: int) -> None:
    rng = random.Random(seed)
    names = [f"e{number}" for number in range(count)]
    points = dict.fromkeys(names, 0.0)
    previous: list[Round] = []
    for _ in range(count + 1):
        exists = some_pairing_exists(names, previous)
        try:
            one = swiss_round(names, points, previous)
        except PairingError:
            assert not exists
            break
        assert exists
        assert sorted(one.entrants) == sorted(names)
        previous.append(one)
        assert set(meetings(previous).values()) == {1}
        assert max(Counter(name for done in previous for name in done.byes).values(),
                   default=0) <= 1
        for name in one.byes:
            points[name] += 2
        for fixture in one.fixtures:
            first, second = fixture.entrants
            outcome = rng.choice([(2, 0), (1, 1), (0, 2)])
            points[first] += outcome[0]
            points[second] += outcome[1]
    else:
        pytest.fail("a Swiss went on past the point where every pair had met")
