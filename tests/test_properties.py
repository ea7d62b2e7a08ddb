"""Properties that hold in every game, checked on random games.

Each example is a random setup (2 to 5 players, a rule variant, a seed and
sometimes a shortened stack) played with random legal moves. The properties
are the bookkeeping the rules imply: no tile or figure appears or vanishes,
scores only grow and are the sum of their events, undo and copy are exact,
a record replays to the same game, and ``legal_moves`` lists exactly the
moves ``play`` accepts.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import (
    Setup,
    choose,
    outcome,
    play_out,
    random_candidate,
    setups,
    snapshot,
)

from carcassonne import Game, IllegalMove, Move
from carcassonne.tiles import TILES

MEEPLES = 7
RULE_IDS = {"PLACE-1", "PLACE-2", "PLACE-3", "§2", "VAR-HAND-2", "MEEPLE-1", "MEEPLE-2",
            "MEEPLE-3", "MEEPLE-6", "FINAL"}

quick = settings(max_examples=100, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])
heavy = settings(max_examples=25, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def check_bookkeeping(game: Game) -> None:
    """Tiles and figures are conserved, and scores are the sum of events."""
    seats = range(len(game.players))
    placed = len(game.board()) - 1  # the start tile is not in the stack
    in_hands = sum(len(game.hand(seat)) for seat in seats)
    assert placed + len(game.discards) + game.stack_size + in_hands == len(game.stack)
    assert placed == len(game.moves)

    on_board = Counter(f["player"] for f in game.figures())
    for seat in seats:
        assert on_board[seat] + game.supply(seat)["meeple"] == MEEPLES
        assert game.supply(seat)["meeple"] >= 0

    totals = [0] * len(game.players)
    for event in game.events:
        assert event.points > 0, "zero-point events are not emitted"
        totals[event.player] += event.points
    assert list(game.scores) == totals


@quick
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_bookkeeping_holds_at_every_step(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    check_bookkeeping(game)
    before = game.scores
    while not game.is_over:
        assert game.current_player is not None
        assert game.tiles_to_place
        assert set(game.tiles_to_place) == set(game.hand(game.current_player))
        index = len(game.moves)
        known = len(game.events)
        game.play(choose(game, rng))
        check_bookkeeping(game)
        assert all(a <= b for a, b in zip(before, game.scores, strict=True))
        before = game.scores
        for event in game.events[known:]:
            if event.final:
                assert event.move is None and game.is_over
            else:
                assert event.move == index
    # The game ends: nobody moves, every tile is used, winners hold the top score.
    assert game.current_player is None
    assert game.tiles_to_place == ()
    assert game.stack_size == 0
    assert len(game.legal_moves()) == 0
    assert not game.legal_moves()
    best = max(game.scores)
    assert game.winners == tuple(s for s, p in enumerate(game.scores) if p == best)
    assert all(e.final for e in game.events if e.move is None)
    finals = [e for e in game.events if e.final]
    assert game.events[len(game.events) - len(finals):] == tuple(finals)


@heavy
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_undo_to_the_start_and_replay_gives_the_same_game(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    states = [snapshot(game)]
    while not game.is_over:
        game.play(choose(game, rng))
        states.append(snapshot(game))
    moves = list(game.moves)
    for expected in reversed(states[:-1]):
        game.undo()
        assert snapshot(game) == expected
    assert game.moves == ()
    for move, expected in zip(moves, states[1:], strict=True):
        game.play(move)
        assert snapshot(game) == expected


@quick
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_undo_one_move_then_replay_it(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        before = snapshot(game) if rng.random() < 0.2 else None
        move = choose(game, rng)
        game.play(move)
        if before is not None:
            after = snapshot(game)
            assert game.undo() == move
            assert snapshot(game) == before
            game.play(move)
            assert snapshot(game) == after


@quick
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_copy_is_equal_and_independent(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    play_out(game, rng, limit=rng.randint(0, 80))
    original = snapshot(game)
    other = game.copy()
    assert snapshot(other) == original
    play_out(other, random.Random(seed + 1))
    assert other.is_over
    assert snapshot(game) == original
    while other.moves:
        other.undo()
    assert snapshot(game) == original
    if not game.is_over:
        game.play(choose(game, rng))
        third = game.copy()
        third.undo()
        game.undo()
        assert snapshot(third) == snapshot(game) == original


@quick
@given(setup=setups(), seed=st.integers(0, 2**32 - 1), finish=st.booleans())
def test_record_round_trip(setup: Setup, seed: int, finish: bool) -> None:
    game = setup.game()
    rng = random.Random(seed)
    play_out(game, rng, limit=None if finish else rng.randint(0, 60))
    record = json.loads(json.dumps(game.to_record()))
    replayed = Game.from_record(record)
    assert replayed.scores == game.scores
    assert [e.to_dict() for e in replayed.events] == [e.to_dict() for e in game.events]
    assert replayed.board() == game.board()
    assert replayed.figures() == game.figures()
    assert replayed.is_over == game.is_over
    assert replayed.to_record() == record
    if game.is_over:
        assert record["result"]["scores"] == list(game.scores)
        assert record["result"]["winners"] == list(game.winners)
    else:
        assert "result" not in record
        assert [str(m) for m in replayed.legal_moves()] == [str(m) for m in game.legal_moves()]


def assert_refused_cleanly(game: Game, move: Move) -> None:
    """``play`` refuses ``move`` with an IllegalMove naming a rule, and changes nothing."""
    before = outcome(game), game.moves
    try:
        game.play(move)
    except IllegalMove as err:
        assert err.rule in RULE_IDS, err
        assert str(err).startswith(f"{err.rule}: "), err
    else:  # pragma: no cover - a failure path
        raise AssertionError(f"{move} was accepted but is_legal said no")
    assert (outcome(game), game.moves) == before


def equivalent_listed(game: Game, move: Move, listed: list[Move]) -> bool:
    """Whether some listed move with the same tile and square leads to the same
    state as ``move`` (it may be written with another rotation or spot name)."""
    game.play(move)
    target = outcome(game)
    game.undo()
    for other in listed:
        if other.tile != move.tile or other.at != move.at:
            continue
        game.play(other)
        same = outcome(game) == target
        game.undo()
        if same:
            return True
    return False


@heavy
@given(setup=setups(max_length=30), seed=st.integers(0, 2**32 - 1))
def test_play_accepts_exactly_the_legal_moves(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        listed = list(game.legal_moves())
        before = outcome(game)
        for move in listed:
            assert game.is_legal(move)
            assert game.is_legal(str(move))
            game.play(move)
            assert game.undo() == move
        assert outcome(game) == before
        for _ in range(25):
            candidate = random_candidate(game, rng)
            if game.is_legal(candidate):
                assert equivalent_listed(game, candidate, listed), candidate
            else:
                assert_refused_cleanly(game, candidate)
        game.play(rng.choice(listed))
    assert not game.is_legal(Move("BA/Rr", (1, 0), 0))
    try:
        game.play(Move("BA/Rr", (1, 0), 0))
    except IllegalMove as err:
        assert err.rule == "FINAL"
    else:  # pragma: no cover - a failure path
        raise AssertionError("a move was accepted after the end of the game")


@quick
@given(setup=setups(), seed=st.integers(0, 2**32 - 1))
def test_legal_moves_are_distinct_and_grouped_by_placement(setup: Setup, seed: int) -> None:
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        moves = game.legal_moves()
        listed = list(moves)
        assert len(set(listed)) == len(listed) == len(moves)
        placements = moves.placements()
        assert len(placements) == moves.placement_count == len(set(placements))
        assert len(listed) == sum(len(moves.options(p)) for p in placements)
        regrouped = [m for p in placements for m in moves.options(p)]
        assert regrouped == listed
        for placement in placements:
            assert placement.figures == ()
            assert placement.tile in game.tiles_to_place
            turned = TILES[placement.tile].turned[placement.rotation // 90]
            assert turned.canonical == placement.rotation, "a look-alike rotation is listed once"
            options = moves.options(placement)
            assert options[0] == placement
            assert all(len(m.figures) == 1 for m in options[1:])
        for _ in range(3):
            assert moves.random(rng) in moves
        assert listed[0] in moves and str(listed[0]) in moves
        game.play(rng.choice(listed))
