"""Round robin at tables of 3 to 5: sizes, byes, evenness, determinism."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import (
    least_rounds,
    meetings,
    multiplayer_round_robin,
    spread,
    table_sizes,
)


def names(count: int) -> list[str]:
    return [f"e{number:02}" for number in range(1, count + 1)]


@pytest.mark.parametrize(("count", "size", "expected"), [
    (9, 3, ((3, 3, 3), 0)),
    (10, 4, ((4, 3, 3), 0)),
    (12, 4, ((4, 4, 4), 0)),
    (13, 5, ((5, 4, 4), 0)),
    (4, 3, ((2, 2), 0)),
    (5, 4, ((4,), 1)),
    (6, 5, ((5,), 1)),
    (7, 5, ((5,), 2)),
    (11, 5, ((5, 5), 1)),
    (4, 5, ((4,), 0)),
])
def test_table_sizes(count: int, size: int, expected: tuple[tuple[int, ...], int]) -> None:
    assert table_sizes(count, size) == expected


@pytest.mark.parametrize(("count", "size"), [(5, 2), (5, 6), (2, 4)])
def test_table_sizes_refusals(count: int, size: int) -> None:
    with pytest.raises(ValueError, match=r"tables seat|cannot fill"):
        table_sizes(count, size)


def test_least_rounds() -> None:
    assert least_rounds(9, 3) == 4
    assert least_rounds(16, 4) == 5
    assert least_rounds(10, 4) == 3


def test_nine_at_tables_of_three_meet_exactly_once() -> None:
    schedule = multiplayer_round_robin(names(9), size=3, rounds=4)
    met = meetings(schedule)
    assert len(met) == 36 and set(met.values()) == {1}
    assert spread(names(9), schedule) == 0


def test_eight_at_tables_of_four_meet_exactly_three_times() -> None:
    schedule = multiplayer_round_robin(names(8), size=4, rounds=7)
    assert set(meetings(schedule).values()) == {3}


def test_the_search_evens_out_a_hard_case() -> None:
    """Twelve at tables of four for five rounds: 90 meetings over 66 pairs,
    so some pairs meet twice; the search keeps everyone within two."""
    entrants = names(12)
    assert spread(entrants, multiplayer_round_robin(entrants, 4, 5, effort=20_000)) <= 2


def test_the_same_seed_gives_the_same_rounds() -> None:
    first = multiplayer_round_robin(names(10), 4, 4, seed=7, effort=2000)
    assert multiplayer_round_robin(names(10), 4, 4, seed=7, effort=2000) == first
    assert multiplayer_round_robin(names(10), 4, 4, seed=8, effort=2000) != first


def test_byes_go_round() -> None:
    schedule = multiplayer_round_robin(names(5), size=4, rounds=5)
    assert [len(one.byes) for one in schedule] == [1] * 5
    assert sorted(name for one in schedule for name in one.byes) == names(5)
    assert spread(names(5), schedule) == 0  # any two sat together 3 times of 5


def test_the_first_seat_goes_to_whoever_had_it_least() -> None:
    firsts: Counter[str] = Counter()
    for one in multiplayer_round_robin(names(9), size=3, rounds=6):
        for fixture in one.fixtures:
            fewest = min(firsts[name] for name in fixture.entrants)
            assert firsts[fixture.entrants[0]] == fewest
            level = [name for name in fixture.entrants if firsts[name] == fewest]
            assert fixture.entrants[0] == min(level)  # then the better seed
            firsts[fixture.entrants[0]] += 1


def test_tables_are_ordered_by_their_best_seed() -> None:
    for one in multiplayer_round_robin(names(12), size=3, rounds=3):
        assert [min(fixture.entrants) for fixture in one.fixtures] == sorted(
            min(fixture.entrants) for fixture in one.fixtures)


def test_refusals() -> None:
    with pytest.raises(ValueError, match="at least one round"):
        multiplayer_round_robin(names(6), 3, 0)
    with pytest.raises(ValueError, match="named twice"):
        multiplayer_round_robin(["a", "a", "b"], 3, 1)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 14), size=st.integers(3, 5), rounds=st.integers(1, 5),
       seed=st.integers(0, 1000))
def test_everyone_plays_every_round_or_has_a_bye(count: int, size: int, rounds: int,
                                                 seed: int) -> None:
    if count < size - 1:
        return
    entrants = names(count)
    sizes, byes = table_sizes(count, size)
    schedule = multiplayer_round_robin(entrants, size, rounds, seed=seed, effort=300)
    assert len(schedule) == rounds
    for one in schedule:
        assert sorted(one.entrants) == entrants  # everyone once, nobody twice
        assert sorted((len(fixture.entrants) for fixture in one.fixtures), reverse=True) == list(
            sizes)
        assert set(sizes) <= {size, size - 1}
        assert len(one.byes) == byes
    had = Counter(name for one in schedule for name in one.byes)
    counts = [had[name] for name in entrants]
    assert max(counts) - min(counts) <= 1
    played = Counter(name for one in schedule for fixture in one.fixtures
                     for name in fixture.entrants)
    assert all(played[name] + had[name] == rounds for name in entrants)
