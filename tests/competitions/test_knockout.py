"""Single elimination: seeding, byes, rounds, the champion."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import (
    Round,
    advancing,
    bracket_lines,
    bracket_order,
    champion,
    first_knockout_round,
    knockout_round,
    knockout_rounds,
    next_knockout_round,
)


def seeds(count: int) -> list[str]:
    return [f"s{number}" for number in range(1, count + 1)]


def pairs(one: Round) -> list[tuple[str, ...]]:
    return [fixture.entrants for fixture in one.fixtures]


def test_bracket_order() -> None:
    assert bracket_order(1) == (1,)
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    with pytest.raises(ValueError, match="power of two"):
        bracket_order(6)


def test_eight_entrants() -> None:
    first = first_knockout_round(seeds(8))
    assert pairs(first) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]
    assert first.byes == ()


def test_six_entrants_give_byes_to_seeds_1_and_2() -> None:
    assert bracket_lines(seeds(6)) == ("s1", None, "s4", "s5", "s2", None, "s3", "s6")
    first = first_knockout_round(seeds(6))
    assert pairs(first) == [("s4", "s5"), ("s3", "s6")]
    assert first.byes == ("s1", "s2")
    second = next_knockout_round(first, {"s5", "s3"})
    assert pairs(second) == [("s1", "s5"), ("s2", "s3")] and second.number == 2


def test_five_entrants_give_byes_to_seeds_1_2_and_3() -> None:
    first = first_knockout_round(seeds(5))
    assert pairs(first) == [("s4", "s5")]
    assert first.byes == ("s1", "s2", "s3")
    second = next_knockout_round(first, {"s4"})
    assert pairs(second) == [("s1", "s4"), ("s2", "s3")] and second.byes == ()
    final = next_knockout_round(second, {"s1", "s2"})
    assert pairs(final) == [("s1", "s2")]
    assert champion(final, {"s2"}) == "s2"


def test_two_entrants_play_the_final_at_once() -> None:
    final = first_knockout_round(["a", "b"])
    assert pairs(final) == [("a", "b")] and champion(final, ["b"]) == "b"
    with pytest.raises(ValueError, match="was the final"):
        next_knockout_round(final, ["b"])


def test_a_match_without_a_winner_leaves_its_line_empty() -> None:
    first = first_knockout_round(seeds(4))
    assert pairs(first) == [("s1", "s4"), ("s2", "s3")]
    assert advancing(first, {"s1"}) == ("s1", None)
    final = next_knockout_round(first, {"s1"})
    assert final.fixtures == () and final.byes == ("s1",)
    assert champion(final, set()) == "s1"
    assert champion(knockout_round([None, None]), set()) is None


def test_refusals() -> None:
    first = first_knockout_round(seeds(4))
    with pytest.raises(ValueError, match="cannot both win"):
        advancing(first, {"s1", "s4"})
    with pytest.raises(ValueError, match="not in round 1: zed"):
        advancing(first, {"zed"})
    with pytest.raises(ValueError, match="not a knockout round"):
        advancing(Round(1, ()), set())
    with pytest.raises(ValueError, match="is not the final"):
        champion(first, {"s1", "s2"})
    with pytest.raises(ValueError, match="power of two"):
        knockout_round(["a", "b", "c"])


def test_knockout_rounds() -> None:
    assert [knockout_rounds(count) for count in (1, 2, 3, 4, 5, 8, 9, 64, 65)] == [
        0, 1, 2, 2, 3, 3, 4, 6, 7]


@settings(max_examples=60, deadline=None)
@given(count=st.integers(2, 70), seed=st.integers(0, 10_000))
def test_one_winner_after_ceil_log2_rounds_and_seeds_1_and_2_meet_only_in_the_final(
        count: int, seed: int) -> None:
    rng = random.Random(seed)
    names = seeds(count)
    lines = bracket_lines(names)
    half = len(lines) // 2
    assert "s1" in lines[:half] and "s2" in lines[half:]
    one = first_knockout_round(names)
    rounds = 1
    alive = set(names)
    while True:
        assert sorted(one.entrants) == sorted(alive)  # everyone still in, once
        rounds_left = knockout_rounds(count) - rounds
        for fixture in one.fixtures:
            if rounds_left:
                assert set(fixture.entrants) != {"s1", "s2"}
        winners = {rng.choice(fixture.entrants) for fixture in one.fixtures}
        alive = winners | set(one.byes)
        if len(one.lines) == 2:
            break
        one = next_knockout_round(one, winners)
        rounds += 1
    assert rounds == math.ceil(math.log2(count))
    assert champion(one, winners) in names and len(alive) == 1


@settings(max_examples=30, deadline=None)
@given(count=st.integers(2, 70))
def test_when_the_favourites_win_seeds_1_and_2_meet_in_the_final(count: int) -> None:
    names = seeds(count)
    one = first_knockout_round(names)
    while len(one.lines) > 2:
        one = next_knockout_round(one, {min(fixture.entrants, key=names.index)
                                        for fixture in one.fixtures})
    assert pairs(one) == [("s1", "s2")]
