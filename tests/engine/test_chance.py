"""Chance in the open (carcassonne/engine/chance.py): what a move's draws
may be, each with its probability, and the move played with the draws a
program chose: what OpenSpiel's chance nodes and an expectimax search need,
without reading the stack's order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import play_out

from carcassonne import Game, IllegalMove, draw_outcomes, play_drawing

DRAGON = ["base", "princess_dragon"]


def position(seed: int, moves: int) -> Game:
    """A two-player base game after ``moves`` random moves (fewer if it ends)."""
    game = Game.new(players=["Ann", "Bob"], seed=seed)
    play_out(game, random.Random(seed), moves)
    return game


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 69))
def test_a_moves_draw_is_the_stacks_next_and_plays_as_chosen(seed: int, moves: int) -> None:
    """In the base game a move's draw chooses from what the stack holds,
    as ``chance_outcomes`` says before the move (``DRAW-1``); each outcome
    played is the tile drawn (placed next, or discarded when it fits
    nowhere, ``DRAW-2``, and then the move draws again)."""
    game = position(seed, moves)
    if game.is_over:
        return
    move = game.legal_moves().random(random.Random(seed))
    outcomes = draw_outcomes(game, move)
    assert outcomes == game.chance_outcomes()
    if outcomes:
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    else:
        assert not game.tiles_left()  # the last tile: its move draws nothing
    before = game.to_record()
    for tile, _ in outcomes:
        after = game.copy()
        play_drawing(after, move, [tile])
        assert after.tiles_to_place == (tile,) or any(d[-1] == tile for d in after.discards)
        if after.tiles_to_place == (tile,):
            assert draw_outcomes(game, move, [tile]) == []
    assert game.to_record() == before  # asking changes nothing


def test_a_volcano_brings_the_dragon_before_its_draw() -> None:
    """``PD-REC``: dragon-symbol tiles wait while the dragon is off the
    board, so before the volcano is laid they are no outcome of the next
    draw; the volcano's move draws after the dragon came, so they are."""
    stack = ["DG/RFr.d", "DG/Rr.d", "BA/RFr", "DG/RFr.v", "BA/L"]
    game = Game.new(players=2, sets=DRAGON, stack=stack)
    game.play("BA/RFr@1,0r0")
    assert game.tiles_to_place == ("DG/RFr.v",)
    assert game.chance_outcomes() == [("BA/L", 1.0)]
    volcano = "DG/RFr.v@2,0r0"
    outcomes = dict(draw_outcomes(game, volcano))
    assert outcomes == pytest.approx({"BA/L": 1 / 3, "DG/Rr.d": 1 / 3, "DG/RFr.d": 1 / 3})
    chosen = game.copy()
    play_drawing(chosen, volcano, ["DG/Rr.d"])
    assert chosen.tiles_to_place == ("DG/Rr.d",)


def test_a_draw_that_cannot_be_is_refused_and_nothing_changes() -> None:
    game = position(3, 10)
    move = game.legal_moves()[0]
    record = game.to_record()
    left = {tile for tile, _ in game.chance_outcomes()}
    gone = next(t for t in ("BA/Cccc+", "BA/CccR+", "BA/RRRR", "BA/L") if t not in left) \
        if len(left) < 24 else None
    first = sorted(left)[0]
    with pytest.raises(ValueError, match="the move makes only 1 draw"):
        play_drawing(game, move, [first, first])
    if gone is not None:
        with pytest.raises(ValueError, match="cannot be"):
            play_drawing(game, move, [gone])
    with pytest.raises(ValueError):
        draw_outcomes(game, move, ["no such tile"])
    with pytest.raises(IllegalMove):
        play_drawing(game, "BA/L@40,40r0", [first])
    assert game.to_record() == record
