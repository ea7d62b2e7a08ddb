"""``Game.claimed_features``: the features holding followers, as bots read them.

In the base game (current farm scoring) the claimed features account for the
projected scores exactly: a player's projected score is their score plus the
end value of every road, city and monastery they hold the majority of, plus
3 per completed city bordering each field they hold the majority of.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game


def majority(strength: dict[int, int]) -> list[int]:
    best = max(strength.values())
    return [p for p, s in strength.items() if s == best]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), played=st.integers(0, 71), players=st.integers(2, 5))
def test_claimed_features_account_for_the_projected_scores(seed: int, played: int,
                                                           players: int) -> None:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.moves) < played:
        game.play(game.legal_moves().random(rng))
    expected = list(game.scores)
    if not game.is_over:
        for feature in game.claimed_features():
            assert feature["strength"] and all(s > 0 for s in feature["strength"].values())
            if feature["kind"] == "field":
                value = 3 * sum(1 for open_sides in feature["cities"] if open_sides == 0)
            else:
                value = feature["end"]
                assert feature["open"] > 0, "a complete road, city or monastery is scored"
                if feature["kind"] == "city":
                    assert feature["complete"] in (2 * feature["end"],)
                elif feature["kind"] == "road":
                    assert feature["complete"] == feature["end"]
                else:
                    assert feature["complete"] == 9 == feature["end"] + feature["open"]
            for p in majority(feature["strength"]):
                expected[p] += value
    assert tuple(expected) == game.projected_scores()
