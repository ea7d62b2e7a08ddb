"""Illegal moves are refused with the rule they break, and change nothing.

Every refusal is checked twice over: the :class:`IllegalMove` names the rule
id of docs/rules.md (its message starts with it), and the game afterwards is
exactly as before (both players' views, the scores, the moves played and the
list of legal moves), so a caller may simply try another move. The boards
are small: x grows east, y grows south, and the start tile ``BA/RCr`` lies at
0,0 with its city to the north and its road running west to east.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from carcassonne import Figure, Game, IllegalMove, Move, TakeWonder

# Ann fills row y=1 with monks, Bob row y=0 with straight roads: after these
# 13 moves Ann has 6 meeples on the board and it is her turn again.
SIX_MONKS = [
    "BA/L@0,1r0 meeple:monastery", "BA/RFr@1,0r0",
    "BA/L@1,1r0 meeple:monastery", "BA/RFr@2,0r0",
    "BA/L@2,1r0 meeple:monastery", "BA/RFr@3,0r0",
    "BA/L@3,1r0 meeple:monastery", "BA/RFr@4,0r0",
    "BA/LR@4,1r0 meeple:monastery", "BA/RFr@5,0r0",
    "BA/LR@5,1r0 meeple:monastery", "BA/RFr@6,0r0",
]


def play(moves: Sequence[str], then: Sequence[str], **options: Any) -> Game:
    """A two-player base game after ``moves`` (in notation), whose stack holds
    the tiles of those moves and then the tiles ``then``."""
    stack = [move.split("@")[0] for move in moves] + list(then)
    game = Game.new(players=["Ann", "Bob"], stack=stack, options=options or None)
    for move in moves:
        game.play(move)
    return game


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused move must leave untouched."""
    views = tuple(game.view(seat) for seat in range(len(game.players)))
    return (views, game.scores, len(game.moves), list(game.legal_moves()), game.figures(),
            game.board(), game.current_player, game.tiles_to_place)


def as_move(move: Move | TakeWonder | str) -> Move | TakeWonder:
    return Move.parse(move) if isinstance(move, str) else move


# Each case: a game in some position, a move that is illegal there, and the rule.
Case = tuple[Callable[[], Game], Move | TakeWonder | str, str]

CASES: dict[str, Case] = {
    # PLACE-1: overlap, no shared side, corner contact only.
    "overlaps the start tile": (lambda: play([], ["BA/Rr"]), "BA/Rr@0,0r0", "PLACE-1"),
    "overlaps a placed tile": (
        lambda: play(["BA/Rr@1,0r90"], ["BA/Rr"]), "BA/Rr@1,0r90", "PLACE-1"),
    "touches no tile": (lambda: play([], ["BA/Rr"]), "BA/Rr@4,0r0", "PLACE-1"),
    "touches only a corner": (lambda: play([], ["BA/Rr"]), "BA/Rr@1,1r0", "PLACE-1"),
    # PLACE-2: the east side of this curve is field, the start tile's west side road.
    "edge mismatch": (lambda: play([], ["BA/Rr"]), "BA/Rr@-1,0r0", "PLACE-2"),
    "city against the start tile's field": (
        lambda: play([], ["BA/C"]), "BA/C@0,1r0", "PLACE-2"),
    "matches one neighbour, not the other": (
        lambda: play(["BA/Rr@1,0r90", "BA/C@0,-1r180"], ["BA/C"]), "BA/C@1,-1r0", "PLACE-2"),
    # PLACE-3: only quarter turns exist.
    "rotation not a quarter turn": (
        lambda: play([], ["BA/Rr"]), Move("BA/Rr", (1, 0), 45), "PLACE-3"),
    # §2: the drawn tile, and only tile placements, in the base game.
    "not the drawn tile": (lambda: play([], ["BA/Rr", "BA/RFr"]), "BA/RFr@1,0r0", "§2"),
    "unknown tile id": (lambda: play([], ["BA/Rr"]), Move("BA/Zz", (1, 0), 0), "§2"),
    "wonder decision in a base game": (
        lambda: play([], ["BA/Rr"]), TakeWonder("WO/alhambra"), "§2"),
    # MEEPLE-1: one figure, on the tile just placed.
    "two figures": (
        lambda: play([], ["BA/RFr"]), "BA/RFr@1,0r0 meeple:road:E meeple:field:NL", "MEEPLE-1"),
    "figure on another tile": (
        lambda: play([], ["BA/RFr"]), "BA/RFr@1,0r0 meeple:road:E@0,0", "MEEPLE-1"),
    # MEEPLE-2: an existing segment of the named kind, a figure of this game.
    "no city on a curve": (
        lambda: play([], ["BA/Rr"]), "BA/Rr@1,0r90 meeple:city:N", "MEEPLE-2"),
    "field where a road is named": (
        lambda: play([], ["BA/RFr"]), "BA/RFr@1,0r0 meeple:road:N", "MEEPLE-2"),
    "road named by a half-side": (
        lambda: play([], ["BA/RFr"]), "BA/RFr@1,0r0 meeple:road:NL", "MEEPLE-2"),
    "monk without a monastery": (
        lambda: play([], ["BA/RFr"]), "BA/RFr@1,0r0 meeple:monastery", "MEEPLE-2"),
    "large meeple without Inns & Cathedrals": (
        lambda: play([], ["BA/RFr"]),
        Move("BA/RFr", (1, 0), 0, (Figure("large", "road", "E"),)), "MEEPLE-2"),
    "crossroads centre": (
        lambda: play([], ["BA/RRRR"]), "BA/RRRR@1,0r0 meeple:road:inner", "MEEPLE-2"),
    "farmer with farmers switched off": (
        lambda: play([], ["BA/RFr"], farmers=False), "BA/RFr@1,0r0 meeple:field:NL",
        "MEEPLE-2"),
    # MEEPLE-3: the whole feature, however far, and the player's own followers too.
    "road taken four tiles away": (
        lambda: play(["BA/RFr@-1,0r0 meeple:road:W", "BA/RFr@1,0r0", "BA/RFr@2,0r0"],
                     ["BA/RFr"]),
        "BA/RFr@3,0r0 meeple:road:E", "MEEPLE-3"),
    "city joined through the other side": (
        lambda: play(["BA/Cc.1@0,-1r180 meeple:city:S", "BA/RFr@1,0r0", "BA/RFr@2,0r0",
                      "BA/C@2,-1r270", "BA/RFr@3,0r0"], ["BA/CFc.1"]),
        "BA/CFc.1@1,-1r0 meeple:city:E", "MEEPLE-3"),
    "own farmer in the field": (
        lambda: play(["BA/RFr@1,0r0 meeple:field:NL", "BA/Rr@-1,0r180"], ["BA/RFr"]),
        "BA/RFr@2,0r0 meeple:field:NR", "MEEPLE-3"),
    "field through a monastery tile": (
        lambda: play(["BA/L@0,1r0 meeple:field:SR"], ["BA/C"]),
        "BA/C@1,1r90 meeple:field:NL", "MEEPLE-3"),
    # MEEPLE-6: all 7 meeples are out (SETUP-2).
    "empty supply": (
        lambda: play([*SIX_MONKS, "BA/C@1,-1r0 meeple:city:N", "BA/RFr@7,0r0"], ["BA/C"]),
        "BA/C@2,-1r0 meeple:city:N", "MEEPLE-6"),
    # After the last tile nothing more may be played.
    "game over": (lambda: play(["BA/Rr@1,0r90"], []), "BA/Rr@-1,0r180", "FINAL"),
    # VAR-HAND-2: in the hand variant the tile must come from the hand.
    "tile not in hand": (
        lambda: play([], ["BA/Rr", "BA/Rr", "BA/Rr", "BA/C", "BA/C", "BA/C", "BA/RFr"], hand=3),
        "BA/RFr@1,0r0", "VAR-HAND-2"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_illegal_move_is_refused_and_changes_nothing(name: str) -> None:
    setup, move, rule = CASES[name]
    game = setup()
    move = as_move(move)
    before = snapshot(game)
    assert not game.is_legal(move)
    if isinstance(move, Move) and not game.is_over:
        assert move not in game.legal_moves()
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert caught.value.rule == rule
    assert str(caught.value).startswith(f"{rule}: ")
    assert snapshot(game) == before


def test_after_a_refusal_the_same_placement_plays_without_the_bad_figure() -> None:
    game = play([], ["BA/RFr"])
    with pytest.raises(IllegalMove):
        game.play("BA/RFr@1,0r0 meeple:road:E meeple:field:NL")
    game.play("BA/RFr@1,0r0 meeple:road:E")
    assert [(f["player"], f["feature"], f["at"]) for f in game.figures()] == [(0, "road", [1, 0])]
    assert game.supply(0) == {"meeple": 6}


def test_with_an_empty_supply_the_tile_is_still_placed_without_a_figure() -> None:
    """``MEEPLE-6``: the eighth figure is refused, the tile alone is not."""
    game = play([*SIX_MONKS, "BA/C@1,-1r0 meeple:city:N", "BA/RFr@7,0r0"], ["BA/C"])
    assert game.supply(0) == {"meeple": 0}
    assert all(not move.figures for move in game.legal_moves())
    game.play("BA/C@2,-1r0")
    assert game.is_over
    assert sum(f["player"] == 0 for f in game.figures()) == 7


def test_a_tile_id_that_is_no_tile_is_quoted_in_one_line() -> None:
    """``§2``: a move of a tile that does not exist (here a line break, as a
    malformed record may hold) is refused on one line, the id quoted."""
    game = Game.new(players=["Ann", "Bob"], stack=["BA/RFr", "BA/RFr"])
    with pytest.raises(IllegalMove) as refused:
        game.play(Move("\n", (1, 0), 0))
    message = str(refused.value)
    assert refused.value.rule == "§2" and "\n" not in message
    assert message.endswith("must place BA/RFr, not '\\n'")
    assert game.moves == ()
