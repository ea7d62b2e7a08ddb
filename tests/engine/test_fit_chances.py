"""``Game.fit_chances()`` (engine/fit_chances.py): for each open square, how
many of the next draw's tiles fit it, checked against the engine's
``chance_outcomes()`` and a fit tested from the printed edges (tests/fits.py)."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest
from fits import expected_chances
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game


def as_fractions(answer: dict[str, Any]) -> dict[tuple[int, int], Fraction]:
    tiles = answer["tiles"]
    return {(s["at"][0], s["at"][1]): Fraction(s["fits"], tiles) for s in answer["squares"]}


def test_the_start_tile_alone() -> None:
    # Ann holds BA/C (a city on one side); BA/Rr and BA/C are left to draw.
    # North of the start tile (its city) only the BA/C fits; south (its
    # field) both do; east and west (its road) only the curve.
    game = Game.new(players=2, stack=["BA/C", "BA/Rr", "BA/C"])
    answer = game.fit_chances()
    assert answer == {"tiles": 2, "squares": [
        {"at": [-1, 0], "fits": 1}, {"at": [0, -1], "fits": 1},
        {"at": [0, 1], "fits": 2}, {"at": [1, 0], "fits": 1}]}
    assert game.chance_outcomes() == [("BA/C", 0.5), ("BA/Rr", 0.5)]


def test_an_empty_stack_fits_nothing() -> None:
    game = Game.new(players=2, stack=["BA/C"])
    answer = game.fit_chances()
    assert answer["tiles"] == 0 and {s["fits"] for s in answer["squares"]} == {0}


@settings(max_examples=30)
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 60))
def test_the_counts_are_the_engines_own_chances(seed: int, moves: int) -> None:
    game = Game.new(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_moves())))
    answer = game.fit_chances()
    assert answer["tiles"] == game.stack_size  # the base game draws from the whole stack
    assert [s["at"] for s in answer["squares"]] == sorted(s["at"] for s in answer["squares"])
    chances = as_fractions(answer) if answer["tiles"] else {}
    expected = expected_chances(game)
    if answer["tiles"]:
        assert set(chances) == set(expected)
        for square, chance in chances.items():
            assert float(chance) == pytest.approx(expected[square])
    else:
        assert expected == {} or set(expected.values()) == {0}
