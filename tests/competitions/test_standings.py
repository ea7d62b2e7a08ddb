"""Standings: points, each tiebreak in its order, ranks, forfeits, byes."""

from __future__ import annotations

import pytest

from carcassonne.competitions import (
    BUCHHOLZ,
    GAMES,
    HEAD_TO_HEAD,
    SCORE,
    SWISS_TIEBREAKS,
    MatchPoints,
    MatchResult,
    Standing,
    forfeit,
    match_result,
    standings,
)


def beat(winner: str, loser: str) -> MatchResult:
    """A one-game match won 10 to 0."""
    return match_result([winner, loser], [{winner: 10, loser: 0}])


def games(one: str, other: str, *scores: tuple[int, int]) -> MatchResult:
    """A match with one game for each pair of scores (``one``'s first)."""
    return match_result([one, other], [{one: mine, other: theirs} for mine, theirs in scores])


def order(rows: tuple[Standing, ...]) -> list[str]:
    return [row.entrant for row in rows]


def test_points_come_first() -> None:
    rows = standings(["a", "b", "c"], [beat("c", "a"), beat("c", "b"), beat("b", "a")])
    assert order(rows) == ["c", "b", "a"]
    assert [(row.place, row.rank, row.points) for row in rows] == [
        (1, 1, 4.0), (2, 2, 2.0), (3, 3, 0.0)]
    assert [(row.played, row.wins, row.draws, row.losses) for row in rows] == [
        (2, 2, 0, 0), (2, 1, 0, 1), (2, 0, 0, 2)]
    assert [row.seed for row in rows] == [3, 2, 1]


# a and b end on 4 points; b beat a, but a won more games.
THREE_GAMES = [
    games("a", "b", (10, 20), (20, 10), (10, 20)),   # b 2-1
    games("a", "c", (20, 0), (20, 0), (20, 0)),      # a 3-0
    games("a", "d", (20, 0), (20, 0), (20, 0)),      # a 3-0
    games("b", "c", (20, 10), (10, 20), (15, 15)),   # 1½-1½: drawn
    games("b", "d", (20, 10), (10, 20), (15, 15)),   # drawn
    games("c", "d", (20, 0), (20, 0), (20, 0)),      # c 3-0
]


def test_head_to_head_before_games() -> None:
    rows = standings(["a", "b", "c", "d"], THREE_GAMES)
    assert order(rows) == ["b", "a", "c", "d"]
    assert [row.points for row in rows] == [4.0, 4.0, 3.0, 1.0]
    assert rows[0].tiebreaks == {HEAD_TO_HEAD: 2.0, GAMES: 5.0, SCORE: 10}
    assert rows[1].tiebreaks == {HEAD_TO_HEAD: 0.0, GAMES: 7.0, SCORE: 110}
    assert rows[2].tiebreaks[HEAD_TO_HEAD] is None  # level with nobody
    assert [row.draws for row in rows] == [2, 0, 1, 1]


def test_games_before_head_to_head_when_so_ordered() -> None:
    rows = standings(["a", "b", "c", "d"], THREE_GAMES, tiebreaks=(GAMES, HEAD_TO_HEAD))
    assert order(rows) == ["a", "b", "c", "d"]
    assert list(rows[0].tiebreaks) == [GAMES, HEAD_TO_HEAD]
    assert rows[0].tiebreaks[HEAD_TO_HEAD] is None  # games already told a from b


def test_games_when_head_to_head_is_level() -> None:
    """a and b drew each other; a beat c 2-0, b beat c only 1½-½."""
    results = [games("a", "b", (20, 10), (10, 20)),
               games("a", "c", (20, 10), (20, 10)),
               games("b", "c", (30, 0), (10, 10))]
    rows = standings(["b", "a", "c"], results)
    assert order(rows) == ["a", "b", "c"]
    assert rows[0].tiebreaks[HEAD_TO_HEAD] == rows[1].tiebreaks[HEAD_TO_HEAD] == 1.0
    assert (rows[0].tiebreaks[GAMES], rows[1].tiebreaks[GAMES]) == (3.0, 2.5)


def test_score_difference_when_games_are_level() -> None:
    results = [games("a", "b", (100, 50), (60, 70))]  # 1-1, a +40
    rows = standings(["b", "a"], results)
    assert order(rows) == ["a", "b"]
    assert [row.tiebreaks[SCORE] for row in rows] == [40, -40]
    assert [row.rank for row in rows] == [1, 2]


def test_the_seed_orders_those_level_on_everything_and_they_share_the_rank() -> None:
    results = [games("a", "b", (80, 70), (70, 80))]
    assert order(standings(["a", "b"], results)) == ["a", "b"]
    rows = standings(["b", "a"], results)
    assert order(rows) == ["b", "a"]
    assert [(row.place, row.rank) for row in rows] == [(1, 1), (2, 1)]


# W 4 points; X, Y, Z, U 2 each; V 0. Buchholz: Y and U 6, X and Z 4.
SWISS = [beat("X", "Y"), beat("Z", "X"), beat("Y", "W"), beat("W", "U"), beat("W", "V"),
         beat("U", "Z")]
SEEDS = ["X", "Y", "Z", "W", "U", "V"]


def test_buchholz_first_in_a_swiss() -> None:
    rows = standings(SEEDS, SWISS, tiebreaks=SWISS_TIEBREAKS)
    assert order(rows) == ["W", "Y", "U", "Z", "X", "V"]
    assert [row.tiebreaks[BUCHHOLZ] for row in rows] == [4.0, 6.0, 6.0, 4.0, 4.0, 4.0]
    assert [row.rank for row in rows] == [1, 2, 2, 4, 5, 6]
    # Y and U never met; Z beat X, which head to head tells apart
    assert [row.tiebreaks[HEAD_TO_HEAD] for row in rows] == [None, 0.0, 0.0, 2.0, 0.0, None]


def test_head_to_head_counts_only_matches_among_the_level() -> None:
    """Among X, Y, Z and U: X beat Y, Z beat X, U beat Z. Head to head is
    applied once, to all four; it does not go round again for X, Z and U."""
    rows = standings(SEEDS, SWISS)
    assert order(rows) == ["W", "X", "Z", "U", "Y", "V"]
    assert [row.tiebreaks[HEAD_TO_HEAD] for row in rows] == [None, 2.0, 2.0, 2.0, 0.0, None]
    assert [row.rank for row in rows] == [1, 2, 2, 2, 5, 6]


def test_head_to_head_at_a_table_of_three() -> None:
    """c won the table; a and b lost it alike, but game by game b was ahead
    of a, so between the two of them b won it."""
    table = match_result(["a", "b", "c"], [{"a": 10, "b": 20, "c": 30},
                                           {"a": 15, "b": 20, "c": 30}])
    rows = standings(["a", "b", "c"], [table])
    assert order(rows) == ["c", "b", "a"]
    assert [row.points for row in rows] == [2.0, 0.0, 0.0]
    assert [row.tiebreaks[HEAD_TO_HEAD] for row in rows] == [None, 2.0, 0.0]
    assert rows[1].tiebreaks[GAMES] == rows[2].tiebreaks[GAMES] == 0.0


def test_configurable_points_and_byes() -> None:
    rules = MatchPoints(win=3, draw=1, loss=0, bye=1)
    rows = standings(["a", "b", "c"], [beat("a", "b"), games("b", "c", (5, 5))],
                     byes=["c", "a"], points=rules)
    assert {row.entrant: row.points for row in rows} == {"a": 4.0, "b": 1.0, "c": 2.0}
    assert {row.entrant: row.byes for row in rows} == {"a": 1, "b": 0, "c": 1}
    default = standings(["a", "b"], [beat("b", "a")], byes=["a"])
    assert {row.entrant: row.points for row in default} == {"a": 2.0, "b": 2.0}


def test_forfeits_and_double_forfeits() -> None:
    results = [forfeit(["a", "b"], present={"a"}, games=2),
               forfeit(["b", "c"], present=(), games=2)]
    rows = standings(["a", "b", "c"], results)
    assert {row.entrant: row.points for row in rows} == {"a": 2.0, "b": 0.0, "c": 0.0}
    assert {row.entrant: row.losses for row in rows} == {"a": 0, "b": 2, "c": 1}
    assert rows[0].tiebreaks[GAMES] == 2.0
    harsh = standings(["a", "b", "c"], results, points=MatchPoints(loss=1, forfeit=-1))
    assert {row.entrant: row.points for row in harsh} == {"a": 2.0, "b": -2.0, "c": -1.0}


def test_refusals() -> None:
    with pytest.raises(ValueError, match="tiebreaks are some of"):
        standings(["a", "b"], [], tiebreaks=("luck",))
    with pytest.raises(ValueError, match="each once"):
        standings(["a", "b"], [], tiebreaks=(GAMES, GAMES))
    with pytest.raises(ValueError, match="not among the entrants: zed"):
        standings(["a", "b"], [beat("a", "zed")])
    with pytest.raises(ValueError, match="not among the entrants: zed"):
        standings(["a", "b"], [], byes=["zed"])


def test_no_results_yet_gives_the_seed_order() -> None:
    rows = standings(["b", "a", "c"], [])
    assert order(rows) == ["b", "a", "c"] and {row.rank for row in rows} == {1}
