"""The arena: pairing, statistics checked by hand, determinism whatever the
number of workers, the JSON results and the ``carcassonne arena`` command."""

from __future__ import annotations

import io
import json
import math
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from carcassonne import Game
from carcassonne.arena import GameResult, Setup, entrants, play, schedule, seatings, summarize
from carcassonne.arena.entrants import parse_entrant
from carcassonne.arena.progress import ProgressBar, bar
from carcassonne.arena.statistics import mean_interval, ratings, t975
from carcassonne.cli import main
from carcassonne.cli_common import setup_game

# -- pairing ------------------------------------------------------------------------


@pytest.mark.parametrize(("bots", "players"), [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3),
                                               (5, 4), (6, 6)])
def test_every_bot_sits_in_every_seat_equally(bots: int, players: int) -> None:
    round_ = seatings(bots, players)
    assert len(set(round_)) == len(round_)
    places = Counter((bot, seat) for seats in round_ for seat, bot in enumerate(seats))
    assert set(places) == {(b, s) for b in range(bots) for s in range(players)}
    assert len(set(places.values())) == 1
    pairs = Counter(frozenset(p) for seats in round_ for p in _pairs(seats))
    assert len(pairs) == bots * (bots - 1) // 2  # every pair of bots meets
    assert len(set(pairs.values())) == 1         # equally often


def _pairs(seats: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(a, b) for i, a in enumerate(seats) for b in seats[i + 1:]]


def test_seatings_need_enough_bots() -> None:
    with pytest.raises(ValueError):
        seatings(2, 3)


def test_games_come_in_whole_rounds_and_a_stack_is_shared_by_its_round() -> None:
    setup = Setup(tuple(entrants(["random", "greedy", "random"])), seed=5)
    jobs = schedule(setup, 10)  # 6 seatings a round: 2 stacks, 12 games
    assert len(jobs) == 12
    assert [(j.stack, j.seating) for j in jobs[:7]] == [(1, s) for s in range(6)] + [(2, 0)]
    assert len({j.stack_seed for j in jobs if j.stack == 1}) == 1
    assert jobs[0].stack_seed != jobs[6].stack_seed
    seeds = [j.bot_seed(s) for j in jobs for s in range(2)]
    assert len(set(seeds)) == len(seeds)


def test_stack_k_is_game_k_of_simulate() -> None:
    setup = Setup(tuple(entrants(["random", "random"])), seed=42)
    job = schedule(setup, 2)[1]
    game, _ = setup_game(2, ["base"], {}, 42, number=1)
    assert (Game.new(players=2, seed=job.stack_seed).to_record()["stack"]
            == game.to_record()["stack"])


def test_the_seatings_of_a_stack_play_the_same_tiles() -> None:
    setup = Setup(tuple(entrants(["random", "greedy"])), seed=1, records=True,
                  sets=("base", "wonders"))
    first, swapped = play(setup, games=2)
    assert first.seats == (0, 1) and swapped.seats == (1, 0)
    assert first.record is not None and swapped.record is not None
    assert first.record["stack"] == swapped.record["stack"]
    assert first.record["setup"]["wonders"] == swapped.record["setup"]["wonders"]
    assert first.record["setup"]["players"] == ["random", "greedy"]
    assert swapped.record["setup"]["players"] == ["greedy", "random"]
    for result in (first, swapped):
        assert Game.from_record(result.record).scores == result.scores


def test_entrants() -> None:
    assert parse_entrant("greedy").name == "greedy"
    spaced = parse_entrant("cmd:python3 'my bot.py' -x=1")
    assert spaced.command == ("python3", "my bot.py", "-x=1")
    assert spaced.label == "python3 'my bot.py' -x=1"
    labelled = parse_entrant("a=cmd:prog x=1")
    assert (labelled.label, labelled.command) == ("a", ("prog", "x=1"))
    with pytest.raises(ValueError, match=r"unknown bot 'nobody'.*greedy.*cmd:PROGRAM"):
        parse_entrant("nobody")
    with pytest.raises(ValueError, match="which program"):
        parse_entrant("cmd:  ")
    labels = [e.label for e in entrants(["random", "random#2=random", "random"])]
    assert labels == ["random", "random#2", "random#3"]


# -- statistics -------------------------------------------------------------------------


def result(stack: int, seating: int, seats: tuple[int, ...], scores: tuple[int, ...]
           ) -> GameResult:
    top = max(scores)
    return GameResult(stack, seating, seats, 0, (0,) * len(seats), scores,
                      tuple(i for i, s in enumerate(scores) if s == top), 70)


#: Three stacks of two bots, each played twice with seats swapped.
HAND = [result(1, 0, (0, 1), (50, 40)), result(1, 1, (1, 0), (45, 30)),
        result(2, 0, (0, 1), (60, 60)), result(2, 1, (1, 0), (20, 52)),
        result(3, 0, (0, 1), (70, 41)), result(3, 1, (1, 0), (55, 58))]


def test_statistics_against_a_hand_computation() -> None:
    summary = summarize(2, HAND)
    a, b = summary.bots
    assert a.games == b.games == 6
    # bot 0 wins 50-40, 52-20, 70-41, 58-55, loses 30-45 and ties 60-60
    assert a.wins == 4.5 and b.wins == 1.5
    assert a.mean_score == pytest.approx((50 + 30 + 60 + 52 + 70 + 58) / 6)
    assert b.mean_score == pytest.approx((40 + 45 + 60 + 20 + 41 + 55) / 6)
    # bot 0's difference per stack: (10 - 15)/2 = -2.5, (0 + 32)/2 = 16, (29 + 3)/2 = 16
    # mean 29.5/3 = 9.8333; sd = sqrt(((-12.3333)^2 + 6.1667^2 * 2) / 2) = 10.6810;
    # half-width t(0.975, 2) * sd / sqrt(3) = 4.3027 * 6.1667 = 26.5334
    diff = a.score_diff
    assert diff.samples == 3
    assert diff.mean == pytest.approx(9.8333, abs=1e-4)
    assert diff.low == pytest.approx(9.8333 - 26.5334, abs=1e-3)
    assert diff.high == pytest.approx(9.8333 + 26.5334, abs=1e-3)
    assert b.score_diff.mean == pytest.approx(-diff.mean)
    assert b.score_diff.low == pytest.approx(-diff.high)
    # pairwise points 4.5 to 1.5; one virtual draw each: 5 to 2
    assert summary.points == [[0.0, 4.5], [1.5, 0.0]] and summary.met == [[0, 6], [6, 0]]
    assert a.rating == 1500
    assert b.rating == pytest.approx(1500 + 400 * math.log10(2 / 5))  # 1340.8


def test_shared_wins_and_differences_with_three_players() -> None:
    summary = summarize(3, [result(1, 0, (0, 1, 2), (30, 30, 12))])
    assert [s.wins for s in summary.bots] == [0.5, 0.5, 0.0]
    assert [s.score_diff.mean for s in summary.bots] == [9.0, 9.0, -18.0]
    assert summary.bots[0].score_diff.low is None  # one stack: no interval
    assert summary.points[0] == [0.0, 0.5, 1.0] and summary.points[2] == [0.0, 0.0, 0.0]


def test_ratings_fit_the_pairwise_results() -> None:
    """At the maximum of the likelihood every bot's expected points equal its
    points (each pair with its virtual draw)."""
    points = [[0.0, 7.0, 9.0], [3.0, 0.0, 6.5], [1.0, 3.5, 0.0]]
    met = [[0, 10, 10], [10, 0, 10], [10, 10, 0]]
    rated = ratings(points, met)
    assert rated[0] == 1500 and rated[0] > rated[1] > rated[2]
    for i in range(3):
        expected = sum(11 / (1 + 10 ** ((rated[j] - rated[i]) / 400))
                       for j in range(3) if j != i)
        assert expected == pytest.approx(sum(points[i]) + 1.0, abs=1e-6)


def test_t_quantiles() -> None:
    assert t975(1) == 12.7062 and t975(30) == 2.0423
    assert t975(40) == pytest.approx(2.0211, abs=1e-4)
    assert t975(120) == pytest.approx(1.9799, abs=1e-4)
    assert mean_interval([]).samples == 0


# -- running ----------------------------------------------------------------------------


def test_the_same_results_whatever_the_number_of_workers() -> None:
    setup = Setup(tuple(entrants(["random", "greedy", "random"])), seed=9,
                  sets=("base", "traders_builders"))
    one = play(setup, games=6, workers=1)
    two = play(setup, games=6, workers=2)
    assert one == two
    assert [(r.stack, r.seating) for r in two] == [(1, s) for s in range(6)]
    again = play(Setup(setup.entrants, seed=10, sets=setup.sets), games=6, workers=2)
    assert [r.scores for r in again] != [r.scores for r in one]


def test_progress_bar_lines_when_not_a_terminal() -> None:
    stream = io.StringIO()
    progress = ProgressBar(20, stream)
    for done in range(1, 21):
        progress(done)
    progress.finish()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10
    assert lines[-1].startswith("[####################] 20/20 games")
    assert bar(0, 4, 0.0) == "[--------------------] 0/4 games"


# -- the command --------------------------------------------------------------------------


def arena(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["arena", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_bot_with_processes_of_its_own_plays_its_games_one_at_a_time(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A worker process may not start processes: a search bot with workers=2
    (as the hard level) gets its games played in the arena's own process."""
    out = tmp_path / "arena.json"
    status, _, err = arena(capsys, "greedy", "mcts:iterations=2,workers=2", "--games", "2",
                           "--workers", "2", "--json", str(out), "--quiet")
    assert status == 0, err
    assert "search on processes of their own: the games are played one at a time" in err
    result = json.loads(out.read_text())
    assert [b["games"] for b in result["bots"]] == [2, 2]


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = arena(capsys, "random", "greedy", "--games", "4", "--seed", "2",
                             "--workers", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == ("arena: 4 games (2 stacks x 2 seatings), 2 players, sets base, "
                        "seed 2, on 2 workers")
    assert lines[1].split() == ["bot", "games", "wins", "win%", "mean", "score", "score",
                                "diff", "[95%", "CI]", "rating"]
    assert lines[2].split()[:2] == ["random", "4"] and lines[2].split()[-1] == "1500"
    assert lines[3].split()[:2] == ["greedy", "4"]
    assert "4 games in" in lines[-1]
    assert "4/4 games" in err  # the progress bar


def test_json_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.json"
    argv = ["random", "random", "greedy", "--players", "3", "--games", "3", "--seed", "4",
            "--options", "farmers=false", "--json", str(path), "--quiet"]
    assert arena(capsys, *argv, "--workers", "1")[0] == 0
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == "carcassonne-arena/1"
    assert data["setup"]["bots"] == [{"label": "random", "bot": "random"},
                                     {"label": "random#2", "bot": "random"},
                                     {"label": "greedy", "bot": "greedy"}]
    assert data["setup"]["options"] == {"farmers": False}
    assert data["setup"]["games"] == 3 and data["setup"]["stacks"] == 1
    assert [b["games"] for b in data["bots"]] == [3, 3, 3]
    assert sum(b["wins"] for b in data["bots"]) == pytest.approx(3)
    assert len(data["pairwise"]) == 6
    for game in data["games"]:
        played = Game.new(players=game["players"], options={"farmers": False},
                          seed=game["stack_seed"])
        assert len(played.to_record()["stack"]) == 71
        assert set(game) >= {"stack", "seating", "players", "stack_seed", "bot_seeds",
                             "scores", "winners", "moves", "failures"}
    # the same run on two workers writes the same results, the timing aside
    again = tmp_path / "again.json"
    assert arena(capsys, *argv[:-3], "--json", str(again), "--quiet", "--workers", "2")[0] == 0
    second = json.loads(again.read_text("utf-8"))
    assert _without_timing(second) == _without_timing(data)


def _without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "timing"}


def test_json_on_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = arena(capsys, "random", "random", "--games", "2", "--json", "-",
                             "--quiet")
    assert status == 0
    assert json.loads(out)["setup"]["games"] == 2
    assert "rating" in err  # the table went to standard error


def test_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "records"
    assert arena(capsys, "random", "random", "--games", "2", "--records", str(folder),
                 "--quiet")[0] == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == ["game-0001-0.json", "game-0001-1.json"]
    capsys.readouterr()
    assert main(["replay", str(folder / names[0])]) == 0


@pytest.mark.parametrize(("argv", "words"), [
    (["random", "nobody"], "unknown bot 'nobody'"),
    (["random"], "at least two bots"),
    (["random", "greedy", "--players", "3"], "--players 3 needs at least 3 bots"),
    (["random", "greedy", "--sets", "base,nothing"], "unknown set 'nothing'"),
    (["random", "greedy", "--options", "farmers=maybe"], "farmers"),
    (["random", "greedy", "--games", "0"], "0 is not at least 1"),
    (["random", "greedy", "--timeout", "0"], "not between 0 and 3600"),
    (["--ray", "random", "greedy"], "--ray took the bot 'random' for a cluster address"),
])
def test_bad_command_lines(capsys: pytest.CaptureFixture[str], argv: list[str],
                           words: str) -> None:
    status, out, err = arena(capsys, *argv)
    assert status == 2
    assert out == "" and words in err


def test_an_outside_bot_that_cannot_start(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = arena(capsys, "random", f"cmd:{tmp_path / 'missing'}")
    assert status == 1 and out == ""
    assert err.startswith(f"bot {tmp_path / 'missing'} cannot play: cannot start")
