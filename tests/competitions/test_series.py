"""Series, pure: drawn games under each tie rule, who moves first after a
game, best of N in every stage, extra games for a level series, and the
rules run by a competition from told game ends."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne.competitions import Rules, begin
from carcassonne.competitions.match_run import settle
from carcassonne.competitions.progress import GameEnd, GameSlot, Match
from carcassonne.competitions.series import (
    EXTRA_GAMES,
    Series,
    clinched_by,
    next_seats,
    points_of_game,
    series_result,
    stage_series,
)
from tests.competitions.test_running import STRENGTH, play_out, strength

NOW = datetime(2026, 4, 1, tzinfo=UTC)


def test_a_drawn_game_goes_to_the_second_player_under_that_rule() -> None:
    assert points_of_game(("a", "b"), (60, 60), "second_player") == {"a": 0.0, "b": 1.0}
    assert points_of_game(("b", "a"), (60, 60), "second_player") == {"b": 0.0, "a": 1.0}
    assert points_of_game(("a", "b"), (60, 60), "extra_game") == {"a": 0.5, "b": 0.5}
    assert points_of_game(("a", "b", "c"), (60, 10, 60), "second_player") == {
        "a": 0.0, "b": 0.0, "c": 1.0}
    result = series_result(["a", "b"], [(("a", "b"), (60, 60)), (("b", "a"), (50, 50))],
                           "second_player")
    assert [(line.games, line.wins, line.draws) for line in result.lines] == [
        (1.0, 1, 0), (1.0, 1, 0)]
    assert [line.score for line in result.lines] == [110, 110]


@settings(max_examples=200, deadline=None)
@given(scores=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1,
                       max_size=7))
def test_under_second_player_no_game_of_two_is_drawn(scores: list[tuple[int, int]]) -> None:
    played = [(("a", "b") if n % 2 == 0 else ("b", "a"), pair)
              for n, pair in enumerate(scores)]
    for seats, pair in played:
        points = points_of_game(seats, pair, "second_player")
        assert sorted(points.values()) == [0.0, 1.0]
        if pair[0] == pair[1]:
            assert points[seats[1]] == 1.0
    result = series_result(["a", "b"], played, "second_player")
    assert sum(line.games for line in result.lines) == len(played)
    assert all(line.draws == 0 for line in result.lines)


def test_the_loser_moves_first_in_the_next_game() -> None:
    assert next_seats(["a", "b"], [(("a", "b"), (90, 40))], "loser", "seed") == ("b", "a")
    assert next_seats(["a", "b"], [(("a", "b"), (40, 90))], "loser", "seed") == ("a", "b")
    # a drawn game turns the seats, unless the tie rule gave it to someone
    assert next_seats(["a", "b"], [(("a", "b"), (50, 50))], "loser", "seed") == ("b", "a")
    assert next_seats(["a", "b"], [(("a", "b"), (50, 50))], "loser",
                      "second_player") == ("a", "b")
    # three seats: the last placed first, the others after in turn order
    assert next_seats(["a", "b", "c"], [(("a", "b", "c"), (50, 20, 70))], "loser",
                      "seed") == ("b", "c", "a")
    assert next_seats(["a", "b", "c"], [(("a", "b", "c"), (50, 20, 70)),
                                        (("b", "c", "a"), (1, 2, 3))], "alternate",
                      "seed") == ("c", "a", "b")


@settings(max_examples=200, deadline=None)
@given(scores=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=1,
                       max_size=6))
def test_with_two_the_loser_of_a_decisive_game_is_always_seated_first(
        scores: list[tuple[int, int]]) -> None:
    played: list[tuple[tuple[str, ...], tuple[int, int]]] = []
    for pair in scores:
        seats = next_seats(["a", "b"], played, "loser", "seed")
        if played and played[-1][1][0] != played[-1][1][1]:
            last_seats, last = played[-1]
            assert seats[0] == last_seats[last.index(min(last))]
        played.append((seats, pair))


def test_best_of_stops_once_nobody_can_catch_up() -> None:
    win = {"a": 1.0, "b": 0.0}
    assert clinched_by(["a", "b"], [win, win], 3) == "a"
    assert clinched_by(["a", "b"], [win], 3) is None
    assert clinched_by(["a", "b"], [win, {"a": 0.5, "b": 0.5}], 3) is None


def test_each_stage_has_its_default_and_the_setup_overrides_it() -> None:
    assert stage_series("league", "league", 2, None, "alternate", {}).best_of is False
    assert stage_series("knockout", "knockout", 3, None, "alternate", {}).best_of is True
    assert stage_series("double_elimination", "double_elimination", 3, None, "alternate",
                        {}).elimination is True
    groups = stage_series("league", "groups_knockout", 3, True, "loser", {"groups": "extra_game",
                                                                          "league": "seed"})
    assert (groups.best_of, groups.start, groups.tie, groups.elimination) == (
        True, "loser", "extra_game", False)


def match(entrants: list[str], games: int) -> Match:
    return Match("1.1.1", 0, entrants, 7, True,
                 [GameSlot(n, list(entrants), 1) for n in range(1, games + 1)])


def play(one: Match, series: Series, scores: list[tuple[int, int]]) -> None:
    """Settle ``one`` game by game, each game's seats scored as ``scores``
    says for its seat order (first seat, second seat)."""
    for number, pair in enumerate(scores):
        game = settle(one, series, one.entrants)
        assert game is not None, f"no game {number + 1}"
        game.table = f"t{number}"
        game.ended = GameEnd(pair)
    assert settle(one, series, one.entrants) is None


def test_a_level_series_gets_extra_games_until_one_is_decisive() -> None:
    one = match(["a", "b"], 2)
    series = Series(2, best_of=True, tie="extra_game", elimination=True)
    play(one, series, [(60, 40), (60, 40), (50, 50), (30, 70)])
    assert one.result is not None and one.result.winner == "a"  # game 4: a sat second
    assert [g.number for g in one.games] == [1, 2, 3, 4]
    assert len({g.deck for g in one.games[2:]}) == 2


def test_extra_games_are_capped_then_the_seed_decides() -> None:
    one = match(["a", "b"], 1)
    series = Series(1, best_of=True, tie="extra_game", elimination=True)
    play(one, series, [(50, 50)] * (1 + EXTRA_GAMES))
    assert one.result is not None and one.result.winner == "a"
    assert one.result.result.played == 1 + EXTRA_GAMES


def test_a_level_league_series_stays_drawn_under_the_seed_rule() -> None:
    one = match(["a", "b"], 2)
    play(one, Series(2), [(60, 40), (60, 40)])  # each won as first player
    assert one.result is not None and one.result.winner is None


def test_second_player_in_a_knockout_the_drawn_game_decides() -> None:
    rules = Rules.from_setup({"format": "knockout", "games": 1,
                              "tie_rules": {"knockout": "second_player"}})
    seeds = ["bot:a", "bot:b", "bot:c", "bot:d"]
    step, opened = play_out(begin(rules, "ev", seeds, None, NOW), rules,
                            lambda seats, _game: (50, 50))
    # every game drawn: the second seat (the worse seed) wins each match
    assert step.finished and step.winner == "bot:c"
    assert len(opened) == 3


@pytest.mark.parametrize("start", ["alternate", "loser"])
def test_a_league_best_of_three_stops_once_decided(start: str) -> None:
    rules = Rules.from_setup({"format": "league", "games": 3, "best_of": True,
                              "series_start": start})
    seeds = sorted(STRENGTH)[:4]
    step, opened = play_out(begin(rules, "ev", seeds, None, NOW), rules, strength)
    assert step.finished and step.winner == "bot:d"
    assert len(opened) == 6 * 2  # each of the 6 matches won 2-0
    if start == "loser":  # the weaker lost game 1, so moves first in game 2
        seconds = [o for o in opened if o.game == 2]
        assert all(STRENGTH[o.seats[0]] < STRENGTH[o.seats[1]] for o in seconds)


def test_a_title_match_may_play_every_game() -> None:
    rules = Rules.from_setup({"format": "knockout", "games": 3, "best_of": False})
    step, opened = play_out(begin(rules, "ev", ["bot:a", "bot:b"], None, NOW), rules, strength)
    assert step.finished and step.winner == "bot:b" and len(opened) == 3
