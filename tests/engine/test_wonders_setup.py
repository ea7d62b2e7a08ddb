"""The Wonders of Humanity: setup and the bookkeeping around the pair (docs/rules.md §11).

Scenario records (``tests/records/wonders``) check scores and refusals; the
figures in the supply, the pairs on the score track and the laid-out wonders
are state a record does not spell out, so they are checked here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from carcassonne import Game, Move, RecordError, SetupError

WONDERS = {"WO/stonehenge", "WO/notre_dame", "WO/circus_maximus", "WO/alhambra"}
RECORDS = Path(__file__).parents[1] / "records" / "wonders"


def wonders_view(game: Game) -> dict[str, Any]:
    return game.view(None)["wonders"]


def replay(name: str) -> list[Game]:
    """The game of a scenario record before each of its moves, and at its end."""
    record = json.loads((RECORDS / f"{name}.json").read_text("utf-8"))
    setup = record["setup"]
    game = Game.new(players=setup["players"], sets=setup["sets"], stack=record["stack"],
                    options=setup.get("options", {}), wonders=setup["wonders"])
    states = [game.copy()]
    for move in record["moves"]:
        game.play(Move.from_dict(move))
        states.append(game.copy())
    return states


def test_at_most_four_players() -> None:
    """``WON-1``: one wonder per player and four wonders, so four players at most,
    even with Inns & Cathedrals (which otherwise allows six)."""
    with pytest.raises(SetupError):
        Game.new(players=5, sets=["base", "wonders"])
    with pytest.raises(SetupError):
        Game.new(players=5, sets=["base", "inns_cathedrals", "wonders"])
    record = {"format": "carcassonne-record/1",
              "setup": {"players": ["Ann", "Bob", "Cid", "Dee", "Eve"],
                        "sets": ["base", "wonders"], "wonders": sorted(WONDERS)},
              "stack": [], "moves": []}
    with pytest.raises(RecordError) as caught:
        Game.from_record(record)
    assert caught.value.move is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_six_meeples_and_a_pair_beside_ten(players: int) -> None:
    """``WON-SETUP-1``: 6 meeples in the supply, the pair beside space 10."""
    game = Game.new(players=players, sets=["base", "wonders"], seed=3)
    assert all(game.supply(seat) == {"meeple": 6} for seat in range(players))
    view = wonders_view(game)
    assert view["pairs"] == [10] * players
    assert view["owner"] == view["held"] == [None] * players
    assert view["placed"] == []


def test_large_meeple_comes_on_top_of_the_six() -> None:
    game = Game.new(players=2, sets=["base", "inns_cathedrals", "wonders"], seed=3)
    assert game.supply(0) == {"meeple": 6, "large": 1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_wonder_laid_out_per_player(players: int) -> None:
    """``WON-SETUP-2``: as many distinct wonders as players; all four with four."""
    for seed in range(5):
        laid_out = wonders_view(Game.new(players=players, sets=["base", "wonders"],
                                         seed=seed))["laid_out"]
        assert len(laid_out) == len(set(laid_out)) == players
        assert set(laid_out) <= WONDERS
    assert set(wonders_view(Game.new(players=4, sets=["base", "wonders"]))["laid_out"]) == WONDERS


def test_chosen_wonders_are_kept() -> None:
    game = Game.new(players=2, sets=["base", "wonders"], wonders=["WO/alhambra", "WO/stonehenge"])
    assert wonders_view(game)["laid_out"] == ["WO/alhambra", "WO/stonehenge"]
    assert game.to_record()["setup"]["wonders"] == ["WO/alhambra", "WO/stonehenge"]


def test_takes_move_the_other_pairs_up_to_25() -> None:
    """``WON-GET-1``, ``WON-GET-2``, ``WON-PAIR``: each take gives the taker one
    meeple more and moves every other pair still on the track 5 spaces on."""
    states = replay("four_players_pairs_reach_25")
    before = {i: wonders_view(states[i]) for i in (9, 11, 13, 15, 17)}
    assert before[9]["pairs"] == [10, 10, 10, 10]
    assert before[11]["pairs"] == [15, 15, None, 15]        # Cid took at move 10
    assert before[13]["pairs"] == [None, 20, None, 20]      # Ann took at move 12
    assert before[15]["pairs"] == [None, 25, None, None]    # Dee took at move 14
    assert before[17]["pairs"] == [None, None, None, None]  # Bob took at move 16
    assert states[11].supply(2) == {"meeple": 7}
    assert states[11].supply(0) == {"meeple": 6}
    assert before[15]["available"] == ["WO/alhambra"]
    assert states[15].scores[1] == 24  # short of the pair at 25: no decision
    assert states[15].tiles_to_place == ("BA/RRR",)


def test_the_deciding_seat_is_the_current_player() -> None:
    """``WON-GET-3``: the active player awards, then the chosen seat takes."""
    states = replay("two_qualify_active_player_awards")
    assert states[9].current_player == 2 and states[9].tiles_to_place == ()
    assert states[10].current_player == 1
    assert states[11].current_player == 0
    assert states[12].tiles_to_place == ("WO/notre_dame",)


def test_wonder_placed_without_drawing() -> None:
    """``WON-PLACE-1``: the held wonder replaces the draw; the stack is untouched."""
    states = replay("pair_meeple_joins_supply_alhambra")
    assert states[13].tiles_to_place == ("WO/alhambra",)
    assert states[13].stack_size == 0
    assert states[13].supply(0) == {"meeple": 2}  # the returned knight and the pair
    assert wonders_view(states[14])["placed"] == [
        {"wonder": "WO/alhambra", "player": 0, "at": [1, -6], "rotation": 0}]
    assert states[14].is_over


def test_tile_that_cannot_make_room_is_removed() -> None:
    """``WON-PLACE-3``: the drawn four-sided city cannot make room for Stonehenge
    and leaves the game; the next tile is the one placed."""
    states = replay("wonder_fits_nowhere_helper_tile")
    assert states[9].tiles_to_place == ("BA/C",)
    assert states[9].discards == ((9, 0, "BA/Cccc+"),)
    assert states[10].tiles_to_place == ("WO/stonehenge",)
