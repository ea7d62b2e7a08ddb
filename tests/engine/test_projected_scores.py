"""``Game.projected_scores()``: the scores if the game ended now.

That is the current scores plus final scoring (``FINAL-1`` to ``FINAL-5``) of
everything on the board. Asking changes nothing, the projection never falls
below the scores, it equals the final scores of the same game cut short
right here, and once the game is over it is the final score.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import Setup, draw_order, play_out, setups, snapshot, upcoming

from carcassonne import Game

checks = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_a_small_position_exactly() -> None:
    # Ann closes the start tile's city with a meeple (4 points, meeple back),
    # Bob puts a meeple on the road east of the start tile, Ann a farmer in
    # the big field north of the road, which borders the completed city.
    game = Game.new(players=["Ann", "Bob"], stack=["BA/C", "BA/RFr", "BA/C", "BA/Rr"])
    game.play("BA/C@0,-1r180 meeple:city:S")
    assert game.scores == (4, 0)
    assert game.projected_scores() == (4, 0)
    game.play("BA/RFr@1,0r0 meeple:road:E")
    assert game.projected_scores() == (4, 2)  # incomplete road of 2 tiles
    game.play("BA/C@1,-1r0 meeple:field:EL")
    assert game.scores == (4, 0)
    assert game.projected_scores() == (7, 2)  # + 3 for the field by 1 completed city
    assert game.supply(0) == {"meeple": 6}
    # The last tile touches no scoring: the final scores are the projection.
    game.play("BA/Rr@0,-2r90")
    assert game.is_over
    assert game.scores == game.projected_scores() == (7, 2)
    finals = [(e.player, e.points, e.reason) for e in game.events if e.final]
    assert finals == [(1, 2, "road"), (0, 3, "field")]


def test_options_change_the_projection() -> None:
    # A 2-tile city held by Ann, left open: 2 points at the end of the game.
    # With tiny_city = 2 a completed 2-tile city pays 2 instead of 4.
    moves = ["BA/C@0,-1r180 meeple:city:S", "BA/RFr@1,0r0 meeple:field:NL"]
    for tiny, expected in ((4, (4, 3)), (2, (2, 3))):
        game = Game.new(players=2, stack=["BA/C", "BA/RFr", "BA/Rr"],
                        options={"tiny_city": tiny})
        for move in moves:
            game.play(move)
        assert game.projected_scores() == expected
    no_farmers = Game.new(players=2, stack=["BA/C", "BA/RFr", "BA/Rr"],
                          options={"farmers": False})
    no_farmers.play(moves[0])
    no_farmers.play("BA/RFr@1,0r0 meeple:road:E")
    assert no_farmers.projected_scores() == (4, 2)


def cut_short(game: Game, options: dict[str, object]) -> Game:
    """The same game with a stack that ends right now: the tiles drawn before
    the one being placed, the same moves. It is over once they are replayed."""
    order = draw_order(game)
    drawn = len(order) - len(upcoming(game)) - 1  # all but the current tile
    short = Game.new(players=len(game.players), options=options, stack=order[:drawn])
    for move in game.moves:
        short.play(move)
    return short


@checks
@given(setup=setups(), played=st.integers(0, 80), seed=st.integers(0, 2**32 - 1))
def test_projection_on_random_games(setup: Setup, played: int, seed: int) -> None:
    game = setup.game()
    play_out(game, random.Random(seed), limit=played)
    before = snapshot(game)
    spectator = game.view(None)
    projected = game.projected_scores()
    assert snapshot(game) == before, "asking for the projection changes nothing"
    assert game.view(None) == spectator
    assert len(projected) == len(game.players)
    assert all(p >= s for p, s in zip(projected, game.scores, strict=True))
    assert game.projected_scores() == projected
    if game.is_over:
        assert projected == game.scores
        return
    if setup.options.get("hand", 1) == 1 and not setup.options.get("draw_ahead") and game.moves:
        short = cut_short(game, setup.options)
        assert short.is_over
        assert short.scores == projected, "the projection is the end of the game right now"


def test_projection_through_whole_games() -> None:
    for seed in range(4):
        game = Game.new(players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            before = snapshot(game)
            projected = game.projected_scores()
            assert snapshot(game) == before
            assert all(p >= s for p, s in zip(projected, game.scores, strict=True))
            play_out(game, rng, limit=1)
        assert game.projected_scores() == game.scores
        assert sum(e.points for e in game.events) == sum(game.scores)
