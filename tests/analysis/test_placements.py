"""Where the tile in play can go and what each placement would do
(carcassonne/analysis/placements.py): the text form of the highlighted
squares, checked against the engine on random base games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import play_out

from carcassonne import Game
from carcassonne.analysis.placements import placements


def position(seed: int, moves: int) -> Game:
    """A two-player base game after ``moves`` random moves (fewer if it ends)."""
    game = Game.new(players=["Ann", "Bob"], seed=seed)
    play_out(game, random.Random(seed), moves)
    return game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 70))
def test_every_legal_placement_is_listed_once(seed: int, moves: int) -> None:
    game = position(seed, moves)
    listed = [(p["tile"], tuple(p["at"]), p["rotation"]) for p in placements(game)]
    legal = {(m.tile, tuple(m.at), m.rotation) for m in game.legal_moves()
             if m.at is not None and m.tile is not None} if not game.is_over else set()
    assert len(listed) == len(set(listed)) and set(listed) == legal


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 70))
def test_the_points_scored_are_those_of_the_features_it_completes(seed: int, moves: int) -> None:
    """In the base game a feature scores when completed, to its owners at
    once (ROAD-3, CITY-3, MON-3), its full value; a field only at the end.
    Every point scored is one of a feature the placement completes, or of
    the final scoring when it is the last tile; a completed feature whose
    parts held a figure scores."""
    game = position(seed, moves)
    before = game.feature_map()
    for placement in placements(game):
        completed = [f for f in placement["features"] if f["complete"]]
        assert sum(placement["scores"]) == sum(s["points"] for s in placement["scored"])
        for s in placement["scored"]:
            assert s["final"] or any(f["kind"] == s["kind"] and f["points"] == s["points"]
                                     for f in completed)
            assert s["final"] == (not game.tiles_left())  # only with the last tile
        for f in completed:
            if any(before[i]["figures"] for i in f["joins"]):
                assert any(s["kind"] == f["kind"] for s in placement["scored"])
        for f in placement["features"]:
            assert f["kind"] != "field" or not f["complete"]
            assert all(0 <= i < len(game.feature_map()) for i in f["joins"])


def test_a_placement_names_the_features_it_joins() -> None:
    """The first tile beside the start tile joins the start tile's features
    (index into the position's feature map), and the new ones join none."""
    game = Game.new(players=["Ann", "Bob"], seed=3)
    before = game.feature_map()
    start = {(p["at"][0], p["at"][1]) for f in before for p in f["parts"]}
    assert start == {(0, 0)}
    joined = set()
    for placement in placements(game):
        for feature in placement["features"]:
            for i in feature["joins"]:
                assert before[i]["kind"] == feature["kind"]
                joined.add(i)
            assert feature["tiles"] == 1 + bool(feature["joins"]) or feature["kind"] == "field"
    assert joined  # some placement joins the start tile's road or city


def test_the_last_tile_tells_the_final_scoring_too() -> None:
    """With the last tile the game ends: what it scores includes the final
    scoring (fields, unfinished features), each event marked final."""
    game = position(0, 70)
    assert not game.tiles_left() and not game.is_over
    for placement in placements(game):
        assert any(s["final"] for s in placement["scored"])
        assert sum(placement["scores"]) == sum(s["points"] for s in placement["scored"])
