"""Bounded weighing (carcassonne.bots.weighing): a cap on the moves a
one-move-deep valuation weighs, so every level's work per move is bounded."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game
from carcassonne.bots import LEVELS, GreedyBot, MctsBot, make_bot
from carcassonne.bots.evaluation import EXPECTED, SIMPLE, move_values
from carcassonne.bots.search import Budget
from carcassonne.bots.weighing import bounded_values
from carcassonne.engine.moves import Move
from carcassonne.engine.setup import SUPPORTED_SETS


def portal_position() -> Game:
    """A position of a game with every set where a follower may go onto
    other tiles (a magic portal, PD-PORTAL): hundreds of moves."""
    rng = random.Random(4)
    for seed in range(40):
        game = Game.new(players=2, seed=seed, sets=SUPPORTED_SETS)
        while not game.is_over:
            legal = game.legal_moves()
            if legal.placement_count >= 10 and len(legal) > 800 and any(
                    isinstance(m, Move) and any(f.on for f in m.figures) for m in legal):
                return game
            game.play(legal.random(rng))
    raise AssertionError("no portal position found")


def test_with_room_for_every_move_the_values_are_those_of_every_move() -> None:
    game = Game.new(players=2, seed=3, sets=("base", "inns_cathedrals", "traders_builders"))
    bot = GreedyBot(seed=1)
    for _ in range(30):
        full = move_values(game, EXPECTED, 25)
        bounded = bounded_values(game, EXPECTED, 25, len(full), random.Random(0))
        assert list(bounded.items()) == list(full.items())
        game.play(bot.choose(game))


def test_a_cap_bounds_the_moves_weighed_and_values_them_exactly() -> None:
    game = portal_position()
    legal = set(game.legal_moves())
    placements = game.legal_moves().placements()
    for cap in (30, 300, 1000):
        values = bounded_values(game, SIMPLE, 25, cap, random.Random(cap))
        assert len(values) <= cap
        assert set(values) <= legal
        assert values == move_values(game, SIMPLE, 25, list(values))
        if cap // 3 >= len(placements):
            # every placement is weighed, and some moves through the portal too
            assert {m for m in values if isinstance(m, Move) and not m.figures
                    and m.action is None} >= {p for p in placements if p in legal}
            assert any(isinstance(m, Move) and any(f.on for f in m.figures) for m in values)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 120), cap=st.integers(1, 120))
def test_the_cap_holds_in_any_position(seed: int, moves: int, cap: int) -> None:
    rng = random.Random(seed)
    game = Game.new(players=2, seed=seed, sets=SUPPORTED_SETS)
    while not game.is_over and len(game.moves) < moves:
        game.play(game.legal_moves().random(rng))
    values = bounded_values(game, SIMPLE, 25, cap, rng)
    assert len(values) <= max(cap, 3)
    assert all(game.is_legal(m) for m in values)
    assert bool(values) != game.is_over


def test_a_capped_greedy_bot_plays_as_the_greedy_bot_where_the_moves_fit_the_cap() -> None:
    game = Game.new(players=2, seed=11)
    capped, plain = GreedyBot(seed=5, cap=200), GreedyBot(seed=5)
    compared = 0
    while not game.is_over:
        fits = len(game.legal_moves()) <= 200
        move, expected = capped.choose(game), plain.choose(game)
        if fits:
            assert move == expected
            compared += 1
        else:  # the two generators have drawn differently since: stop comparing
            break
        game.play(move)
    assert compared > 40


def test_the_levels_budgets_are_work_not_time() -> None:
    for name, level in LEVELS.items():
        if level.plan is not None:  # the expert: a bounded count of bounded replies
            assert level.plan.cap and level.plan.root_cap and level.plan.outcomes, name
            assert level.plan.later_cap and level.plan.work, name
            continue
        assert level.settings.root_cap, name
        if level.budget is not None:
            assert level.budget.seconds is None and level.budget.iterations, name
            assert level.settings.cap, name


def test_the_levels_play_legal_moves_where_the_moves_outnumber_their_caps() -> None:
    """Where a position has more moves than a level weighs, its choice is
    one of the moves it weighed, and legal."""
    game = portal_position()
    for name in LEVELS:
        bot = make_bot(name, seed=3)
        assert game.is_legal(bot.choose(game)), name
    narrow = replace(LEVELS["hard"].settings, root_cap=100, cap=50)
    for seed in range(3):
        move = MctsBot(seed=seed, budget=Budget(iterations=10), settings=narrow).choose(game)
        assert game.is_legal(move)
