"""The evaluations bots share: the simple one (projected scores) and the
expected one (chances of completing unfinished features)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from carcassonne import Game, Move
from carcassonne.bots.evaluation import (
    COMPLETION,
    EXPECTED,
    PROJECTED,
    SIMPLE,
    completion_chance,
    move_values,
)


@given(st.sampled_from(sorted(COMPLETION)), st.integers(1, 8), st.integers(0, 200))
def test_completion_chance_grows_with_tiles_and_shrinks_with_open_sides(
        kind: str, sides: int, left: int) -> None:
    chance = completion_chance(kind, sides, left)
    assert 0.0 <= chance < 1.0
    assert completion_chance(kind, sides, left + 1) > chance
    assert completion_chance(kind, sides + 1, left) <= chance
    assert completion_chance(kind, 0, left) == 1.0


def test_no_tiles_left_means_no_chance() -> None:
    assert completion_chance("city", 1, 0) == 0.0


def _open_city_game() -> Game:
    # BA/CFc.1 turned 90 north of the start tile joins its city and leaves it
    # open to the north: a 2-tile city with one open side, claimed by seat 0.
    game = Game.new(players=2, stack=["BA/CFc.1", *["BA/RFr"] * 8, *["BA/Rr"] * 5])
    game.play(Move.parse("BA/CFc.1@0,-1r90 meeple:city:N"))
    return game


def test_expected_worth_credits_the_chance_of_completing_a_claimed_city() -> None:
    game = _open_city_game()
    (city,) = [f for f in game.claimed_features() if f["kind"] == "city"]
    assert city["open"] == 1 and city["strength"] == {0: 1}
    chance = completion_chance("city", 1, game.stack_size)
    figure = 300
    simple = SIMPLE.worths(game, figure)
    expected = EXPECTED.worths(game, figure)
    # The owner gets the chance of the completion's extra points, and the
    # chance of the follower coming back; the other seat nothing more.
    gain = PROJECTED * chance * (city["complete"] - city["end"])
    assert expected[0] - simple[0] == round(gain) + round(figure * chance)
    assert expected[1] == simple[1]


def test_a_finished_game_is_judged_by_its_scores() -> None:
    game = _open_city_game()
    while not game.is_over:
        game.play(game.legal_moves()[0])
    assert EXPECTED.worths(game) == [PROJECTED * s for s in game.scores]


def test_move_values_prefer_an_open_city_with_a_chance_over_one_without() -> None:
    # With many tiles left the expected evaluation values a meeple on the open
    # 2-tile city above its end value; the simple one does not see the chance.
    game = Game.new(players=2, seed=3)
    stack = [t for t in game.stack if t != "BA/CFc.1"][:40]
    game = Game.new(players=2, stack=["BA/CFc.1", *stack])
    claim = Move.parse("BA/CFc.1@0,-1r90 meeple:city:N")
    expected = move_values(game, EXPECTED, 0)
    simple = move_values(game, SIMPLE, 0)
    assert expected[claim] - simple[claim] > 0
    assert set(expected) == set(game.legal_moves())
    assert math.isfinite(sum(expected.values()))
