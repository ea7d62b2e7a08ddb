"""Groups by snake seeding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import snake_groups


def seeds(count: int) -> list[str]:
    return [f"s{number}" for number in range(1, count + 1)]


def test_eight_into_two() -> None:
    assert snake_groups(seeds(8), 2) == (("s1", "s4", "s5", "s8"), ("s2", "s3", "s6", "s7"))


def test_twelve_into_four() -> None:
    assert snake_groups(seeds(12), 4) == (
        ("s1", "s8", "s9"), ("s2", "s7", "s10"), ("s3", "s6", "s11"), ("s4", "s5", "s12"))


def test_an_uneven_count_leaves_the_groups_the_short_row_reaches_bigger() -> None:
    assert snake_groups(seeds(7), 3) == (("s1", "s6", "s7"), ("s2", "s5"), ("s3", "s4"))
    assert snake_groups(seeds(10), 3) == (
        ("s1", "s6", "s7"), ("s2", "s5", "s8"), ("s3", "s4", "s9", "s10"))


def test_one_group_and_one_entrant_per_group() -> None:
    assert snake_groups(seeds(3), 1) == (("s1", "s2", "s3"),)
    assert snake_groups(seeds(3), 3) == (("s1",), ("s2",), ("s3",))


@pytest.mark.parametrize("groups", [0, 4])
def test_refusals(groups: int) -> None:
    with pytest.raises(ValueError, match="cannot make"):
        snake_groups(seeds(3), groups)


@settings(max_examples=50, deadline=None)
@given(count=st.integers(1, 40), data=st.data())
def test_every_entrant_once_sizes_within_one_best_seeds_apart(count: int,
                                                              data: st.DataObject) -> None:
    groups = data.draw(st.integers(1, count))
    split = snake_groups(seeds(count), groups)
    assert sorted(name for group in split for name in group) == sorted(seeds(count))
    sizes = [len(group) for group in split]
    assert max(sizes) - min(sizes) <= 1
    assert [group[0] for group in split] == seeds(count)[:groups]
    for group in split:  # each group in seed order
        assert list(group) == sorted(group, key=lambda name: int(name[1:]))
