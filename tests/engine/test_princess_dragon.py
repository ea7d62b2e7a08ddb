"""The Princess & the Dragon (docs/rules.md §17) beyond its scenarios.

The scenario records under ``tests/records/princess_dragon`` show each rule
in a game; here are what a record cannot show: the view every seat gets,
the legal moves of a flight, the chance of the next draw and the draw order
a game writes (``PD-REC``), and properties of random games: a flight never
enters a square twice nor the fairy's (``PD-DRAGON-TILE``, ``PD-FAIRY-2``),
what the dragon eats goes home (``PD-DRAGON-EAT``), and a move part the
rules refuse (a fairy, a princess, a step, a figure through a portal) is
refused naming its rule, the game unchanged.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import (
    DRAGON,
    DRAGON_OTHER_WAY,
    EVERY_SET,
    Setup,
    choose,
    outcome,
    portal_figure,
    random_action,
    random_decision,
)

from carcassonne import Game, IllegalMove, Move
from carcassonne.engine.moves import DragonStep
from carcassonne.tiles import TILES, TILES_BY_SET

#: The rules a refused move part of this set may name.
REFUSALS = {"PD-VOLCANO", "PD-DRAGON-TILE", "PD-DRAGON-BLOCK", "PD-FAIRY-1", "PD-FAIRY-2",
            "PD-PORTAL", "PD-PRINCESS", "MEEPLE-1", "MEEPLE-2", "MEEPLE-3", "MEEPLE-6",
            "PLACE-2", "TB-BUILD-1", "TB-PIG-1", "IC-LARGE-1", "§2", "WON-GET-1",
            "WON-GET-3", "WON-PLACE-1", "WON-PLACE-3"}

games = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dragon_setups() -> st.SearchStrategy[Setup]:
    """Random games with The Princess & the Dragon: alone, its options the
    other way, or with every other set."""
    return st.builds(
        Setup,
        players=st.sampled_from((2, 3, 4)),
        options=st.sampled_from(({}, DRAGON_OTHER_WAY, {"hand": 3})),
        seed=st.integers(0, 2**32 - 1),
        sets=st.sampled_from((DRAGON, DRAGON, EVERY_SET)),
    )


def until(game: Game, rng: random.Random, done: object) -> None:
    """Play random moves until ``done(game)`` (a function) or the end."""
    assert callable(done)
    while not game.is_over and not done(game):
        game.play(choose(game, rng))


def dragon_state(game: Game) -> dict:
    return game.view(None)["princess_dragon"]


# -- the set --------------------------------------------------------------------------


def test_the_set_has_its_thirty_tiles() -> None:
    """``PD-1``: 30 tiles, 6 volcanoes, 12 dragon symbols, 6 portals, 6 princesses."""
    tiles = [t for t in TILES_BY_SET["princess_dragon"] for _ in range(t.count)]
    marks = Counter(mark for t in tiles for mark in ("volcano", "dragon", "portal")
                    if t.data.get(mark))
    marks["princess"] = sum(1 for t in tiles
                            if any(s.attribute("princess") for s in t.turned[0].segments))
    assert len(tiles) == 30
    assert marks == {"volcano": 6, "dragon": 12, "portal": 6, "princess": 6}


def test_the_river_has_no_volcano() -> None:
    """``PD-RIVER``: the C2 River has no volcano (its lake is no volcano)."""
    assert not [t.id for t in TILES_BY_SET["river"] if t.data.get("volcano")]


# -- the view and the flight's moves ----------------------------------------------------


def test_every_seat_sees_the_dragon_the_fairy_and_the_flight() -> None:
    game = Game.new(players=3, sets=DRAGON, seed=4)
    rng = random.Random(4)
    state = dragon_state(game)
    assert set(state) == {"dragon", "fairy", "flight", "set_aside"}
    assert state["dragon"] is state["fairy"] is state["flight"] is None  # PD-SETUP-1
    until(game, rng, lambda g: dragon_state(g)["flight"] is not None)
    assert not game.is_over, "seed 4 reaches a flight"
    views = [game.view(seat)["princess_dragon"] for seat in range(3)]
    assert views[0] == views[1] == views[2] == dragon_state(game)
    flight = views[0]["flight"]
    assert set(flight) == {"mover", "left", "visited"}
    assert game.current_player == flight["mover"]
    assert 1 <= flight["left"] <= 6 and flight["visited"][-1] == views[0]["dragon"]
    moves = game.legal_moves()
    assert moves and all(isinstance(m, DragonStep) for m in moves)
    assert moves.records() == [{"dragon": list(m.to)} for m in moves]
    assert game.tiles_to_place == ()
    for move in moves:  # PD-DRAGON-TILE: next to it, on a tile, not visited
        x, y = views[0]["dragon"]
        assert abs(move.to[0] - x) + abs(move.to[1] - y) == 1
        assert list(move.to) not in flight["visited"]


# -- the draws ---------------------------------------------------------------------------


def test_dragon_tiles_wait_and_are_counted_as_set_aside() -> None:
    """``PD-SETUP-2``: two dragon tiles come first; both are skipped and
    wait, the view counts them; the volcano brings them back."""
    stack = ["DG/RFr.d", "DG/Rr.d", "BA/RFr", "DG/RFr.v", "BA/L"]
    game = Game.new(players=2, sets=DRAGON, stack=stack)
    assert game.tiles_to_place == ("BA/RFr",)
    assert dragon_state(game)["set_aside"] == 2
    outcomes = dict(game.chance_outcomes())  # the next draw: never a waiting dragon tile
    assert set(outcomes) == {"DG/RFr.v", "BA/L"} and sum(outcomes.values()) == pytest.approx(1)
    with pytest.raises(ValueError, match="PD-REC"):
        game.fix_draws(["DG/Rr.d"])
    game.play("BA/RFr@1,0r0")
    assert game.tiles_to_place == ("DG/RFr.v",)
    game.play("DG/RFr.v@2,0r0")
    assert dragon_state(game)["set_aside"] == 0
    assert game.tiles_to_place == ("DG/RFr.d",)  # the first of them, now drawn
    assert dict(game.chance_outcomes()) == pytest.approx({"DG/Rr.d": 0.5, "BA/L": 0.5})


def test_undo_gives_back_the_draw_order() -> None:
    stack = ["DG/RFr.d", "BA/RFr", "BA/RFr", "DG/RFr.v"]
    game = Game.new(players=2, sets=DRAGON, stack=stack)
    record = game.to_record()
    game.play("BA/RFr@1,0r0")
    # PD-REC: the record keeps the dragon tile where it was set aside
    assert game.to_record()["stack"] == stack
    assert Game.from_record(game.to_record()).view(0) == game.view(0)
    game.undo()
    assert game.to_record() == record


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_of_its_own_writes_the_real_draw_order(seed: int) -> None:
    """``PD-REC``: a game that shuffled its stack reshuffles it after the
    first volcano and writes the order really drawn: its record replays
    to the same game, and its stack is the placed tiles in order."""
    game = Game.new(players=2, sets=DRAGON, seed=seed)
    rng = random.Random(seed)
    until(game, rng, lambda g: False)
    record = game.to_record()
    drawn = [m.tile for m in game.moves if isinstance(m, Move)]
    for before, _, tile in reversed(game.discards):  # PLACE-4: drawn, then removed
        index = sum(1 for m in game.moves[:before] if isinstance(m, Move))
        drawn.insert(index, tile)
    assert record["stack"] == drawn
    replayed = Game.from_record(record)
    assert replayed.scores == game.scores and replayed.to_record() == record


# -- princess_action "must" -------------------------------------------------------------


def test_must_leaves_only_the_removal() -> None:
    stack = ["BA/CFc+", "DG/Cc.p"]
    game = Game.new(players=2, sets=DRAGON, stack=stack, options={"princess_action": "must"})
    game.play("BA/CFc+@0,-1r90 meeple:city:N")
    moves = game.legal_moves()
    (placement,) = [p for p in moves.placements() if p.at == (0, -2) and p.rotation == 180]
    assert [str(m) for m in moves.options(placement)] == ["DG/Cc.p@0,-2r180 princess:N@0,-1"]
    with pytest.raises(IllegalMove, match="PD-PRINCESS"):
        game.play(placement)


def same_as_listed(game: Game, move: Move, after: dict) -> bool:
    """Whether a listed move of the same placement leads to ``after`` (a
    figure may be written with another spot of its segment)."""
    for other in game.legal_moves():
        if isinstance(other, Move) and other[:3] == move[:3] and other.figures:
            game.play(other)
            same = outcome(game) == after
            game.undo()
            if same:
                return True
    return False


# -- random games --------------------------------------------------------------------


@games
@given(setup=dragon_setups(), seed=st.integers(0, 2**32 - 1))
def test_flights_keep_their_rules_and_eaten_figures_go_home(setup: Setup, seed: int) -> None:
    """``PD-DRAGON-TILE``, ``PD-FAIRY-2``: a step never enters a square of
    its flight nor the fairy's; ``PD-DRAGON-EAT``: every figure of the
    square entered is back in its owner's supply, the other figures stay."""
    game = setup.game()
    rng = random.Random(seed)
    seats = range(len(game.players))
    while not game.is_over:
        move = choose(game, rng)
        if not isinstance(move, DragonStep):
            game.play(move)
            continue
        state = dragon_state(game)
        assert list(move.to) not in state["flight"]["visited"]
        assert state["fairy"] is None or list(move.to) != state["fairy"]["at"]
        owned = [Counter(game.supply(s)) for s in seats]
        for fig in game.figures():
            owned[fig["player"]][fig["figure"]] += 1
        staying = [f for f in game.figures() if f["at"] != list(move.to)]
        game.play(move)
        assert game.figures() == staying or all(  # a builder or pig may follow its follower
            f in staying for f in game.figures())
        assert not [f for f in game.figures() if f["at"] == list(move.to)]
        after = [Counter(game.supply(s)) for s in seats]
        for fig in game.figures():
            after[fig["player"]][fig["figure"]] += 1
        assert after == owned
        visited = (dragon_state(game)["flight"] or {"visited": []})["visited"]
        assert len(visited) == len({tuple(v) for v in visited})


@games
@given(setup=dragon_setups(), seed=st.integers(0, 2**32 - 1))
def test_new_move_parts_refused_name_their_rule(setup: Setup, seed: int) -> None:
    """A fairy move, a princess, a dragon's step or a figure through a
    portal that the rules refuse is refused naming its rule, and the game
    is unchanged; one they allow is among the legal moves."""
    game = setup.game()
    rng = random.Random(seed)
    while not game.is_over:
        for _ in range(6):
            if game.tiles_to_place and game.tiles_to_place[0] in TILES:
                placement = rng.choice(game.legal_moves().placements())
                part = random_action(game, rng) if rng.random() < 0.6 else None
                candidate = (Move(placement.tile, placement.at, placement.rotation, (), part)
                             if part is not None else
                             placement._replace(figures=(portal_figure(game, rng),)))
            else:
                candidate = random_decision(game, rng)
            before = outcome(game), game.moves, game.view(None)
            try:
                game.play(candidate)
            except IllegalMove as err:
                assert err.rule in REFUSALS, err
                assert (outcome(game), game.moves, game.view(None)) == before
            else:
                after = outcome(game)
                game.undo()
                assert candidate in game.legal_moves() or same_as_listed(game, candidate, after)
        game.play(choose(game, rng))
