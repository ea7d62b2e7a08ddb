"""The review's classes by loss (carcassonne/analysis/classes.py; docs/analysis.md)."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from carcassonne.analysis.classes import BOUNDS, CLASSES, classify, describe


def test_each_bound_starts_the_next_class() -> None:
    for name, bound in BOUNDS.items():
        assert classify(bound - 0.01) == name
        assert classify(bound) == CLASSES[CLASSES.index(name) + 1]
    assert classify(0.0) == "best"
    assert classify(-3.0) == "best"  # a move better than the search's own best
    assert classify(1000.0) == "blunder"


@given(st.floats(min_value=-50, max_value=500), st.floats(min_value=-50, max_value=500))
def test_a_larger_loss_is_never_a_better_class(a: float, b: float) -> None:
    low, high = sorted((a, b))
    assert CLASSES.index(classify(low)) <= CLASSES.index(classify(high))


def test_the_legend_covers_every_loss_once() -> None:
    legend = describe()
    assert [row["class"] for row in legend] == list(CLASSES)
    assert legend[0]["from"] == 0.0 and legend[-1]["below"] is None
    for row, following in pairwise(legend):
        assert row["below"] == following["from"]
        assert classify(float(row["from"])) == row["class"]  # type: ignore[arg-type]
