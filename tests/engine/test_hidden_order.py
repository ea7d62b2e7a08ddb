"""The draw order is private (docs/rules.md: the stack is face down).

A game shows no attribute holding the order of the tiles still to be drawn
(nor the seed that shuffled them); only its record writes the order out. A
copy made with ``determinized`` holds a resampled order only: two games
that differ in nothing but the real order (or the hidden hands) give the
very same copy, record and pickle included, and the copy draws what its
own order says."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest
from strategies import draw_order

from carcassonne import Game


def played(options: dict[str, Any], moves: int, seed: int = 3) -> Game:
    game = Game.new(players=3, options=options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.play(game.legal_moves().random(rng))
    return game


def with_rest_reversed(game: Game) -> Game:
    """The same moves on a stack whose undrawn rest is reversed."""
    order = list(draw_order(game))
    drawn = len(order) - game.stack_size
    other = Game.new(players=list(game.players), options=game.options.changed(),
                     stack=[*order[:drawn], *reversed(order[drawn:])])
    for move in game.moves:
        other.play(move)
    assert draw_order(other) != draw_order(game)
    return other


def public(game: Game, seats: int) -> dict[str, Any]:
    """Everything public on ``game``: every attribute not starting with an
    underscore, and what its reading methods answer."""
    found: dict[str, Any] = {}
    for name in dir(game):
        if name.startswith("_"):
            continue
        value = getattr(game, name)
        if not callable(value):
            found[name] = value
    found["views"] = [game.view(seat) for seat in [None, *range(seats)]]
    found["hands"] = [game.hand(seat) for seat in range(seats)]
    found["supplies"] = [game.supply(seat) for seat in range(seats)]
    for name in ("tiles_left", "board", "figures", "dead_squares", "feature_map",
                 "claimed_features"):
        found[name] = getattr(game, name)()
    found["legal"] = list(game.legal_moves()) if not game.is_over else []
    return found


def test_a_game_has_no_stack_and_no_seed_to_read() -> None:
    game = Game.new(players=2, seed=5)
    for name in ("stack", "seed"):
        assert not hasattr(game, name)
        assert not hasattr(game.copy(), name)
        assert not hasattr(game.determinized(0, random.Random(1)), name)
    assert len(draw_order(game)) == 71  # the record writes it out


@pytest.mark.parametrize("options", [{}, {"hand": 3}])
def test_a_determinized_copy_holds_no_trace_of_the_real_order(options: dict) -> None:
    game = played(options, 12)
    other = with_rest_reversed(game)
    seat = game.current_player
    assert seat is not None
    a = game.determinized(seat, random.Random(7))
    b = other.determinized(seat, random.Random(7))
    assert public(a, 3) == public(b, 3)
    if options:  # hidden hands dealt again: no record, so no pickle either
        for copy in (a, b):
            with pytest.raises(ValueError, match="has no record"):
                copy.to_record()
            with pytest.raises(ValueError, match="has no record"):
                pickle.dumps(copy)
    else:
        assert a.to_record() == b.to_record()
        assert pickle.dumps(a) == pickle.dumps(b)
        assert draw_order(a) != draw_order(game) and draw_order(a) != draw_order(other)


def test_hidden_hands_that_differ_give_the_same_determinized_copy() -> None:
    # Seat 0 cannot tell these games apart: seat 1 holds other tiles in its hand.
    game = played({"hand": 3}, 0)
    order = list(draw_order(game))
    swapped = order.copy()
    swapped[3:6], swapped[9:12] = order[9:12], order[3:6]  # seat 1's hand and later tiles
    other = Game.new(players=3, options={"hand": 3}, stack=swapped)
    assert other.hand(1) != game.hand(1) and other.hand(0) == game.hand(0)
    a = game.determinized(0, random.Random(3))
    b = other.determinized(0, random.Random(3))
    assert public(a, 3) == public(b, 3)


def test_a_determinized_copy_draws_its_own_order_and_its_record_replays() -> None:
    game = played({}, 10)
    copy = game.determinized(1, random.Random(4))
    order = draw_order(copy)
    drawn = len(order) - copy.stack_size  # the tile to place now included
    assert order[:drawn] == draw_order(game)[:drawn]  # the tiles seen stay as they were
    assert order[drawn:] != draw_order(game)[drawn:]
    rng = random.Random(9)
    while not copy.is_over:
        copy.play(copy.legal_moves().random(rng))
    # the tiles placed and discarded from here on, as they were drawn
    first = len(game.moves)
    taken = [copy.moves[first].tile]
    for number in range(first + 1, len(copy.moves) + 1):
        taken += [tile for before, _, tile in copy.discards if before == number]
        if number < len(copy.moves):
            taken.append(copy.moves[number].tile)
    assert taken == list(order[drawn - 1:])
    assert Game.from_record(copy.to_record()).scores == copy.scores


def test_a_determinized_copy_cannot_undo_past_its_making() -> None:
    game = played({"hand": 3}, 9)
    copy = game.determinized(game.current_player, random.Random(2))
    with pytest.raises(IndexError, match="no move to undo"):
        copy.undo()
    move = copy.legal_moves().random(random.Random(1))
    copy.play(move)
    assert copy.undo() == move


def test_fixing_the_next_draws_moves_them_ahead_and_keeps_the_rest() -> None:
    game = Game.new(players=2, stack=["BA/Rr", "BA/C", "BA/L", "BA/RRRR", "BA/C"])
    game.fix_draws(["BA/L", "BA/C"])
    assert draw_order(game) == ("BA/Rr", "BA/L", "BA/C", "BA/RRRR", "BA/C")
    game.sort_undrawn()
    assert sorted(draw_order(game)[1:]) == sorted(("BA/L", "BA/C", "BA/C", "BA/RRRR"))
    before = draw_order(game)
    for bad in (["BA/Rr"], ["BA/L", "BA/L"], ["BA/Zz"], [3.5]):
        with pytest.raises(ValueError, match=r"not a tile left to draw|no tile id"):
            game.fix_draws(bad)
        assert draw_order(game) == before
    game.play(game.legal_moves().random(random.Random(1)))
    assert game.tiles_to_place == (before[1],)
