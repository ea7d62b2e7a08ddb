"""The evaluations bots share: the simple one (projected scores), the
expected one (chances of completing unfinished features) and the fitting
one (the expected one, knowing which squares the tiles left can fill)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcassonne import Game, Move
from carcassonne.bots.evaluation import (
    COMPLETION,
    EXPECTED,
    FITTING,
    PROJECTED,
    SIMPLE,
    completion_chance,
    leads,
    move_values,
    rewards,
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
    stack = [t for t in game.to_record()["stack"] if t != "BA/CFc.1"][:40]
    game = Game.new(players=2, stack=["BA/CFc.1", *stack])
    claim = Move.parse("BA/CFc.1@0,-1r90 meeple:city:N")
    expected = move_values(game, EXPECTED, 0)
    simple = move_values(game, SIMPLE, 0)
    assert expected[claim] - simple[claim] > 0
    assert set(expected) == set(game.legal_moves())
    assert math.isfinite(sum(expected.values()))


def _city_with_caps(caps: int) -> Game:
    # The claimed 2-tile city of _open_city_game, open to the north, with
    # ``caps`` tiles that have a city edge left among tiles that have no city
    # at all: only those fit the square north of it (turned to face it).
    cities = (["BA/C"] * 5 + ["BA/CRr"] * 3 + ["BA/CRRR"] * 3)[:caps]
    return Game.new(players=2, stack=["BA/CFc.1", *cities, *["BA/Rr"] * 9])


def test_a_city_no_tile_left_can_close_has_no_chance_under_the_fitting_estimate() -> None:
    game = _open_city_game()
    (city,) = [f for f in game.claimed_features() if f["kind"] == "city"]
    # no tile left has a city edge: nothing fits the square north of it
    assert city["fits"] == [0]
    figure = 300
    chance = completion_chance("city", 1, game.stack_size)
    gain = PROJECTED * chance * (city["complete"] - city["end"])
    expected, fitting = EXPECTED.worths(game, figure), FITTING.worths(game, figure)
    assert expected[0] - fitting[0] == round(gain) + round(figure * chance)
    assert expected[1] == fitting[1]


def test_fewer_fitting_tiles_make_completion_less_likely() -> None:
    figure = 300
    worth = {}
    for caps in (2, 4, 8, 10):
        game = _city_with_caps(caps)
        game.play(Move.parse("BA/CFc.1@0,-1r90 meeple:city:N"))
        (city,) = [f for f in game.claimed_features() if f["kind"] == "city"]
        assert city["fits"] == [caps]  # the caps left, the one in hand included
        expected, fitting = EXPECTED.worths(game, figure), FITTING.worths(game, figure)
        chance = completion_chance("city", 1, game.stack_size)
        share = min(caps, FITTING.scarce) / FITTING.scarce
        gain = PROJECTED * chance * (city["complete"] - city["end"])
        assert expected[0] - fitting[0] == (round(gain) - round(share * gain)
                                            + round(figure * chance)
                                            - round(figure * chance * share))
        worth[caps] = fitting[0] - expected[0]
    assert worth[2] < worth[4] < worth[8] == worth[10] == 0


def test_fits_are_public_and_agree_with_the_dead_squares() -> None:
    """Over many positions: each claimed road's and city's ``fits`` list one
    count per empty square its open sides face (at most one per open side),
    fewest first; a 0 there means a dead square on the board; a field's
    ``city_fits`` follow its cities; and none of it depends on the order of
    the stack."""
    import random

    from carcassonne.bots import make_bot

    rng = random.Random(4)
    zeros = 0
    for seed in range(12):
        game = Game.new(players=2, seed=seed)
        bots = [make_bot("greedy", seed), make_bot("random", seed)]
        while not game.is_over:
            game.play(bots[game.current_player].choose(game))
            if game.is_over or rng.random() < 0.7:
                continue
            claimed = game.claimed_features()
            left = game.stack_size + sum(len(h) for h in game.view(0)["hands"]) + 1
            dead = bool(game.dead_squares())
            for feature in claimed:
                if feature["kind"] == "field":
                    assert len(feature["city_fits"]) == len(feature["cities"])
                    for sides, fits in zip(feature["cities"], feature["city_fits"], strict=True):
                        assert (fits is None) == (sides == 0)
                    continue
                fits = feature["fits"]
                assert fits == sorted(fits) and len(fits) <= feature["open"]
                assert all(0 <= n <= left for n in fits)
                if feature["kind"] != "monastery":
                    assert bool(fits) == (feature["open"] > 0)
                if fits and fits[0] == 0:
                    zeros += 1
                    assert dead
            other = game.determinized(0, random.Random(seed))
            assert other.claimed_features() == claimed
    assert zeros > 0  # the games reached features that can never be closed


def test_rewards_measured_from_a_baseline() -> None:
    """``rewards`` squashes each player's lead over the best rival; with a
    ``baseline`` of leads, a player exactly as far ahead as at the baseline
    gets 0.5, one who gained on it more."""
    game = _open_city_game()
    worth = EXPECTED.worths(game)
    ahead = leads(worth)
    assert ahead == [worth[0] - worth[1], worth[1] - worth[0]]
    plain = rewards(game, evaluation=EXPECTED)
    assert (plain[0] > 0.5) == (ahead[0] > 0)
    assert rewards(game, evaluation=EXPECTED, baseline=ahead) == [0.5, 0.5]
    shifted = rewards(game, evaluation=EXPECTED, baseline=[a - 500 for a in ahead])
    assert shifted == pytest.approx([0.5 + 0.5 * math.tanh(1.0)] * 2)


@given(st.integers(2, 6), st.integers(0, 80))
def test_with_more_players_a_follower_kept_back_is_worth_less(players: int, left: int) -> None:
    """The search's estimates give a follower in supply its two-player worth
    times 2 / P (each player has fewer turns to use it); the greedy bot's
    simple estimate, the yardstick, gives the same worth at any table."""
    for evaluation in (EXPECTED, FITTING):
        assert evaluation.figure_bonus(left, players) == (
            evaluation.figure_bonus(left, 2) * 2 // players)
    assert SIMPLE.figure_bonus(left, players) == SIMPLE.figure_bonus(left, 2)


def test_with_several_rivals_each_player_is_measured_against_the_best_of_them() -> None:
    """What the search assumes of several opponents: each player's reward is
    its lead over the best of the others (not their mean), so a move that
    keeps the leader down counts, one that only hurts a trailing rival does
    not."""
    assert leads([900, 500, 100]) == [400, -400, -800]
    assert leads([100, 900, 500, 500]) == [-800, 400, -400, -400]
    game = Game.new(players=4, seed=2)
    for _ in range(20):
        game.play(game.legal_moves()[0])
    worth = FITTING.worths(game)
    expected = [0.5 + 0.5 * math.tanh(a / 500) for a in leads(worth)]
    assert rewards(game, evaluation=FITTING) == pytest.approx(expected)
    seat = game.current_player
    assert seat is not None
    four = FITTING.figure_bonus(game.stack_size, 4)
    assert four == FITTING.figure_bonus(game.stack_size, 2) // 2
    assert worth[seat] == FITTING.worths(game, four)[seat]
