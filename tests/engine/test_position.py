"""The Position: the state a move changes, its undo frames, chance in public,
and the narrow view the expansions' hooks get."""

from __future__ import annotations

import ast
import inspect
import random
import sys
from pathlib import Path

import pytest

from carcassonne import Game
from carcassonne.engine import draws
from carcassonne.engine.expansions import EXPANSIONS, Expansion
from carcassonne.engine.position import Position
from carcassonne.engine.undo import UndoFrame
from carcassonne.tiles.geometry import pack

EVERY_SET = ["base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders", "river"]


def test_the_position_is_what_the_game_reads() -> None:
    game = Game.new(players=3, seed=4)
    position = game.position()
    assert isinstance(position, Position)
    rng = random.Random(2)
    for _ in range(20):
        game.play(game.legal_moves().random(rng))
    assert game.position() is position
    assert tuple(position.scores) == game.scores
    assert position.current == game.current_player
    assert position.stack_size == game.stack_size
    assert tuple(position.history) == game.moves
    assert position.players == game.players
    copy = game.copy()
    assert copy.position() is not position and copy.position().figures == position.figures


def test_an_undo_frame_names_what_a_move_changed() -> None:
    game = Game.new(players=2, seed=9)
    position = game.position()
    seat, drawn, scores = position.current, position.draw_count, tuple(position.scores)
    move = game.legal_moves().placements()[0]
    game.play(move)
    frame = position.frames[-1]
    assert isinstance(frame, UndoFrame)
    assert frame.current == seat and frame.draw == drawn and frame.scores == scores
    assert frame.square == pack(*move.at)
    assert frame.mode is None and not frame.over
    assert game.undo() == move
    assert not position.frames and position.draw_count == drawn


def test_chance_outcomes_are_the_stack_left_and_fixing_one_draws_it() -> None:
    game = Game.new(players=2, seed=3)
    outcomes = game.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert sorted(t for t, _ in outcomes) == sorted(game.tiles_left())  # catalogue order
    for tile, p in outcomes:
        assert p == pytest.approx(game.tiles_left()[tile] / game.stack_size)
    assert outcomes == draws.outcomes(game) == draws.outcomes(game.position())
    # a tile that fits anywhere next to the start tile: the one drawn next
    rng = random.Random(5)
    tile = rng.choice([t for t, _ in outcomes if t in ("BA/C", "BA/L", "BA/Rr")])
    game.fix_draws([tile])
    game.play(game.legal_moves().random(rng))
    assert game.tiles_to_place == (tile,)


def test_chance_outcomes_of_a_game_with_hidden_hands_leave_the_hands_out() -> None:
    game = Game.new(players=3, options={"hand": 3}, seed=2)
    held = sum(len(game.hand(seat)) for seat in range(3))
    counts = {t: round(p * game.stack_size) for t, p in game.chance_outcomes()}
    assert sum(counts.values()) == game.stack_size
    assert sum(game.tiles_left().values()) == game.stack_size + held  # nobody sees every hand


def test_draws_take_a_game_or_its_position() -> None:
    a = Game.new(players=2, stack=["BA/Rr", "BA/C", "BA/L", "BA/RRRR", "BA/C"])
    b = Game.new(players=2, stack=["BA/Rr", "BA/C", "BA/L", "BA/RRRR", "BA/C"])
    draws.fix_draws(a, ["BA/L"])
    draws.fix_draws(b.position(), ["BA/L"])
    assert a.to_record() == b.to_record()
    with pytest.raises(TypeError, match="a game or its position"):
        draws.sort_undrawn(object())


def test_the_hooks_receive_a_position_view_never_the_game() -> None:
    # read from the sources: a compiled class keeps no annotations
    for cls in (Expansion, *EXPANSIONS.values()):
        module = sys.modules[cls.__module__]
        source = Path(inspect.getfile(module)).parent / f"{cls.__module__.rpartition('.')[2]}.py"
        tree = ast.parse(source.read_text())
        hooks = [f for node in tree.body if isinstance(node, ast.ClassDef)
                 and node.name == cls.__name__ for f in node.body
                 if isinstance(f, ast.FunctionDef) and len(f.args.args) > 1
                 and f.args.args[1].arg in ("position", "game")]
        if cls is Expansion:
            assert {"refusal", "extra_part", "feature_value", "before_scoring", "completed",
                    "final_scoring", "decision", "decide", "view"} <= {f.name for f in hooks}
        for hook in hooks:
            first = hook.args.args[1]
            assert first.arg == "position", (cls, hook.name)
            assert ast.unparse(first.annotation) == "PositionView", (cls, hook.name)
    # and a game of every set plays through them
    game = Game.new(players=4, sets=EVERY_SET, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.play(game.legal_moves().random(rng))
    assert Game.from_record(game.to_record()).scores == game.scores
