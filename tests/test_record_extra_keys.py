"""A reader ignores keys it does not know (docs/formats.md): at the record's
top level, in its setup, and inside every move and every figure. What it
knows is still checked: wrong types and missing keys are refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from carcassonne import Game, RecordError
from carcassonne.engine.moves import Move, NotationError

EVERY_SET = ["base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders"]


def finished(players: int, sets: list[str], options: dict[str, Any], seed: int) -> Game:
    game = Game.new(players=players, sets=sets, options=options, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.play(game.legal_moves().random(rng))
    return game


def with_extra_keys(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with keys no reader knows added at every level a move has."""
    moves = []
    for number, move in enumerate(record["moves"]):
        extra = {**move, "comment": f"move {number}", "think_ms": 1200, "clock": {"left": 5}}
        if "figures" in move:
            extra["figures"] = [{**f, "colour": "red", "note": None} for f in move["figures"]]
        moves.append(extra)
    return {**record, "moves": moves, "site": "elsewhere",
            "setup": {**record["setup"], "event": "club night"}}


@pytest.mark.parametrize(("players", "sets", "options", "seed"), [
    (2, ["base"], {}, 3),
    (4, EVERY_SET, {}, 5),
    (3, ["base", "wonders"], {"hand": 3}, 8),
])
def test_a_record_with_unknown_keys_in_moves_and_figures_replays_the_same(
        players: int, sets: list[str], options: dict[str, Any], seed: int) -> None:
    game = finished(players, sets, options, seed)
    record = game.to_record()
    assert any("figures" in move for move in record["moves"])
    extended = with_extra_keys(record)
    again = Game.from_record(extended)  # the result is checked against the replay
    assert again.scores == game.scores
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in game.events]
    assert again.moves == game.moves


def test_the_wonders_decisions_ignore_unknown_keys_too() -> None:
    assert str(Move.from_dict({"take_wonder": "WO/alhambra", "note": 1})) == "take:WO/alhambra"
    assert str(Move.from_dict({"wonder_goes_to": 1, "note": 1})) == "award:1"


def test_a_move_read_with_unknown_keys_equals_the_move_without_them() -> None:
    plain = {"tile": "BA/CRr", "at": [1, 0], "rotation": 90,
             "figures": [{"figure": "meeple", "feature": "road", "spot": "E"}]}
    extended = {**plain, "by": "Ann", "figures": [{**plain["figures"][0], "why": "road"}]}
    assert Move.from_dict(extended) == Move.from_dict(plain)


@pytest.mark.parametrize(("change", "words"), [
    ({"rotation": "90"}, "rotation"),
    ({"tile": None}, "tile"),
    ({"at": [1]}, "square"),
    ({"figures": [{"figure": "meeple", "feature": "road", "spot": 3, "note": 1}]}, "spot"),
    ({"figures": [{"feature": "road", "spot": "E", "note": 1}]}, "figure"),
    ({"take_wonder": "WO/alhambra"}, "take_wonder"),
])
def test_known_keys_are_still_checked_beside_unknown_ones(change: dict, words: str) -> None:
    data = {"tile": "BA/CRr", "at": [1, 0], "rotation": 90, "note": 1, **change}
    with pytest.raises(NotationError, match=words):
        Move.from_dict(data)


def test_a_record_move_with_a_bad_known_key_is_refused_naming_the_move() -> None:
    record = with_extra_keys(finished(2, ["base"], {}, 3).to_record())
    record["moves"][4]["rotation"] = 45
    with pytest.raises(RecordError) as caught:
        Game.from_record(record)
    assert caught.value.move == 4 and "rotation" in str(caught.value)
