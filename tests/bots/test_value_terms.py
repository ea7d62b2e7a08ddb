"""The learned terms on the fitting estimate (carcassonne/bots/value_terms.py)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game
from carcassonne.bots import GreedyBot
from carcassonne.bots.evaluation import FITTING, followers
from carcassonne.bots.evaluation_names import EVALUATIONS
from carcassonne.bots.value_terms import CORRECTED, TERMS, load, packaged, terms


def _played(seed: int, moves: int) -> Game:
    game = Game.new(players=2, seed=seed)
    rng = random.Random(seed)
    bot = GreedyBot(seed=seed)
    while len(game.moves) < moves and not game.is_over:
        game.play(bot.choose(game) if rng.random() < 0.7 else game.legal_moves().random(rng))
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 70))
def test_the_terms_read_the_supplies_the_turn_and_the_claimed_features(
        seed: int, moves: int) -> None:
    game = _played(seed, moves)
    rows = terms(game)
    assert len(rows) == 2 and all(len(row) == len(TERMS) for row in rows)
    share = min(1.0, game.stack_size / 71)
    for seat, row in enumerate(rows):
        named = dict(zip(TERMS, row, strict=True))
        kept = followers(game.supply(seat))
        assert named["to_move"] == (1.0 if game.current_player == seat else 0.0)
        assert named["last_follower"] == (share if kept >= 1 else 0.0)
        assert named["two_followers"] == (share if kept >= 2 else 0.0)
        assert named["supply_late"] == pytest.approx(kept * share * share)
        led = [f for f in game.claimed_features() if f["kind"] != "field"
               and f["strength"].get(seat) == max(f["strength"].values())]
        assert named["open_led"] == pytest.approx(len(led) * share)
        assert named["field_safe"] >= 0 and named["field_close"] >= 0


def test_the_corrected_estimate_is_the_fitting_one_plus_the_weighted_terms() -> None:
    game = _played(3, 30)
    weights = (1.0, 2.0, -1.0, 0.5, 0.25, -0.25, 3.0)
    corrected = replace(CORRECTED, weights=weights)
    expected = [w + round(100 * sum(a * b for a, b in zip(weights, row, strict=True)))
                for w, row in zip(FITTING.worths(game), terms(game), strict=True)]
    assert corrected.worths(game) == expected
    assert EVALUATIONS["corrected"] is CORRECTED
    assert CORRECTED.figure_bonus(20) == FITTING.figure_bonus(20)


def test_the_shipped_weights_come_with_their_training_curve() -> None:
    from importlib import resources

    data = json.loads(resources.files("carcassonne.bots").joinpath(
        "data/value_terms.json").read_text(encoding="utf-8"))
    assert tuple(data["terms"]) == TERMS and len(packaged()) == len(TERMS)
    curve = data["curve"]
    assert [point["games"] for point in curve] == sorted(point["games"] for point in curve)
    # the last fit is the shipped one, and it predicts held-out games at
    # least as well as the fitting estimate alone
    assert curve[-1]["rmse"] <= data["held_out"]["fitting_rmse"]
    with pytest.raises(ValueError, match="rerun"):
        load(json.dumps({**data, "terms": ["score"]}))
