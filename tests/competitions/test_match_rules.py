"""Matches: seats, duplicate decks, results, knockout ties, best-of, forfeits."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import (
    clinched,
    deck_seed,
    first_to,
    forfeit,
    game_points,
    games_not_needed,
    match_plan,
    match_result,
    seat_orders,
)

A_WINS = {"ann": 80, "bob": 60}
B_WINS = {"ann": 50, "bob": 70}
DRAWN = {"ann": 65, "bob": 65}


def test_two_entrants_alternate_the_first_seat() -> None:
    assert seat_orders(["ann", "bob"], 3) == (("ann", "bob"), ("bob", "ann"), ("ann", "bob"))


def test_duplicate_decks_pair_the_games_with_seats_swapped() -> None:
    plan = match_plan(["ann", "bob"], 4)
    assert [(game.number, game.seats, game.deck) for game in plan] == [
        (1, ("ann", "bob"), 1), (2, ("bob", "ann"), 1),
        (3, ("ann", "bob"), 2), (4, ("bob", "ann"), 2)]


def test_three_entrants_share_a_deck_over_a_full_turn_of_seats() -> None:
    plan = match_plan(["a", "b", "c"], 6)
    assert [game.deck for game in plan] == [1, 1, 1, 2, 2, 2]
    for deck in (1, 2):
        turn = [game.seats for game in plan if game.deck == deck]
        for seat in range(3):
            assert sorted(seats[seat] for seats in turn) == ["a", "b", "c"]


def test_without_duplicate_every_game_has_its_own_deck() -> None:
    assert [game.deck for game in match_plan(["a", "b"], 3, duplicate=False)] == [1, 2, 3]


def test_deck_seeds_are_stable_and_distinct() -> None:
    assert deck_seed(7, 1) == deck_seed(7, 1)
    seeds = {deck_seed(match, deck) for match in range(20) for deck in range(1, 6)}
    assert len(seeds) == 100
    assert all(0 <= seed < 2 ** 63 for seed in seeds)


def test_game_points() -> None:
    assert game_points(A_WINS) == {"ann": 1.0, "bob": 0.0}
    assert game_points(DRAWN) == {"ann": 0.5, "bob": 0.5}
    assert game_points({"a": 9, "b": 9, "c": 3}) == {"a": 0.5, "b": 0.5, "c": 0.0}


def test_a_match_result_counts_games_and_the_score_difference() -> None:
    result = match_result(["ann", "bob"], [A_WINS, B_WINS, A_WINS])
    ann, bob = result.lines
    assert (ann.games, ann.wins, ann.draws, ann.score, ann.difference) == (2.0, 2, 0, 210, 20)
    assert (bob.games, bob.wins, bob.draws, bob.score, bob.difference) == (1.0, 1, 0, 190, -20)
    assert result.winner == "ann" and result.played == 3
    assert result.outcome("ann") == "win" and result.outcome("bob") == "loss"


def test_equal_games_draw_the_match() -> None:
    result = match_result(["ann", "bob"], [A_WINS, B_WINS])
    assert result.winner is None and result.leaders == ("ann", "bob")
    assert result.outcome("ann") == result.outcome("bob") == "draw"
    drawn_game = match_result(["ann", "bob"], [DRAWN])
    assert drawn_game.line("ann").draws == 1 and drawn_game.line("ann").games == 0.5
    assert drawn_game.winner is None


def test_at_a_table_of_three_the_difference_is_to_the_best_other() -> None:
    result = match_result(["a", "b", "c"], [{"a": 90, "b": 70, "c": 40},
                                            {"a": 60, "b": 80, "c": 75}])
    assert [line.difference for line in result.lines] == [20 - 20, -20 + 5, -50 - 5]
    assert result.leaders == ("a", "b") and result.winner is None
    assert result.outcome("c") == "loss" and result.outcome("a") == "draw"
    assert result.outcome("c", among=["c"]) == "win"  # on its own, c has the most games
    # between a and c only, each won a game; between b and c, b won both
    assert result.outcome("a", among=["a", "c"]) == "draw"
    assert result.outcome("b", among=["b", "c"]) == "win"
    assert result.games_among(["b", "c"]) == {"b": 2.0, "c": 0.0}
    assert result.scores == ((90, 70, 40), (60, 80, 75))


def test_a_knockout_tie_goes_to_games_then_difference_then_seed() -> None:
    by_games = match_result(["ann", "bob"], [A_WINS, B_WINS, A_WINS])
    assert by_games.knockout_winner(["bob", "ann"]) == "ann"
    by_difference = match_result(["ann", "bob"], [{"ann": 90, "bob": 60}, B_WINS])
    assert by_difference.knockout_winner(["bob", "ann"]) == "ann"  # +30 - 20
    by_seed = match_result(["ann", "bob"], [A_WINS, {"ann": 60, "bob": 80}])
    assert by_seed.knockout_winner(["bob", "ann"]) == "bob"
    assert by_seed.knockout_winner(["ann", "bob"]) == "ann"
    with pytest.raises(ValueError, match="not among the seeds: bob"):
        by_seed.knockout_winner(["ann"])


def test_match_result_refusals() -> None:
    with pytest.raises(ValueError, match="game 2 has scores"):
        match_result(["ann", "bob"], [A_WINS, {"ann": 3}])
    with pytest.raises(ValueError, match="at least one game"):
        match_result(["ann", "bob"], [])


def test_first_to() -> None:
    assert [first_to(games) for games in (1, 2, 3, 5, 7)] == [1, 2, 2, 3, 4]


def test_best_of_three_is_decided_after_two_wins() -> None:
    assert clinched(["ann", "bob"], [A_WINS], 3) is None
    assert clinched(["ann", "bob"], [A_WINS, A_WINS], 3) == "ann"
    assert games_not_needed(["ann", "bob"], [A_WINS, A_WINS], 3) == (3,)
    assert games_not_needed(["ann", "bob"], [A_WINS, B_WINS], 3) == ()
    # a drawn game: 1½ to ½ with one left, bob can still draw level
    assert games_not_needed(["ann", "bob"], [A_WINS, DRAWN], 3) == ()


def test_best_of_five_is_decided_after_three_wins() -> None:
    assert games_not_needed(["ann", "bob"], [A_WINS] * 2, 5) == ()
    assert games_not_needed(["ann", "bob"], [A_WINS] * 3, 5) == (4, 5)
    assert games_not_needed(["ann", "bob"], [A_WINS, B_WINS, A_WINS, A_WINS], 5) == (5,)
    assert games_not_needed(["ann", "bob"], [B_WINS, A_WINS, B_WINS, B_WINS], 5) == (5,)
    assert clinched(["ann", "bob"], [A_WINS, B_WINS, A_WINS, B_WINS], 5) is None
    assert clinched(["ann", "bob"], [A_WINS, B_WINS, A_WINS, B_WINS, A_WINS], 5) == "ann"


def test_a_forfeit_gives_the_present_entrant_every_game() -> None:
    result = forfeit(["ann", "bob"], present={"bob"}, games=3)
    assert result.winner == "bob" and result.forfeited == {"ann"} and result.played == 0
    bob = result.line("bob")
    assert (bob.games, bob.wins, bob.difference) == (3.0, 3, 0)
    assert result.line("ann").games == 0.0 and result.line("ann").difference == 0
    assert result.outcome("ann") == "loss" and result.outcome("bob") == "win"
    assert result.knockout_winner(["ann", "bob"]) == "bob"


def test_a_double_forfeit_is_lost_by_both() -> None:
    result = forfeit(["ann", "bob"], present=(), games=2)
    assert result.winner is None and result.leaders == ()
    assert result.outcome("ann") == result.outcome("bob") == "loss"
    assert result.knockout_winner(["ann", "bob"]) is None


def test_forfeit_refusals() -> None:
    with pytest.raises(ValueError, match="can still play"):
        forfeit(["a", "b", "c"], present={"a", "b"}, games=1)
    with pytest.raises(ValueError, match="not in the match: zed"):
        forfeit(["a", "b"], present={"zed"}, games=1)


@settings(max_examples=80, deadline=None)
@given(players=st.integers(2, 5), games=st.integers(1, 12))
def test_first_moves_are_shared_as_equally_as_possible(players: int, games: int) -> None:
    entrants = [f"p{number}" for number in range(players)]
    orders = seat_orders(entrants, games)
    assert all(sorted(order) == entrants for order in orders)
    firsts = Counter(order[0] for order in orders)
    counts = [firsts[name] for name in entrants]
    assert max(counts) - min(counts) <= 1 and sum(counts) == games
    plan = match_plan(entrants, games)
    decks = Counter(game.deck for game in plan)
    assert all(count <= players for count in decks.values())
    assert [game.seats for game in plan] == list(orders)
