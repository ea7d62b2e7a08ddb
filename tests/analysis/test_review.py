"""The computer review of a game (carcassonne/analysis/; docs/analysis.md): values in points,
exact on a game's last move, every decision and only decisions, and clear refusals."""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

import pytest

from carcassonne import Game
from carcassonne.analysis import analyse
from carcassonne.analysis.decisions import weigh
from carcassonne.bots import GreedyBot
from carcassonne.bots.expectimax import Plan
from carcassonne.engine.moves import AnyMove, Move
from carcassonne.engine.records import RecordError

#: A small budget: the tests check what is computed, not how well.
SMALL = Plan(width=3, work=20000)


def _before_last(seed: int) -> Game:
    """A greedy two-player base game up to its last tile, the one that ends it."""
    game = Game.new(players=2, seed=seed)
    bot = GreedyBot(seed=seed)
    while game.stack_size > 0:
        game.play(bot.choose(game))
    return game


def _final_leads(game: Game) -> dict[AnyMove, float]:
    """Each legal move's final lead for the mover: exact, as the move ends the game."""
    seat = game.current_player
    out = {}
    for move in game.legal_moves():
        game.play(move)
        assert game.is_over
        out[move] = game.scores[seat] - max(s for p, s in enumerate(game.scores) if p != seat)
        game.undo()
    return out


def test_the_last_decision_is_valued_exactly_in_points() -> None:
    """On the move that ends the game each value is the final score
    difference itself, so the loss of every move is exact (seed 4: the
    worst last tile costs 12 points against the best: a blunder)."""
    game = _before_last(4)
    leads = _final_leads(game)
    worst = min(leads, key=lambda m: leads[m])
    weighed = weigh(game, worst, Plan(width=len(leads)), seed=1)
    assert set(weighed.values) == set(leads)
    assert weighed.values == pytest.approx({m: float(v) for m, v in leads.items()})
    assert weighed.loss(worst) == max(leads.values()) - leads[worst] == 12

    record = game.to_record()
    record["moves"].append(worst.to_dict())
    review = analyse(record, Plan(width=3, work=5000), seed=1)
    last = review.decisions[-1]
    assert last.index == len(record["moves"]) - 1
    assert (last.played_value, last.best_value, last.loss) == (-25.0, -13.0, 12.0)
    assert last.klass == "blunder" and last.played == str(worst)
    assert leads[Game.from_record(record).moves[-1]] == -25


def test_the_move_played_is_weighed_even_when_no_candidate() -> None:
    game = _before_last(4)
    leads = _final_leads(game)
    worst = min(leads, key=lambda m: leads[m])
    weighed = weigh(game, worst, Plan(width=1), seed=1)
    assert len(weighed.values) == 2 and worst in weighed.values
    assert weighed.loss(worst) > 0


def _greedy_record(seed: int, moves: int, players: int = 2,
                   sets: tuple[str, ...] = ("base",)) -> dict[str, Any]:
    game = Game.new(players=players, seed=seed, sets=sets)
    bot = GreedyBot(seed=seed, cap=300)
    while len(game.moves) < moves and not game.is_over:
        game.play(bot.choose(game))
    return game.to_record()


def test_every_decision_and_only_decisions_are_reviewed() -> None:
    record = _greedy_record(6, 12, players=3)
    seen: list[tuple[int, int]] = []
    review = analyse(record, SMALL, seed=2, progress=lambda done, total: seen.append((done, total)))
    game = Game.from_record({**record, "moves": []})
    decisions = []
    for index, entry in enumerate(record["moves"]):
        if len(game.legal_moves()) > 1:
            decisions.append(index)
        game.play(Move.from_dict(entry))
    assert [d.index for d in review.decisions] == decisions
    assert seen == [(n, len(decisions)) for n in range(1, len(decisions) + 1)]
    replayed = Game.from_record(record)
    for d in review.decisions:
        assert d.player == replayed.movers[d.index]
        assert d.played == str(replayed.moves[d.index])
        assert d.loss == pytest.approx(max(0.0, d.best_value - d.played_value))
        assert d.tiles >= 1 and d.choices > 1
        assert (d.best == d.played) <= (d.loss == 0)
    summary = review.summary()
    assert [s["decisions"] for s in summary] == [
        sum(1 for d in review.decisions if d.player == p) for p in range(3)]
    assert all(sum(s["classes"].values()) == s["decisions"] for s in summary)


def test_the_same_record_and_seed_give_the_same_review() -> None:
    record = _greedy_record(7, 8, sets=("base", "inns_cathedrals"))
    first = analyse(record, SMALL, seed=3).to_dict()
    assert analyse(copy.deepcopy(record), SMALL, seed=3).to_dict() == first
    data = first["decisions"][0]
    assert set(data) >= {"move", "played_value", "best_value", "loss", "class"}


def test_a_record_that_does_not_replay_is_refused_naming_the_move() -> None:
    record = _greedy_record(8, 5)
    record["moves"][3] = dict(record["moves"][1])
    with pytest.raises(RecordError, match="move 3"):
        analyse(record, SMALL)
    with pytest.raises(RecordError):
        analyse(["not", "a", "record"], SMALL)


def test_a_player_may_review_only_their_own_decisions() -> None:
    record = _greedy_record(9, 10, players=3)
    every = analyse(record, SMALL, seed=4)
    mine = analyse(record, SMALL, seed=4, seats={1})
    assert mine.decisions == [d for d in every.decisions if d.player == 1]
    assert mine.decisions and [s["decisions"] for s in mine.summary()][::2] == [0, 0]


def test_a_loss_comes_with_an_example_of_the_best_moves_idea() -> None:
    """For an inaccuracy or worse: the next moves after the best one, each
    player in turn, each a move of a tile still to come; the same each time."""
    record = _greedy_record(10, 30)
    review = analyse(record, SMALL, seed=5)
    marked = [d for d in review.decisions if d.klass not in ("best", "good")]
    assert marked
    whole = Game.from_record(record)
    for d in marked:
        assert 1 <= len(d.line) <= 3
        players = [p for p, _ in d.line]
        assert players[0] == (d.player + 1) % 2 and all(
            b == (a + 1) % 2 for a, b in pairwise(players))
        before = Game.from_record({**record, "moves": record["moves"][:d.index]})
        left = before.tiles_left()
        for _, text in d.line:
            assert Move.parse(text).tile in left
    again = analyse(record, SMALL, seed=5)
    assert [d.line for d in again.decisions] == [d.line for d in review.decisions]
    assert whole.scores == tuple(review.scores)


@pytest.mark.parametrize(("players", "sets"), [
    (6, ("base", "inns_cathedrals")),
    (5, ("base", "inns_cathedrals", "traders_builders", "abbot", "princess_dragon")),
    (4, ("base", "inns_cathedrals", "traders_builders", "watchtowers", "wonders", "river",
         "abbot", "princess_dragon")),
])
def test_any_table_of_two_to_six_and_any_set_is_reviewed(players: int,
                                                         sets: tuple[str, ...]) -> None:
    """With more than two players a value is the mover's expected margin
    over the best opponent; the last tiles of any set are solved too."""
    record = _greedy_record(12, 16, players=players, sets=sets)
    review = analyse(record, SMALL, seed=6)
    assert review.decisions and {d.player for d in review.decisions} == set(range(players))
    game = Game.from_record({**record, "moves": []})
    for d in review.decisions:
        assert d.loss >= 0 and d.tiles >= 1 and not d.exact
        # a margin over the best rival says nothing of who else may win
        assert d.played_chance is None and d.to_dict()["best_chance"] is None
    assert len(review.summary()) == players == len(game.players)
