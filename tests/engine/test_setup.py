"""Setting a game up (docs/rules.md §1, docs/formats.md "A record" and "Options").

``Game.new`` refuses anything it cannot play with a :class:`SetupError`;
``Game.from_record`` refuses the same setups, and any malformed record, with
a :class:`RecordError` whose ``move`` is None for the setup and the index of
the move otherwise. Both are ``ValueError``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne import Game, RecordError, SetupError
from carcassonne.engine.setup import shuffle
from carcassonne.tiles import START_TILE, TILES_BY_SET


def draw_order(game: Game) -> tuple[str, ...]:
    """The draw order, as the game's record writes it (the game keeps it private)."""
    return tuple(game.to_record()["stack"])


# -- Game.new ------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"sets": ["base", "castles"]}, "unknown set"),
    ({"sets": ["expansions"]}, "unknown set"),
    ({"sets": []}, "'base' is always part"),
    ({"sets": ["base", "wonders"], "players": 5}, "2 to 4 players"),
    ({"sets": ["base", "wonders"], "wonders": ["WO/alhambra"]}, "one wonder per player"),
    ({"sets": ["base", "wonders"], "wonders": ["WO/alhambra", "WO/petra"]}, "unknown wonder"),
    ({"sets": ["base", "wonders"], "wonders": ["WO/alhambra"] * 2}, "laid out twice"),
    ({"wonders": ["WO/alhambra", "WO/stonehenge"]}, "only in a game with the set"),
    ({"sets": ["base", "base"]}, "twice"),
    ({"players": 1}, "2 to 5 players"),
    ({"players": 6}, "2 to 5 players"),
    ({"players": ["Ann"]}, "2 to 5 players"),
    ({"players": ["A", "B", "C", "D", "E", "F"]}, "2 to 5 players"),
    ({"players": 7, "sets": ["base", "inns_cathedrals"]}, "2 to 6 players"),
    ({"players": "Ann,Bob"}, "number or a list of names"),
    ({"players": None}, "number or a list of names"),
    ({"players": True}, "number or a list of names"),
    ({"players": 2.0}, "number or a list of names"),
    ({"players": ["Ann", ""]}, "non-empty strings"),
    ({"players": ["Ann", "   "]}, "non-empty strings"),
    ({"players": ["Ann", 7]}, "non-empty strings"),
    ({"players": ["Ann", None]}, "non-empty strings"),
    ({"options": {"meeples": 8}}, "unknown option"),
    ({"options": {"tiny_city": "2"}}, "tiny_city"),
    ({"options": {"tiny_city": 3}}, "tiny_city"),
    ({"options": {"tiny_city": 2.0}}, "tiny_city"),
    ({"options": {"farmers": 1}}, "farmers"),
    ({"options": {"farmers": "false"}}, "farmers"),
    ({"options": {"hand": 2}}, "hand"),
    ({"options": {"hand": True}}, "hand"),
    ({"options": {"farm_scoring": "second_edition"}}, "farm_scoring"),
    ({"options": {"large_meeple": False}}, "inns_cathedrals"),
    ({"options": {"builder": False}}, "traders_builders"),
    ({"options": {"stonehenge_on_placing_turn": True}}, "wonders"),
    ({"options": ["tiny_city"]}, "options"),
    ({"stack": ["BA/Rr", "BA/Nope"]}, "unknown tile id"),
    ({"stack": ["ba/rr"]}, "unknown tile id"),
    ({"stack": [START_TILE] * 4}, "the start tile takes one"),
    ({"stack": ["BA/RRRR", "BA/RRRR"]}, "copies"),
    ({"stack": ["BA/Rr"] * 10}, "copies"),
    ({"stack": ["BA/Rr", "IC/Cccc.c"]}, "inns_cathedrals"),
    ({"stack": ["WT/CFRF_2M"]}, "watchtowers"),
])
def test_new_game_refusals(kwargs: dict[str, Any], words: str) -> None:
    with pytest.raises(SetupError) as caught:
        Game.new(**kwargs)
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)


def test_start_tile_copies_the_stack_may_hold() -> None:
    assert len(draw_order(Game.new(stack=[START_TILE] * 3))) == 3
    with pytest.raises(SetupError, match=r"4 copies of BA/RCr.*start tile takes one"):
        Game.new(stack=[START_TILE] * 4)
    with pytest.raises(SetupError, match="5 copies"):
        Game.new(stack=[START_TILE] * 5)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players(players: int) -> None:
    game = Game.new(players=players, seed=1)
    assert len(game.players) == players
    assert game.players[0] == "Player 1"
    assert all(game.supply(seat) == {"meeple": 7} for seat in range(players))
    assert game.current_player == 0  # SETUP-3: seat 0 moves first
    assert game.scores == (0,) * players


def test_named_players_and_options() -> None:
    game = Game.new(players=["Ann", "Bob", "Cid"], options={"tiny_city": 2, "farmers": False},
                    seed=5)
    assert game.players == ("Ann", "Bob", "Cid")
    assert game.options.tiny_city == 2 and game.options.farmers is False
    assert game.options.changed() == {"tiny_city": 2, "farmers": False}
    assert game.sets == ("base",)
    assert game.to_record()["setup"] == {"players": ["Ann", "Bob", "Cid"], "sets": ["base"],
                                         "options": {"tiny_city": 2, "farmers": False}}


def test_default_options_are_not_written() -> None:
    game = Game.new(options={"tiny_city": 4, "hand": 1}, seed=5)
    assert game.options.changed() == {}
    assert "options" not in game.to_record()["setup"]


def test_same_seed_same_stack() -> None:
    assert draw_order(Game.new(seed=42)) == draw_order(Game.new(seed=42))
    assert draw_order(Game.new(players=4, seed=42)) == draw_order(Game.new(players=2, seed=42))
    assert draw_order(Game.new(seed=42)) != draw_order(Game.new(seed=43))


def test_a_full_stack_is_every_base_tile_but_the_start_tile() -> None:
    stack = draw_order(Game.new(seed=9))
    assert len(stack) == 71
    expected = Counter({t.id: t.count for t in TILES_BY_SET["base"]})
    expected[START_TILE] -= 1
    assert Counter(stack) == expected
    assert Game.new().stack_size + len(Game.new().tiles_to_place) == 71


def test_start_tile_is_on_the_board() -> None:
    game = Game.new(seed=9)
    assert game.board() == [(START_TILE, (0, 0), 0)]
    assert game.figures() == []


def test_given_stack_is_drawn_in_order() -> None:
    game = Game.new(stack=["BA/Rr", "BA/C", "BA/L"])
    assert draw_order(game) == ("BA/Rr", "BA/C", "BA/L")
    assert game.tiles_to_place == ("BA/Rr",)
    assert game.stack_size == 2


def test_empty_stack_is_a_finished_game() -> None:
    game = Game.new(stack=[])
    assert game.is_over and game.current_player is None
    assert game.winners == (0, 1)


def test_hand_variant_deals_in_seat_order() -> None:
    stack = ["BA/Rr", "BA/C", "BA/L", "BA/RFr", "BA/CRr", "BA/RRR", "BA/Cc.1"]
    game = Game.new(players=2, options={"hand": 3}, stack=stack)
    assert game.hand(0) == ("BA/Rr", "BA/C", "BA/L")
    assert game.hand(1) == ("BA/RFr", "BA/CRr", "BA/RRR")
    assert game.stack_size == 1


# -- Game.from_record ------------------------------------------------------------------

RECORD: dict[str, Any] = {
    "format": "carcassonne-record/1",
    "setup": {"players": ["Ann", "Bob"], "sets": ["base"]},
    "stack": ["BA/Rr", "BA/Rr"],
    "moves": [
        {"tile": "BA/Rr", "at": [1, 0], "rotation": 90,
         "figures": [{"figure": "meeple", "feature": "road", "spot": "W"}]},
        {"tile": "BA/Rr", "at": [-1, 0], "rotation": 180},
    ],
    "result": {"scores": [3, 0], "winners": [0]},
}


def record_with(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(RECORD)
    for key, value in changes.items():
        if value is None:
            record.pop(key, None)
        else:
            record[key] = value
    return record


def setup_with(**changes: Any) -> dict[str, Any]:
    setup = {**RECORD["setup"], **changes}
    return record_with(setup=setup)


def test_the_reference_record_replays() -> None:
    game = Game.from_record(copy.deepcopy(RECORD))
    assert game.scores == (3, 0) and game.winners == (0,)
    assert game.to_record() == RECORD


def test_unknown_keys_are_ignored() -> None:
    record = record_with(comment="a note", setup={**RECORD["setup"], "table": "north"})
    assert Game.from_record(record).scores == (3, 0)


@pytest.mark.parametrize(("record", "words"), [
    (None, "JSON object"),
    ([RECORD], "JSON object"),
    ("{}", "JSON object"),
    (record_with(format="carcassonne-record/2"), "format"),
    (record_with(format=None), "format"),
    (record_with(setup=None), "setup"),
    (record_with(setup=["Ann", "Bob"]), "setup"),
    (record_with(stack=None), "stack"),
    (record_with(stack="BA/Rr BA/Rr"), "stack"),
    (record_with(stack=["BA/Rr", 3]), "stack"),
    (record_with(moves={"0": RECORD["moves"][0]}), "moves"),
    (record_with(moves="BA/Rr@1,0r90"), "moves"),
    (setup_with(players=None), "players"),
    (setup_with(players=2), "players"),
    (setup_with(players="Ann,Bob"), "players"),
    (setup_with(sets="base"), "sets"),
    (setup_with(sets=[1]), "sets"),
    (record_with(result=[3, 0]), "result"),
    (record_with(result={"scores": "3,0"}), "result"),
    (record_with(result={"scores": [0, 3]}), "scores"),
    (record_with(result={"scores": [3, 0], "winners": [1]}), "winners"),
    (record_with(moves=RECORD["moves"][:1]), "not over"),
])
def test_malformed_records(record: Any, words: str) -> None:
    with pytest.raises(RecordError) as caught:
        Game.from_record(record)
    assert caught.value.move is None
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)


@pytest.mark.parametrize(("setup", "words"), [
    ({"sets": ["base", "castles"]}, "unknown set"),
    ({"sets": []}, "'base' is always part"),
    ({"sets": ["base", "wonders"]}, "must list the wonders"),
    ({"sets": ["base", "wonders"], "wonders": ["WO/alhambra"]}, "one wonder per player"),
    ({"players": ["Ann"]}, "2 to 5 players"),
    ({"players": ["A", "B", "C", "D", "E", "F"]}, "2 to 5 players"),
    ({"players": ["Ann", ""]}, "non-empty strings"),
    ({"players": ["Ann", 2]}, "non-empty strings"),
    ({"options": {"meeples": 8}}, "unknown option"),
    ({"options": {"tiny_city": "2"}}, "tiny_city"),
    ({"options": {"farmers": 1}}, "farmers"),
    ({"options": {"pig": False}}, "traders_builders"),
    ({"options": "tiny_city=2"}, "options"),
])
def test_record_setup_refusals(setup: dict[str, Any], words: str) -> None:
    with pytest.raises(RecordError) as caught:
        Game.from_record(setup_with(**setup))
    assert caught.value.move is None
    assert str(caught.value).startswith("setup: ")
    assert words in str(caught.value)


@pytest.mark.parametrize(("stack", "words"), [
    (["BA/Rr", "BA/Zz"], "unknown tile id"),
    ([START_TILE] * 4, "the start tile takes one"),
    (["BA/RRRR", "BA/RRRR"], "copies"),
    (["BA/Rr", "TB/RRrr"], "traders_builders"),
])
def test_record_stack_refusals(stack: list[str], words: str) -> None:
    with pytest.raises(RecordError) as caught:
        Game.from_record(record_with(stack=stack, moves=[], result=None))
    assert caught.value.move is None
    assert words in str(caught.value)


@pytest.mark.parametrize(("index", "entry", "words"), [
    (0, {**RECORD["moves"][0], "figures": {"figure": "meeple"}}, "list"),
    (0, {**RECORD["moves"][0], "rotation": 45}, "rotation"),
    (0, {**RECORD["moves"][0], "rotation": "90"}, "rotation"),
    (0, {**RECORD["moves"][0], "at": [1]}, "square"),
    (0, "BA/Rr@1,0r90", "object"),
    (0, {**RECORD["moves"][0], "tile": "BA/C"}, "§2"),
    (0, {**RECORD["moves"][0], "at": [0, 1]}, "PLACE-2"),
    (1, {"tile": "BA/Rr", "at": [1, 0], "rotation": 0}, "PLACE-1"),
    (1, {**RECORD["moves"][1], "figures": [{"figure": "meeple", "feature": "road",
                                            "spot": "E"}]}, "MEEPLE-3"),
    (1, {**RECORD["moves"][1], "figures": [{"figure": "meeple", "feature": "city",
                                            "spot": "E"}]}, "MEEPLE-2"),
])
def test_record_move_refusals_name_the_move(index: int, entry: Any, words: str) -> None:
    moves = copy.deepcopy(RECORD["moves"])
    moves[index] = entry
    with pytest.raises(RecordError) as caught:
        Game.from_record(record_with(moves=moves))
    assert caught.value.move == index
    assert str(caught.value).startswith(f"move {index}: ")
    assert words in str(caught.value)


def test_a_move_after_the_end_is_refused() -> None:
    moves = [*RECORD["moves"], {"tile": "BA/Rr", "at": [2, 0], "rotation": 0}]
    with pytest.raises(RecordError) as caught:
        Game.from_record(record_with(moves=moves, result=None))
    assert caught.value.move == 2
    assert "FINAL" in str(caught.value)


def test_result_is_not_checked_when_asked() -> None:
    record = record_with(result={"scores": [0, 99]})
    assert Game.from_record(record, check_result=False).scores == (3, 0)


def test_winners_that_are_not_a_list_are_a_record_error() -> None:
    with pytest.raises(RecordError, match="winners"):
        Game.from_record(record_with(result={"scores": [3, 0], "winners": 3}))


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64), length=st.integers(0, 200))
def test_the_engine_shuffles_exactly_as_the_standard_library(seed: int, length: int) -> None:
    """``setup.shuffle`` (compiled with the engine) must give the order of
    ``random.Random.shuffle`` for every seed, or a seed would deal another
    stack than it always has."""
    ours, theirs = list(range(length)), list(range(length))
    shuffle(random.Random(seed), ours)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_a_seed_deals_the_stack_the_standard_library_deals() -> None:
    from carcassonne.engine.setup import choose_sets, full_stack

    for seed in (0, 1, 2**40):
        tiles = full_stack(choose_sets(["base", "inns_cathedrals"]))
        random.Random(seed).shuffle(tiles)
        assert list(draw_order(Game.new(sets=["base", "inns_cathedrals"], seed=seed))) == tiles
