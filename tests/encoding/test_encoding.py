"""The encoding package (compiled with the engine) against the public API.

Each function there reads the engine's internals for speed; here each is
checked, in random positions of every set and variant, against what the
public API says: the placements' codes against ``placements()`` and the
action layout's own numbering, the figures' cells against
``game.figures()``, the seat counts against ``scores``, ``supply()``,
``goods()``, ``hand()`` and ``tiles_left()``.
"""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game
from carcassonne.encoding.figures import figure_cells
from carcassonne.encoding.placements import place_actions
from carcassonne.encoding.spots import OpenSpots, spot_square
from carcassonne.encoding.squares import BoardSquares
from carcassonne.encoding.vector import Slots, seat_counts
from carcassonne.engine.legal import LegalMoves
from carcassonne.tiles import KIND_CODES, TILE_LIST
from carcassonne.tiles.geometry import unpack

SETS = [("base",), ("base", "inns_cathedrals"), ("base", "traders_builders"),
        ("base", "watchtowers"), ("base", "wonders"),
        ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders")]
OPTIONS = [{}, {"hand": 3}, {"hand": 3, "hands_public": True}]


def positions(sets: tuple[str, ...], players: int, options: dict[str, object], seed: int,
              every: int = 7) -> list[Game]:
    """Copies of a random game's positions, one every ``every`` moves."""
    rng = random.Random(seed)
    game = Game.new(players=players, sets=sets, options=options, seed=seed)
    out = []
    while not game.is_over:
        if len(game.moves) % every == 0:
            out.append(game.copy())
        legal = game.legal_moves()
        game.play(legal.random(rng) if isinstance(legal, LegalMoves) else rng.choice(list(legal)))
    out.append(game)
    return out


games = st.builds(positions, st.sampled_from(SETS), st.integers(2, 4), st.sampled_from(OPTIONS),
                  st.integers(0, 10_000))


@settings(max_examples=25, deadline=None)
@given(games, st.integers(-8, 0), st.integers(-8, 0), st.integers(4, 30))
def test_place_actions_number_placements_as_the_layout_does(
        found: list[Game], left: int, top: int, width: int) -> None:
    for game in found:
        legal = game.legal_moves()
        if not isinstance(legal, LegalMoves):
            continue
        placements = legal.placements()
        actions = place_actions(game, OpenSpots.of(game.position().board.spots), left, top, width)
        hand = game.tiles_to_place
        expected = []
        for move in placements:
            (x, y), q = move.at, move.rotation // 90
            if not (0 <= x - left < width and 0 <= y - top < width):
                assert actions is None  # one placement outside: no numbering
                break
            slot = hand.index(move.tile)
            expected.append(((slot * width + y - top) * width + x - left) * 4 + q)
        else:
            assert len(expected) == legal.placement_count
            assert actions == sorted(expected)
            assert len(set(expected)) == len(expected)  # one action, one placement


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(SETS), st.integers(2, 4), st.sampled_from(OPTIONS), st.integers(0, 10_000),
       st.integers(1, 4))
def test_open_spots_kept_move_by_move_are_the_boards_in_row_order(
        sets: tuple[str, ...], players: int, options: dict[str, object], seed: int,
        every: int) -> None:
    rng = random.Random(seed)
    game = Game.new(players=players, sets=sets, options=options, seed=seed)
    squares = BoardSquares()
    checked = 0
    while True:
        squares.update(game)
        if len(game.moves) % every == 0 or game.is_over:  # (several moves synced at once too)
            kept = squares.open_spots(game).items
            board = game.position().board.spots
            assert kept == sorted(kept)
            assert {spot_square(item): item & 255 for item in kept} == {
                unpack(pos): key for pos, key in board.items()}
            assert kept == OpenSpots.of(board).items
            checked += 1
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal.random(rng) if isinstance(legal, LegalMoves) else rng.choice(list(legal)))
    assert checked > 1


@settings(max_examples=25, deadline=None)
@given(games)
def test_a_placement_is_found_by_its_index(found: list[Game]) -> None:
    for game in found:
        legal = game.legal_moves()
        if not isinstance(legal, LegalMoves):
            continue
        placements = legal.placements()
        assert [legal.placement(i) for i in range(len(placements))] == placements
        for wrong in (-1, len(placements)):
            with pytest.raises(IndexError, match="no placement"):
                legal.placement(wrong)
        for wrong in ("0", 1.0, True, None):
            with pytest.raises(TypeError, match="index is an int"):
                legal.placement(wrong)


def test_a_placement_of_a_changed_game_is_refused() -> None:
    game = Game.new(players=2, seed=3)
    legal = game.legal_moves()
    game.play(legal.placements()[0])
    with pytest.raises(RuntimeError, match="changed"):
        legal.placement(0)


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 3), st.integers(-12, -2), st.integers(-12, -2), st.integers(6, 30))
def test_figure_cells_are_the_figures_in_the_window(
        found: list[Game], seat: int, left: int, top: int, width: int) -> None:
    kinds = ("meeple", "large", "builder", "pig")
    for game in found:
        n = len(game.players)
        seat %= n
        # Plane starts far apart, so that each cell says which plane and square.
        owned = [{kind: 10_000 * (1 + r * len(kinds) + k) for k, kind in enumerate(kinds)}
                 for r in range(n)]
        on = [0] * (max(KIND_CODES.values()) + 1)
        for code in KIND_CODES.values():
            on[code] = 1_000_000 * code
        want = []
        for fig in game.figures():
            x, y = fig["at"]
            if 0 <= x - left < width and 0 <= y - top < width:
                square = (y - top) * width + (x - left)
                want.append(owned[(fig["player"] - seat) % n][fig["figure"]] + square)
                want.append(on[KIND_CODES[fig["feature"]]] + square)
        got = figure_cells(game, seat, left, top, width, width, 1, owned, on)
        assert sorted(got) == sorted(want)


@settings(max_examples=25, deadline=None)
@given(games, st.integers(0, 3))
def test_seat_counts_are_the_public_counts(found: list[Game], seat: int) -> None:
    kinds = {"meeple": 0, "large": 1, "builder": 2, "pig": 3}
    goods = {"wine": 0, "grain": 1, "cloth": 2}
    slots = Slots(current=0, extra=10, scores=20, supply=30, goods=60, hand_sizes=80, stack=90,
                  unseen=100, kinds=kinds, goods_order=goods)
    for game in found:
        n = len(game.players)
        seat %= n
        out = array("f", bytes(4 * 200))
        seat_counts(game, seat, slots, out)
        got = {i: value for i, value in enumerate(out) if value}
        want: dict[int, float] = {}
        if not game.is_over:
            want[(game.current_player - seat) % n] = 1.0
            if game.extra_turn:
                want[10] = 1.0
        for r in range(n):
            p = (seat + r) % n
            want[20 + r] = game.scores[p]
            want.update({30 + 4 * r + kinds[k]: c for k, c in game.supply(p).items()})
            want.update({60 + 3 * r + goods[k]: c for k, c in game.goods(p).items()})
            want[80 + r] = len(game.hand(p))
        want[90] = game.stack_size
        index = {tile.id: i for i, tile in enumerate(TILE_LIST)}
        unseen = {100 + index[t]: c for t, c in game.tiles_left().items()}
        if game.options.hand > 1 and not game.options.hands_public:
            for tile in game.hand(seat):  # the seat has seen its own hand
                unseen[100 + index[tile]] -= 1
        want.update(unseen)
        assert got == {k: c for k, c in want.items() if c}
