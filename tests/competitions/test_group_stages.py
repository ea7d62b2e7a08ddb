"""From groups to a knockout: tiers, and no first meeting within a group."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import first_knockout_round, knockout_seeds


def groups_of(count: int, size: int) -> list[tuple[str, ...]]:
    """Groups named a, b, c...; entrant ``b2`` is group b's runner-up."""
    return [tuple(f"{chr(ord('a') + group)}{place}" for place in range(1, size + 1))
            for group in range(count)]


def test_two_groups_winners_meet_the_other_runner_up() -> None:
    seeds = knockout_seeds(groups_of(2, 4), 2)
    assert seeds == ("a1", "b1", "a2", "b2")
    assert [f.entrants for f in first_knockout_round(seeds).fixtures] == [
        ("a1", "b2"), ("b1", "a2")]


def test_four_groups() -> None:
    seeds = knockout_seeds(groups_of(4, 3), 2)
    assert seeds == ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2")
    assert [f.entrants for f in first_knockout_round(seeds).fixtures] == [
        ("a1", "d2"), ("d1", "a2"), ("b1", "c2"), ("c1", "b2")]


def test_three_groups_reorder_the_runners_up_around_the_byes() -> None:
    """In order (a2, b2, c2), c1 would meet c2 at once; and a1 and b1, with
    byes, first meet the winners of 4 v 5 and 3 v 6."""
    seeds = knockout_seeds(groups_of(3, 3), 2)
    assert seeds == ("a1", "b1", "c1", "b2", "c2", "a2")
    first = first_knockout_round(seeds)
    assert [f.entrants for f in first.fixtures] == [("b2", "c2"), ("c1", "a2")]
    assert first.byes == ("a1", "b1")


def test_one_group_cannot_avoid_itself() -> None:
    assert knockout_seeds(groups_of(1, 5), 4) == ("a1", "a2", "a3", "a4")


def test_refusals() -> None:
    with pytest.raises(ValueError, match="group 2 has fewer than 3"):
        knockout_seeds([("a1", "a2", "a3"), ("b1", "b2")], 3)
    with pytest.raises(ValueError, match="at least one"):
        knockout_seeds(groups_of(2, 2), 0)
    with pytest.raises(ValueError, match="at least 2 entrants"):
        knockout_seeds(groups_of(1, 2), 1)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(2, 8), top=st.integers(1, 4))
def test_tiers_and_no_first_round_match_within_a_group(count: int, top: int) -> None:
    groups = groups_of(count, top + 1)
    seeds = knockout_seeds(groups, top)
    assert sorted(seeds) == sorted(name for group in groups for name in group[:top])
    for tier in range(top):  # winners first, then runners-up...
        assert sorted(seeds[tier * count:(tier + 1) * count]) == sorted(
            group[tier] for group in groups)
    assert seeds[:count] == tuple(group[0] for group in groups)
    for fixture in first_knockout_round(seeds).fixtures:
        one, other = fixture.entrants
        assert one[0] != other[0]
