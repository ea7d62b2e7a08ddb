"""The River (docs/rules.md §15) on random games, and its stack's chance.

Scenario records under ``tests/records/river`` show each rule once; the
properties here hold in every River game: each river tile continues the
river at its open end, never turns the same way twice in a row with the
default check, the river stack is drawn before any land tile, and the
chance functions (``chance_outcomes``, ``fix_draws``, ``sort_undrawn``,
``determinized``) keep to it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import RIVER, choose, draw_order

from carcassonne import Game, Move, RecordError
from carcassonne.engine import SetupError
from carcassonne.engine.expansions.river import is_course, turn_of
from carcassonne.tiles import TILES
from carcassonne.tiles.geometry import DELTA, pack, unpack

#: The river-course tiles, one entry per copy (``RIVER-1``: 10).
COURSE = sorted(t.id for t in TILES.values() if t.set == "river" and is_course(t.id)
                for _ in range(t.count))
LAKE = "RI.1/I.e"

quick = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def catalogue(tile: str) -> int:
    return TILES[tile].index


def placing_river(game: Game) -> bool:
    """Whether the tile to place now is a river tile."""
    tile = TILES.get(game.tiles_to_place[0]) if game.tiles_to_place else None
    return tile is not None and bool(tile.river)


def river_end(game: Game) -> tuple[int, int] | None:
    end = game.view(None)["river"]["end"]
    return None if end is None else (end[0], end[1])


@quick
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 5),
       check=st.sampled_from(["uturn", "jcz"]), ahead=st.booleans())
def test_every_river_tile_continues_the_river(seed: int, players: int, check: str,
                                              ahead: bool) -> None:
    """``RIVER-PLACE-1``: a river tile lies on the open end with a river side
    meeting it; ``RIVER-UTURN``: with the default check no bend turns the
    river the same way as a bend right before it; ``RIVER-LOOKAHEAD``: with
    ``jcz`` the squares ahead are empty; ``RIVER-SETUP-2``: no land tile
    before the last river tile."""
    options = {"river_check": check} if check == "jcz" else {}
    if ahead:
        options["draw_ahead"] = True
    game = Game.new(players=players, sets=RIVER, options=options, seed=seed)
    rng = random.Random(seed)
    last_turn = 0
    river_tiles = 0
    land_seen = False
    while not game.is_over:
        end = river_end(game)
        move = choose(game, rng)
        tile = TILES.get(move.tile) if isinstance(move, Move) else None
        if tile is not None and tile.river:
            assert not land_seen, "RIVER-SETUP-2: a river tile after a land tile"
            assert end is not None and move.at == end
            turned = tile.turned[move.rotation // 90]
            placed = {(x, y) for _, (x, y), _ in game.board()}
            behind = [s for s in turned.river
                      if unpack(pack(*move.at) + DELTA[s]) in placed]
            assert len(behind) == 1, "one river side meets the open end"
            leaves = [s for s in turned.river if s != behind[0]]
            if leaves:
                way = turn_of(behind[0], leaves[0])
                if check == "uturn":
                    assert not (way and way == last_turn), "RIVER-UTURN"
                else:
                    step = DELTA[leaves[0]]
                    across = DELTA[(leaves[0] + 1) % 4]
                    for k in (1, 2):
                        centre = pack(*move.at) + k * step
                        for square in (centre, centre + across, centre - across):
                            assert unpack(square) not in placed, "RIVER-LOOKAHEAD"
                last_turn = way
            river_tiles += 1
        elif tile is not None:
            land_seen = True
        game.play(move)
    discarded = sum(1 for _, _, t in game.discards if TILES[t].river)
    assert river_tiles + discarded == len(COURSE) + 1
    assert game.board()[0] == ("RI/s", (0, 0), 0)  # RIVER-SETUP-1


def test_setup_spring_and_stack() -> None:
    """``RIVER-SETUP-1``, ``RIVER-SETUP-2``, ``RIVER-REC``: the spring lies at
    0,0; the stack starts with the 10 course tiles, then the lake; all 4
    ``BA/RCr`` are in the land stack: 83 tiles to draw."""
    game = Game.new(players=2, sets=RIVER, seed=3)
    assert game.board() == [("RI/s", (0, 0), 0)]
    stack = draw_order(game)
    assert len(stack) == 83
    assert sorted(stack[:10]) == COURSE and stack[10] == LAKE
    assert Counter(stack)["BA/RCr"] == 4 and "RI/s" not in stack
    assert game.tiles_to_place == (stack[0],)


@pytest.mark.parametrize("stack", [
    [LAKE, *COURSE],  # the lake first
    COURSE,  # no lake
    ["BA/RCr", *COURSE, LAKE],  # a land tile first
    [*COURSE[:-1], "BA/RCr", COURSE[-1], LAKE],
])
def test_a_stack_without_the_river_first_is_refused(stack: list[str]) -> None:
    with pytest.raises(SetupError, match="RIVER-REC"):
        Game.new(players=2, sets=RIVER, stack=stack)


def test_a_record_without_the_river_first_is_refused_at_setup() -> None:
    """``RIVER-REC``: a record whose stack does not begin with the river
    tiles, then the lake, is refused before any move, saying so."""
    record = Game.new(players=2, sets=RIVER, seed=1).to_record()
    record["stack"] = [record["stack"][-1], *record["stack"][:-1]]  # a land tile first
    with pytest.raises(RecordError, match="setup: RIVER-REC: with the River the stack must "
                                          "begin with the 10 river-course tiles") as refused:
        Game.from_record(record)
    assert refused.value.move is None


def test_the_spring_is_never_in_the_stack() -> None:
    with pytest.raises(SetupError, match="copies of RI/s"):
        Game.new(players=2, sets=RIVER, stack=[*COURSE, LAKE, "RI/s"])


def test_chance_keeps_to_the_river_stack() -> None:
    """The next draw is a course tile while any remain, then the lake, then
    land tiles; fixing, sorting and dealing again keep that order."""
    game = Game.new(players=2, sets=RIVER, seed=5)
    rng = random.Random(5)
    outcomes = game.chance_outcomes()
    assert {t for t, _ in outcomes} <= set(COURSE)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    with pytest.raises(ValueError, match="RIVER-SETUP-2"):
        game.fix_draws([LAKE])
    with pytest.raises(ValueError, match="RIVER-SETUP-2"):
        game.fix_draws(["BA/RCr"])
    rest = draw_order(game)[1:]
    left = sorted(rest[:9])
    game.fix_draws([left[-1]])
    assert draw_order(game)[1] == left[-1]
    game.sort_undrawn()
    order = list(draw_order(game))
    assert sorted(order[1:10], key=catalogue) == order[1:10] and order[10] == LAKE
    assert sorted(order[11:], key=catalogue) == order[11:]
    copy = game.determinized(0, rng)
    order = draw_order(copy)
    assert sorted(order[1:10]) == left and order[10] == LAKE
    while copy.stack_size > len(order) - 10:
        copy.play(copy.legal_moves().random(rng))
    if copy.stack_size == len(order) - 10 and not copy.discards:
        assert copy.chance_outcomes() == [(LAKE, 1.0)]


def test_hands_are_dealt_after_the_lake() -> None:
    """``RIVER-SETUP-3``: with ``draw_ahead`` nobody holds a tile during the
    river phase; after the lake's turn every player holds one, dealt in
    seat order from the player whose turn is next."""
    game = Game.new(players=3, sets=RIVER, options={"draw_ahead": True}, seed=11)
    rng = random.Random(11)
    stack = draw_order(game)
    while game.stack_size > len(stack) - 11 or placing_river(game):
        seat = game.current_player
        assert all(not game.hand(s) for s in range(3) if s != seat)
        game.play(game.legal_moves().random(rng))
    first = game.current_player
    assert all(len(game.hand(s)) == 1 for s in range(3))
    order = [(first + k) % 3 for k in range(3)]
    assert [game.hand(s)[0] for s in order] == list(stack[11:14])


@pytest.mark.parametrize("public", [False, True])
def test_a_view_shows_held_tiles_as_hands_public_says(public: bool) -> None:
    """``VAR-AHEAD-4``: each seat sees its own held tile; the others' are
    shown only with ``hands_public``."""
    options = {"draw_ahead": True, "hands_public": public}
    game = Game.new(players=3, options=options, seed=2)
    stack = draw_order(game)
    assert [game.hand(s) for s in range(3)] == [(t,) for t in stack[:3]]
    for seat in range(3):
        hands = game.view(seat)["hands"]
        for other in range(3):
            if other == seat or public:
                assert hands[other] == [stack[other]]
            else:
                assert hands[other] is None
    spectator = game.view(None)["hands"]
    assert spectator == ([[t] for t in stack[:3]] if public else [None, None, None])
    unseen = game.view(1)["unseen"]
    if not public:  # seat 1 knows its own tile, not the others'
        assert unseen.get(stack[0], 0) >= 1


def test_draw_ahead_with_a_hand_of_three_is_the_hand_variant() -> None:
    """``VAR-AHEAD-1``: ``draw_ahead`` with ``hand: 3`` plays as ``hand: 3``."""
    rng_a, rng_b = random.Random(4), random.Random(4)
    a = Game.new(players=2, options={"hand": 3}, seed=4)
    b = Game.new(players=2, options={"hand": 3, "draw_ahead": True}, seed=4)
    while not a.is_over:
        move = a.legal_moves().random(rng_a)
        assert b.legal_moves().random(rng_b) == move
        a.play(move)
        b.play(move)
    assert a.scores == b.scores and b.is_over


def test_a_held_wonder_waits_for_the_lake() -> None:
    """``RIVER-WONDER``: a wonder held while river tiles remain (no game can
    reach a pair then, so it is put in the state by hand) is not placed
    before the lake: its holder places river tiles, then the wonder on the
    first turn after the lake."""
    game = Game.new(players=2, sets=["base", "wonders", "river"], seed=8,
                    wonders=["WO/stonehenge", "WO/alhambra"])
    state = game.state["wonders"]
    state["owner"][1] = state["held"][1] = "WO/alhambra"
    state["available"].remove("WO/alhambra")
    rng = random.Random(8)
    stack = draw_order(game)
    while game.stack_size > len(stack) - 11 or placing_river(game):
        assert game.tiles_to_place[0] in TILES
        game.play(game.legal_moves().random(rng))
    if game.current_player == 0:
        game.play(game.legal_moves().random(rng))
    assert game.current_player == 1 and game.tiles_to_place == ("WO/alhambra",)


def test_the_action_encoding_lists_the_river_placements() -> None:
    """The environments' placement actions (``encoding.placements``) of a
    river tile are the River's own placements, as ``legal_moves`` lists them."""
    from carcassonne.encoding.placements import place_actions
    from carcassonne.encoding.spots import OpenSpots

    game = Game.new(players=2, sets=RIVER, seed=21)
    rng = random.Random(21)
    left, top, width = -15, -15, 30
    while not game.is_over and game.stack_size > 60:
        board = game.position().board
        actions = place_actions(game, OpenSpots.of(board.spots), left, top, width)
        expected = sorted(((y - top) * width + x - left) * 4 + move.rotation // 90
                          for move in game.legal_moves().placements()
                          for x, y in [move.at])
        assert actions == expected
        game.play(game.legal_moves().random(rng))
